/* xcsp_c_minmax_arg.c - <minimumArg> and <maximumArg> (rank="any|first|
 * last" on the element): <list> (variables or expressions) and
 * <condition> on the position (0 for the first term) of a least
 * (greatest) term: rank any, some such position satisfies it; first or
 * last, the first or the last one does.  opt[0]: 1 maximumArg; opt[1]:
 * rank (0 any, 1 first, 2 last).
 * Posts (expressions through their auxiliary variables, xcsp_term_var):
 * - rank first or last: the engine's minimum-arg / maximum-arg (sound,
 *   exact at leaves, csp/minmax_arg.c) on an index variable that
 *   satisfies the condition (xcsp_cond_var); that position is a function
 *   of the list, so no solution is counted twice;
 * - rank any with (eq, y), y a variable: the same with y itself; with
 *   (lt, y) or (le, y): rank first (some extreme position is below y iff
 *   the first is), with (gt, y) or (ge, y): rank last;
 * - rank any with a constant operand: the positions A the condition
 *   allows; z = the extreme of the whole list and z = the extreme of
 *   the terms at A (two engine minimum/maximum on one auxiliary z, a
 *   function of the list): some position of A is extreme;
 * - else (rank any, (ne, y): an index variable would not be a function
 *   of the list) the generic checker. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/minmax.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    c->opt[0] = !strcmp(e->name, "maximumArg");
    if (xr_rank(rd, e, NULL, &c->opt[1]) ||
        xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int validate(reader *rd, xcsp_con *c) {
    if (!c->lists[0].n)
        return xr_fail(rd, c->line, "<%s>: %s", c->opt[0] ? "maximumArg" : "minimumArg",
                       "an empty list has no extreme value");
    return 0;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n, mx = (int)c->opt[0], rank = (int)c->opt[1];
    int64_t best = 0;
    for (int i = 0; i < n; i++) {
        int64_t x = XCSP_VAL(0, i);
        if (!i || (mx ? x > best : x < best)) best = x;
    }
    int first = -1, last = -1, ok = 0;
    for (int i = 0; i < n; i++)
        if (XCSP_VAL(0, i) == best) {
            if (first < 0) first = i;
            last = i;
            ok |= rank == 0 && xcsp_cond_holds(c, i, val);
        }
    if (rank == 1) ok = xcsp_cond_holds(c, first, val);
    if (rank == 2) ok = xcsp_cond_holds(c, last, val);
    return !undef && ok;
}

/* rank any, a constant operand: z = extreme(list) = extreme(list at A). */
static int post_any_const(xcsp_model *m, const xcsp_con *c, const int *v, int n) {
    int64_t *iv = NULL;
    size_t cap = 0;
    int niv = xcsp_cond_allowed(c, 0, n - 1, &iv, &cap), na = 0, mx = (int)c->opt[0];
    int *a = NEWN((size_t)n, int);
    for (int k = 0; k < niv; k++)
        for (int64_t q = iv[2 * k]; q <= iv[2 * k + 1]; q++) a[na++] = v[q];
    if (iv) FREEN(iv, cap);
    if (!na) {
        xcsp_post_false(m);
    } else {
        int lo = 0, hi = 0; /* the extreme lies between the least min and the least max */
        for (int i = 0; i < n; i++) {
            int l = csp_min(m->p, v[i]), h = csp_max(m->p, v[i]);
            lo = !i || (mx ? l > lo : l < lo) ? l : lo;
            hi = !i || (mx ? h > hi : h < hi) ? h : hi;
        }
        int z = csp_add_var(m->p, lo, hi, "arg");
        csp_post_minmax(m->p, v, n, z, mx);
        csp_post_minmax(m->p, a, na, z, mx);
    }
    FREEN(a, (size_t)n);
    return 0;
}

static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[0];
    int n = l->n, mx = (int)c->opt[0], rank = (int)c->opt[1], r = 0;
    const xcsp_term *rhs = &c->cond.rhs;
    int op = c->cond.op, var_any = rank == 0 && rhs->kind == XT_VAR;
    if (var_any && (op == XCO_lt || op == XCO_le)) /* some extreme p < y iff the first is */
        rank = 1, var_any = 0;
    else if (var_any && (op == XCO_gt || op == XCO_ge)) /* some p > y iff the last is */
        rank = 2, var_any = 0;
    else if (var_any && op != XCO_eq)
        return xcsp_post_checker(m, c);
    int *v = xcsp_list_term_vars(m, c, l); /* expressions: auxiliary variables */
    if (!v) return xcsp_post_checker(m, c);
    if (rank == 0 && !var_any) {
        r = post_any_const(m, c, v, n);
    } else {
        int i = var_any ? rhs->v : xcsp_cond_var(m, c, 0, n - 1, v, n);
        if (i >= 0) {
            int inlist = 0;
            for (int k = 0; k < n; k++) inlist |= v[k] == i;
            if (inlist) /* the index among the terms: the engine's scope takes it once */
                r = -1;
            else
                csp_post_minmax_arg(m->p, v, n, i, mx, rank);
        } else if (i == -1) {
            r = -1;
        }
    }
    FREEN(v, (size_t)n + 1);
    return r ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_minimumArg = {
    .name = "minimumArg",
    .summary = "[rank] <list> (variables or expressions) <condition> on the position",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};

const xcsp_family xcsp_c_maximumArg = {
    .name = "maximumArg",
    .summary = "[rank] <list> (variables or expressions) <condition> on the position",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
