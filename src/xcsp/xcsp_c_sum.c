/* xcsp_c_sum.c - <sum>: <list> of variables or expressions, optional
 * <coeffs> (integers or variables; all 1 when absent), <condition>
 * (lt le ge gt eq ne with an integer or a variable; in, notin with an
 * interval or a set).
 *
 * Posting (xcsp_post_linear): a variable written twice is one term with
 * the coefficients added, zero coefficients go, a variable operand moves
 * to the left with coefficient -1; then
 * - <=, <, >=, > and != are csp/sum.c's bounds propagator (GAC for !=);
 * - = and every in/notin form are the GAC dynamic programme of
 *   csp/sum_dp.c when its work on the declared domains is at most
 *   CSP_SUM_DP_WORK (2^18 word operations: spans of the sum up to 2^16);
 * - beyond that = is the bounds propagator, `in a..b` two bounds, and the
 *   other in/notin forms an auxiliary variable holding the allowed values
 *   inside the sum's bounds, equal to the sum (bounds).
 * An expression in the list is its auxiliary variable (xcsp_term_var); a
 * term k_i * x_i with a variable coefficient is an auxiliary product
 * variable (xcsp_product_var: csp/mul.c, GAC on small domains).  The
 * generic checker stays for expressions too wide for that, products that
 * may leave the 32-bit values, and sums whose magnitude reaches
 * CSP_SUM_MAX (2^60) or whose allowed values leave the 32-bit range of an
 * auxiliary variable. */
#include "../core/xmalloc.h"
#include "../csp/sum.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "coeffs", XR_CONSTS | XR_VARS, 0, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

/* The sizes agree and the sum stays within 62 bits on the declared
 * domains (so that the check is exact on int64). */
static int validate(reader *rd, xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *k = &c->lists[1];
    if (k->n && k->n != x->n) {
        return xr_failf(rd, c->line, "<sum>: %d <coeffs> for %d terms", k->n, x->n);
    }
    size_t n = c->arity ? (size_t)c->arity : 1;
    int64_t *lo = NEWN(n, int64_t), *hi = NEWN(n, int64_t), total = 0;
    int bad = 0;
    xcsp_scope_bounds(rd->in, c, lo, hi);
    for (int i = 0; i < x->n && !bad; i++) {
        int64_t a, b, ka = 1, kb = 1, m;
        bad = xcsp_term_bounds(rd->in, c, &x->t[i], lo, hi, &a, &b) ||
              (k->n && xcsp_term_bounds(rd->in, c, &k->t[i], lo, hi, &ka, &kb));
        a = a < 0 ? -a : a, b = b < 0 ? -b : b, ka = ka < 0 ? -ka : ka, kb = kb < 0 ? -kb : kb;
        bad = bad || __builtin_mul_overflow(a > b ? a : b, ka > kb ? ka : kb, &m) ||
              __builtin_add_overflow(total, m, &total) || total > XCSP_MAX_CONST;
    }
    FREEN(lo, n);
    FREEN(hi, n);
    if (bad)
        return xr_fail(rd, c->line, "<sum>: %s%s", "the sum may leave the 63-bit integers", "");
    return 0;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_list *x = &c->lists[0], *k = &c->lists[1];
    int undef = 0;
    int64_t s = 0;
    for (int i = 0; i < x->n; i++)
        s += xcsp_term_value(in, c, &x->t[i], val, &undef) *
             (k->n ? xcsp_term_value(in, c, &k->t[i], val, &undef) : 1);
    return !undef && xcsp_cond_holds(c, s, val);
}

/* ---- posting ------------------------------------------------------------- */

/* Drops the zero coefficients; returns the new count. */
static int drop_zeros(int *vars, int64_t *a, int n) {
    int m = 0;
    for (int i = 0; i < n; i++)
        if (a[i]) vars[m] = vars[i], a[m++] = a[i];
    return m;
}

/* Posts sum a[i] * vars[i] against c's condition (variables distinct, a
 * nonzero, the rhs variable already moved left: k is the constant
 * side); 0, or -1 when the engine's propagators cannot take it. */
static int post_terms(xcsp_model *m, const xcsp_con *c, int *vars, int64_t *a, int n, int64_t k) {
    csp *p = m->p;
    int op = c->cond.op;
    int64_t lo, hi;
    if (csp_sum_bounds(p, vars, a, n, &lo, &hi)) return -1;
    if (n == 0) { /* a constant 0 */
        int ok =
            op == XCO_in || op == XCO_notin ? xcsp_cond_holds(c, 0, NULL) : xcsp_compare(op, 0, k);
        if (!ok) xcsp_post_false(m);
        return 0;
    }
    switch (op) {
    case XCO_lt:
        return csp_post_sum(p, vars, a, n, CSP_SUM_LE, k - 1) < 0 ? -1 : 0;
    case XCO_le:
        return csp_post_sum(p, vars, a, n, CSP_SUM_LE, k) < 0 ? -1 : 0;
    case XCO_gt:
        return csp_post_sum(p, vars, a, n, CSP_SUM_GE, k + 1) < 0 ? -1 : 0;
    case XCO_ge:
        return csp_post_sum(p, vars, a, n, CSP_SUM_GE, k) < 0 ? -1 : 0;
    case XCO_ne:
        return csp_post_sum(p, vars, a, n, CSP_SUM_NE, k) < 0 ? -1 : 0;
    default:
        break;
    }
    int64_t work = csp_sum_dp_work(p, vars, a, n), *iv = NULL, one[2] = {k, k};
    size_t cap = 0;
    int niv = op == XCO_eq ? 1 : xcsp_cond_allowed(c, lo, hi, &iv, &cap), r = 0;
    const int64_t *tgt = op == XCO_eq ? one : iv;
    if (work >= 0 && work <= CSP_SUM_DP_WORK) {
        r = csp_post_sum_dp(p, vars, a, n, tgt, niv) < 0 ? -1 : 0;
    } else if (op == XCO_eq) {
        r = csp_post_sum(p, vars, a, n, CSP_SUM_EQ, k) < 0 ? -1 : 0;
    } else if (niv == 0) {
        xcsp_post_false(m);
    } else if (op == XCO_in && c->cond.rhs.kind == XT_RANGE) {
        r = csp_post_sum(p, vars, a, n, CSP_SUM_GE, iv[0]) < 0 ||
                    csp_post_sum(p, vars, a, n, CSP_SUM_LE, iv[1]) < 0
                ? -1
                : 0;
    } else if (iv[0] < INT32_MIN + 1 || iv[2 * niv - 1] > INT32_MAX || niv > 1 << 16) {
        r = -1;
    } else { /* an auxiliary variable z with the allowed values: sum - z = 0 */
        int *ivi = NEWN((size_t)(2 * niv), int);
        for (int j = 0; j < 2 * niv; j++) ivi[j] = (int)iv[j];
        vars[n] = csp_add_var_intervals(p, ivi, (size_t)niv, "sum");
        a[n] = -1;
        FREEN(ivi, (size_t)(2 * niv));
        r = csp_post_sum(p, vars, a, n + 1, CSP_SUM_EQ, 0) < 0 ? -1 : 0;
    }
    if (iv) FREEN(iv, cap);
    return r;
}

/* The terms of vars/a with each variable once (the first place it
 * appears, the coefficients added) into v, w; returns their count.
 * csp_scope_dedup: O(n log n) (a sum over 10^5 variables took seconds of
 * quadratic scans, issue 37). */
static int merge_terms(const int *vars, const int64_t *a, int n, int *v, int64_t *w) {
    int *pos = NEWN((size_t)n + 1, int);
    int m2 = csp_scope_dedup(vars, n, v, pos);
    for (int j = 0; j < m2; j++) w[j] = 0;
    for (int i = 0; i < n; i++) w[pos[i]] += a[i];
    FREEN(pos, (size_t)n + 1);
    return m2;
}

int xcsp_post_linear(xcsp_model *m, const xcsp_con *c, const int *vars, const int64_t *a, int n,
                     int64_t k) {
    int *v = NEWN((size_t)n + 2, int), m2;
    int64_t *w = NEWN((size_t)n + 2, int64_t);
    m2 = merge_terms(vars, a, n, v, w);
    m2 = drop_zeros(v, w, m2);
    int r = post_terms(m, c, v, w, m2, k);
    FREEN(v, (size_t)n + 2);
    FREEN(w, (size_t)n + 2);
    return r;
}

/* The engine's sum propagators over the terms' variables (an
 * expression's auxiliary variable, xcsp_term_var; a term with a variable
 * coefficient its product variable, xcsp_product_var); else (or when
 * they refuse it) the generic checker. */
static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *k = &c->lists[1];
    int *tv = xcsp_list_term_vars(m, c, x);
    if (!tv) return xcsp_post_checker(m, c);
    for (int i = 0; i < k->n; i++) /* a variable coefficient: the term is its product */
        if (k->t[i].kind == XT_VAR && (tv[i] = xcsp_product_var(m, k->t[i].v, tv[i])) < 0) {
            FREEN(tv, (size_t)x->n + 1); /* the products made stay functions of theirs */
            return xcsp_post_checker(m, c);
        }
    const xcsp_term *r = &c->cond.rhs;
    int n = x->n + (r->kind == XT_VAR);
    int *vars = NEWN((size_t)n + 1, int);
    int64_t *a = NEWN((size_t)n + 1, int64_t), rhs = r->kind == XT_CONST ? r->k : 0;
    for (int i = 0; i < x->n; i++)
        vars[i] = tv[i], a[i] = k->n && k->t[i].kind == XT_CONST ? k->t[i].k : 1;
    if (r->kind == XT_VAR) vars[x->n] = r->v, a[x->n] = -1;
    int ret = xcsp_post_linear(m, c, vars, a, n, rhs);
    FREEN(tv, (size_t)x->n + 1);
    FREEN(vars, (size_t)n + 1);
    FREEN(a, (size_t)n + 1);
    return ret ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_sum = {
    .name = "sum",
    .summary = "<list> (variables or expressions) [<coeffs> integers or variables] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
