/* card_flow.h - generalised arc consistency of the global cardinality
 * constraint on its list (Regin, AAAI 1996: a flow from the variables
 * to the values, the edges outside every strongly connected component of
 * its residual graph removed); cardinality.c runs it after its counting
 * fixpoint (card_flow.c). */
#ifndef SEARCHLAB_CSP_CARD_FLOW_H
#define SEARCHLAB_CSP_CARD_FLOW_H

#include <stdint.h>

#include "csp.h"

/* The scratch of one constraint, sized at post time; keeps the last flow
 * as the next call's start (not trailed: a hint, checked on entry). */
typedef struct card_flow card_flow;

/* NULL when the list's domains hold more than CARD_FLOW_MAX_EDGES values
 * in all (the counting alone then). vals[0..nv) sorted, distinct. */
enum { CARD_FLOW_MAX_EDGES = 1 << 16 };
card_flow *card_flow_new(const csp *p, const int *vars, int n, int nv);
void card_flow_free(card_flow *f);
/* Scratch for the caller's bounds lo[j] and hi[j] (|vals| each). */
int64_t *card_flow_lo(card_flow *f);
int64_t *card_flow_hi(card_flow *f);
/* Makes x_0..x_{n-1} (vars) GAC for "value vals[j] is taken between
 * lo[j] and hi[j] times" and, closed == 0, any other value freely.
 * Returns CSP_WIPEOUT, CSP_CHANGED or CSP_NOCHANGE. */
int card_flow_run(csp *p, card_flow *f, const int *vars, const int64_t *vals, const int64_t *lo,
                  const int64_t *hi, int closed);

#endif
