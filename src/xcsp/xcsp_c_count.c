/* xcsp_c_count.c - <count>: how many terms of <list> (variables or
 * expressions) take a value of <values> (integers or variables), under
 * <condition>.  Distinct variables (an expression: its auxiliary
 * variable, xcsp_term_var) with integer values are the engine's count
 * (GAC, csp/count.c) equal to the condition's variable (xcsp_cond_var);
 * variables as values, a variable written twice and expressions too wide
 * for an auxiliary are the generic checker. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

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
        int64_t x = XCSP_VAL(0, i);
        for (int j = 0; j < c->lists[1].n; j++)
            if (x == XCSP_VAL(1, j)) {
                n++;
                break;
            }
    }
    return !undef && xcsp_cond_holds(c, n, val);
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int xcsp_distinct_vars(const xcsp_list *l) {
    for (int i = 0; i < l->n; i++) {
        if (l->t[i].kind != XT_VAR) return 0;
        for (int j = 0; j < i; j++)
            if (l->t[j].v == l->t[i].v) return 0;
    }
    return 1;
}

int *xcsp_distinct_term_vars(xcsp_model *m, const xcsp_con *c, const xcsp_list *l) {
    for (int i = 0; i < l->n; i++) /* a variable written twice: before any is made */
        for (int j = 0; j < i && l->t[i].kind == XT_VAR; j++)
            if (l->t[j].kind == XT_VAR && l->t[j].v == l->t[i].v) return NULL;
    int *v = xcsp_list_term_vars(m, c, l);
    for (int i = 0; v && i < l->n; i++)
        for (int j = 0; j < i; j++)
            if (v[i] == v[j]) { /* the same auxiliary (one expression twice) */
                FREEN(v, (size_t)l->n + 1);
                return NULL;
            }
    return v;
}

int xcsp_const_values(const xcsp_list *l, int64_t *out) {
    int n = 0;
    for (int i = 0; i < l->n; i++) {
        if (l->t[i].kind != XT_CONST) return -1;
        out[n++] = l->t[i].k;
    }
    qsort(out, (size_t)n, sizeof *out, cmp64);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!m || out[m - 1] != out[i]) out[m++] = out[i];
    return m;
}

int xcsp_post_valued(xcsp_model *m, const xcsp_con *c, xcsp_valued_post post) {
    const xcsp_list *x = &c->lists[0], *v = &c->lists[1];
    int64_t *vals = NEWN((size_t)v->n + 1, int64_t);
    int nv = xcsp_const_values(v, vals), r = 0,
        *vars = nv < 0 ? NULL : xcsp_distinct_term_vars(m, c, x);
    if (!vars) {
        FREEN(vals, (size_t)v->n + 1);
        return xcsp_post_checker(m, c);
    }
    int z = xcsp_cond_var(m, c, 0, x->n, vars, x->n);
    if (z == -1)
        r = xcsp_post_checker(m, c);
    else if (z >= 0)
        post(m->p, vars, x->n, vals, nv, z);
    FREEN(vars, (size_t)x->n + 1);
    FREEN(vals, (size_t)v->n + 1);
    return r;
}

static int post_count(xcsp_model *m, const xcsp_con *c) {
    return xcsp_post_valued(m, c, csp_post_count);
}

const xcsp_family xcsp_c_count = {
    .name = "count",
    .summary = "<list> (variables or expressions) <values> (integers or variables) <condition>",
    .parse = parse_count,
    .check = check_count,
    .post = post_count,
};
