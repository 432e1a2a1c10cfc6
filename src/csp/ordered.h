/* ordered.h - the ordered constraint: x_i + l_i op x_{i+1} along a list,
 * op one of <, <=, >=, >, the lengths l_i integers or variables; bounds
 * propagation along the chain (ordered.c states its level).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_ORDERED_H
#define SEARCHLAB_CSP_ORDERED_H

#include "csp.h"

enum csp_order { CSP_ORD_LT, CSP_ORD_LE, CSP_ORD_GE, CSP_ORD_GT };

/* Posts x_i + l_i op x_{i+1} for i < n - 1 over vars[0..n): l_i is the
 * variable lvar[i] or, when lvar is NULL or lvar[i] < 0, the integer
 * lcst[i] (0 when lcst is NULL too).  Variables may repeat.  Returns the
 * constraint's index, or -1 (nothing posted) when n < 2. */
int csp_post_ordered(csp *p, const int *vars, int n, const int *lvar, const int *lcst,
                     enum csp_order op);

#endif
