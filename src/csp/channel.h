/* channel.h - the channel constraints of XCSP3: a list that is its own
 * inverse, two lists inverse of each other, and a 0/1 list that marks the
 * value of a variable (channel.c states the levels).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_CHANNEL_H
#define SEARCHLAB_CSP_CHANNEL_H

#include "csp.h"

/* y == NULL: x_i = j + xs iff x_j = i + xs over x[0..n) (m and ys
 * unused).  Else x_i = j + ys implies y_j = i + xs over x[0..n) and
 * y[0..m) (n <= m), and the converse too when n == m.  The variables must
 * be distinct: returns -1 (nothing posted) otherwise, else the
 * constraint's index. */
int csp_post_channel(csp *p, const int *x, int n, int xs, const int *y, int m, int ys);
/* x_i = 1 iff v = i + start, every x_i in {0, 1} (exactly one is 1),
 * over x[0..n) and v, distinct: -1 (nothing posted) otherwise. */
int csp_post_channel_value(csp *p, const int *x, int n, int v, int start);

#endif
