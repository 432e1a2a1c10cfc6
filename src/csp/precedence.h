/* precedence.h - value precedence over a chain of values (precedence.c).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_PRECEDENCE_H
#define SEARCHLAB_CSP_PRECEDENCE_H

#include <stdint.h>

#include "csp.h"

/* Posts precedence(x[0..n), v[0..k), covered): for j >= 1, a position of
 * x that takes v[j] comes after one that takes v[j-1]; covered: every
 * v[j] is taken.  v distinct, k >= 1; variables may repeat in x (then
 * sound, GAC otherwise).  Returns the constraint's index. */
int csp_post_precedence(csp *p, const int *x, int n, const int64_t *v, int k, int covered);

#endif
