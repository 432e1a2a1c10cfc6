/* xcsp_c_precedence.c - <precedence>: <list> (variables; or the list as
 * the element's text) and optional <values covered="true|false">
 * (distinct integers v_0..v_{k-1}): for each j >= 1, a variable of the
 * list that takes v_j comes after one that takes v_{j-1}; covered: every
 * v_j is taken.  Without <values>, the chain is every value of the
 * list's domains in increasing order.  opt[0]: covered.  Posted as the
 * engine's precedence (GAC, csp/precedence.c); without <values> and more
 * than XCSP_PREC_VALUES values in the domains' union, the generic
 * checker. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/precedence.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

/* The most values of an implicit chain (the union of the domains). */
#define XCSP_PREC_VALUES 4096

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    size_t len;
    int line, cov = 0;
    xr_kid *lk, *vk;
    const char *t = xr_main_list(rd, e, &len, &line, &lk);
    if (!t || xr_terms(rd, c, t, len, line, "list", XR_VARS, xr_add_list(c))) return -1;
    xcsp_list *v = xr_add_list(c);
    if ((vk = xr_kid_get(e, "values"))) {
        if (xr_bool(rd, e, vk, "covered", 0, &cov) ||
            xr_terms(rd, c, vk->text, vk->len, vk->text_line, "values", XR_CONSTS, v))
            return -1;
        if (!v->n) return xr_fail(rd, vk->line, "<values>: %s%s", "expected integers", "");
    }
    c->opt[0] = cov;
    return 0;
}

static int validate(reader *rd, xcsp_con *c) {
    const xcsp_list *v = &c->lists[1];
    if (!c->lists[0].n) return xr_fail(rd, c->line, "<precedence>: %s%s", "an empty list", "");
    for (int i = 0; i < v->n; i++)
        for (int j = 0; j < i; j++)
            if (v->t[i].k == v->t[j].k)
                return xr_failf(rd, c->line,
                                "<precedence>: the value %lld appears twice in <values>",
                                (long long)v->t[i].k);
    return 0;
}

/* The greatest value below a in the domains of c's list, or a itself
 * when there is none (a is the least of their union). */
static int64_t below(const xcsp_inst *in, const xcsp_con *c, int64_t a) {
    int64_t best = a;
    for (int i = 0; i < c->lists[0].n; i++) {
        const xcsp_dom *d = xcsp_var_dom(in, c->lists[0].t[i].v);
        for (int q = d->n - 1; q >= 0; q--) {
            int64_t lo = in->ivals[2 * (d->first + q)], hi = in->ivals[2 * (d->first + q) + 1];
            if (lo >= a) continue;
            int64_t b = hi < a ? hi : a - 1;
            if (best == a || b > best) best = b;
            break;
        }
    }
    return best;
}

/* With <values>: the first position of each v_j, in order.  Without: a
 * value taken is the least of the union or follows the greatest value
 * below it, which must have been taken earlier. */
static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_list *x = &c->lists[0], *v = &c->lists[1];
    int undef = 0;
    if (!v->n) {
        for (int i = 0; i < x->n; i++) {
            int64_t a = XCSP_VAL(0, i), b = below(in, c, a);
            int seen = b == a;
            for (int j = 0; j < i && !seen; j++) seen = XCSP_VAL(0, j) == b;
            if (!seen) return 0;
        }
        return 1;
    }
    int prev = -1; /* the first position of v_{j-1}; x->n when it is absent */
    for (int j = 0; j < v->n; j++) {
        int first = x->n;
        for (int i = 0; i < x->n && first == x->n; i++)
            if (XCSP_VAL(0, i) == v->t[j].k) first = i;
        if (first == x->n ? c->opt[0] != 0 : j && prev >= first) return 0;
        prev = first;
    }
    return !undef;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The values of the union of the list's declared domains, sorted, into
 * *out (at most XCSP_PREC_VALUES); their number, or -1 when more. */
static int union_values(const xcsp_inst *in, const xcsp_con *c, int64_t **out) {
    size_t cap = 0, n = 0;
    int64_t *v = NULL;
    for (int i = 0; i < c->lists[0].n; i++) {
        const xcsp_dom *d = xcsp_var_dom(in, c->lists[0].t[i].v);
        if (d->size > XCSP_PREC_VALUES) goto many;
        for (int q = 0; q < d->n; q++)
            for (int64_t a = in->ivals[2 * (d->first + q)]; a <= in->ivals[2 * (d->first + q) + 1];
                 a++) {
                GROW(&v, &cap, n + 1);
                v[n++] = a;
            }
        if (n > 4 * XCSP_PREC_VALUES) { /* dedup now and then */
            qsort(v, n, sizeof *v, cmp64);
            size_t m = 0;
            for (size_t k = 0; k < n; k++)
                if (!m || v[m - 1] != v[k]) v[m++] = v[k];
            n = m;
            if (n > XCSP_PREC_VALUES) goto many;
        }
    }
    qsort(v, n, sizeof *v, cmp64);
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (!m || v[m - 1] != v[k]) v[m++] = v[k];
    if (m > XCSP_PREC_VALUES) goto many;
    *out = NEWN(m ? m : 1, int64_t);
    memcpy(*out, v, m * sizeof *v);
    if (v) FREEN(v, cap);
    return (int)m;
many:
    if (v) FREEN(v, cap);
    return -1;
}

static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *vl = &c->lists[1];
    int64_t *v = NULL;
    int k = vl->n;
    if (k) {
        v = NEWN((size_t)k, int64_t);
        for (int j = 0; j < k; j++) v[j] = vl->t[j].k;
    } else if ((k = union_values(m->in, c, &v)) < 0) {
        return xcsp_post_checker(m, c);
    }
    if (k) {
        int *vars = xcsp_list_vars(x);
        csp_post_precedence(m->p, vars, x->n, v, k, (int)c->opt[0]);
        FREEN(vars, (size_t)x->n);
    }
    FREEN(v, k ? (size_t)k : 1);
    return 0;
}

const xcsp_family xcsp_c_precedence = {
    .name = "precedence",
    .summary = "<list> (variables) [<values covered> distinct integers]",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
