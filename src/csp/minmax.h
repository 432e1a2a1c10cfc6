/* minmax.h - the minimum and maximum constraints: z = min(x) or z =
 * max(x) over a list of variables; bounds(Z) (minmax.c); the position of
 * an extreme value, argmin and argmax (minmax_arg.c).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_MINMAX_H
#define SEARCHLAB_CSP_MINMAX_H

#include "csp.h"

/* Posts z = min(x[0..n)) (max 0) or z = max(x[0..n)) (max 1); n >= 1,
 * variables may repeat (z among the x too).  Returns the constraint's
 * index. */
int csp_post_minmax(csp *p, const int *x, int n, int z, int max);

/* Posts i = a position (0..n-1) of a least (max 0) or greatest (max 1)
 * of x[0..n): any such position (rank 0), the first (1) or the last (2);
 * sound (minmax_arg.c); variables may repeat, i not among x.  Returns
 * the constraint's index. */
int csp_post_minmax_arg(csp *p, const int *x, int n, int i, int max, int rank);

#endif
