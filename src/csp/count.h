/* count.h - the counting globals for the front ends: count (count.c),
 * cardinality (cardinality.c) and nValues (nvalues.c). */
#ifndef SEARCHLAB_CSP_COUNT_H
#define SEARCHLAB_CSP_COUNT_H

#include <stdint.h>

#include "csp.h"

/* Posts |{i : vars[i] in vals}| = nvar (vars distinct, nvar not among
 * them, vals[0..nv) sorted and distinct): GAC.  Returns its index. */
int csp_post_count(csp *p, const int *vars, int n, const int64_t *vals, int nv, int nvar);

/* One <occurs> of cardinality: the count of vals[j] is the variable
 * var (>= 0), or lies in [lo, hi] (var -1). */
typedef struct csp_occurs {
    int var;
    int64_t lo, hi;
} csp_occurs;
/* Posts cardinality: for every j, |{i : vars[i] = vals[j]}| satisfies
 * occ[j]; closed: every vars[i] takes one of vals.  vars distinct, the
 * occurs variables distinct and not among vars, vals sorted and distinct.
 * Sound (cardinality.c says what it prunes).  Returns its index. */
int csp_post_cardinality(csp *p, const int *vars, int n, const int64_t *vals, const csp_occurs *occ,
                         int nv, int closed);

/* Posts |{vars[i]} \ except| = nvar (vars distinct, nvar not among them,
 * except sorted): sound (nvalues.c).  Returns its index. */
int csp_post_nvalues(csp *p, const int *vars, int n, const int64_t *except, int ne, int nvar);

#endif
