/* xcsp_c_count.c - the counting constraints: <count> (how many terms of
 * <list> take a value of <values>, under <condition>), <nValues> (how
 * many distinct values, those of <except> left out, under <condition>)
 * and <cardinality> (the occurrences of each value of <values> equal the
 * matching term of <occurs>: an integer, a variable or an interval; with
 * closed="true" on <values> every term takes one of the values).
 * Generic checkers for now. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_reader.h"

#define VAL_(l, i) xcsp_term_value(in, c, &c->lists[l].t[i], val, &undef)

/* ---- count ---- */

static int parse_count(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "values", XR_CONSTS | XR_VARS | XR_SYMBOLS, 1, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int check_count(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    int64_t n = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        int64_t x = VAL_(0, i);
        for (int j = 0; j < c->lists[1].n; j++)
            if (x == VAL_(1, j)) {
                n++;
                break;
            }
    }
    return !undef && xcsp_cond_holds(c, n, val);
}

const xcsp_family xcsp_c_count = {
    .name = "count",
    .summary = "<list> (variables or expressions) <values> (integers or variables) <condition>",
    .parse = parse_count,
    .check = check_count,
};

/* ---- nValues ---- */

static int parse_nvalues(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "except", XR_CONSTS | XR_SYMBOLS, 0, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int check_nvalues(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    int64_t n = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        int64_t x = VAL_(0, i);
        int seen = 0;
        for (int j = 0; j < c->lists[1].n && !seen; j++) seen = x == c->lists[1].t[j].k;
        for (int j = 0; j < i && !seen; j++) seen = x == VAL_(0, j);
        n += !seen;
    }
    return !undef && xcsp_cond_holds(c, n, val);
}

const xcsp_family xcsp_c_nvalues = {
    .name = "nValues",
    .summary = "<list> (variables or expressions) [<except> integers] <condition>",
    .parse = parse_nvalues,
    .check = check_nvalues,
};

/* ---- cardinality ---- */

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
        int64_t v = VAL_(1, j), n = 0;
        for (int i = 0; i < c->lists[0].n; i++) n += VAL_(0, i) == v;
        const xcsp_term *o = &c->lists[2].t[j];
        if (o->kind == XT_RANGE ? n < o->k || n > o->k2 : n != VAL_(2, j)) return 0;
    }
    for (int i = 0; c->opt[0] && i < c->lists[0].n; i++) { /* closed: every term in values */
        int64_t x = VAL_(0, i);
        int in_values = 0;
        for (int j = 0; j < c->lists[1].n && !in_values; j++) in_values = x == VAL_(1, j);
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
