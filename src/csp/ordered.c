/* ordered.c - the ordered constraint x_i + l_i op x_{i+1} (op <, <=, >=,
 * >) along a list, by bounds along the chain.
 *
 * Each link is written A + s L + k <= B: for <= and <, A = x_i, B =
 * x_{i+1}, s = +1 and k = 0 or 1; for >= and >, A = x_{i+1}, B = x_i, s =
 * -1 and k = 0 or 1 (x_i + l >= x_{i+1} + k).  With m = min(s L):
 *   min B >= min A + m + k,   max A <= max B - m - k,
 *   s L <= max B - min A - k  (an upper bound of L for s = +1, a lower
 *   bound for s = -1).
 * These are the bounds(Z) rules of each link; a new bound snaps to the
 * nearest value of the domain (csp_remove_below/above).  The propagator
 * sweeps the links forward and backward until a sweep changes nothing.
 * Levels, with the variables distinct: integer lengths make the links a
 * path of binary monotone constraints, where the bounds rules leave every
 * value of A a support (B = max B) and of B (A = min A), so each link is
 * arc consistent and the path (an acyclic network) is GAC.  Variable
 * lengths make ternary links forming a Berge-acyclic chain: bounds(Z).
 * With repeats (a variable twice in the list) the rules stay sound.
 * fc runs the propagator on every assignment of a variable of the scope. */
#include <assert.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "ordered.h"

typedef struct ord_link {
    int a, b, l; /* scope positions of A, B and L (-1: the length is the integer lc) */
    int lc, s, k;
} ord_link;

typedef struct ord_state {
    int nlinks;
    ord_link *link;
} ord_state;

static void ord_destroy(void *data, size_t size) {
    (void)size;
    ord_state *s = data;
    FREEN(s->link, (size_t)s->nlinks);
}

static int ord_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const ord_state *s = c->data;
    for (int i = 0; i < s->nlinks; i++) {
        const ord_link *e = &s->link[i];
        int64_t l = e->l < 0 ? e->lc : vals[e->l];
        if ((int64_t)vals[e->a] + e->s * l + e->k > vals[e->b]) return 0;
    }
    return 1;
}

/* The rules of one link; *changed set on a change.  CSP_WIPEOUT or 0. */
static int link_revise(csp *p, const csp_con *c, const ord_link *e, int *changed) {
    int a = c->scope[e->a], b = c->scope[e->b], l = e->l < 0 ? -1 : c->scope[e->l];
    int64_t lmin = l < 0 ? e->lc : csp_min(p, l), lmax = l < 0 ? e->lc : csp_max(p, l);
    int64_t m = e->s > 0 ? lmin : -lmax;
    int r;
    if ((r = csp_remove_below(p, b, csp_min(p, a) + m + e->k)) == CSP_WIPEOUT) return r;
    *changed |= r;
    if ((r = csp_remove_above(p, a, csp_max(p, b) - m - e->k)) == CSP_WIPEOUT) return r;
    *changed |= r;
    if (l >= 0) {
        int64_t room = (int64_t)csp_max(p, b) - csp_min(p, a) - e->k; /* s L <= room */
        r = e->s > 0 ? csp_remove_above(p, l, room) : csp_remove_below(p, l, -room);
        if (r == CSP_WIPEOUT) return r;
        *changed |= r;
    }
    return 0;
}

static int ord_propagate(csp *p, csp_con *c) {
    const ord_state *s = c->data;
    int any = 0;
    for (;;) {
        int changed = 0;
        for (int i = 0; i < s->nlinks; i++)
            if (link_revise(p, c, &s->link[i], &changed)) return CSP_WIPEOUT;
        for (int i = s->nlinks - 1; i >= 0; i--)
            if (link_revise(p, c, &s->link[i], &changed)) return CSP_WIPEOUT;
        if (!changed) return any ? CSP_CHANGED : CSP_NOCHANGE;
        any = 1;
    }
}

static const csp_con_ops ordered_ops = {
    .name = "ordered",
    .check = ord_check,
    .propagate = ord_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = ord_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_BOUNDS, /* the rules read bounds only */
    .idempotent = 1,
};

int csp_post_ordered(csp *p, const int *vars, int n, const int *lvar, const int *lcst,
                     enum csp_order op) {
    if (n < 2) return -1;
    size_t un = (size_t)n;
    int *scope = NEWN(2 * un, int), ns = 0;
    ord_state s = {.nlinks = n - 1, .link = NEWN(un - 1, ord_link)};
    int *pos = NEWN(un, int);
    for (int i = 0; i < n; i++) pos[i] = csp_scope_add(scope, &ns, vars[i]);
    for (int i = 0; i + 1 < n; i++) {
        ord_link *e = &s.link[i];
        int up = op == CSP_ORD_LT || op == CSP_ORD_LE;
        e->a = up ? pos[i] : pos[i + 1];
        e->b = up ? pos[i + 1] : pos[i];
        e->s = up ? 1 : -1;
        e->k = op == CSP_ORD_LT || op == CSP_ORD_GT;
        e->l = lvar && lvar[i] >= 0 ? csp_scope_add(scope, &ns, lvar[i]) : -1;
        e->lc = e->l < 0 && lcst ? lcst[i] : 0;
    }
    int id = csp_add_con(p, &ordered_ops, scope, ns, &s, sizeof s);
    FREEN(pos, un);
    FREEN(scope, 2 * un);
    return id;
}

/* ==== the registry's entries (globals.h) =================================== */

static void random_ordered_at(csp *p, rng *g, int var_lengths) {
    int n = var_lengths ? 2 + (int)rng_below(g, 2) : 2 + (int)rng_below(g, 4);
    int vars[5], lvar[4], lcst[4];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -2, 4);
    for (int i = 0; i + 1 < n; i++) {
        lcst[i] = (int)rng_below(g, 5) - 2;
        lvar[i] = var_lengths ? csp_random_var(p, g, 1 + (int)rng_below(g, 4), -2, 2) : -1;
    }
    csp_post_ordered(p, vars, n, lvar, lcst, (enum csp_order)rng_below(g, 4));
}
static void random_ordered(csp *p, rng *g) { random_ordered_at(p, g, 0); }
static void random_ordered_lengths(csp *p, rng *g) { random_ordered_at(p, g, 1); }

const csp_global csp_global_ordered = {
    "ordered", "x_i + l_i op x_{i+1} along a list (op <, <=, >=, >; integer lengths)",
    "GAC: bounds along the chain, forward and backward sweeps (a path of monotone binary links)",
    CSP_LEVEL_GAC, random_ordered};
const csp_global csp_global_ordered_lengths = {
    "ordered-lengths", "x_i + l_i op x_{i+1} along a list, the lengths variables",
    "bounds(Z): the bounds rules of each ternary link, sweeps to a fixpoint", CSP_LEVEL_BOUNDS_Z,
    random_ordered_lengths};
