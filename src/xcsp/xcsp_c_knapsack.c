/* xcsp_c_knapsack.c - <knapsack>: <list> (variables), <weights>
 * (integers), <condition> on the total weight, <profits> (integers),
 * <condition> on the total profit, in that order: sum w_i x_i satisfies
 * the first condition and sum p_i x_i the second.  lists: 0 the
 * variables, 1 the weights, 2 the profits, 3 the operand of the weight
 * condition (an integer, a variable or an interval); opt[0]: its
 * operator; c->cond: the profit condition.  A set {...} as the weight
 * condition's operand is refused (the profit's may be one).  Posted as
 * two engine sums (xcsp_post_linear: bounds, or the domain-consistent
 * dynamic programme for in/notin/= on small spans; xcsp_c_sum.c), their
 * conjunction being the constraint; the generic checker when the
 * engine's sums refuse one. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    for (int k = 0; k < 4; k++) xr_add_list(c);
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, &c->lists[0]) ||
        xr_kid_terms(rd, c, e, "weights", XR_CONSTS, 1, &c->lists[1]) ||
        xr_kid_cond(rd, c, e, "condition"))
        return -1;
    if (c->cond.rhs.kind == XT_SET) {
        FREEN(c->set, (size_t)c->nset), c->set = NULL, c->nset = 0;
        return xr_fail(rd, e->line, "<knapsack>: %s%s",
                       "the weight condition's operand is an integer, a variable or an "
                       "interval a..b (a set {...} is not supported)",
                       "");
    }
    xcsp_list *w = &c->lists[3];
    w->t = NEWN(1, xcsp_term), w->n = 1, w->what = XR_VARS | XR_CONSTS | XR_RANGES;
    w->t[0] = c->cond.rhs;
    c->opt[0] = c->cond.op;
    memset(&c->cond, 0, sizeof c->cond);
    if (xr_kid_terms(rd, c, e, "profits", XR_CONSTS, 1, &c->lists[2])) return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int validate(reader *rd, xcsp_con *c) {
    int n = c->lists[0].n, set_op = c->opt[0] == XCO_in || c->opt[0] == XCO_notin;
    if (c->lists[1].n != n || c->lists[2].n != n)
        return xr_failf(rd, c->line, "<knapsack>: %d variables, %d weights, %d profits", n,
                        c->lists[1].n, c->lists[2].n);
    int kind = c->lists[3].t[0].kind;
    if ((kind == XT_RANGE && !set_op) || (kind == XT_VAR && set_op) || kind == XT_SET)
        return xr_fail(rd, c->line, "<knapsack>: %s%s",
                       "the weight condition takes an interval with in and notin only, an integer "
                       "or a variable with the other operators",
                       "");
    return 0;
}

/* c with the weight condition as its condition. */
static xcsp_con weight_con(const xcsp_con *c) {
    xcsp_con w = *c;
    w.cond.op = (int)c->opt[0];
    w.cond.rhs = c->lists[3].t[0];
    if ((w.cond.op == XCO_in || w.cond.op == XCO_notin) && w.cond.rhs.kind == XT_CONST)
        w.cond.rhs.kind = XT_RANGE, w.cond.rhs.k2 = w.cond.rhs.k;
    return w;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    int64_t wt = 0, pr = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        int64_t x = XCSP_VAL(0, i);
        wt += x * c->lists[1].t[i].k;
        pr += x * c->lists[2].t[i].k;
    }
    xcsp_con w = weight_con(c);
    return !undef && xcsp_cond_holds(&w, wt, val) && xcsp_cond_holds(c, pr, val);
}

/* sum coef[i] x_i under cc's condition: 0, or -1 (nothing posted). */
static int post_sum(xcsp_model *m, const xcsp_con *cc, const int *x, const xcsp_list *coef, int n) {
    int *vars = NEWN((size_t)n + 1, int);
    int64_t *a = NEWN((size_t)n + 1, int64_t), k = 0;
    for (int i = 0; i < n; i++) vars[i] = x[i], a[i] = coef->t[i].k;
    int nt = n;
    if (cc->cond.rhs.kind == XT_VAR)
        vars[nt] = cc->cond.rhs.v, a[nt++] = -1;
    else if (cc->cond.rhs.kind == XT_CONST)
        k = cc->cond.rhs.k;
    int r = xcsp_post_linear(m, cc, vars, a, nt, k);
    FREEN(vars, (size_t)n + 1);
    FREEN(a, (size_t)n + 1);
    return r;
}

static int post(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, *x = xcsp_list_vars(&c->lists[0]);
    xcsp_con w = weight_con(c);
    int r = post_sum(m, &w, x, &c->lists[1], n) || post_sum(m, c, x, &c->lists[2], n);
    FREEN(x, n ? (size_t)n : 1);
    return r ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_knapsack = {
    .name = "knapsack",
    .summary = "<list> (variables) <weights> <condition> <profits> <condition> (integers; the "
               "conditions on the total weight, then profit)",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
