/* cardinality.c - the global cardinality constraint: for each value
 * vals[j], the number of x_i equal to it satisfies occurs[j] (a variable
 * or an interval); closed: every x_i takes one of the values.  Sound.
 *
 * For each j, S_j counts the x_i fixed to vals[j] and M_j those whose
 * domain holds it; the occurrence o_j lies in [S_j, M_j].  The propagator
 * cuts an occurs variable to [S_j, M_j], fails when an occurrence's
 * interval misses it, removes vals[j] from the unfixed x_i once S_j
 * reaches max o_j (the value is full), fixes every x_i holding vals[j]
 * once M_j falls to min o_j (each is needed), and, closed, keeps only the
 * values in every domain; each pass is O(n |vals|) membership tests.
 * Then, when the list's domains hold at most CARD_FLOW_MAX_EDGES values in
 * all at post time, Regin's flow (card_flow.c) makes the list GAC for the
 * occurrences' current bounds, and the two repeat until the flow removes
 * nothing (idempotent).  The list is then GAC when every occurrence is
 * an integer or an interval; an occurs variable gets its bounds only
 * (sound).  Measured on BinPacking-n1c1w4a: at a state of ACE's search,
 * the counting left 3 wrong decisions to refute what the flow (and ACE's
 * matching-based Cardinality) fails at once (results/binpacking.md).
 * Scheduled as expensive (after the cheap propagators' fixpoint): on
 * BinPacking-n1c1w4a the cheap class ran the flow at every change of its
 * 120 variables, 10,000 nodes a second against 115,000 (the proof of
 * ">= 6 empty bins" 8.7 s against 1.6 s, the same spec). */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "card_flow.h"
#include "count.h"
#include "globals.h"
#include "valset.h"

typedef struct card_data {
    int n, nv, closed; /* scope: x_0..x_{n-1}, then the occurs variables */
    card_flow *flow;   /* GAC on the list (card_flow.h); NULL: counting only */
    int64_t w[];       /* vals[nv], then per j: scope position (or -1), lo, hi */
} card_data;

static const int64_t *card_occ(const card_data *s, int j) { return s->w + s->nv + 3 * j; }

static int card_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const card_data *s = c->data;
    for (int j = 0; j < s->nv; j++) {
        int64_t k = 0;
        const int64_t *o = card_occ(s, j);
        for (int i = 0; i < s->n; i++) k += vals[i] == s->w[j];
        if (o[0] >= 0 ? k != vals[o[0]] : k < o[1] || k > o[2]) return 0;
    }
    for (int i = 0; s->closed && i < s->n; i++)
        if (!csp_valset_has(s->w, s->nv, vals[i])) return 0;
    return 1;
}

/* The bounds of occurrence j. */
static void occ_bounds(const csp *p, const csp_con *c, const card_data *s, int j, int64_t *lo,
                       int64_t *hi) {
    const int64_t *o = card_occ(s, j);
    if (o[0] >= 0) {
        *lo = csp_min(p, c->scope[o[0]]), *hi = csp_max(p, c->scope[o[0]]);
    } else {
        *lo = o[1], *hi = o[2];
    }
}

#define STEP_(call)                                                                                \
    do {                                                                                           \
        int q_ = (call);                                                                           \
        if (q_ == CSP_WIPEOUT) return q_;                                                          \
        if (q_ == CSP_CHANGED) changed = 1, r = CSP_CHANGED;                                       \
    } while (0)

/* The counting rules to their fixpoint (the header's S and M). */
static int card_count(csp *p, csp_con *c) {
    const card_data *s = c->data;
    int r = CSP_NOCHANGE;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; s->closed && i < s->n; i++)
            STEP_(csp_valset_keep(p, c->scope[i], s->w, s->nv));
        for (int j = 0; j < s->nv; j++) {
            int64_t a = s->w[j], S = 0, M = 0, lo, hi;
            for (int i = 0; i < s->n; i++) {
                int x = c->scope[i];
                if (!csp_has(p, x, a)) continue;
                M++, S += csp_single(p, x);
            }
            const int64_t *o = card_occ(s, j);
            if (o[0] >= 0) {
                STEP_(csp_remove_below(p, c->scope[o[0]], S));
                STEP_(csp_remove_above(p, c->scope[o[0]], M));
            }
            occ_bounds(p, c, s, j, &lo, &hi);
            if (hi < S || lo > M) return CSP_WIPEOUT;
            if (S == M) continue;
            for (int i = 0; i < s->n && (S == hi || M == lo); i++) {
                int x = c->scope[i];
                if (csp_single(p, x) || !csp_has(p, x, a)) continue;
                STEP_(S == hi ? csp_remove(p, x, a) : csp_keep(p, x, a));
            }
        }
    }
    return r;
}

/* Counting, then the flow's GAC on the list (when it has one), until the
 * flow removes nothing (its removals may tighten the occurrences). */
static int card_propagate(csp *p, csp_con *c) {
    card_data *s = c->data;
    int r = CSP_NOCHANGE;
    for (int changed = 1; changed;) {
        changed = 0;
        int q = card_count(p, c);
        if (q == CSP_WIPEOUT) return q;
        if (q == CSP_CHANGED) r = CSP_CHANGED;
        if (!s->flow) break;
        int64_t *lo = card_flow_lo(s->flow), *hi = card_flow_hi(s->flow);
        for (int j = 0; j < s->nv; j++) occ_bounds(p, c, s, j, &lo[j], &hi[j]);
        STEP_(card_flow_run(p, s->flow, c->scope, s->w, lo, hi, s->closed));
    }
    return r;
}

static void card_destroy(void *data, size_t size) {
    (void)size;
    card_flow_free(((card_data *)data)->flow);
}

/* bt: no occurrence is already out of reach. */
static int card_partial(const csp *p, const csp_con *c) {
    const card_data *s = c->data;
    for (int j = 0; j < s->nv; j++) {
        int64_t S = 0, M = 0, lo, hi;
        for (int i = 0; i < s->n; i++) {
            int x = c->scope[i];
            if (!csp_has(p, x, s->w[j])) continue;
            M++, S += csp_single(p, x);
        }
        occ_bounds(p, c, s, j, &lo, &hi);
        if (hi < S || lo > M) return 0;
    }
    return 1;
}

static const csp_con_ops card_ops = {
    .name = "cardinality",
    .check = card_check,
    .partial = card_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = card_propagate,
    .destroy = card_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .idempotent = 1,
};

int csp_post_cardinality(csp *p, const int *vars, int n, const int64_t *vals, const csp_occurs *occ,
                         int nv, int closed) {
    size_t size = sizeof(card_data) + (size_t)(4 * nv) * sizeof(int64_t);
    card_data *s = xmalloc(size);
    s->n = n, s->nv = nv, s->closed = closed;
    s->flow = card_flow_new(p, vars, n, nv);
    int *scope = NEWN((size_t)(n + nv), int), arity = n;
    memcpy(scope, vars, (size_t)n * sizeof *vars);
    for (int j = 0; j < nv; j++) {
        int64_t *o = s->w + nv + 3 * j;
        s->w[j] = vals[j];
        o[0] = -1, o[1] = occ[j].lo, o[2] = occ[j].hi;
        if (occ[j].var >= 0) o[0] = arity, scope[arity++] = occ[j].var;
    }
    int id = csp_add_con(p, &card_ops, scope, arity, s, size);
    FREEN(scope, (size_t)(n + nv));
    xfree(s, size);
    return id;
}

/* 2 to 4 variables over 0..3, 1 to 3 of those values, each counted by a
 * variable or an interval; closed one time in two. */
static void random_card(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 3), vars[4], nv = 1 + (int)rng_below(g, 3);
    int64_t v[3];
    csp_occurs occ[3];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), 0, 3);
    int64_t at = (int64_t)rng_below(g, 2);
    for (int j = 0; j < nv; j++) {
        v[j] = at, at += 1 + (int64_t)rng_below(g, 2);
        occ[j].var = -1;
        occ[j].lo = (int64_t)rng_below(g, 3), occ[j].hi = occ[j].lo + (int64_t)rng_below(g, 3);
        if (rng_below(g, 2)) occ[j].var = csp_random_var(p, g, 1 + (int)rng_below(g, 3), 0, 3);
    }
    csp_post_cardinality(p, vars, n, v, occ, nv, (int)rng_below(g, 2));
}

const csp_global csp_global_cardinality = {
    "cardinality", "cardinality: the occurrences of each value, constants, intervals or variables",
    "sound: the fixed/possible counts of each value against its occurrence, then GAC on the list "
    "for the occurrences' bounds by Regin's flow (AAAI 1996; lists up to 2^16 values in all)",
    CSP_LEVEL_SOUND, random_card};
