/* reif.h - reified and half-reified constraints for the front ends
 * (FlatZinc's _reif and _imp forms): b <-> C and b -> C where C is a
 * linear comparison sum a_i x_i OP k (reif.c) or x in S for a constant
 * set S (reif_in.c).  b is a variable with values in {0, 1}. */
#ifndef SEARCHLAB_CSP_REIF_H
#define SEARCHLAB_CSP_REIF_H

#include <stdint.h>

#include "csp.h"

/* How b is tied to C: b <-> C, or b -> C (b = 0 says nothing). */
enum csp_reif_mode { CSP_REIF_EQUIV, CSP_REIF_IMP };

/* Posts b MODE (sum a[i] * vars[i] OP k), op one of CSP_SUM_LE,
 * CSP_SUM_EQ, CSP_SUM_NE (sum.h); vars distinct, a[i] != 0, n >= 1, b not
 * among vars.  Returns the constraint's index, or -1 when the sum or k may
 * reach CSP_SUM_MAX (nothing posted). */
int csp_post_lin_reif(csp *p, const int *vars, const int64_t *a, int n, int op, int64_t k, int b,
                      int mode);

/* Posts b MODE (x in the union of the intervals [iv[2j], iv[2j+1]],
 * j < niv; sorted, disjoint, niv >= 0), x != b.  Returns its index. */
int csp_post_in_reif(csp *p, int x, const int64_t *iv, int niv, int b, int mode);

#endif
