/* minmax.h - the minimum and maximum constraints: z = min(x) or z =
 * max(x) over a list of variables; bounds(Z) (minmax.c).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_MINMAX_H
#define SEARCHLAB_CSP_MINMAX_H

#include "csp.h"

/* Posts z = min(x[0..n)) (max 0) or z = max(x[0..n)) (max 1); n >= 1,
 * variables may repeat (z among the x too).  Returns the constraint's
 * index. */
int csp_post_minmax(csp *p, const int *x, int n, int z, int max);

#endif
