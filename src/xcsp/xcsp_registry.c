/* xcsp_registry.c - the registry of XCSP3-core constraint elements: one
 * line per family table (xcsp_c_*.c).  The reader finds an element here
 * by name, `searchlab list` prints it, and c->fam indexes it. */
#include "xcsp_family.h"

#define XCSP_FAMILY_LIST(X)                                                                        \
    X(intension)                                                                                   \
    X(extension)                                                                                   \
    X(regular) X(mdd) X(alldiff) X(allequal) X(ordered) X(lex) X(sum) X(count) X(nvalues)          \
        X(cardinality) X(minimum) X(maximum) X(element) X(channel) X(nooverlap) X(cumulative)      \
            X(circuit) X(instantiation) X(clause)                                                  \
                X(precedence) X(minimumArg) X(maximumArg) X(knapsack) X(binpacking) X(flow)

#define XCSP_DECLARE_(n) extern const xcsp_family xcsp_c_##n;
XCSP_FAMILY_LIST(XCSP_DECLARE_)
#undef XCSP_DECLARE_

const xcsp_family *const xcsp_families[] = {
#define XCSP_ENTRY_(n) &xcsp_c_##n,
    XCSP_FAMILY_LIST(XCSP_ENTRY_)
#undef XCSP_ENTRY_
        NULL};
