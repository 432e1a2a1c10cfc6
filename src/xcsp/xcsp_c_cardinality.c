/* xcsp_c_cardinality.c - <cardinality>: the occurrences of each value of
 * <values> among the terms of <list> equal the matching term of <occurs>
 * (an integer, a variable or an interval); with closed="true" on <values>
 * every term takes one of the values.  Distinct variables (an expression:
 * its auxiliary variable, xcsp_term_var), distinct integer values and
 * occurs variables outside the list (each once) are the engine's
 * cardinality (sound, csp/cardinality.c); anything else is the generic
 * checker. */
#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "xcsp_model.h"
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

/* 1 when the engine's cardinality takes c (see the top). */
static int card_fits(const xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *v = &c->lists[1], *o = &c->lists[2];
    for (int j = 0; j < v->n; j++) {
        if (v->t[j].kind != XT_CONST) return 0;
        for (int i = 0; i < j; i++)
            if (v->t[i].k == v->t[j].k) return 0;
        if (o->t[j].kind == XT_VAR) {
            for (int i = 0; i < x->n; i++)
                if (x->t[i].kind == XT_VAR && x->t[i].v == o->t[j].v) return 0;
            for (int i = 0; i < j; i++)
                if (o->t[i].kind == XT_VAR && o->t[i].v == o->t[j].v) return 0;
        } else if (o->t[j].kind != XT_CONST && o->t[j].kind != XT_RANGE) {
            return 0;
        }
    }
    return 1;
}

static int post_card(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *v = &c->lists[1], *o = &c->lists[2];
    int nv = v->n, *vars = card_fits(c) ? xcsp_distinct_term_vars(m, c, x) : NULL;
    if (!vars) return xcsp_post_checker(m, c);
    size_t sz = (size_t)(nv ? nv : 1);
    int64_t *vals = NEWN(sz, int64_t);
    csp_occurs *occ = NEWN(sz, csp_occurs);
    /* sorted by value, the occurs with them (insertion: lists are short) */
    for (int j = 0; j < nv; j++) {
        const xcsp_term *t = &o->t[j];
        csp_occurs oc = {t->kind == XT_VAR ? t->v : -1, t->k, t->kind == XT_RANGE ? t->k2 : t->k};
        int at = j;
        while (at > 0 && vals[at - 1] > v->t[j].k)
            vals[at] = vals[at - 1], occ[at] = occ[at - 1], at--;
        vals[at] = v->t[j].k, occ[at] = oc;
    }
    csp_post_cardinality(m->p, vars, x->n, vals, occ, nv, (int)c->opt[0]);
    FREEN(vals, sz);
    FREEN(occ, sz);
    FREEN(vars, (size_t)x->n + 1);
    return 0;
}

const xcsp_family xcsp_c_cardinality = {
    .name = "cardinality",
    .summary = "<list> <values [closed]> (integers or variables) <occurs> (integers, variables "
               "or intervals)",
    .parse = parse_card,
    .validate = validate_card,
    .check = check_card,
    .post = post_card,
};
