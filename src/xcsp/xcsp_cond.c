/* xcsp_cond.c - an auxiliary engine variable that stands for "a value
 * satisfying a constraint's <condition>": z in [lo, hi] with z op rhs.
 * A condition on an integer, an interval or a set becomes z's domain (the
 * values of [lo, hi] that satisfy it); on a variable y, a binary
 * constraint between z and y (the built-in < and !=, the engine's ordered
 * for <= and >=; = is y itself).  The families whose propagators compute
 * a value (minimum, maximum, element) post it equal to z. */
#include "../core/xmalloc.h"
#include "../csp/ordered.h"
#include "xcsp_model.h"

/* Appends [a, b] (clamped to 32 bits; nothing when empty) to iv. */
static void add_iv(int **iv, size_t *cap, size_t *n, int64_t a, int64_t b) {
    if (a < XCSP_MIN_VALUE) a = XCSP_MIN_VALUE;
    if (b > XCSP_MAX_VALUE) b = XCSP_MAX_VALUE;
    if (a > b) return;
    GROW(iv, cap, *n + 2);
    (*iv)[(*n)++] = (int)a;
    (*iv)[(*n)++] = (int)b;
}

int xcsp_cond_var(xcsp_model *m, const xcsp_con *c, int64_t lo, int64_t hi) {
    const xcsp_term *t = &c->cond.rhs;
    int op = c->cond.op;
    if (lo < XCSP_MIN_VALUE) lo = XCSP_MIN_VALUE;
    if (hi > XCSP_MAX_VALUE) hi = XCSP_MAX_VALUE;
    if (lo > hi) {
        xcsp_post_false(m);
        return -2;
    }
    if (t->kind == XT_VAR) {
        int y = t->v;
        if (op == XCO_eq) return y;
        if (op != XCO_lt && op != XCO_le && op != XCO_ge && op != XCO_gt && op != XCO_ne) return -1;
        int z = csp_add_var(m->p, (int)lo, (int)hi, NULL), pair[2] = {z, y};
        if (op == XCO_lt) csp_add_rel(m->p, z, CSP_REL_LT, y);
        if (op == XCO_gt) csp_add_rel(m->p, y, CSP_REL_LT, z);
        if (op == XCO_ne) csp_add_rel(m->p, z, CSP_REL_NE, y);
        if (op == XCO_le) csp_post_ordered(m->p, pair, 2, NULL, NULL, CSP_ORD_LE);
        if (op == XCO_ge) csp_post_ordered(m->p, pair, 2, NULL, NULL, CSP_ORD_GE);
        return z;
    }
    int *iv = NULL;
    size_t cap = 0, n = 0;
    int64_t a = t->k, b = t->kind == XT_RANGE ? t->k2 : t->k;
    if (t->kind == XT_CONST || t->kind == XT_RANGE) {
        switch (op) {
        case XCO_lt:
            add_iv(&iv, &cap, &n, lo, a - 1 < hi ? a - 1 : hi);
            break;
        case XCO_le:
            add_iv(&iv, &cap, &n, lo, a < hi ? a : hi);
            break;
        case XCO_ge:
            add_iv(&iv, &cap, &n, a > lo ? a : lo, hi);
            break;
        case XCO_gt:
            add_iv(&iv, &cap, &n, a + 1 > lo ? a + 1 : lo, hi);
            break;
        case XCO_eq:
        case XCO_in:
            add_iv(&iv, &cap, &n, a > lo ? a : lo, b < hi ? b : hi);
            break;
        case XCO_ne:
        case XCO_notin:
            add_iv(&iv, &cap, &n, lo, a - 1 < hi ? a - 1 : hi);
            add_iv(&iv, &cap, &n, b + 1 > lo ? b + 1 : lo, hi);
            break;
        default:
            return -1;
        }
    } else if (t->kind == XT_SET && (op == XCO_in || op == XCO_notin)) {
        int64_t from = lo; /* notin: the values from `from` up to the next member are allowed */
        for (int i = 0; i < c->nset; i++) {
            int64_t v = c->set[i];
            if (v < lo || v > hi) continue;
            if (op == XCO_in)
                add_iv(&iv, &cap, &n, v, v);
            else
                add_iv(&iv, &cap, &n, from, v - 1);
            from = v + 1;
        }
        if (op == XCO_notin) add_iv(&iv, &cap, &n, from, hi);
    } else {
        return -1;
    }
    if (!n) {
        xcsp_post_false(m);
        return -2;
    }
    int z = csp_add_var_intervals(m->p, iv, n / 2, NULL);
    FREEN(iv, cap);
    return z;
}
