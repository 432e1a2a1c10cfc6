/* xcsp_cond.c - a constraint's <condition> as values and as a variable:
 * the values of [lo, hi] a condition with a constant operand allows
 * (xcsp_cond_allowed: the sum's dynamic programme reads them), and an
 * auxiliary engine variable z that stands for "a value satisfying the
 * condition" (xcsp_cond_var): on an integer, an interval or a set, z's
 * domain is the values allowed; on a variable y, a binary constraint
 * between z and y (the built-in < and !=, the engine's ordered for <= and
 * >=, the sum for = when y itself cannot serve).  The families whose
 * propagators compute a value (minimum, maximum, element, count, nValues)
 * post it equal to z. */
#include "../core/xmalloc.h"
#include "../csp/ordered.h"
#include "../csp/sum.h"
#include "xcsp_model.h"

/* Appends [l, h] to the interval list (sorted input; adjacent merged). */
static void add_iv(int64_t **iv, size_t *cap, int *niv, int64_t l, int64_t h) {
    if (l > h) return;
    if (*niv && (*iv)[2 * *niv - 1] + 1 >= l) {
        if (h > (*iv)[2 * *niv - 1]) (*iv)[2 * *niv - 1] = h;
        return;
    }
    GROW(iv, cap, (size_t)(2 * *niv + 2));
    (*iv)[2 * *niv] = l, (*iv)[2 * *niv + 1] = h;
    ++*niv;
}

int xcsp_cond_allowed(const xcsp_con *c, int64_t lo, int64_t hi, int64_t **iv, size_t *cap) {
    const xcsp_term *r = &c->cond.rhs;
    int niv = 0, in = c->cond.op == XCO_in;
    int64_t at = lo, k = r->k; /* notin: the next value not yet excluded */
    switch (c->cond.op) {
    case XCO_lt:
        add_iv(iv, cap, &niv, lo, k - 1 < hi ? k - 1 : hi);
        return niv;
    case XCO_le:
        add_iv(iv, cap, &niv, lo, k < hi ? k : hi);
        return niv;
    case XCO_gt:
        add_iv(iv, cap, &niv, k + 1 > lo ? k + 1 : lo, hi);
        return niv;
    case XCO_ge:
        add_iv(iv, cap, &niv, k > lo ? k : lo, hi);
        return niv;
    case XCO_eq:
        if (k >= lo && k <= hi) add_iv(iv, cap, &niv, k, k);
        return niv;
    case XCO_ne:
        add_iv(iv, cap, &niv, lo, k - 1 < hi ? k - 1 : hi);
        add_iv(iv, cap, &niv, k + 1 > lo ? k + 1 : lo, hi);
        return niv;
    default:
        break;
    }
    if (r->kind == XT_RANGE) {
        if (in) {
            add_iv(iv, cap, &niv, r->k > lo ? r->k : lo, r->k2 < hi ? r->k2 : hi);
        } else {
            add_iv(iv, cap, &niv, lo, r->k - 1 < hi ? r->k - 1 : hi);
            add_iv(iv, cap, &niv, r->k2 + 1 > lo ? r->k2 + 1 : lo, hi);
        }
        return niv;
    }
    for (int j = 0; j < c->nset; j++) {
        int64_t x = c->set[j];
        if (in && x >= lo && x <= hi) add_iv(iv, cap, &niv, x, x);
        if (!in && x >= at && x <= hi) add_iv(iv, cap, &niv, at, x - 1), at = x + 1;
    }
    if (!in) add_iv(iv, cap, &niv, at, hi);
    return niv;
}

int xcsp_cond_var(xcsp_model *m, const xcsp_con *c, int64_t lo, int64_t hi, const int *avoid,
                  int navoid) {
    const xcsp_term *t = &c->cond.rhs;
    int op = c->cond.op;
    if (lo < XCSP_MIN_VALUE) lo = XCSP_MIN_VALUE;
    if (hi > XCSP_MAX_VALUE) hi = XCSP_MAX_VALUE;
    if (lo > hi) {
        xcsp_post_false(m);
        return -2;
    }
    if (t->kind == XT_VAR) {
        int y = t->v, in_list = 0;
        for (int i = 0; i < navoid; i++) in_list |= avoid[i] == y;
        if (op == XCO_eq && !in_list) return y;
        if (op != XCO_lt && op != XCO_le && op != XCO_ge && op != XCO_gt && op != XCO_ne &&
            op != XCO_eq)
            return -1;
        int z = csp_add_var(m->p, (int)lo, (int)hi, NULL), pair[2] = {z, y};
        int64_t a[2] = {1, -1};
        if (op == XCO_lt) csp_add_rel(m->p, z, CSP_REL_LT, y);
        if (op == XCO_gt) csp_add_rel(m->p, y, CSP_REL_LT, z);
        if (op == XCO_ne) csp_add_rel(m->p, z, CSP_REL_NE, y);
        if (op == XCO_le) csp_post_ordered(m->p, pair, 2, NULL, NULL, CSP_ORD_LE);
        if (op == XCO_ge) csp_post_ordered(m->p, pair, 2, NULL, NULL, CSP_ORD_GE);
        if (op == XCO_eq && csp_post_sum(m->p, pair, a, 2, CSP_SUM_EQ, 0) < 0) return -1;
        return z;
    }
    if (t->kind != XT_CONST && t->kind != XT_RANGE && t->kind != XT_SET) return -1;
    int64_t *iv = NULL;
    size_t cap = 0;
    int niv = xcsp_cond_allowed(c, lo, hi, &iv, &cap), z = -2;
    if (niv) {
        int *ivi = NEWN((size_t)(2 * niv), int);
        for (int j = 0; j < 2 * niv; j++) ivi[j] = (int)iv[j]; /* within [lo, hi] */
        z = csp_add_var_intervals(m->p, ivi, (size_t)niv, NULL);
        FREEN(ivi, (size_t)(2 * niv));
    } else {
        xcsp_post_false(m);
    }
    if (iv) FREEN(iv, cap);
    return z;
}
