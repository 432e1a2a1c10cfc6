/* xcsp_c_minmax.c - <minimum> and <maximum>: <list> (variables or
 * expressions, startIndex), optional <index rank="any|first|last"> (the
 * position of an extreme term) and <condition> on the extreme value.
 * opt[0]: 1 maximum; opt[1]: startIndex; opt[2]: rank (0 any, 1 first,
 * 2 last); lists[1]: the index variable when given.  Generic checkers
 * for now. */
#include <string.h>

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

const xcsp_family xcsp_c_minimum = {
    .name = "minimum",
    .summary = "<list [startIndex]> (variables or expressions) [<index [rank]>] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
};

const xcsp_family xcsp_c_maximum = {
    .name = "maximum",
    .summary = "<list [startIndex]> (variables or expressions) [<index [rank]>] <condition>",
    .parse = parse,
    .validate = validate,
    .check = check,
};
