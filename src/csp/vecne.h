/* vecne.h - two tuples of variables differ: (x_1..x_n) != (y_1..y_n), some
 * position i has x_i != y_i (the pairs of XCSP3's allDifferent over several
 * lists); vecne.c.
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_VECNE_H
#define SEARCHLAB_CSP_VECNE_H

#include "csp.h"

/* Posts (x[0..n)) != (y[0..n)) (a variable may repeat; x[i] == y[i] at
 * every position makes a constraint that fails when propagated, and that
 * check refuses).  Returns the constraint's index, or -1 (nothing posted)
 * when n < 1: two empty tuples are equal, the caller posts a false
 * constraint. */
int csp_post_vecne(csp *p, const int *x, const int *y, int n);

#endif
