/* test_domain.c - the domain representations (csp.h, dom_*.c):
 * - every operation of every representation against a reference set, on
 *   random domains (holes, negative values, the 32-bit edges, sizes 1 to
 *   10^5), with marks and undos: the trail restores each exactly;
 * - the events the queues read (csp_event) after each change;
 * - every representation against every other and against brute force on
 *   random CSPs with random domains, narrow and wide: the same solutions
 *   under bt, fc and gac with every queue and every all-different level,
 *   each value ordering in turn (val=max walks csp_prev, the others' mirror),
 *   whether the model was built under the representation or converted to
 *   it by the search (csp_solve's domain, after which the model has
 *   its own representations again); the values of a variable are
 *   drawn from spans of 6 to 100,000 (tests/xcsp/test_wide.c counts
 *   domains of 1,000 and 100,000 values themselves). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/alldiff.h"
#include "csp/queue.h"
#include "csp/solver.h"

/* The number of variable heuristics (each is drawn in the random rounds). */
static uint64_t n_var_heurs(void) {
    uint64_t n = 0;
    while (csp_var_heurs[n]) n++;
    return n;
}

/* The number of value heuristics (each takes its turn in the rounds). */
static int n_val_heurs(void) {
    int n = 0;
    while (csp_val_heurs[n]) n++;
    return n;
}

/* ==== one variable against a reference ==================================== */

typedef struct ref {
    int64_t lo0; /* value of in[0] */
    size_t span;
    unsigned char *in;
} ref;

static int64_t ref_size(const ref *r) {
    int64_t n = 0;
    for (size_t i = 0; i < r->span; i++) n += r->in[i];
    return n;
}
static int ref_has(const ref *r, int64_t a) {
    return a >= r->lo0 && a < r->lo0 + (int64_t)r->span && r->in[a - r->lo0];
}
static int64_t ref_next(const ref *r, int64_t a) {
    for (int64_t b = a + 1 < r->lo0 ? r->lo0 : a + 1; b < r->lo0 + (int64_t)r->span; b++)
        if (r->in[b - r->lo0]) return b;
    return CSP_NOVAL;
}
static int64_t ref_prev(const ref *r, int64_t a) {
    int64_t top = r->lo0 + (int64_t)r->span - 1;
    for (int64_t b = a - 1 > top ? top : a - 1; b >= r->lo0; b--)
        if (r->in[b - r->lo0]) return b;
    return CSP_NOVAL;
}

/* A random domain: its reference and its intervals (iv, niv). */
static int *random_domain(rng *g, ref *r, size_t *niv) {
    static const int64_t spans[] = {1, 2, 7, 40, 64, 65, 100, 3000, 5000, 100000};
    int64_t span = spans[rng_below(g, sizeof spans / sizeof *spans)];
    int64_t lo;
    switch (rng_below(g, 4)) {
    case 0:
        lo = INT32_MIN + (int64_t)rng_below(g, 3);
        break; /* the low edge */
    case 1:
        lo = INT32_MAX - span + 1 - (int64_t)rng_below(g, 3);
        break; /* the high edge */
    default:
        lo = (int64_t)rng_below(g, 2000) - 1000;
        break;
    }
    r->lo0 = lo;
    r->span = (size_t)span;
    r->in = NEWN(r->span, unsigned char);
    int mode = (int)rng_below(g, 3); /* full, a few holes, dense holes */
    for (size_t i = 0; i < r->span; i++)
        r->in[i] = mode == 0 ? 1 : mode == 1 ? rng_below(g, 50) != 0 : rng_below(g, 3) == 0;
    r->in[0] = r->in[r->span - 1] = 1; /* the span is the domain's */
    int *iv = NEWN(2 * r->span, int);
    *niv = 0;
    for (size_t i = 0; i < r->span; i++) {
        if (!r->in[i]) continue;
        if (*niv && iv[2 * *niv - 1] == lo + (int64_t)i - 1)
            iv[2 * *niv - 1] = (int)(lo + (int64_t)i);
        else
            iv[2 * *niv] = iv[2 * *niv + 1] = (int)(lo + (int64_t)i), ++*niv;
    }
    return iv;
}

/* A value near the domain: inside, at the edges, or just outside. */
static int64_t some_value(rng *g, const ref *r) {
    int64_t a = r->lo0 + (int64_t)rng_below(g, r->span + 4) - 2;
    if (a < INT32_MIN) a = INT32_MIN;
    if (a > INT32_MAX) a = INT32_MAX;
    return a;
}

/* Everything the interface says about v agrees with r. */
static void agree(rng *g, const csp *p, int v, const ref *r, int kind, const char *what) {
    int64_t n = ref_size(r);
    CHECK_MSG(csp_size(p, v) == n, "%s %s: size %lld, want %lld", csp_domain_names[kind], what,
              (long long)csp_size(p, v), (long long)n);
    if (n == 0) return;
    int64_t lo = ref_next(r, r->lo0 - 1), hi = ref_prev(r, r->lo0 + (int64_t)r->span);
    CHECK_MSG(csp_min(p, v) == lo && csp_max(p, v) == hi, "%s %s: [%d, %d], want [%lld, %lld]",
              csp_domain_names[kind], what, csp_min(p, v), csp_max(p, v), (long long)lo,
              (long long)hi);
    CHECK(csp_single(p, v) == (n == 1));
    int bad = 0;
    for (int k = 0; k < 64; k++) {
        int64_t a = some_value(g, r);
        bad += csp_has(p, v, a) != ref_has(r, a);
        bad += csp_next(p, v, a) != ref_next(r, a);
        bad += csp_prev(p, v, a) != ref_prev(r, a);
    }
    for (int k = 0; k < 4; k++) {
        int64_t base = some_value(g, r) - (int64_t)rng_below(g, 70);
        csp_dom want = 0;
        for (int b = 0; b < 64; b++)
            if (ref_has(r, base + b)) want |= csp_bit(b);
        bad += csp_word(p, v, base) != want;
    }
    if (n <= 5000) { /* the whole iteration */
        int64_t want = r->lo0 - 1;
        CSP_FOR_VALUES(p, v, a) {
            want = ref_next(r, want);
            bad += a != want;
        }
        bad += ref_next(r, want) != CSP_NOVAL;
        /* val=max's order: every value once, from the largest down */
        const csp_val_heur *max = csp_find_val("max");
        want = r->lo0 + (int64_t)r->span;
        for (int64_t a = max->next(p, v, CSP_NOVAL); a != CSP_NOVAL; a = max->next(p, v, a)) {
            want = ref_prev(r, want);
            bad += a != want;
        }
        bad += ref_prev(r, want) != CSP_NOVAL;
    }
    CHECK_MSG(bad == 0, "%s %s: %d disagreements", csp_domain_names[kind], what, bad);
}

/* The expected event of a change from (size, min, max) before to r now. */
static int expected_event(int64_t n0, int64_t lo0, int64_t hi0, const ref *r) {
    (void)n0;
    int64_t n = ref_size(r);
    if (n == 1) return CSP_EV_FIX | CSP_EV_BND | CSP_EV_DOM;
    int64_t lo = ref_next(r, r->lo0 - 1), hi = ref_prev(r, r->lo0 + (int64_t)r->span);
    return lo != lo0 || hi != hi0 ? CSP_EV_BND | CSP_EV_DOM : CSP_EV_DOM;
}

static void test_operations(void) {
    rng g;
    rng_seed(&g, 2311);
    for (int round = 0; round < 160; round++) {
        int kind = (int)rng_below(&g, CSP_DOM_NKINDS);
        ref r;
        size_t niv;
        int *iv = random_domain(&g, &r, &niv);
        csp *p = csp_new();
        p->domain = kind;
        int v = csp_add_var_intervals(p, iv, niv, "x");
        FREEN(iv, 2 * r.span);
        csp_finalize(p);
        int got = p->kind[v];
        CHECK(got == csp_domain_choose(kind, (int64_t)r.span, niv));
        agree(&g, p, v, &r, got, "made");
        /* marks: the trail's and the reference's snapshot at each */
        enum { DEPTH = 12 };
        size_t marks[DEPTH] = {0}; /* mark 0: the domain as made, never popped */
        unsigned char *snaps[DEPTH];
        snaps[0] = NEWN(r.span, unsigned char);
        memcpy(snaps[0], r.in, r.span);
        int nmarks = 1;
        for (int op = 0; op < 120; op++) {
            int what = (int)rng_below(&g, 11);
            if (what == 0 && nmarks < DEPTH) {
                marks[nmarks] = csp_mark(p);
                snaps[nmarks] = NEWN(r.span, unsigned char);
                memcpy(snaps[nmarks++], r.in, r.span);
                continue;
            }
            if (what == 1 && nmarks > 0) {
                int k = (int)rng_below(&g, (uint64_t)nmarks);
                csp_undo(p, marks[k]);
                memcpy(r.in, snaps[k], r.span);
                for (int j = k + 1; j < nmarks; j++) FREEN(snaps[j], r.span);
                nmarks = k + 1;
                agree(&g, p, v, &r, got, "undone");
                continue;
            }
            int64_t n0 = ref_size(&r), lo0 = csp_min(p, v), hi0 = csp_max(p, v);
            unsigned char *before = NEWN(r.span, unsigned char);
            memcpy(before, r.in, r.span);
            int64_t a = some_value(&g, &r);
            int res;
            const char *name;
            if (what < 5) {
                name = "remove";
                res = csp_remove(p, v, a);
                if (ref_has(&r, a)) r.in[a - r.lo0] = 0;
            } else if (what == 5) {
                name = "remove_below";
                res = csp_remove_below(p, v, a);
                for (size_t i = 0; i < r.span; i++)
                    if (r.lo0 + (int64_t)i < a) r.in[i] = 0;
            } else if (what == 6) {
                name = "remove_above";
                res = csp_remove_above(p, v, a);
                for (size_t i = 0; i < r.span; i++)
                    if (r.lo0 + (int64_t)i > a) r.in[i] = 0;
            } else if (what == 7) {
                name = "keep";
                res = csp_keep(p, v, a);
                for (size_t i = 0; i < r.span; i++)
                    if (r.lo0 + (int64_t)i != a) r.in[i] = 0;
            } else if (what == 8) {
                /* several values at once (the generic checker's revise):
                 * increasing (ranges' one-pass rewrite) or not */
                name = "remove_values";
                size_t cap = 1 + rng_below(&g, 300), nv = 0;
                int64_t *vals = NEWN(cap, int64_t);
                int64_t step = 1 + (int64_t)rng_below(&g, 3);
                for (int64_t b = some_value(&g, &r); nv < cap && b < r.lo0 + (int64_t)r.span;
                     b += step)
                    if (ref_has(&r, b)) vals[nv++] = b, r.in[b - r.lo0] = 0;
                if (nv > 1 && rng_below(&g, 4) == 0) { /* not sorted */
                    int64_t t = vals[0];
                    vals[0] = vals[nv - 1], vals[nv - 1] = t;
                }
                a = nv ? vals[0] : a;
                res = csp_remove_values(p, v, vals, nv);
                FREEN(vals, cap);
            } else {
                name = "prune_word";
                int64_t base = a - (int64_t)rng_below(&g, 64);
                csp_dom mask = rng_next(&g) & rng_next(&g);
                res = csp_prune_word(p, v, base, mask);
                for (int b = 0; b < 64; b++)
                    if ((mask >> b & 1) && ref_has(&r, base + b)) r.in[base + b - r.lo0] = 0;
            }
            int64_t n = ref_size(&r);
            int want = n == 0 ? CSP_WIPEOUT : n < n0 ? CSP_CHANGED : CSP_NOCHANGE;
            CHECK_MSG(res == want, "%s %s(%lld): %d, want %d", csp_domain_names[got], name,
                      (long long)a, res, want);
            if (res == CSP_CHANGED) {
                CHECK(p->ev.ntouched == 1 && p->ev.touched[0] == v);
                CHECK_MSG(csp_event(p, v) == expected_event(n0, lo0, hi0, &r), "%s %s: event %d",
                          csp_domain_names[got], name, csp_event(p, v));
            }
            csp_clear_touched(p);
            if (res == CSP_WIPEOUT) { /* the search undoes: so do we */
                csp_undo(p, marks[nmarks - 1]);
                memcpy(r.in, snaps[nmarks - 1], r.span);
            }
            FREEN(before, r.span);
            agree(&g, p, v, &r, got, name);
        }
        csp_undo(p, 0);
        for (int j = 0; j < nmarks; j++) FREEN(snaps[j], r.span);
        FREEN(r.in, r.span);
        csp_free(p);
    }
}

/* ==== whole searches: every representation, every strategy ================ */

enum { MAXV = 6, MAXD = 7 };

typedef struct model {
    int n, ndom[MAXV], dom[MAXV][MAXD]; /* sorted values */
    int nrel, rel[12][3];               /* x REL y */
    int group[MAXV], ngroup;            /* one all-different group */
    int sumcap;                         /* sum of |values| of x0..x2 <= sumcap (checked) */
} model;

static int sum_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const int *cap = c->data;
    int64_t s = 0;
    for (int i = 0; i < c->arity; i++) s += vals[i] < 0 ? -(int64_t)vals[i] : vals[i];
    return s <= *cap;
}
static const csp_con_ops sum_ops = {.name = "sum-abs", .check = sum_check};

static void random_model(rng *g, model *m) {
    memset(m, 0, sizeof *m);
    m->n = 3 + (int)rng_below(g, MAXV - 2);
    static const int spans[] = {6, 40, 64, 90, 5000, 100000};
    for (int i = 0; i < m->n; i++) {
        int span = spans[rng_below(g, 6)], lo = (int)rng_below(g, 200) - 100;
        int k = 2 + (int)rng_below(g, MAXD - 1), n = 0;
        for (int t = 0; t < k; t++) { /* distinct sorted values in [lo, lo+span) */
            int a = lo + (int)rng_below(g, (uint64_t)span), j = n;
            int dup = 0;
            for (int u = 0; u < n; u++) dup |= m->dom[i][u] == a;
            if (dup) continue;
            while (j > 0 && m->dom[i][j - 1] > a) m->dom[i][j] = m->dom[i][j - 1], j--;
            m->dom[i][j] = a, n++;
        }
        m->ndom[i] = n;
    }
    /* overlapping values, so that != and all-different bite */
    for (int i = 1; i < m->n; i++)
        if (rng_below(g, 2))
            m->dom[i][0] = m->dom[0][0] < m->dom[i][1] ? m->dom[0][0] : m->dom[i][0];
    for (int i = 0; i < m->n; i++) /* keep them sorted and distinct */
        for (int a = 1; a < m->ndom[i]; a++)
            if (m->dom[i][a] <= m->dom[i][a - 1]) m->dom[i][0] = m->dom[i][1] - 1;
    m->nrel = (int)rng_below(g, 5);
    for (int k = 0; k < m->nrel; k++) {
        int x = (int)rng_below(g, (uint64_t)m->n), y = (int)rng_below(g, (uint64_t)m->n);
        if (x == y) y = (x + 1) % m->n;
        m->rel[k][0] = x, m->rel[k][1] = (int)rng_below(g, 2), m->rel[k][2] = y;
    }
    m->ngroup = 3 + (int)rng_below(g, (uint64_t)m->n - 2);
    for (int i = 0; i < m->ngroup; i++) m->group[i] = i;
    m->sumcap = (int)rng_below(g, 400);
}

static int satisfies(const model *m, const int *vals) {
    for (int k = 0; k < m->nrel; k++) {
        int a = vals[m->rel[k][0]], b = vals[m->rel[k][2]];
        if (m->rel[k][1] == CSP_REL_NE ? a == b : a >= b) return 0;
    }
    for (int i = 0; i < m->ngroup; i++)
        for (int j = i + 1; j < m->ngroup; j++)
            if (vals[m->group[i]] == vals[m->group[j]]) return 0;
    int64_t s = 0;
    for (int i = 0; i < 3; i++) s += vals[i] < 0 ? -(int64_t)vals[i] : vals[i];
    return s <= m->sumcap;
}

/* An order-free fingerprint of a set of solutions, and their count. */
typedef struct sols {
    uint64_t count, hash;
    int n;
} sols;

static uint64_t mix(uint64_t h) {
    h ^= h >> 33, h *= 0xff51afd7ed558ccdu, h ^= h >> 33, h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}
static void add_solution(sols *s, const int *vals) {
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < s->n; i++) h = mix(h ^ (uint64_t)(uint32_t)vals[i]);
    s->count++, s->hash += h;
}
static int on_solution(void *ctx, const csp *p) {
    sols *s = ctx;
    int vals[MAXV];
    for (int i = 0; i < s->n; i++) vals[i] = csp_min(p, i);
    add_solution(s, vals);
    return 1;
}

static sols brute(const model *m) {
    sols s = {0, 0, m->n};
    int idx[MAXV] = {0}, vals[MAXV];
    for (;;) {
        for (int i = 0; i < m->n; i++) vals[i] = m->dom[i][idx[i]];
        if (satisfies(m, vals)) add_solution(&s, vals);
        int i = 0;
        while (i < m->n && ++idx[i] == m->ndom[i]) idx[i++] = 0;
        if (i == m->n) return s;
    }
}

static csp *build(const model *m, int kind, int level) {
    csp *p = csp_new();
    p->domain = kind;
    for (int i = 0; i < m->n; i++) csp_add_var_values(p, m->dom[i], (size_t)m->ndom[i], NULL);
    for (int k = 0; k < m->nrel; k++) csp_add_rel(p, m->rel[k][0], m->rel[k][1], m->rel[k][2]);
    csp_post_alldiff(p, m->group, m->ngroup, level);
    int scope[3] = {0, 1, 2};
    csp_add_con(p, &sum_ops, scope, 3, &m->sumcap, sizeof m->sumcap);
    return p;
}

static void test_searches(void) {
    rng g;
    rng_seed(&g, 77);
    for (int round = 0; round < 60; round++) {
        model m;
        random_model(&g, &m);
        sols want = brute(&m);
        for (int kind = 0; kind <= CSP_DOM_AUTO; kind++)
            for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++)
                for (int si = 0; csp_strategies[si]; si++)
                    for (int qi = 0; csp_queues[qi]; qi++) {
                        if (qi && strcmp(csp_strategies[si]->name, "gac")) continue;
                        /* built under kind, or built auto and converted by the search */
                        int convert = (int)rng_below(&g, 2);
                        csp *p = build(&m, convert ? CSP_DOM_AUTO : kind, level);
                        csp_config cfg;
                        csp_config_default(&cfg);
                        if (rng_below(&g, 2)) { /* branching tiers change no solution */
                            unsigned char tier[16];
                            for (int v = 0; v < p->nvars; v++)
                                tier[v] = (unsigned char)rng_below(&g, 3);
                            csp_set_tiers(p, tier, 3);
                            cfg.var = csp_var_heurs[rng_below(&g, n_var_heurs())];
                        }
                        cfg.strategy = csp_strategies[si];
                        cfg.queue = csp_queues[qi];
                        cfg.domain = kind;
                        cfg.support = (int)rng_below(&g, 3);
                        cfg.val = csp_val_heurs[round % n_val_heurs()]; /* no draw: the rounds stay */
                        csp_limits lim = {.all = 1};
                        stats st = {0};
                        sols got = {0, 0, m.n};
                        /* the solve converts for its duration only */
                        unsigned char *kinds = NEWN((size_t)p->nvars, unsigned char);
                        memcpy(kinds, p->kind, (size_t)p->nvars);
                        int policy = p->domain;
                        csp_solve(p, &cfg, &lim, on_solution, &got, &st);
                        CHECK(p->domain == policy &&
                              memcmp(kinds, p->kind, (size_t)p->nvars) == 0);
                        FREEN(kinds, (size_t)p->nvars);
                        CHECK_MSG(got.count == want.count && got.hash == want.hash,
                                  "round %d domain=%s alldiff=%s %s queue=%s val=%s: %llu "
                                  "solutions, want %llu",
                                  round, csp_domain_names[kind], csp_alldiff_names[level],
                                  cfg.strategy->name, cfg.queue->name, cfg.val->name,
                                  (unsigned long long)got.count, (unsigned long long)want.count);
                        csp_free(p);
                    }
    }
}

/* The search's decisions, in order (the hook). */
typedef struct order {
    int var[16], n;
} order;

static void on_node(void *ctx, const csp_node_event *e) {
    order *o = ctx;
    if (e->depth > 0 && o->n < 16) o->var[o->n++] = e->var;
}

/* Branching tiers: the heuristic picks within the lowest tier with an
 * unassigned variable, and a variable of a later tier that propagation
 * fixed goes first. */
static void test_tiers(void) {
    for (int h = 0; csp_var_heurs[h]; h++) {
        csp *p = csp_new();
        for (int v = 0; v < 4; v++) csp_add_var(p, 0, v == 3 ? 0 : 2, NULL); /* x3 fixed */
        unsigned char tier[4] = {2, 0, 1, 1};
        csp_set_tiers(p, tier, 3);
        csp_config cfg;
        csp_config_default(&cfg);
        cfg.var = csp_var_heurs[h];
        order o = {{0}, 0};
        csp_search_hook hook = {on_node, &o};
        csp_limits lim = {.hook = &hook};
        stats st = {0};
        CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st) == STATUS_SOLVED);
        CHECK_MSG(o.n == 4 && o.var[0] == 3 && o.var[1] == 1 && o.var[2] == 2 && o.var[3] == 0,
                  "var=%s: decisions on %d %d %d %d", cfg.var->name, o.var[0], o.var[1], o.var[2],
                  o.var[3]);
        csp_free(p);
    }
}

int main(void) {
    size_t mem0 = xmem_current();
    test_operations();
    test_tiers();
    test_searches();
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
