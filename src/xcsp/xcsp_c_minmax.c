/* xcsp_c_minmax.c - <minimum> and <maximum>: <list> (variables or
 * expressions, startIndex), optional <index rank="any|first|last"> (the
 * position of an extreme term) and <condition> on the extreme value.
 * opt[0]: 1 maximum; opt[1]: startIndex; opt[2]: rank (0 any, 1 first,
 * 2 last); lists[1]: the index variable when given.  Without <index>:
 * the engine's minmax (src/csp/minmax.c, bounds(Z)) over the list's
 * variables (an expression: its auxiliary variable, xcsp_term_var) with
 * z = the extreme value, z an auxiliary variable that satisfies the
 * condition (xcsp_cond_var; the condition's variable itself for =).
 * With <index rank="any">, the same and the engine's element (GAC) tying
 * the index to z: list[index] = z (z is the extreme value, a function of
 * the list, so the solutions are the same).  With rank first or last:
 * the same (rank any is implied) and the generic checker for the rank.
 * An expression too wide for its table: the generic checker. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/element.h"
#include "../csp/minmax.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    c->opt[0] = !strcmp(e->name, "maximum");
    xr_kid *l = xr_kid_get(e, "list"), *ix;
    if (!l) return xr_fail(rd, e->line, "<%s>: expected <%s>", e->name, "list");
    if (xr_start_index(rd, e, l, "startIndex", &c->opt[1]) ||
        xr_terms(rd, c, l->text, l->len, l->text_line, "list", XR_VARS | XR_EXPRS, xr_add_list(c)))
        return -1;
    xcsp_list *il = xr_add_list(c);
    if ((ix = xr_kid_get(e, "index")) &&
        (xr_rank(rd, e, ix, &c->opt[2]) ||
         xr_terms(rd, c, ix->text, ix->len, ix->text_line, "index", XR_VARS, il)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int validate(reader *rd, xcsp_con *c) {
    if (!c->lists[0].n)
        return xr_fail(rd, c->line, "<%s>: %s", c->opt[0] ? "maximum" : "minimum",
                       "an empty list has no extreme value");
    if (c->lists[1].n > 1)
        return xr_fail(rd, c->line, "<%s>: %s", c->opt[0] ? "maximum" : "minimum",
                       "<index> holds one variable");
    return 0;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n;
    int64_t best = 0;
    for (int i = 0; i < n; i++) {
        int64_t x = xcsp_term_value(in, c, &c->lists[0].t[i], val, &undef);
        if (!i || (c->opt[0] ? x > best : x < best)) best = x;
    }
    if (c->lists[1].n) { /* the index: a position of an extreme term (by rank) */
        int64_t p = val[c->lists[1].t[0].pos] - c->opt[1];
        if (p < 0 || p >= n || xcsp_term_value(in, c, &c->lists[0].t[p], val, &undef) != best)
            return 0;
        for (int i = 0; i < n; i++)
            if ((c->opt[2] == 1 && i < p) || (c->opt[2] == 2 && i > p))
                if (xcsp_term_value(in, c, &c->lists[0].t[i], val, &undef) == best) return 0;
    }
    return !undef && xcsp_cond_holds(c, best, val);
}

static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[0];
    int mx = (int)c->opt[0], n = l->n;
    int *v = xcsp_list_term_vars(m, c, l); /* expressions: auxiliary variables */
    if (!v) return xcsp_post_checker(m, c);
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        int64_t a = csp_min(m->p, v[i]), b = csp_max(m->p, v[i]);
        /* min: between the least min and the least max; max: the greatest */
        lo = !i || (mx ? a > lo : a < lo) ? a : lo;
        hi = !i || (mx ? b > hi : b < hi) ? b : hi;
    }
    int z = xcsp_cond_var(m, c, lo, hi, NULL, 0);
    if (z >= 0) csp_post_minmax(m->p, v, n, z, mx);
    if (z >= 0 && c->lists[1].n) { /* rank any: the index's term is the extreme value */
        int *zero = NEWN((size_t)n, int);
        csp_post_element(m->p, v, zero, 1, n, -1, 0, c->lists[1].t[0].v, (int)c->opt[1], z);
        FREEN(zero, (size_t)n);
    }
    FREEN(v, (size_t)n + 1);
    /* rank first / last implies rank any (posted above); the checker adds
     * that no earlier (later) term is extreme */
    if (z == -1 || (z >= 0 && c->lists[1].n && c->opt[2])) return xcsp_post_checker(m, c);
    return 0; /* z == -2: no extreme value satisfies the condition, false posted */
}

const xcsp_family xcsp_c_minimum = {
    .name = "minimum",
    .summary = "<list [startIndex]> (variables or expressions) [<index [rank]>] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};

const xcsp_family xcsp_c_maximum = {
    .name = "maximum",
    .summary = "<list [startIndex]> (variables or expressions) [<index [rank]>] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
