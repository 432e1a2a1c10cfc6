/* sum.h - the linear constraint sum a_i * x_i against a condition
 * (sum.c: bounds propagation; sum_dp.c: domain consistency by a dynamic
 * programme over the partial sums), for the front ends. */
#ifndef SEARCHLAB_CSP_SUM_H
#define SEARCHLAB_CSP_SUM_H

#include <stdint.h>

#include "csp.h"

enum csp_sum_op { CSP_SUM_LE, CSP_SUM_GE, CSP_SUM_EQ, CSP_SUM_NE };

/* |a_i| * |x_i| summed over the terms, and |k|, stay below this, so that
 * every intermediate of the propagators (three such quantities added)
 * fits in int64. */
#define CSP_SUM_MAX ((int64_t)1 << 60)

/* x / y rounded down and up (y != 0): the bounds a term's coefficient
 * divides (sum.c, reif.c). */
static inline int64_t csp_floor_div(int64_t x, int64_t y) {
    int64_t q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
}
static inline int64_t csp_ceil_div(int64_t x, int64_t y) {
    int64_t q = x / y;
    return (x % y != 0 && ((x < 0) == (y < 0))) ? q + 1 : q;
}

/* The bounds of sum a[i] * x_i over the current domains; -1 when
 * sum |a_i| * max |x_i| reaches CSP_SUM_MAX (then nothing is set). */
int csp_sum_bounds(const csp *p, const int *vars, const int64_t *a, int n, int64_t *lo,
                   int64_t *hi);

/* Posts sum a[i] * vars[i] OP k (vars distinct, a[i] != 0, n >= 1):
 * bounds(Z) for <= and >= (and = with coefficients +-1), the classic
 * bounds propagation (bounds(R)) for = otherwise, GAC for != (it prunes
 * when one variable is left).  Returns the constraint's index, or -1 when
 * the sum or k may reach CSP_SUM_MAX (nothing posted). */
int csp_post_sum(csp *p, const int *vars, const int64_t *a, int n, int op, int64_t k);

/* The work of one propagation of sum_dp on these domains (word
 * operations), or -1 when its partial sums span more than
 * CSP_SUM_DP_SPAN values: the front ends post sum_dp when this is at
 * most CSP_SUM_DP_WORK. */
#define CSP_SUM_DP_SPAN ((int64_t)1 << 16)
#define CSP_SUM_DP_WORK ((int64_t)1 << 18)
int64_t csp_sum_dp_work(const csp *p, const int *vars, const int64_t *a, int n);

/* Posts sum a[i] * vars[i] in the union of the intervals [iv[2j],
 * iv[2j+1]], j < niv (sorted, disjoint; niv 0: no value), domain
 * consistent (GAC).  vars distinct, a[i] != 0, n >= 1.  Returns the
 * constraint's index, or -1 when csp_sum_dp_work is -1 (nothing posted). */
int csp_post_sum_dp(csp *p, const int *vars, const int64_t *a, int n, const int64_t *iv, int niv);

#endif
