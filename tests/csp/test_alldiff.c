/* test_alldiff.c - the all-different global: each propagator against a
 * brute-force closure of its own definition (GAC, bounds(Z), value) on
 * thousands of random small groups, the incremental matching along random
 * prune / assign / undo sequences, every queue policy's fixpoint against a
 * naive one, every level x strategy x queue against brute-force solution
 * sets (with the node-count relations that are theorems), the weight
 * bumps on every failure path, the priority of cheap propagators, the
 * pairwise model's constraint order, and memory. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/alldiff.h"
#include "csp/queue.h"
#include "csp/solver.h"

#define MAXN 8

/* ==== brute-force closures, on (domain, offset) arrays ================== */

/* Marks in sup every value of every all-different tuple of dom (values
 * off[i] + bit); stops early once everything is supported. */
static int bf_tuples(int n, const csp_dom *dom, const int *off, int i, int *vals, csp_dom *sup) {
    if (i == n) {
        for (int j = 0; j < n; j++) sup[j] |= csp_bit(vals[j] - off[j]);
        for (int j = 0; j < n; j++)
            if (sup[j] != dom[j]) return 0;
        return 1; /* all supported: stop */
    }
    for (csp_dom d = dom[i]; d; d &= d - 1) {
        int v = off[i] + csp_dom_min(d), used = 0;
        for (int j = 0; j < i && !used; j++) used = vals[j] == v;
        if (used) continue;
        vals[i] = v;
        if (bf_tuples(n, dom, off, i + 1, vals, sup)) return 1;
    }
    return 0;
}

/* GAC closure in place; returns 0 on wipe-out (no tuple). */
static int bf_gac(int n, csp_dom *dom, const int *off) {
    csp_dom sup[MAXN] = {0};
    int vals[MAXN];
    bf_tuples(n, dom, off, 0, vals, sup);
    for (int i = 0; i < n; i++) dom[i] = sup[i];
    return sup[0] != 0; /* any tuple supports a value of position 0 */
}

/* Some all-different assignment of positions i.. to integers of their
 * intervals [lo_j, hi_j], given vals[0..i-1]. */
static int bf_interval_rec(int n, const int *lo, const int *hi, int i, int *vals) {
    if (i == n) return 1;
    for (int v = lo[i]; v <= hi[i]; v++) {
        int used = 0;
        for (int j = 0; j < i && !used; j++) used = vals[j] == v;
        if (used) continue;
        vals[i] = v;
        if (bf_interval_rec(n, lo, hi, i + 1, vals)) return 1;
    }
    return 0;
}

/* Does position i taking v extend to an all-different tuple in which
 * every other position takes an integer of [min, max] of its domain? */
static int bf_bound_supported(int n, const csp_dom *dom, const int *off, int i, int v) {
    int lo[MAXN], hi[MAXN], vals[MAXN];
    lo[0] = hi[0] = v;
    for (int j = 0, k = 1; j < n; j++)
        if (j != i) {
            lo[k] = off[j] + csp_dom_min(dom[j]);
            hi[k++] = off[j] + csp_dom_max(dom[j]);
        }
    return bf_interval_rec(n, lo, hi, 0, vals);
}

/* bounds(Z) closure in place (the definition in alldiff.c): remove an
 * unsupported min or max until none is left; 0 on wipe-out. */
static int bf_bounds(int n, csp_dom *dom, const int *off) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            while (dom[i] && !bf_bound_supported(n, dom, off, i, off[i] + csp_dom_min(dom[i])))
                dom[i] &= dom[i] - 1, changed = 1;
            while (dom[i] && !bf_bound_supported(n, dom, off, i, off[i] + csp_dom_max(dom[i])))
                dom[i] &= ~csp_bit(csp_dom_max(dom[i])), changed = 1;
            if (!dom[i]) return 0;
        }
    }
    return 1;
}

/* value closure in place: singletons' values leave the other domains. */
static int bf_value(int n, csp_dom *dom, const int *off) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (!dom[i]) return 0;
            if (!csp_dom_single(dom[i])) continue;
            int v = off[i] + csp_dom_min(dom[i]);
            for (int j = 0; j < n; j++) {
                int b = v - off[j];
                if (j == i || b < 0 || b > 63 || !(dom[j] >> b & 1)) continue;
                dom[j] &= ~csp_bit(b);
                changed = 1;
                if (!dom[j]) return 0;
            }
        }
    }
    return 1;
}

/* The closure of a group at a level (pairwise: the value closure, which
 * is the GAC closure of the clique); 0 on wipe-out. */
static int bf_level(int level, int n, csp_dom *dom, const int *off) {
    for (int i = 0; i < n; i++)
        if (!dom[i]) return 0;
    switch (level) {
    case CSP_ALLDIFF_DOMAIN:
        return bf_gac(n, dom, off);
    case CSP_ALLDIFF_BOUNDS:
        return bf_bounds(n, dom, off);
    default:
        return bf_value(n, dom, off);
    }
}

/* ==== random groups ====================================================== */

/* Group shapes: values near one base; some variables' values far away
 * (two blocks of indices); or a chain of overlapping 64-value windows
 * (one block of up to 190 indices: value sets of several words). */
enum { SHAPE_NEAR, SHAPE_FAR, SHAPE_CHAIN };

/* A csp of n variables whose domains are random subsets of values in
 * [base, base + width); each variable gets its own offset (lo below the
 * values).  SHAPE_CHAIN: variable i has the window [25 i, 25 i + 63] and
 * a few values of it, some in the shared range 60..70. */
static csp *random_group(rng *r, int n, int width, int shape) {
    csp *p = csp_new();
    int base = (int)rng_below(r, 5) - 2;
    for (int i = 0; i < n; i++) {
        if (shape == SHAPE_CHAIN) {
            int lo = 25 * i, v = csp_add_var(p, lo, lo + 63, NULL);
            csp_dom keep = 0;
            for (int k = 0; k < 3; k++) {
                int val = rng_below(r, 2) ? 60 + (int)rng_below(r, 11) : lo + (int)rng_below(r, 64);
                if (val >= lo && val <= lo + 63) keep |= csp_bit(val - lo);
            }
            if (!keep) keep = csp_bit((int)rng_below(r, 64));
            csp_restrict(p, v, keep);
            continue;
        }
        int b = base;
        if (shape == SHAPE_FAR && rng_below(r, 2)) b += 60 + (int)rng_below(r, 50);
        int lo = b - (int)rng_below(r, 4);
        int v = csp_add_var(p, lo, b + width - 1, NULL);
        csp_dom keep = 0;
        while (!keep) keep = rng_next(r) & csp_range(b - lo, b - lo + width - 1);
        csp_restrict(p, v, keep);
    }
    return p;
}

/* The shape of round k: mostly near, one in ten far, one in ten chained. */
static int shape_of(int k) {
    return k % 10 == 0 ? SHAPE_FAR : k % 10 == 5 ? SHAPE_CHAIN : SHAPE_NEAR;
}

static void doms_of(const csp *p, const int *vars, int n, csp_dom *dom, int *off) {
    for (int i = 0; i < n; i++) {
        dom[i] = csp_bits(p, vars[i]);
        off[i] = p->offset[vars[i]];
    }
}

/* Random prunes (never emptying a domain) of the variables. */
static void random_prunes(rng *r, csp *p, int n) {
    for (int i = 0; i < n; i++) {
        if (rng_below(r, 3) == 0) continue;
        csp_dom keep = csp_bits(p, i) & rng_next(r);
        if (keep) csp_restrict(p, i, keep);
    }
}

/* Propagates c (one call) and checks the result against the level's
 * closure; then once more: nothing may change (idempotence).  Returns
 * 0 when the brute force wipes out. */
static int check_against_bf(csp *p, csp_con *c, int level, const char *what, int round) {
    int n = c->arity, off[MAXN] = {0};
    csp_dom want[MAXN] = {0}, got[MAXN] = {0};
    doms_of(p, c->scope, n, want, off);
    int ok = bf_level(level, n, want, off);
    int r = csp_propagate_con(p, c);
    doms_of(p, c->scope, n, got, off);
    CHECK_MSG((r == CSP_WIPEOUT) == !ok, "%s round %d: wipe-out %d, brute force %d", what, round,
              r == CSP_WIPEOUT, !ok);
    if (r != CSP_WIPEOUT && ok) {
        CHECK_MSG(memcmp(want, got, (size_t)n * sizeof *got) == 0, "%s round %d: closure differs",
                  what, round);
        CHECK_MSG(csp_propagate_con(p, c) == CSP_NOCHANGE, "%s round %d: not idempotent", what,
                  round);
    }
    return ok;
}

/* Each level's propagator against its brute-force closure on random
 * groups (n <= 6), with different offsets, sometimes two value blocks and
 * a union wider than 64 values. */
static void test_propagators(void) {
    static const char *const what[] = {"pairwise", "value", "bounds", "domain"};
    for (int level = CSP_ALLDIFF_VALUE; level <= CSP_ALLDIFF_DOMAIN; level++) {
        rng r;
        rng_seed(&r, 100 + (uint64_t)level);
        int rounds = level == CSP_ALLDIFF_BOUNDS ? 3000 : 5000;
        for (int round = 0; round < rounds; round++) {
            int n = 1 + (int)rng_below(&r, 6), width = n + (int)rng_below(&r, 3) - 1;
            if (width < 1) width = 1;
            csp *p = random_group(&r, n, width, shape_of(round));
            int vars[MAXN];
            for (int i = 0; i < n; i++) vars[i] = i;
            CHECK(csp_post_alldiff(p, vars, n, (enum csp_alldiff)level) == 0);
            csp_finalize(p);
            if (p->ncons == 0) { /* n < 2: nothing posted */
                CHECK(n < 2);
                csp_free(p);
                continue;
            }
            random_prunes(&r, p, n); /* domains shrink after posting */
            check_against_bf(p, p->cons[0], level, what[level], round);
            csp_free(p);
        }
    }
}

/* The matching and the blocks (domain) and the sort orders (bounds) live
 * across calls: random prunes, assignments and undos to earlier marks on
 * one constraint, with the closure checked after every step.  Every other
 * round has as many values as variables (a Latin square's row: no free
 * value, so the domain level keeps its blocks, Hall sets, across calls),
 * the others one or two more. */
static void test_incremental(void) {
    static const char *const what[] = {"pairwise", "value", "bounds", "domain"};
    for (int level = CSP_ALLDIFF_VALUE; level <= CSP_ALLDIFF_DOMAIN; level++) {
        rng r;
        rng_seed(&r, 200 + (uint64_t)level);
        for (int round = 0; round < 300; round++) {
            int n = 2 + (int)rng_below(&r, 5);
            int width = round % 2 ? n : n + 1 + (int)rng_below(&r, 2);
            csp *p = random_group(&r, n, width, shape_of(round));
            int vars[MAXN];
            for (int i = 0; i < n; i++) vars[i] = i;
            csp_post_alldiff(p, vars, n, (enum csp_alldiff)level);
            csp_finalize(p);
            csp_con *c = p->cons[0];
            size_t marks[64];
            int nmarks = 0;
            marks[nmarks++] = csp_mark(p);
            for (int step = 0; step < 40; step++) {
                int op = (int)rng_below(&r, 4), v = (int)rng_below(&r, (uint64_t)n);
                if (op == 0 && nmarks < 64) {
                    marks[nmarks++] = csp_mark(p);
                } else if (op == 1 && nmarks > 1) { /* back to an earlier mark */
                    int k = (int)rng_below(&r, (uint64_t)nmarks - 1);
                    csp_undo(p, marks[k]);
                    nmarks = k + 1;
                } else if (op == 2) {
                    csp_dom d = csp_bits(p, v);
                    int k = (int)rng_below(&r, (uint64_t)csp_dom_size(d));
                    while (k--) d &= d - 1;
                    csp_decide(p, v, csp_value(p, v, csp_dom_min(d)));
                } else {
                    csp_dom keep = csp_bits(p, v) & rng_next(&r);
                    if (keep) csp_restrict(p, v, keep);
                }
                csp_clear_touched(p);
                if (!check_against_bf(p, c, level, what[level], round * 100 + step)) {
                    csp_undo(p, marks[nmarks - 1]); /* a wipe-out: back to the last mark */
                    if (nmarks > 1) nmarks--;
                }
            }
            csp_free(p);
        }
    }
}

/* ==== random models with several groups ================================== */

typedef struct model_spec {
    int nvars, lo[MAXN], hi[MAXN], given[MAXN];
    csp_dom init[MAXN];
    int ngroups, gsize[3], group[3][MAXN];
    int nlt, lt[4][2];
} model_spec;

static void random_spec(rng *r, model_spec *m) {
    memset(m, 0, sizeof *m);
    m->nvars = 4 + (int)rng_below(r, 4);
    for (int v = 0; v < m->nvars; v++) {
        m->lo[v] = (int)rng_below(r, 3) - 1;
        m->hi[v] = m->lo[v] + 3 + (int)rng_below(r, 3);
        m->init[v] = csp_range(0, m->hi[v] - m->lo[v]);
        if (rng_below(r, 3) == 0) {
            csp_dom k = m->init[v] & rng_next(r);
            if (k) m->init[v] = k;
        }
        m->given[v] = rng_below(r, 12) == 0 ? 1 : 0;
    }
    m->ngroups = 1 + (int)rng_below(r, 3);
    for (int g = 0; g < m->ngroups; g++) {
        int perm[MAXN];
        for (int v = 0; v < m->nvars; v++) perm[v] = v;
        rng_shuffle(r, perm, m->nvars);
        m->gsize[g] = 2 + (int)rng_below(r, (uint64_t)(m->nvars < 5 ? m->nvars - 1 : 4));
        memcpy(m->group[g], perm, sizeof m->group[g]);
    }
    m->nlt = (int)rng_below(r, 4);
    for (int k = 0; k < m->nlt; k++) {
        m->lt[k][0] = (int)rng_below(r, (uint64_t)m->nvars);
        do m->lt[k][1] = (int)rng_below(r, (uint64_t)m->nvars);
        while (m->lt[k][1] == m->lt[k][0]);
    }
}

static csp *build_spec(const model_spec *m, int level) {
    csp *p = csp_new();
    for (int v = 0; v < m->nvars; v++) {
        csp_add_var(p, m->lo[v], m->hi[v], NULL);
        csp_restrict(p, v, m->init[v]);
        if (m->given[v]) csp_fix(p, v, m->lo[v] + csp_dom_min(m->init[v]));
    }
    for (int g = 0; g < m->ngroups; g++)
        CHECK(csp_post_alldiff(p, m->group[g], m->gsize[g], (enum csp_alldiff)level) == 0);
    for (int k = 0; k < m->nlt; k++) csp_add_rel(p, m->lt[k][0], CSP_REL_LT, m->lt[k][1]);
    csp_finalize(p);
    return p;
}

/* The model's rules, straight from the spec. */
static int spec_holds(const model_spec *m, const int *val) {
    for (int g = 0; g < m->ngroups; g++)
        for (int i = 0; i < m->gsize[g]; i++)
            for (int j = i + 1; j < m->gsize[g]; j++)
                if (val[m->group[g][i]] == val[m->group[g][j]]) return 0;
    for (int k = 0; k < m->nlt; k++)
        if (!(val[m->lt[k][0]] < val[m->lt[k][1]])) return 0;
    return 1;
}

/* A solution as one number (values shifted to be non-negative, base 16). */
static uint64_t encode(const model_spec *m, const int *val) {
    uint64_t code = 0;
    for (int v = 0; v < m->nvars; v++) code = code * 16 + (uint64_t)(val[v] + 2);
    return code;
}

typedef struct solset {
    uint64_t *code; /* cap entries: the product of the domain sizes */
    int n, cap, bad;
    const model_spec *m;
} solset;

static void solset_init(solset *s, const model_spec *m) {
    *s = (solset){.m = m, .cap = 1};
    for (int v = 0; v < m->nvars; v++) s->cap *= csp_dom_size(m->init[v]);
    s->code = NEWN((size_t)s->cap, uint64_t);
}

static void solset_free(solset *s) { FREEN(s->code, (size_t)s->cap); }

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Every solution of the spec by enumerating the initial domains (givens
 * fixed). */
static void bf_solutions(const model_spec *m, solset *out) {
    int val[MAXN], n = m->nvars;
    csp_dom left[MAXN], dom[MAXN];
    out->n = 0;
    for (int v = 0; v < n; v++) {
        dom[v] = m->given[v] ? csp_bit(csp_dom_min(m->init[v])) : m->init[v];
        left[v] = dom[v];
    }
    for (;;) {
        for (int v = 0; v < n; v++) val[v] = m->lo[v] + csp_dom_min(left[v]);
        if (spec_holds(m, val)) out->code[out->n++] = encode(m, val);
        int v = 0;
        for (; v < n; v++) {
            left[v] &= left[v] - 1;
            if (left[v]) break;
            left[v] = dom[v];
        }
        if (v == n) break;
    }
    qsort(out->code, (size_t)out->n, sizeof *out->code, cmp_u64);
}

/* Records a solution the search reports, checked against the spec. */
static int record(void *ctx, const csp *p) {
    solset *s = ctx;
    int val[MAXN];
    for (int v = 0; v < p->nvars; v++) {
        if (!csp_dom_single(csp_bits(p, v))) s->bad++;
        val[v] = csp_min(p, v);
    }
    if (!spec_holds(s->m, val)) s->bad++;
    if (s->n < s->cap)
        s->code[s->n++] = encode(s->m, val);
    else
        s->bad++;
    return 1;
}

/* ==== queue policies' fixpoints ========================================== */

/* The naive fixpoint: each group's brute-force closure at its level and
 * each < revised, until nothing changes; 0 on wipe-out. */
static int naive_fixpoint(const model_spec *m, int level, csp_dom *dom, const int *off) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (int g = 0; g < m->ngroups; g++) {
            int n = m->gsize[g], goff[MAXN];
            csp_dom gd[MAXN];
            for (int i = 0; i < n; i++) gd[i] = dom[m->group[g][i]], goff[i] = off[m->group[g][i]];
            if (!bf_level(level, n, gd, goff)) return 0;
            for (int i = 0; i < n; i++)
                if (gd[i] != dom[m->group[g][i]]) dom[m->group[g][i]] = gd[i], changed = 1;
        }
        for (int k = 0; k < m->nlt; k++) {
            int x = m->lt[k][0], y = m->lt[k][1];
            if (!dom[x] || !dom[y]) return 0;
            int maxy = off[y] + csp_dom_max(dom[y]), minx = off[x] + csp_dom_min(dom[x]);
            csp_dom kx = dom[x] & csp_range(0, maxy - 1 - off[x]);
            csp_dom ky = dom[y] & csp_range(minx + 1 - off[y], 63);
            if (kx != dom[x] || ky != dom[y]) dom[x] = kx, dom[y] = ky, changed = 1;
            if (!kx || !ky) return 0;
        }
    }
    return 1;
}

/* Every queue policy, from scratch and after an assignment, reaches the
 * naive fixpoint (so waking, skipping an idempotent global's own changes
 * and deferring expensive ones lose nothing). */
static void test_queues(void) {
    rng r;
    rng_seed(&r, 300);
    for (int round = 0; round < 400; round++) {
        model_spec m;
        random_spec(&r, &m);
        for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++) {
            csp *p = build_spec(&m, level);
            int n = p->nvars, off[MAXN] = {0};
            size_t mark0 = csp_mark(p); /* build_spec's restrictions are on the trail */
            csp_dom want[MAXN] = {0}, want2[MAXN] = {0};
            doms_of(p, (int[]){0, 1, 2, 3, 4, 5, 6, 7}, n, want, off);
            int ok = naive_fixpoint(&m, level, want, off);
            /* an assignment after the fixpoint: the first variable with a
             * choice takes its largest value */
            int av = -1, ok2 = 0;
            if (ok) {
                for (int v = 0; v < n && av < 0; v++)
                    if (!csp_dom_single(want[v])) av = v;
                if (av >= 0) {
                    memcpy(want2, want, sizeof want);
                    want2[av] = csp_bit(csp_dom_max(want[av]));
                    ok2 = naive_fixpoint(&m, level, want2, off);
                }
            }
            for (int q = 0; csp_queues[q]; q++) {
                stats st = {0};
                csp_set_stats(p, &st);
                int res = csp_propagate(p, csp_queues[q], 1);
                CHECK_MSG((res == CSP_WIPEOUT) == !ok, "queue %s level %d round %d: wipe-out",
                          csp_queues[q]->name, level, round);
                if (ok && res != CSP_WIPEOUT) {
                    CHECK_MSG(memcmp(want, p->word, (size_t)n * sizeof *want) == 0,
                              "queue %s level %d round %d: fixpoint differs", csp_queues[q]->name,
                              level, round);
                    if (av >= 0) {
                        csp_decide(p, av, csp_max(p, av));
                        res = csp_propagate(p, csp_queues[q], 0);
                        CHECK_MSG((res == CSP_WIPEOUT) == !ok2,
                                  "queue %s level %d round %d: wipe-out after assignment",
                                  csp_queues[q]->name, level, round);
                        if (ok2 && res != CSP_WIPEOUT)
                            CHECK_MSG(memcmp(want2, p->word, (size_t)n * sizeof *want2) == 0,
                                      "queue %s level %d round %d: fixpoint after assignment",
                                      csp_queues[q]->name, level, round);
                    }
                }
                CHECK(p->ev.ntouched == 0);
                CHECK(csp_qscratch_clean(p->queue.scratch));
                csp_undo(p, mark0);
                csp_clear_touched(p);
                csp_set_stats(p, NULL);
            }
            csp_free(p);
        }
    }
}

/* ==== search: every level x strategy x queue ============================= */

static void test_search(void) {
    rng r;
    rng_seed(&r, 400);
    const char *vars[] = {"lex", "dom", "dom/wdeg"};
    for (int round = 0; round < 150; round++) {
        model_spec m;
        random_spec(&r, &m);
        solset want;
        solset_init(&want, &m);
        bf_solutions(&m, &want);
        /* nodes[strategy][level][queue] under var=lex */
        uint64_t nodes[3][CSP_ALLDIFF_NLEVELS][8], dnodes[CSP_ALLDIFF_NLEVELS][8];
        for (int vh = 0; vh < 3; vh++)
            for (int s = 0; csp_strategies[s]; s++)
                for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++)
                    for (int q = 0; csp_queues[q]; q++) {
                        if (s < 2 && q > 0) continue; /* bt, fc: no queue */
                        csp *p = build_spec(&m, level);
                        csp_config cfg;
                        csp_config_default(&cfg);
                        cfg.strategy = csp_strategies[s];
                        cfg.queue = csp_queues[q];
                        cfg.var = csp_find_var(vars[vh]);
                        cfg.timing = 0;
                        csp_limits lim = {.all = 1};
                        stats st = {0};
                        solset got;
                        solset_init(&got, &m);
                        run_status status = csp_solve(p, &cfg, &lim, record, &got, &st);
                        qsort(got.code, (size_t)got.n, sizeof *got.code, cmp_u64);
                        CHECK_MSG(
                            got.bad == 0 && got.n == want.n &&
                                !memcmp(got.code, want.code, (size_t)got.n * sizeof *got.code),
                            "round %d %s level %s queue %s var %s: %d solutions, want %d", round,
                            cfg.strategy->name, csp_alldiff_names[level], cfg.queue->name, vars[vh],
                            got.n, want.n);
                        CHECK(status == (want.n ? STATUS_SOLVED : STATUS_UNSAT));
                        if (vh == 0) nodes[s][level][q] = st.nodes;
                        if (vh == 1 && s == 2) dnodes[level][q] = st.nodes;
                        solset_free(&got);
                        csp_free(p);
                    }
        /* the relations that are theorems (lex order: a stronger
         * propagation explores a subtree; fixpoints are unique, so the
         * queue never matters; var=dom depends on domains only) */
        int nq = 0;
        while (csp_queues[nq]) nq++;
        for (int level = 1; level < CSP_ALLDIFF_NLEVELS; level++) {
            CHECK_MSG(nodes[0][level][0] == nodes[0][0][0], "round %d: bt nodes differ by level",
                      round);
            CHECK_MSG(nodes[1][level][0] == nodes[1][0][0], "round %d: fc nodes differ by level",
                      round);
        }
        for (int q = 0; q < nq; q++) {
            for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++) {
                CHECK_MSG(nodes[2][level][q] == nodes[2][level][0],
                          "round %d level %d: gac nodes depend on the queue", round, level);
                CHECK_MSG(dnodes[level][q] == dnodes[level][0],
                          "round %d level %d: gac var=dom nodes depend on the queue", round, level);
            }
            CHECK_MSG(nodes[2][CSP_ALLDIFF_VALUE][q] == nodes[2][CSP_ALLDIFF_PAIRWISE][q],
                      "round %d: gac value != pairwise", round);
            CHECK(dnodes[CSP_ALLDIFF_VALUE][q] == dnodes[CSP_ALLDIFF_PAIRWISE][q]);
            CHECK_MSG(nodes[2][CSP_ALLDIFF_DOMAIN][q] <= nodes[2][CSP_ALLDIFF_BOUNDS][q],
                      "round %d: domain explores more than bounds", round);
            CHECK(nodes[2][CSP_ALLDIFF_DOMAIN][q] <= nodes[2][CSP_ALLDIFF_VALUE][q]);
            CHECK(nodes[2][CSP_ALLDIFF_VALUE][q] <= nodes[1][0][0]);
        }
        CHECK(nodes[1][0][0] <= nodes[0][0][0]);
        solset_free(&want);
    }
}

/* ==== weights, priority, the pairwise order, names ======================= */

static uint64_t weight_after(const char *strategy, int level, int nvals) {
    /* three variables over 1..nvals, all different, x0 < x1 < x2 too */
    csp *p = csp_new();
    for (int v = 0; v < 3; v++) csp_add_var(p, 1, nvals, NULL);
    csp_post_alldiff(p, (int[]){0, 1, 2}, 3, (enum csp_alldiff)level);
    csp_finalize(p);
    csp_config cfg;
    csp_config_default(&cfg);
    cfg.strategy = csp_find_strategy(strategy);
    cfg.var = csp_find_var("lex");
    csp_limits lim = {.all = 1};
    stats st = {0};
    csp_solve(p, &cfg, &lim, NULL, NULL, &st);
    uint64_t w = csp_weight(p, 0);
    csp_free(p);
    return w;
}

/* A failure of the global bumps its weight on every path: gac's
 * propagate (3 variables, 2 values: the root fails), fc's on_assign and
 * bt's partial and complete checks (the search meets the failures). */
static void test_weights(void) {
    for (int level = CSP_ALLDIFF_VALUE; level < CSP_ALLDIFF_NLEVELS; level++) {
        CHECK(weight_after("bt", level, 2) > 1);
        CHECK(weight_after("fc", level, 2) > 1);
        CHECK(weight_after("gac", level, 2) > 1);
        /* value level: 3 values, gac fails only once x0, x1 are assigned */
        CHECK(weight_after("gac", level, 3) >= 1);
    }
    /* bt's partial check alone: x0 = x1 given, x2 free */
    csp *p = csp_new();
    for (int v = 0; v < 3; v++) csp_add_var(p, 1, 3, NULL);
    csp_fix(p, 0, 2);
    csp_fix(p, 1, 2);
    csp_post_alldiff(p, (int[]){0, 1, 2}, 3, CSP_ALLDIFF_DOMAIN);
    csp_config cfg;
    csp_config_default(&cfg);
    cfg.strategy = csp_find_strategy("bt");
    csp_limits lim = {0};
    stats st = {0};
    CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st) == STATUS_UNSAT);
    CHECK(csp_weight(p, 0) == 2 && st.checks == 1);
    cfg.strategy = csp_find_strategy("fc");
    CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st) == STATUS_UNSAT && csp_weight(p, 0) == 3);
    csp_free(p);
}

/* An expensive test global that records whether every built-in binary
 * constraint is arc consistent (no cheap work pending) when it runs, and
 * prunes the max of its first variable the first few times. */
typedef struct spy {
    int calls, early;
} spy;
static spy spy_log;

static int spy_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p, (void)c, (void)vals;
    return 1;
}

static int spy_propagate(csp *p, csp_con *c) {
    spy_log.calls++;
    for (int k = 0; k < p->ncons; k++) {
        const csp_con *b = p->cons[k];
        if (b->rel < 0) continue;
        for (int pos = 0; pos < 2; pos++) {
            int x = b->scope[pos], y = b->scope[1 - pos];
            if (csp_bits(p, x) & ~csp_supported_bits(p, b->rel, pos, x, y)) spy_log.early++;
        }
    }
    int v = c->scope[0];
    if (spy_log.calls <= 3 && !csp_dom_single(csp_bits(p, v)))
        return csp_prune(p, v, csp_bit(csp_dom_max(csp_bits(p, v))));
    return CSP_NOCHANGE;
}

static const csp_con_ops spy_ops = {
    .name = "spy", .check = spy_check, .propagate = spy_propagate, .cost = CSP_COST_EXPENSIVE};

static void test_priority(void) {
    for (int q = 0; csp_queues[q]; q++) {
        /* a chain x0 < x1 < ... < x5 over 0..9 and the spy on all of them:
         * the spy's prunes of x0 restart the chain's propagation */
        csp *p = csp_new();
        int vars[6];
        for (int v = 0; v < 6; v++) vars[v] = csp_add_var(p, 0, 9, NULL);
        csp_add_con(p, &spy_ops, vars, 6, NULL, 0);
        for (int v = 0; v + 1 < 6; v++) csp_add_rel(p, v, CSP_REL_LT, v + 1);
        csp_finalize(p);
        spy_log = (spy){0};
        CHECK(csp_propagate(p, csp_queues[q], 1) == CSP_CHANGED);
        CHECK_MSG(spy_log.calls >= 3 && spy_log.early == 0,
                  "queue %s: the expensive global ran %d times, %d times before the cheap fixpoint",
                  csp_queues[q]->name, spy_log.calls, spy_log.early);
        /* the chain is at its fixpoint: x0 <= 4 at first, then the spy
         * removed 4, 3, 2 from x0 */
        CHECK(csp_bits(p, 0) == csp_range(0, 1));
        csp_undo(p, 0);
        csp_clear_touched(p);
        csp_free(p);
    }
}

/* Pairwise groups in today's Futoshiki order: for each a, for i < j, the
 * row pair then the column pair. */
static void test_pairwise_order(void) {
    for (int n = 1; n <= 6; n++) {
        csp *a = csp_new(), *b = csp_new();
        for (int v = 0; v < n * n; v++) csp_add_var(a, 1, n, NULL), csp_add_var(b, 1, n, NULL);
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    csp_add_rel(a, k * n + i, CSP_REL_NE, k * n + j);
                    csp_add_rel(a, i * n + k, CSP_REL_NE, j * n + k);
                }
        int *groups = NEWN((size_t)2 * n, int);
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) groups[i] = k * n + i, groups[n + i] = i * n + k;
            CHECK(csp_post_alldiff_groups(b, groups, 2, n, CSP_ALLDIFF_PAIRWISE) == 0);
        }
        FREEN(groups, (size_t)2 * n);
        CHECK(a->ncons == b->ncons);
        for (int c = 0; c < a->ncons && c < b->ncons; c++)
            CHECK(a->cons[c]->rel == b->cons[c]->rel &&
                  a->cons[c]->scope[0] == b->cons[c]->scope[0] &&
                  a->cons[c]->scope[1] == b->cons[c]->scope[1]);
        csp_free(a);
        csp_free(b);
    }
}

static void test_api(void) {
    CHECK(!strcmp(csp_alldiff_names[CSP_ALLDIFF_PAIRWISE], "pairwise"));
    CHECK(!strcmp(csp_alldiff_names[CSP_ALLDIFF_DOMAIN], "domain"));
    CHECK(csp_alldiff_names[CSP_ALLDIFF_NLEVELS] == NULL);
    for (int l = 0; l < CSP_ALLDIFF_NLEVELS; l++) {
        CHECK(names_index(csp_alldiff_names, csp_alldiff_names[l]) == l);
        CHECK(csp_alldiff_summaries[l] && *csp_alldiff_summaries[l]);
    }
    CHECK(names_index(csp_alldiff_names, "gac") == -1);
    csp *p = csp_new();
    for (int v = 0; v < 4; v++) csp_add_var(p, 0, 3, NULL);
    CHECK(csp_post_alldiff(p, (int[]){0, 1, 0}, 3, CSP_ALLDIFF_DOMAIN) == -1);
    CHECK(csp_post_alldiff_groups(p, (int[]){0, 1, 3, 3}, 2, 2, CSP_ALLDIFF_PAIRWISE) == -1);
    CHECK(p->ncons == 0);
    CHECK(csp_post_alldiff(p, (int[]){2}, 1, CSP_ALLDIFF_DOMAIN) == 0 && p->ncons == 0);
    CHECK(csp_post_alldiff(p, (int[]){0, 1, 2, 3}, 4, CSP_ALLDIFF_PAIRWISE) == 0 && p->ncons == 6);
    CHECK(csp_post_alldiff(p, (int[]){0, 1, 2, 3}, 4, CSP_ALLDIFF_BOUNDS) == 0 && p->ncons == 7);
    csp_free(p);
}

/* A wide group (64 variables, offsets apart, values past 64): the
 * domain propagator on a pigeonhole (63 values for 64 variables) fails,
 * and with 64 values it leaves a permutation's domains intact. */
static void test_wide(void) {
    for (int nvals = 63; nvals <= 64; nvals++) {
        csp *p = csp_new();
        int vars[64];
        for (int v = 0; v < 64; v++) {
            int lo = 100 + (v % 3) - 2;
            vars[v] = csp_add_var(p, lo, lo + 63, NULL);
            csp_restrict(p, v, csp_range(100 - lo, 100 - lo + nvals - 1));
        }
        for (int level = CSP_ALLDIFF_BOUNDS; level <= CSP_ALLDIFF_DOMAIN; level++)
            csp_post_alldiff(p, vars, 64, (enum csp_alldiff)level);
        csp_finalize(p);
        for (int c = 0; c < p->ncons; c++) {
            int r = csp_propagate_con(p, p->cons[c]);
            CHECK(r == (nvals == 63 ? CSP_WIPEOUT : CSP_NOCHANGE));
        }
        csp_free(p);
    }
}

/* The value level's two views against each other: the same group with
 * values 0..5 (narrow: bits) and with every value times 23 (wide: values
 * past 64, the value-level interface).  The value level only asks which
 * values are equal, so scaling maps one closure onto the other: after
 * random prunes, assignments and undos, the propagator's verdict, the
 * domains (scaled), bt's partial check and fc's step must agree. */
enum { WIDE_SCALE = 23 };

static void add_pair(csp *narrow, csp *wide, csp_dom d) {
    int vals[6], wvals[6], k = 0;
    for (; d; d &= d - 1) vals[k] = csp_dom_min(d), wvals[k] = vals[k] * WIDE_SCALE, k++;
    csp_add_var_values(narrow, vals, (size_t)k, NULL);
    csp_add_var_values(wide, wvals, (size_t)k, NULL);
}

static int same_scaled(const csp *narrow, const csp *wide, int n) {
    for (int v = 0; v < n; v++) {
        if (csp_size(narrow, v) != csp_size(wide, v)) return 0;
        CSP_FOR_VALUES(narrow, v, a) if (!csp_has(wide, v, a * WIDE_SCALE)) return 0;
    }
    return 1;
}

static void test_wide_value(void) {
    rng r;
    rng_seed(&r, 321);
    for (int round = 0; round < 2000; round++) {
        int n = 2 + (int)rng_below(&r, 5), vars[MAXN];
        csp *p[2] = {csp_new(), csp_new()};
        p[1]->domain = (int)rng_below(&r, CSP_DOM_AUTO + 1);
        for (int i = 0; i < n; i++) {
            csp_dom d = rng_next(&r) & 63;
            add_pair(p[0], p[1], i == 0 ? d | 1 | 32 : d ? d : 1); /* 0 and 115: wide */
            vars[i] = i;
        }
        for (int k = 0; k < 2; k++) {
            CHECK(csp_post_alldiff(p[k], vars, n, CSP_ALLDIFF_VALUE) == 0);
            csp_finalize(p[k]);
        }
        CHECK(csp_narrow(p[0], 0) && !csp_narrow(p[1], 0));
        size_t mark[2] = {csp_mark(p[0]), csp_mark(p[1])};
        for (int step = 0; step < 12; step++) {
            int v = (int)rng_below(&r, (uint64_t)n), op = (int)rng_below(&r, 4), ra[2] = {0, 0};
            if (op == 0) { /* back to the start */
                for (int k = 0; k < 2; k++) csp_undo(p[k], mark[k]);
                continue;
            }
            int64_t a = csp_min(p[0], v);
            for (int i = (int)rng_below(&r, (uint64_t)csp_size(p[0], v)); i > 0; i--)
                a = csp_next(p[0], v, a);
            for (int k = 0; k < 2; k++) {
                int64_t ak = k ? a * WIDE_SCALE : a;
                csp_con *c = p[k]->cons[0];
                if (op == 1) { /* fc's step, then bt's check */
                    csp_decide(p[k], v, (int)ak);
                    ra[k] = c->ops->on_assign(p[k], c, v);
                    if (ra[k] != CSP_WIPEOUT) ra[k] = 3 + c->ops->partial(p[k], c);
                } else { /* a prune, then the propagator */
                    ra[k] = csp_remove(p[k], v, ak);
                    if (ra[k] != CSP_WIPEOUT) ra[k] = csp_propagate_con(p[k], c);
                }
                csp_clear_touched(p[k]);
            }
            CHECK_MSG(ra[0] == ra[1], "round %d step %d: %d against %d", round, step, ra[0], ra[1]);
            if (ra[0] == CSP_WIPEOUT || ra[1] == CSP_WIPEOUT) {
                for (int k = 0; k < 2; k++) csp_undo(p[k], mark[k]);
                continue;
            }
            CHECK_MSG(same_scaled(p[0], p[1], n), "round %d step %d: domains differ", round, step);
        }
        csp_free(p[0]);
        csp_free(p[1]);
    }
}

int main(void) {
    size_t base = xmem_current();
    test_api();
    test_pairwise_order();
    test_propagators();
    test_incremental();
    test_queues();
    test_search();
    test_weights();
    test_priority();
    test_wide();
    test_wide_value();
    CHECK(xmem_current() == base);
    return CHECK_DONE();
}
