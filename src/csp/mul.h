/* mul.h - the product constraint z = x * y (mul.c), for the front ends'
 * reformulations (a <sum> with variables as coefficients: one product
 * variable per term).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_MUL_H
#define SEARCHLAB_CSP_MUL_H

#include <stdint.h>

#include "csp.h"

/* Up to this many pairs of values of x and y (|D(x)| * |D(y)|, or |D(x)|
 * when y is x) the propagator is GAC; beyond it, bounds only. */
#define CSP_MUL_GAC_PAIRS ((int64_t)1 << 14)

/* Posts z = x * y (y may be x: z = x * x; z distinct from both).
 * Returns the constraint's index, or -1 (nothing posted) when z is x or
 * y. */
int csp_post_mul(csp *p, int x, int y, int z);

#endif
