/* reif_in.c - b <-> (x in S) and b -> (x in S) for a constant set S of
 * intervals (FlatZinc's set_in_reif, and set_in with b fixed to 1).
 *
 * Once b is fixed to 1, x keeps only the values of S; fixed to 0 in an
 * equivalence, only the values outside S (removed run by run: no walk).  While b is free, b becomes 1
 * when every value of x is in S (equivalence only) and 0 when none is.
 * x's values are visited with csp_next, at most REIF_IN_WALK of them per
 * call; past that only the bounds decide (sound: nothing is fixed that
 * the walk did not prove).  GAC when the walk completes. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "reif.h"

#define REIF_IN_WALK 4096

typedef struct in_state {
    int niv, ngap, mode;
    /* 2 * niv bounds, sorted; then the 2 * ngap bounds of the nonempty
     * gaps between them (what S leaves out inside its hull), sorted;
     * scope: x, b */
    int64_t iv[];
} in_state;

static int in_set(const in_state *s, int64_t v) {
    for (int j = 0; j < s->niv; j++)
        if (v >= s->iv[2 * j] && v <= s->iv[2 * j + 1]) return 1;
    return 0;
}

/* Removes from x the values in S (inside 0) or outside S (inside 1),
 * run by run (csp_remove_runs): the cost follows S's intervals and x's
 * runs, not x's values. */
static int keep_side(csp *p, int x, const in_state *s, int inside) {
    if (!inside) return csp_remove_runs(p, x, s->iv, (size_t)s->niv);
    if (s->niv == 0) return CSP_WIPEOUT;
    int r = CSP_NOCHANGE;
    CSP_MERGE(r, csp_remove_below(p, x, s->iv[0]));
    CSP_MERGE(r, csp_remove_above(p, x, s->iv[2 * s->niv - 1]));
    if (s->ngap)
        CSP_MERGE(r, csp_remove_runs(p, x, s->iv + 2 * s->niv, (size_t)s->ngap));
    return r;
}

static int in_propagate(csp *p, csp_con *c) {
    const in_state *s = c->data;
    int x = c->scope[0], b = c->scope[1];
    if (csp_single(p, b)) {
        if (csp_min(p, b) == 1) return keep_side(p, x, s, 1);
        return s->mode == CSP_REIF_EQUIV ? keep_side(p, x, s, 0) : CSP_NOCHANGE;
    }
    int any_in = 0, any_out = 0, steps = 0;
    int64_t v = csp_min(p, x);
    for (; v != CSP_NOVAL && steps < REIF_IN_WALK && !(any_in && any_out); steps++) {
        if (in_set(s, v))
            any_in = 1;
        else
            any_out = 1;
        v = csp_next(p, x, v);
    }
    if (v != CSP_NOVAL && !(any_in && any_out)) return CSP_NOCHANGE; /* walk cut short */
    if (!any_in) return csp_keep(p, b, 0);
    if (!any_out && s->mode == CSP_REIF_EQUIV) return csp_keep(p, b, 1);
    return CSP_NOCHANGE;
}

static int in_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const in_state *s = c->data;
    int t = in_set(s, vals[0]);
    return s->mode == CSP_REIF_EQUIV ? vals[1] == t : (!vals[1] || t);
}

static const csp_con_ops in_ops = {
    .name = "in-reif",
    .check = in_check,
    .propagate = in_propagate,
    .on_assign = csp_on_assign_propagate,
};

int csp_post_in_reif(csp *p, int x, const int64_t *iv, int niv, int b, int mode) {
    size_t size = sizeof(in_state) + (size_t)(4 * niv) * sizeof(int64_t);
    in_state *s = xmalloc(size);
    s->niv = niv, s->ngap = 0, s->mode = mode;
    if (niv) memcpy(s->iv, iv, (size_t)(2 * niv) * sizeof *iv);
    for (int j = 0; j + 1 < niv; j++)
        if (iv[2 * j + 1] + 1 <= iv[2 * j + 2] - 1) {
            s->iv[2 * niv + 2 * s->ngap] = iv[2 * j + 1] + 1;
            s->iv[2 * niv + 2 * s->ngap + 1] = iv[2 * j + 2] - 1;
            s->ngap++;
        }
    int scope[2] = {x, b};
    int id = csp_add_con(p, &in_ops, scope, 2, s, size);
    xfree(s, size);
    return id;
}

/* x over -3..3, S one or two intervals of -4..4, b over {0,1} or fixed. */
static void random_in(csp *p, rng *g) {
    int x = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -3, 3);
    int b = csp_random_bool(p, g);
    int64_t iv[4];
    int niv = 1 + (int)rng_below(g, 2);
    int64_t at = -4 + (int64_t)rng_below(g, 3);
    for (int j = 0; j < niv; j++) {
        iv[2 * j] = at;
        iv[2 * j + 1] = at + (int64_t)rng_below(g, 3);
        at = iv[2 * j + 1] + 2 + (int64_t)rng_below(g, 2);
    }
    csp_post_in_reif(p, x, iv, niv, b, (int)rng_below(g, 2));
}

const csp_global csp_global_in_reif = {"in-reif", "b <-> x in S and b -> x in S, S a constant set",
                                       "GAC: S's values walked in x's domain (bounds past 4096)",
                                       CSP_LEVEL_GAC, random_in};
