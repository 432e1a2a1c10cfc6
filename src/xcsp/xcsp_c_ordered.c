/* xcsp_c_ordered.c - <ordered>: a list, optional <lengths> (integers or
 * variables), <operator> lt|le|ge|gt, or the simplified form <ordered
 * case="increasing|strictlyIncreasing|decreasing|strictlyDecreasing">
 * x y z </ordered>: x_i + l_i op x_{i+1}.  opt[0] is the operator (enum
 * xcsp_condop).  Posted as the engine's ordered (src/csp/ordered.c: GAC
 * with integer lengths, bounds(Z) with variable ones). */
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../csp/ordered.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_ordered(reader *rd, xr_elem *e, xcsp_con *c) {
    static const char *const cases[] = {"strictlyIncreasing", "increasing", "decreasing",
                                        "strictlyDecreasing", NULL};
    static const int ops[] = {XCO_lt, XCO_le, XCO_ge, XCO_gt};
    const char *cs = xr_attr_get(e, NULL, "case");
    size_t len;
    int line;
    xr_kid *k;
    const char *text = xr_main_list(rd, e, &len, &line, &k);
    if (!text || xr_terms(rd, c, text, len, line, k ? "list" : "ordered", XR_VARS, xr_add_list(c)))
        return -1;
    if (xr_kid_terms(rd, c, e, "lengths", XR_CONSTS | XR_VARS, 0, xr_add_list(c))) return -1;
    if (cs) {
        int i = names_index(cases, cs);
        if (i < 0) {
            char buf[64];
            snprintf(buf, sizeof buf, "%.40s", cs);
            return xr_fail(rd, e->line, "<ordered>: case=\"%s\" (expected %s)", buf,
                           "increasing, strictlyIncreasing, decreasing or strictlyDecreasing");
        }
        c->opt[0] = ops[i];
        return 0;
    }
    return xr_operator(rd, e, c);
}

static int validate_ordered(reader *rd, xcsp_con *c) {
    int n = c->lists[0].n, nl = c->lists[1].n;
    if (nl && nl != n - 1) {
        return xr_failf(rd, c->line, "<ordered>: %d <lengths> for %d pairs of the list", nl,
                        n > 0 ? n - 1 : 0);
    }
    return 0;
}

static int check_ordered(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    for (int i = 0; i + 1 < c->lists[0].n; i++) {
        int64_t x = xcsp_term_value(in, c, &c->lists[0].t[i], val, &undef);
        int64_t y = xcsp_term_value(in, c, &c->lists[0].t[i + 1], val, &undef);
        int64_t l = c->lists[1].n ? xcsp_term_value(in, c, &c->lists[1].t[i], val, &undef) : 0;
        if (!xcsp_compare((int)c->opt[0], x + l, y)) return 0;
    }
    return !undef;
}

static int post_ordered(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, nl = c->lists[1].n;
    if (n < 2) return 0;
    for (int i = 0; i < nl; i++)
        if (c->lists[1].t[i].kind == XT_CONST &&
            (c->lists[1].t[i].k < -XCSP_MAX_VALUE || c->lists[1].t[i].k > XCSP_MAX_VALUE))
            return xcsp_post_checker(m, c);
    int *vars = xcsp_list_vars(&c->lists[0]);
    int *lvar = NEWN((size_t)n, int), *lcst = NEWN((size_t)n, int);
    for (int i = 0; i + 1 < n; i++) {
        const xcsp_term *t = nl ? &c->lists[1].t[i] : NULL;
        lvar[i] = t && t->kind == XT_VAR ? t->v : -1;
        lcst[i] = t && t->kind == XT_CONST ? (int)t->k : 0;
    }
    enum csp_order op = c->opt[0] == XCO_lt   ? CSP_ORD_LT
                        : c->opt[0] == XCO_le ? CSP_ORD_LE
                        : c->opt[0] == XCO_ge ? CSP_ORD_GE
                                              : CSP_ORD_GT;
    csp_post_ordered(m->p, vars, n, lvar, lcst, op);
    FREEN(vars, (size_t)n);
    FREEN(lvar, (size_t)n);
    FREEN(lcst, (size_t)n);
    return 0;
}

const xcsp_family xcsp_c_ordered = {
    .name = "ordered",
    .summary = "<list> [<lengths>] <operator>, or case=\"...\" with the list as text",
    .parse = parse_ordered,
    .validate = validate_ordered,
    .check = check_ordered,
    .post = post_ordered,
};
