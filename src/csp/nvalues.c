/* nvalues.c - nValues(X, except E) = N: the number of distinct values
 * outside E that the variables X take.  Sound.
 *
 * With F the distinct values outside E of the fixed x_i and u the number
 * of unfixed x_i that can take a value outside E, the count lies in
 * [|F|, |F| + u]; N is cut to that interval.  When max N = |F| no new
 * value may appear: every unfixed x_i keeps only values of F and E.
 * When min N = |F| + u every one of those u variables must bring a value
 * of its own: the values of F and E leave them.  Repeated to a fixpoint
 * (idempotent).  Weaker than the bounds of Beldiceanu et al.'s NValue
 * (no matching); each pass sorts the fixed values, O(n log n + n |E|). */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "count.h"
#include "globals.h"
#include "valset.h"

/* Its data is a csp_valued: scope x_0..x_{n-1}, then N; v: E, sorted. */
typedef csp_valued nv_data;

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The sorted distinct values of F into buf followed by E merged: returns
 * |F|; *nu is the size of F u E in buf (sorted, distinct). */
static int fixed_values(const csp *p, const csp_con *c, const nv_data *s, int64_t *buf, int *nu) {
    int k = 0, f = 0;
    for (int i = 0; i < s->n; i++) {
        int x = c->scope[i];
        if (csp_single(p, x) && !csp_valset_has(s->v, s->nv, csp_min(p, x)))
            buf[k++] = csp_min(p, x);
    }
    qsort(buf, (size_t)k, sizeof *buf, cmp64);
    for (int i = 0; i < k; i++)
        if (!f || buf[f - 1] != buf[i]) buf[f++] = buf[i];
    int m = f;
    for (int j = 0; j < s->nv; j++) buf[m++] = s->v[j];
    qsort(buf, (size_t)m, sizeof *buf, cmp64);
    *nu = m;
    return f;
}

static int nv_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const nv_data *s = c->data;
    int k = 0;
    for (int i = 0; i < s->n; i++) {
        int seen = csp_valset_has(s->v, s->nv, vals[i]);
        for (int j = 0; j < i && !seen; j++) seen = vals[j] == vals[i];
        k += !seen;
    }
    return k == vals[s->n];
}

/* The count's interval [*lo, *hi] and F u E in buf (size *nu). */
static void nv_range(const csp *p, const csp_con *c, const nv_data *s, int64_t *buf, int *nu,
                     int64_t *lo, int64_t *hi) {
    int f = fixed_values(p, c, s, buf, nu), u = 0;
    for (int i = 0; i < s->n; i++) {
        int x = c->scope[i];
        u += !csp_single(p, x) && csp_valset_meets(p, x, s->v, s->nv) < csp_size(p, x);
    }
    *lo = f, *hi = f + u;
}

static int nv_propagate(csp *p, csp_con *c) {
    const nv_data *s = c->data;
    int nvar = c->scope[s->n], r = CSP_NOCHANGE, nu;
    int64_t *buf = NEWN((size_t)(s->n + s->nv + 1), int64_t), lo, hi;
    for (int changed = 1; changed && r != CSP_WIPEOUT;) {
        changed = 0;
        nv_range(p, c, s, buf, &nu, &lo, &hi);
        int q1 = csp_remove_below(p, nvar, lo),
            q2 = q1 == CSP_WIPEOUT ? q1 : csp_remove_above(p, nvar, hi);
        if (q1 == CSP_WIPEOUT || q2 == CSP_WIPEOUT) {
            r = CSP_WIPEOUT;
            break;
        }
        if (q1 == CSP_CHANGED || q2 == CSP_CHANGED) r = CSP_CHANGED;
        int none_new = csp_max(p, nvar) == lo, all_new = csp_min(p, nvar) == hi && hi > lo;
        for (int i = 0; i < s->n && (none_new || all_new) && r != CSP_WIPEOUT; i++) {
            int x = c->scope[i];
            if (csp_single(p, x) || csp_valset_meets(p, x, s->v, s->nv) == csp_size(p, x)) continue;
            int q = none_new ? csp_valset_keep(p, x, buf, nu) : csp_valset_remove(p, x, buf, nu);
            if (q == CSP_WIPEOUT) r = CSP_WIPEOUT;
            if (q == CSP_CHANGED) r = CSP_CHANGED, changed = 1;
        }
    }
    FREEN(buf, (size_t)(s->n + s->nv + 1));
    return r;
}

/* bt: N's domain still meets [|F|, |F| + u]. */
static int nv_partial(const csp *p, const csp_con *c) {
    const nv_data *s = c->data;
    int nu, nvar = c->scope[s->n];
    int64_t *buf = NEWN((size_t)(s->n + s->nv + 1), int64_t), lo, hi;
    nv_range(p, c, s, buf, &nu, &lo, &hi);
    FREEN(buf, (size_t)(s->n + s->nv + 1));
    if (csp_has(p, nvar, lo)) return 1;
    int64_t a = csp_next(p, nvar, lo);
    return a != CSP_NOVAL && a <= hi;
}

static const csp_con_ops nv_ops = {
    .name = "nvalues",
    .check = nv_check,
    .partial = nv_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = nv_propagate,
    .cost = CSP_COST_CHEAP,
    .idempotent = 1,
};

int csp_post_nvalues(csp *p, const int *vars, int n, const int64_t *except, int ne, int nvar) {
    return csp_add_valued(p, &nv_ops, vars, n, nvar, except, ne);
}

/* 2 to 5 variables over 0..4, E of 0 to 2 values, N over a few counts. */
static void random_nvalues(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 4), vars[5], ne = (int)rng_below(g, 3);
    int64_t e[2] = {1 + (int64_t)rng_below(g, 2), 3};
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 3), 0, 4);
    int nvar = csp_random_var(p, g, 1 + (int)rng_below(g, n + 1 < 6 ? n + 1 : 6), 0, n);
    csp_post_nvalues(p, vars, n, e, ne, nvar);
}

const csp_global csp_global_nvalues = {
    "nvalues", "nValues(X, except E) = N: the number of distinct values outside E",
    "sound: N within [fixed distinct, + the unfixed]; no new value or only new values at the "
    "ends",
    CSP_LEVEL_SOUND, random_nvalues};
