/* count.c - count(X, V) = N: how many of the variables X take a value of
 * the set V equals the variable N.  GAC.
 *
 * With S the number of x_i whose domain lies inside V (surely counted)
 * and M the number whose domain meets V (maybe counted), every integer of
 * [S, M] is a count some assignment reaches (the undecided ones choose
 * freely), so N's supported values are D_N within [S, M].  An undecided
 * x_i (values in and out of V) keeps its values of V iff D_N meets
 * [S + 1, M], and its values outside V iff D_N meets [S, M - 1]; a decided
 * one keeps all.  The propagator prunes X by those two tests first, then
 * cuts N to [S, M] (which the X pruning left unchanged unless it decided
 * every undecided x_i, to S or to M): one call reaches the fixpoint.
 * Cost O(n |V|) membership tests per call; it never enumerates a domain
 * beyond V's span. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "count.h"
#include "globals.h"
#include "valset.h"

/* Its data is a csp_valued: scope x_0..x_{n-1}, then N; v: V, sorted. */
typedef csp_valued count_data;

static int count_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const count_data *s = c->data;
    int k = 0;
    for (int i = 0; i < s->n; i++) k += csp_valset_has(s->v, s->nv, vals[i]);
    return k == vals[s->n];
}

/* 1 when D_N has a value in [lo, hi]. */
static int n_meets(const csp *p, int nv, int64_t lo, int64_t hi) {
    if (lo > hi) return 0;
    if (csp_has(p, nv, lo)) return 1;
    int64_t a = csp_next(p, nv, lo);
    return a != CSP_NOVAL && a <= hi;
}

/* Classifies x against V: 2 surely counted, 1 undecided, 0 never. */
static int classify(const csp *p, const count_data *s, int x) {
    int k = csp_valset_meets(p, x, s->v, s->nv);
    return !k ? 0 : k == csp_size(p, x) ? 2 : 1;
}

static int count_propagate(csp *p, csp_con *c) {
    const count_data *s = c->data;
    int S = 0, M = 0, nvar = c->scope[s->n], r = CSP_NOCHANGE;
    for (int i = 0; i < s->n; i++) {
        int k = classify(p, s, c->scope[i]);
        S += k == 2, M += k > 0;
    }
    if (!n_meets(p, nvar, S, M)) return CSP_WIPEOUT;
    int keep_in = n_meets(p, nvar, S + 1, M), keep_out = n_meets(p, nvar, S, M - 1);
    if (!keep_in || !keep_out) {
        int S2 = S, M2 = M;
        for (int i = 0; i < s->n; i++) {
            int x = c->scope[i];
            if (classify(p, s, x) != 1) continue;
            int q =
                keep_in ? csp_valset_keep(p, x, s->v, s->nv) : csp_valset_remove(p, x, s->v, s->nv);
            if (q == CSP_WIPEOUT) return q;
            r = CSP_CHANGED;
            if (keep_in)
                S2++;
            else
                M2--;
        }
        S = S2, M = M2;
    }
    int q1 = csp_remove_below(p, nvar, S),
        q2 = q1 == CSP_WIPEOUT ? q1 : csp_remove_above(p, nvar, M);
    if (q1 == CSP_WIPEOUT || q2 == CSP_WIPEOUT) return CSP_WIPEOUT;
    return q1 == CSP_CHANGED || q2 == CSP_CHANGED ? CSP_CHANGED : r;
}

/* bt: the count's range [S, M] still meets N's domain. */
static int count_partial(const csp *p, const csp_con *c) {
    const count_data *s = c->data;
    int S = 0, M = 0;
    for (int i = 0; i < s->n; i++) {
        int k = classify(p, s, c->scope[i]);
        S += k == 2, M += k > 0;
    }
    return n_meets(p, c->scope[s->n], S, M);
}

static const csp_con_ops count_ops = {
    .name = "count",
    .check = count_check,
    .partial = count_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = count_propagate,
    .cost = CSP_COST_CHEAP,
    .idempotent = 1,
};

int csp_post_count(csp *p, const int *vars, int n, const int64_t *vals, int nv, int nvar) {
    return csp_add_valued(p, &count_ops, vars, n, nvar, vals, nv);
}

/* 2 to 5 variables over -2..3, V of 1 to 3 values, N over a few counts. */
static void random_count(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 4), vars[5], nv = 1 + (int)rng_below(g, 3);
    int64_t v[3];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), -2, 3);
    for (int j = 0; j < nv;) {
        int64_t a = -2 + (int64_t)rng_below(g, 6);
        int dup = 0, at = j;
        for (int i = 0; i < j; i++) dup |= v[i] == a;
        if (dup) continue;
        while (at > 0 && v[at - 1] > a) v[at] = v[at - 1], at--;
        v[at] = a, j++;
    }
    int nvar = csp_random_var(p, g, 1 + (int)rng_below(g, n + 1 < 6 ? n + 1 : 6), 0, n);
    csp_post_count(p, vars, n, v, nv, nvar);
}

const csp_global csp_global_count = {
    "count", "count(X, V) = N: how many of X take a value of the set V",
    "GAC: the surely/maybe counts [S, M] against N's domain, in O(n |V|)", CSP_LEVEL_GAC,
    random_count};
