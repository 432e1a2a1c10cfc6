/* func.h - z = f(x, y) for an arithmetic function the engine has no
 * propagator of its own for (division, modulo, power, absolute value: the
 * front ends' int_div, int_mod, int_pow, int_abs), in func.c. */
#ifndef SEARCHLAB_CSP_FUNC_H
#define SEARCHLAB_CSP_FUNC_H

#include <stdint.h>

#include "csp.h"

/* The functions: each defines f(x, y) or says it is undefined (y = 0 for
 * div and mod, y < 0 for pow, a result past 32 bits); abs ignores y.
 * Division truncates towards zero, mod takes the sign of x (C's and
 * FlatZinc's). */
enum csp_func { CSP_FUNC_DIV, CSP_FUNC_MOD, CSP_FUNC_POW, CSP_FUNC_ABS };

/* Posts z = f(x, y) (y ignored, may be -1, for abs); x, y, z distinct.
 * Returns its index. */
int csp_post_func(csp *p, int func, int x, int y, int z);

#endif
