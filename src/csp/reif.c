/* reif.c - b <-> (sum a_i x_i OP k) and b -> (sum a_i x_i OP k), OP one
 * of <=, =, != (FlatZinc's int_lin_*_reif/_imp, and through them every
 * reified comparison and Boolean connective of the front end).
 *
 * Propagation from the bounds [lo, hi] of the sum over the current
 * domains: when C is entailed (<=: hi <= k; =: lo = hi = k; !=: k outside
 * [lo, hi]) an equivalence fixes b to 1; when C is disentailed (the
 * negations) either mode fixes b to 0.  Once b is fixed to 1, C is
 * enforced as the linear sum does (<=: each term at most k minus the
 * others' least; =: both directions; !=: the one value left out when one
 * variable is unfixed); b fixed to 0 in an equivalence enforces the
 * negation (> k, !=, =) the same way.  Sound, and exact on fixed scopes;
 * bounds(Z) on C itself once b is fixed (one pass per call: the engine
 * wakes it again for its own changes, so the queues reach the fixpoint).
 * fc runs the propagator on every assignment of a variable of the scope. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "reif.h"
#include "sum.h"

typedef struct reif_state {
    int n, op, mode;
    int64_t k;
    int64_t a[]; /* n coefficients; scope: the n variables, then b */
} reif_state;

/* The least and greatest value of a * x over x's current domain. */
static void term_bounds(const csp *p, int x, int64_t a, int64_t *lo, int64_t *hi) {
    int64_t u = a * csp_min(p, x), v = a * csp_max(p, x);
    *lo = u < v ? u : v;
    *hi = u < v ? v : u;
}

static void sum_bounds(const csp *p, const csp_con *c, int64_t *lo, int64_t *hi) {
    const reif_state *s = c->data;
    *lo = *hi = 0;
    for (int i = 0; i < s->n; i++) {
        int64_t l, h;
        term_bounds(p, c->scope[i], s->a[i], &l, &h);
        *lo += l, *hi += h;
    }
}

/* sign * sum a_i x_i <= bound, by bounds. */
static int enforce_le(csp *p, const csp_con *c, int sign, int64_t bound) {
    const reif_state *s = c->data;
    int64_t lo = 0;
    for (int i = 0; i < s->n; i++) {
        int64_t l, h;
        term_bounds(p, c->scope[i], sign * s->a[i], &l, &h);
        lo += l;
    }
    if (lo > bound) return CSP_WIPEOUT;
    int r = CSP_NOCHANGE;
    for (int i = 0; i < s->n; i++) {
        int x = c->scope[i];
        int64_t a = sign * s->a[i], l, h;
        term_bounds(p, x, a, &l, &h);
        int64_t slack = bound - (lo - l); /* a * x <= slack */
        if (a > 0)
            CSP_MERGE(r, csp_remove_above(p, x, csp_floor_div(slack, a)));
        else
            CSP_MERGE(r, csp_remove_below(p, x, csp_ceil_div(slack, a)));
    }
    return r;
}

/* sum a_i x_i != k: with one variable unfixed, its one forbidden value. */
static int enforce_ne(csp *p, const csp_con *c) {
    const reif_state *s = c->data;
    int free_i = -1;
    int64_t rest = 0;
    for (int i = 0; i < s->n; i++) {
        int x = c->scope[i];
        if (csp_single(p, x))
            rest += s->a[i] * csp_min(p, x);
        else if (free_i >= 0)
            return CSP_NOCHANGE;
        else
            free_i = i;
    }
    if (free_i < 0) return rest == s->k ? CSP_WIPEOUT : CSP_NOCHANGE;
    int64_t want = s->k - rest, a = s->a[free_i];
    if (want % a) return CSP_NOCHANGE;
    return csp_remove(p, c->scope[free_i], want / a);
}

/* Enforces sum OP k (negated: its negation). */
static int enforce(csp *p, const csp_con *c, int negated) {
    const reif_state *s = c->data;
    int op = s->op, r = CSP_NOCHANGE;
    if (negated) op = op == CSP_SUM_LE ? CSP_SUM_GE : op == CSP_SUM_EQ ? CSP_SUM_NE : CSP_SUM_EQ;
    int64_t k = negated && s->op == CSP_SUM_LE ? s->k + 1 : s->k;
    if (op == CSP_SUM_NE) return enforce_ne(p, c);
    if (op != CSP_SUM_GE) CSP_MERGE(r, enforce_le(p, c, 1, k));
    if (op != CSP_SUM_LE) CSP_MERGE(r, enforce_le(p, c, -1, -k));
    return r;
}

/* 1: C holds on every assignment of the domains; -1: on none; 0: not known. */
static int decided(const csp *p, const csp_con *c) {
    const reif_state *s = c->data;
    int64_t lo, hi;
    sum_bounds(p, c, &lo, &hi);
    switch (s->op) {
    case CSP_SUM_LE:
        return hi <= s->k ? 1 : lo > s->k ? -1 : 0;
    case CSP_SUM_EQ:
        return lo == hi && lo == s->k ? 1 : (hi < s->k || lo > s->k) ? -1 : 0;
    default:
        return (hi < s->k || lo > s->k) ? 1 : lo == hi && lo == s->k ? -1 : 0;
    }
}

static int reif_propagate(csp *p, csp_con *c) {
    const reif_state *s = c->data;
    int b = c->scope[s->n];
    if (csp_single(p, b)) {
        if (csp_min(p, b) == 1) return enforce(p, c, 0);
        return s->mode == CSP_REIF_EQUIV ? enforce(p, c, 1) : CSP_NOCHANGE;
    }
    int d = decided(p, c);
    if (d > 0 && s->mode == CSP_REIF_EQUIV) return csp_keep(p, b, 1);
    if (d < 0) return csp_keep(p, b, 0);
    return CSP_NOCHANGE;
}

static int reif_holds(const reif_state *s, const int *vals) {
    int64_t sum = 0;
    for (int i = 0; i < s->n; i++) sum += s->a[i] * vals[i];
    return s->op == CSP_SUM_LE ? sum <= s->k : s->op == CSP_SUM_EQ ? sum == s->k : sum != s->k;
}

static int reif_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const reif_state *s = c->data;
    int b = vals[s->n], t = reif_holds(s, vals);
    return s->mode == CSP_REIF_EQUIV ? b == t : (!b || t);
}

/* bt: 0 once b is fixed and C already decided against it. */
static int reif_partial(const csp *p, const csp_con *c) {
    const reif_state *s = c->data;
    int b = c->scope[s->n];
    if (!csp_single(p, b)) return 1;
    int d = decided(p, c);
    if (csp_min(p, b) == 1) return d >= 0;
    return s->mode == CSP_REIF_IMP || d <= 0;
}

static const csp_con_ops reif_ops = {
    .name = "lin-reif",
    .check = reif_check,
    .propagate = reif_propagate,
    .partial = reif_partial,
    .on_assign = csp_on_assign_propagate,
    .wake = CSP_WAKE_BOUNDS,
};

int csp_post_lin_reif(csp *p, const int *vars, const int64_t *a, int n, int op, int64_t k, int b,
                      int mode) {
    int64_t lo, hi; /* the sum's magnitude and k's as csp_post_sum bounds them */
    if (csp_sum_bounds(p, vars, a, n, &lo, &hi) || k <= -CSP_SUM_MAX || k >= CSP_SUM_MAX) return -1;
    size_t size = sizeof(reif_state) + (size_t)n * sizeof(int64_t);
    reif_state *s = xmalloc(size);
    s->n = n, s->op = op, s->mode = mode, s->k = k;
    memcpy(s->a, a, (size_t)n * sizeof *a);
    int *scope = NEWN((size_t)n + 1, int);
    memcpy(scope, vars, (size_t)n * sizeof *vars);
    scope[n] = b;
    int id = csp_add_con(p, &reif_ops, scope, n + 1, s, size);
    FREEN(scope, (size_t)n + 1);
    xfree(s, size);
    return id;
}

/* 1..3 terms over -3..3 with coefficients in -3..3 \ {0}, b over {0,1}
 * or fixed, any op and mode. */
static void random_reif(csp *p, rng *g) {
    int n = 1 + (int)rng_below(g, 3), vars[3];
    int64_t a[3];
    for (int i = 0; i < n; i++) {
        vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -3, 3);
        a[i] = 1 + (int64_t)rng_below(g, 3);
        if (rng_below(g, 2)) a[i] = -a[i];
    }
    int b = csp_random_bool(p, g);
    int ops[3] = {CSP_SUM_LE, CSP_SUM_EQ, CSP_SUM_NE};
    csp_post_lin_reif(p, vars, a, n, ops[rng_below(g, 3)], (int64_t)rng_below(g, 9) - 4, b,
                      (int)rng_below(g, 2));
}

const csp_global csp_global_lin_reif = {
    "lin-reif", "b <-> sum a_i * x_i OP k and b -> ..., OP <=, = or != (reified comparisons)",
    "sound: b from entailment over the bounds; C by bounds once b is fixed", CSP_LEVEL_SOUND,
    random_reif};
