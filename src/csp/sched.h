/* sched.h - the packing and scheduling globals: noOverlap (nooverlap.c)
 * and cumulative (cumulative.c), over terms that are variables or
 * constants (an origin is a variable, a length or a height either).
 * Both are sound propagators, exact on complete assignments (see each
 * file for its reasoning). */
#ifndef SEARCHLAB_CSP_SCHED_H
#define SEARCHLAB_CSP_SCHED_H

#include "csp.h"

/* A term: the variable var (>= 0), or the constant k when var < 0. */
typedef struct csp_term {
    int var;
    int64_t k;
} csp_term;

/* A term of constraint c: its bounds, whether it may be a, its value in
 * vals (c's scope order), and bounds changes (a constant: CSP_WIPEOUT when
 * violated, CSP_NOCHANGE otherwise). */
static inline int64_t csp_term_min(const csp *p, const csp_con *c, csp_term t) {
    return t.var < 0 ? t.k : csp_min(p, c->scope[t.var]);
}
static inline int64_t csp_term_max(const csp *p, const csp_con *c, csp_term t) {
    return t.var < 0 ? t.k : csp_max(p, c->scope[t.var]);
}
static inline int csp_term_has(const csp *p, const csp_con *c, csp_term t, int64_t a) {
    return t.var < 0 ? t.k == a : csp_has(p, c->scope[t.var], a);
}
static inline int64_t csp_term_val(const int *vals, csp_term t) {
    return t.var < 0 ? t.k : vals[t.var];
}
static inline int csp_term_at_least(csp *p, const csp_con *c, csp_term t, int64_t a) {
    if (t.var < 0) return t.k >= a ? CSP_NOCHANGE : CSP_WIPEOUT;
    if (a > INT32_MAX) return CSP_WIPEOUT;
    return csp_remove_below(p, c->scope[t.var], a);
}
static inline int csp_term_at_most(csp *p, const csp_con *c, csp_term t, int64_t a) {
    if (t.var < 0) return t.k <= a ? CSP_NOCHANGE : CSP_WIPEOUT;
    if (a < INT32_MIN) return CSP_WIPEOUT;
    return csp_remove_above(p, c->scope[t.var], a);
}

/* Posts noOverlap of n boxes in dims dimensions: box i spans
 * [origin[i*dims+d], origin + length[i*dims+d]) in dimension d; two boxes
 * must be apart in some dimension (o_i + l_i <= o_j or o_j + l_j <= o_i),
 * unless zero_ignored and a length of one of them is 0.  origin terms
 * must be variables.  Returns the constraint's index, -1 when n < 2 (no
 * constraint). */
int csp_post_nooverlap(csp *p, int n, int dims, const csp_term *origin, const csp_term *length,
                       int zero_ignored);

/* Posts cumulative: task i runs over [o_i, o_i + l_i) (origin[i] a
 * variable), with end[i] = o_i + l_i when end is not NULL (end[i] a
 * variable) and height h_i; at every time some task runs, the sum of the
 * heights of the tasks running then is <= cap (strict: < cap).  Heights
 * must not be negative (their minima now >= 0); returns the constraint's
 * index, or -1 (nothing posted) when one may be negative. */
int csp_post_cumulative(csp *p, int n, const csp_term *origin, const csp_term *length,
                        const csp_term *end, const csp_term *height, csp_term cap, int strict);

#endif
