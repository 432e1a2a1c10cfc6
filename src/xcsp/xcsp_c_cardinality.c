/* xcsp_c_cardinality.c - <cardinality>: the occurrences of each value of
 * <values> among the terms of <list> equal the matching term of <occurs>
 * (an integer, a variable or an interval); with closed="true" on <values>
 * every term takes one of the values.  A generic checker for now. */
#include "../core/xmalloc.h"
#include "xcsp_reader.h"

static int parse_card(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *v = xr_kid_get(e, "values");
    int closed;
    if (!v) return xr_fail(rd, e->line, "<cardinality>: expected <%s>%s", "values", "");
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_terms(rd, c, v->text, v->len, v->text_line, "values", XR_CONSTS | XR_VARS | XR_SYMBOLS,
                 xr_add_list(c)) ||
        xr_bool(rd, e, v, "closed", 0, &closed) ||
        xr_kid_terms(rd, c, e, "occurs", XR_CONSTS | XR_VARS | XR_RANGES, 1, xr_add_list(c)))
        return -1;
    c->opt[0] = closed;
    return 0;
}

static int validate_card(reader *rd, xcsp_con *c) {
    if (c->lists[1].n != c->lists[2].n) {
        return xr_failf(rd, c->line, "<cardinality>: %d <values>, %d <occurs>", c->lists[1].n,
                        c->lists[2].n);
    }
    return 0;
}

static int check_card(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    for (int j = 0; j < c->lists[1].n; j++) {
        int64_t v = XCSP_VAL(1, j), n = 0;
        for (int i = 0; i < c->lists[0].n; i++) n += XCSP_VAL(0, i) == v;
        const xcsp_term *o = &c->lists[2].t[j];
        if (o->kind == XT_RANGE ? n < o->k || n > o->k2 : n != XCSP_VAL(2, j)) return 0;
    }
    for (int i = 0; c->opt[0] && i < c->lists[0].n; i++) { /* closed: every term in values */
        int64_t x = XCSP_VAL(0, i);
        int in_values = 0;
        for (int j = 0; j < c->lists[1].n && !in_values; j++) in_values = x == XCSP_VAL(1, j);
        if (!in_values) return 0;
    }
    return !undef;
}

const xcsp_family xcsp_c_cardinality = {
    .name = "cardinality",
    .summary = "<list> <values [closed]> (integers or variables) <occurs> (integers, variables "
               "or intervals)",
    .parse = parse_card,
    .validate = validate_card,
    .check = check_card,
};
