/* globals.c - every global constraint of the engine, one line each (the
 * list is CSP_GLOBALS; each entry is defined in its propagator's file). */
#include "globals.h"

#include "../core/registry.h"
#include "../core/rng.h"

/* One line per global, in the order `searchlab list` shows them. */
#define CSP_GLOBALS(X)                                                                             \
    X(alldiff_value)                                                                               \
    X(alldiff_bounds)                                                                              \
    X(alldiff_domain)                                                                              \
    X(alldiff_except)                                                                              \
    X(regular)                                                                                     \
    X(mdd)                                                                                         \
    X(nooverlap)                                                                                   \
    X(cumulative)                                                                                  \
    X(binpacking)                                                                                  \
    X(circuit)                                                                                     \
    X(element)                                                                                     \
    X(ordered)                                                                                     \
    X(ordered_lengths)                                                                             \
    X(allequal)                                                                                    \
    X(channel)                                                                                     \
    X(channel_value)                                                                               \
    X(minimum)                                                                                     \
    X(maximum)                                                                                     \
    X(minimum_arg)                                                                                 \
    X(maximum_arg)                                                                                 \
    X(precedence)                                                                                  \
    X(lex)                                                                                         \
    X(sum)                                                                                         \
    X(sum_eq)                                                                                      \
    X(sum_ne)                                                                                      \
    X(sum_dp)                                                                                      \
    X(clause)                                                                                      \
    X(count)                                                                                       \
    X(cardinality)                                                                                 \
    X(nvalues)                                                                                     \
    X(vecne)                                                                                       \
    X(mul)                                                                                         \
    X(member)                                                                                      \
    X(lin_reif)                                                                                    \
    X(in_reif)                                                                                     \
    X(func)                                                                                        \
    X(table_wide)

#define DECL_(name) extern const csp_global csp_global_##name;
CSP_GLOBALS(DECL_)
#undef DECL_

#define PTR_(name) &csp_global_##name,
const csp_global *const csp_globals[] = {CSP_GLOBALS(PTR_) NULL};
#undef PTR_

const char *const csp_level_names[] = {"GAC", "bounds(Z)", "bounds(D)", "sound", NULL};

const csp_global *csp_find_global(const char *name) {
    return REGISTRY_FIND(csp_global, csp_globals, name);
}

int csp_random_far;

int csp_random_var(csp *p, rng *g, int k, int lo, int hi) {
    int vals[8], n = 0;
    if (csp_random_far && rng_below(g, 2)) /* one value near an end of the 32-bit integers */
        vals[n++] = rng_below(g, 2) ? -2147483647 + (int)rng_below(g, 3)
                                    : 2147483646 - (int)rng_below(g, 3);
    k += n;
    while (n < k) {
        int a = lo + (int)rng_below(g, (uint64_t)((int64_t)hi - lo + 1)), j = n, dup = 0;
        for (int i = 0; i < n; i++) dup |= vals[i] == a;
        if (dup) continue;
        while (j > 0 && vals[j - 1] > a) vals[j] = vals[j - 1], j--;
        vals[j] = a, n++;
    }
    return csp_add_var_values(p, vals, (size_t)n, NULL);
}

int csp_random_bool(csp *p, rng *g) {
    int far = csp_random_far;
    csp_random_far = 0;
    int b = csp_random_var(p, g, 1 + (int)rng_below(g, 2), 0, 1);
    csp_random_far = far;
    return b;
}
