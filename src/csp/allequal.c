/* allequal.c - the all-equal constraint x_1 = ... = x_n, generalised arc
 * consistent: a value has a support iff it is in every domain, so the
 * propagator cuts every domain to the intersection of all (first the
 * bounds, then the smallest domain cut to every other and every other cut
 * to it, csp_keep_common).  One call reaches the fixpoint: afterwards
 * every domain is that intersection.  Cost O(n r log r), r the runs
 * (intervals) of the domains, not their values: any width works.
 * fc runs the propagator on every assignment of a variable of the list. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "allequal.h"
#include "globals.h"

static int aeq_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    for (int i = 1; i < c->arity; i++)
        if (vals[i] != vals[0]) return 0;
    return 1;
}

static int aeq_propagate(csp *p, csp_con *c) {
    int n = c->arity, r = CSP_NOCHANGE, small = c->scope[0];
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    for (int i = 0; i < n; i++) {
        int v = c->scope[i];
        lo = csp_min(p, v) > lo ? csp_min(p, v) : lo;
        hi = csp_max(p, v) < hi ? csp_max(p, v) : hi;
    }
    for (int i = 0; i < n; i++) {
        int ra = csp_remove_below(p, c->scope[i], lo), rb;
        if (ra == CSP_WIPEOUT || (rb = csp_remove_above(p, c->scope[i], hi)) == CSP_WIPEOUT)
            return CSP_WIPEOUT;
        if (ra == CSP_CHANGED || rb == CSP_CHANGED) r = CSP_CHANGED;
        if (csp_size(p, c->scope[i]) < csp_size(p, small)) small = c->scope[i];
    }
    /* the intersection, run by run (domains may be 2^31 values wide): the
     * smallest domain cut to every other, then every other cut to it */
    for (int i = 0; i < n; i++) {
        int q = csp_keep_common(p, small, c->scope[i]);
        if (q == CSP_WIPEOUT) return q;
        if (q == CSP_CHANGED) r = CSP_CHANGED;
    }
    for (int i = 0; i < n; i++) {
        int q = csp_keep_common(p, c->scope[i], small);
        if (q == CSP_WIPEOUT) return q;
        if (q == CSP_CHANGED) r = CSP_CHANGED;
    }
    return r;
}

static const csp_con_ops allequal_ops = {
    .name = "allequal",
    .check = aeq_check,
    .propagate = aeq_propagate,
    .on_assign = csp_on_assign_propagate,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_ANY,
    .idempotent = 1,
};

int csp_post_allequal(csp *p, const int *vars, int n) {
    if (n < 2) return -1;
    int *scope = NEWN((size_t)n, int), ns = 0;
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = 0; j < ns && !dup; j++) dup = scope[j] == vars[i];
        if (!dup) scope[ns++] = vars[i];
    }
    int id = -1;
    if (ns >= 2) id = csp_add_con(p, &allequal_ops, scope, ns, NULL, 0);
    FREEN(scope, (size_t)n);
    return id;
}

static void random_allequal(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 4), vars[5];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -2, 5);
    csp_post_allequal(p, vars, n);
}

const csp_global csp_global_allequal = {"allequal", "every variable of a list takes the same value",
                                        "GAC: every domain cut to the intersection of all",
                                        CSP_LEVEL_GAC, random_allequal};
