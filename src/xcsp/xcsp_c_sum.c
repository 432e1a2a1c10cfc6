/* xcsp_c_sum.c - <sum>: <list> of variables or expressions, optional
 * <coeffs> (integers or variables; all 1 when absent), <condition>
 * (lt le ge gt eq ne with an integer or a variable; in, notin with an
 * interval or a set).  A generic checker for now. */
#include "../core/xmalloc.h"
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

const xcsp_family xcsp_c_sum = {
    .name = "sum",
    .summary = "<list> (variables or expressions) [<coeffs> integers or variables] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
};
