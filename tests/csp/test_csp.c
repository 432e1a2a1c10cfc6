/* test_csp.c - the engine: domains, the trail, revise in every support
 * mode, every queue policy against a naive fixpoint, the heuristics, spec
 * parsing and the search's counts and limits. */
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/queue.h"
#include "csp/space.h"

/* sum(scope) == data[0]: an n-ary constraint with only a check, so the
 * engine must fall back to its generic revise. */
static int sum_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    int s = 0;
    for (int i = 0; i < c->arity; i++) s += vals[i];
    return s == *(const int *)c->data;
}
static const csp_con_ops sum_ops = {.name = "sum", .check = sum_check};

static void test_domains(void) {
    CHECK(csp_range(0, 3) == 0xf);
    CHECK(csp_range(2, 2) == 4);
    CHECK(csp_range(3, 2) == 0);
    CHECK(csp_range(-5, 63) == ~(csp_dom)0);
    CHECK(csp_range(60, 99) == ((csp_dom)0xf << 60));
    CHECK(csp_dom_size(0xf0) == 4 && csp_dom_min(0xf0) == 4 && csp_dom_max(0xf0) == 7);
}

static void test_trail(void) {
    rng r;
    rng_seed(&r, 1);
    csp *p = csp_new();
    for (int v = 0; v < 20; v++) csp_add_var(p, 0, 63, NULL);
    csp_finalize(p);
    csp_dom snap[4][20];
    size_t marks[4];
    for (int level = 0; level < 4; level++) {
        memcpy(snap[level], p->word, sizeof snap[level]);
        marks[level] = csp_mark(p);
        for (int k = 0; k < 30; k++) {
            int v = (int)rng_below(&r, 20);
            csp_prune(p, v, rng_next(&r) & rng_next(&r));
        }
    }
    for (int level = 3; level >= 0; level--) {
        csp_undo(p, marks[level]);
        CHECK(memcmp(snap[level], p->word, sizeof snap[level]) == 0);
    }
    CHECK(csp_mark(p) == 0);
    csp_free(p);
}

/* Reversible words share the trail with the domains: interleaved changes
 * of both, undone level by level, come back exactly as snapshotted, and
 * the saved stack empties with the trail. */
static void test_saved_words(void) {
    rng r;
    rng_seed(&r, 7);
    csp *p = csp_new();
    for (int v = 0; v < 10; v++) csp_add_var(p, 0, 63, NULL);
    csp_finalize(p);
    uint64_t words[16] = {0};
    csp_dom dsnap[6][10];
    uint64_t wsnap[6][16];
    size_t marks[6];
    for (int level = 0; level < 6; level++) {
        memcpy(dsnap[level], p->word, sizeof dsnap[level]);
        memcpy(wsnap[level], words, sizeof words);
        marks[level] = csp_mark(p);
        for (int k = 0; k < 40; k++) {
            if (rng_below(&r, 2)) {
                csp_prune(p, (int)rng_below(&r, 10), rng_next(&r) & rng_next(&r) & rng_next(&r));
            } else { /* a word changed once or several times at this level */
                int w = (int)rng_below(&r, 16);
                csp_save_word(p, &words[w]);
                words[w] = rng_next(&r);
            }
        }
    }
    for (int level = 5; level >= 0; level--) {
        csp_undo(p, marks[level]);
        CHECK(memcmp(dsnap[level], p->word, sizeof dsnap[level]) == 0);
        CHECK(memcmp(wsnap[level], words, sizeof words) == 0);
    }
    CHECK(p->trail.len == 0 && p->trail.saved_len == 0);
    csp_free(p);
}

/* The supported values of scope[pos], by brute force over every tuple. */
static csp_dom brute_supports(const csp *p, const csp_con *c, int pos) {
    csp_dom keep = 0;
    int n = c->arity, vals[8];
    csp_dom left[8];
    for (int i = 0; i < n; i++) left[i] = csp_bits(p, c->scope[i]);
    /* enumerate the product with an odometer over all positions */
    csp_dom it[8];
    for (int i = 0; i < n; i++) it[i] = left[i];
    for (;;) {
        for (int i = 0; i < n; i++) vals[i] = csp_value(p, c->scope[i], csp_dom_min(it[i]));
        if (c->ops->check(p, c, vals)) keep |= csp_bit(csp_dom_min(it[pos]));
        int i = 0;
        for (; i < n; i++) {
            it[i] &= it[i] - 1;
            if (it[i]) break;
            it[i] = left[i];
        }
        if (i == n) break;
    }
    return keep;
}

static void test_revise(void) {
    rng r;
    rng_seed(&r, 2);
    for (int round = 0; round < 300; round++) {
        for (int support = CSP_SUPPORT_BITS; support <= CSP_SUPPORT_RM; support++) {
            csp *p = csp_new();
            int x = csp_add_var(p, (int)rng_below(&r, 5), 8, NULL);
            int y = csp_add_var(p, (int)rng_below(&r, 5) - 2, 7, NULL);
            int z = csp_add_var(p, 0, 4, NULL);
            int six = 7;
            int sc[3] = {x, y, z};
            csp_add_rel(p, x, round % 2 ? CSP_REL_NE : CSP_REL_LT, y);
            csp_add_con(p, &sum_ops, sc, 3, &six, sizeof six);
            csp_finalize(p);
            csp_set_support(p, support);
            for (int v = 0; v < 3; v++) {
                csp_dom keep = rng_next(&r) & csp_bits(p, v);
                if (round % 3 == 0) keep &= keep - 1 ? keep : ~(csp_dom)0;
                if (keep) csp_restrict(p, v, keep);
            }
            for (int c = 0; c < 2; c++)
                for (int pos = 0; pos < p->cons[c]->arity; pos++) {
                    csp_con *k = p->cons[c];
                    csp_dom want = brute_supports(p, k, pos) & csp_bits(p, k->scope[pos]);
                    int res = csp_revise(p, k, pos);
                    CHECK(csp_bits(p, k->scope[pos]) == want);
                    CHECK(res == (want == 0 ? CSP_WIPEOUT : CSP_CHANGED) || res == CSP_NOCHANGE);
                    if (res == CSP_WIPEOUT) goto next;
                }
        next:
            csp_free(p);
        }
    }
}

/* A random CSP of NE, LT and sum constraints over few small variables. */
static csp *random_csp(rng *r) {
    csp *p = csp_new();
    int n = 3 + (int)rng_below(r, 5);
    for (int v = 0; v < n; v++)
        csp_add_var(p, (int)rng_below(r, 3), 3 + (int)rng_below(r, 4), NULL);
    int m = n + (int)rng_below(r, (uint64_t)n * 2);
    for (int k = 0; k < m; k++) {
        int a = (int)rng_below(r, (uint64_t)n), b = (int)rng_below(r, (uint64_t)n);
        if (a == b) continue;
        if (rng_below(r, 4) == 0) {
            int c = (int)rng_below(r, (uint64_t)n), total = 4 + (int)rng_below(r, 8);
            if (c == a || c == b) continue;
            int sc[3] = {a, b, c};
            csp_add_con(p, &sum_ops, sc, 3, &total, sizeof total);
        } else {
            csp_add_rel(p, a, rng_below(r, 2) ? CSP_REL_NE : CSP_REL_LT, b);
        }
    }
    csp_finalize(p);
    return p;
}

/* The GAC fixpoint by brute force: revise everything until nothing changes. */
static int naive_fixpoint(csp *p, csp_dom *out) {
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int c = 0; c < p->ncons; c++)
            for (int pos = 0; pos < p->cons[c]->arity; pos++) {
                csp_con *k = p->cons[c];
                csp_dom want = brute_supports(p, k, pos) & csp_bits(p, k->scope[pos]);
                if (want != csp_bits(p, k->scope[pos])) {
                    if (!want) return CSP_WIPEOUT;
                    csp_restrict(p, k->scope[pos], want);
                    changed = 1;
                }
            }
    }
    memcpy(out, p->word, (size_t)p->nvars * sizeof *out);
    return 0;
}

static void test_queues(void) {
    rng r;
    rng_seed(&r, 3);
    for (int round = 0; round < 200; round++) {
        csp *p = random_csp(&r);
        csp_dom want[16], saved[16];
        memcpy(saved, p->word, (size_t)p->nvars * sizeof *saved);
        int want_wipe = naive_fixpoint(p, want) == CSP_WIPEOUT;
        csp_undo(p, 0);
        CHECK(memcmp(saved, p->word, (size_t)p->nvars * sizeof *saved) == 0);
        for (int q = 0; csp_queues[q]; q++)
            for (int support = CSP_SUPPORT_BITS; support <= CSP_SUPPORT_RM; support++) {
                stats st = {0};
                csp_set_stats(p, &st);
                csp_set_support(p, support);
                int res = csp_propagate(p, csp_queues[q], 1);
                CHECK_MSG((res == CSP_WIPEOUT) == want_wipe, "queue %s round %d",
                          csp_queues[q]->name, round);
                if (!want_wipe && res != CSP_WIPEOUT)
                    CHECK_MSG(memcmp(want, p->word, (size_t)p->nvars * sizeof *want) == 0,
                              "queue %s round %d: fixpoint differs", csp_queues[q]->name, round);
                CHECK(p->ev.ntouched == 0);
                CHECK(csp_qscratch_clean(p->queue.scratch));
                csp_undo(p, 0);
                csp_set_stats(p, NULL);
            }
        csp_free(p);
    }
}

static void test_heuristics(void) {
    csp *p = csp_new();
    for (int v = 0; v < 4; v++) csp_add_var(p, 1, 6, NULL);
    csp_add_rel(p, 0, CSP_REL_NE, 1);
    csp_add_rel(p, 1, CSP_REL_NE, 2);
    csp_add_rel(p, 1, CSP_REL_NE, 3);
    csp_add_rel(p, 2, CSP_REL_NE, 3);
    csp_finalize(p);
    CHECK(csp_find_var("lex")->select(p) == 0);
    csp_restrict(p, 3, 0x7);                    /* |dom 3| = 3 */
    csp_restrict(p, 2, 0x7);                    /* |dom 2| = 3 */
    CHECK(csp_find_var("dom")->select(p) == 2); /* ties: lowest index */
    /* dom/deg: var 1 has degree 3 and size 6 (ratio 2); 2 and 3 have 3/2 */
    CHECK(csp_find_var("dom/deg")->select(p) == 2);
    p->weights.w[3] = 1;  /* (2,3) */
    p->weights.w[0] = 20; /* (0,1): var 1 weighs 22, ratio 6/22 */
    CHECK(csp_find_var("dom/wdeg")->select(p) == 1);
    csp_space_set_assigned(p, 1,
                           1); /* degrees ignore constraints with no other unassigned variable */
    CHECK(csp_find_var("dom/wdeg")->select(p) == 2);
    CHECK(csp_find_var("lex")->select(p) == 0);
    CHECK(csp_find_val("lex")->next(p, 0, CSP_NOVAL) == csp_min(p, 0));
    CHECK(csp_find_val("max")->next(p, 0, CSP_NOVAL) == csp_max(p, 0));
    CHECK(csp_find_val("max")->next(p, 0, csp_max(p, 0)) == csp_prev(p, 0, csp_max(p, 0)));
    CHECK(csp_find_val("lex")->select(p, 0, 0x16) == 1 &&
          csp_find_val("max")->select(p, 0, 0x16) == 4);
    csp_space_set_assigned(p, 1, 0);
    csp_free(p);
}

static void test_config(void) {
    csp_config cfg;
    csp_config_default(&cfg);
    CHECK(!strcmp(cfg.strategy->name, "gac") && !strcmp(cfg.queue->name, "constraint-fifo"));
    CHECK(!strcmp(cfg.var->name, "dom") && !strcmp(cfg.val->name, "lex"));
    CHECK(cfg.support == CSP_SUPPORT_BITS && cfg.timing == 1);
}

static int count_cb(void *ctx, const csp *p) {
    (void)p;
    ++*(int *)ctx;
    return 1;
}

/* Binary branching (branch=binary) counts the solutions d-way counts, on
 * random networks of < and != over domains with holes (wider than 64
 * values one time in two: the frames of non-bits variables), with and
 * without last conflict, under dom/wdeg. */
static void test_binary_counts(void) {
    rng g;
    rng_seed(&g, 77);
    long refuted_runs = 0;
    for (int round = 0; round < 200; round++) {
        int counts[4] = {0}, n = 3 + (int)rng_below(&g, 4), wide = round % 2;
        uint64_t nodes[4] = {0};
        for (int k = 0; k < 4; k++) {
            rng h;
            rng_seed(&h, (uint64_t)round);
            csp *p = csp_new();
            for (int v = 0; v < n; v++) {
                int vals[8], nv = 0;
                for (int a = 0; a < 8; a++)
                    if (rng_below(&h, 4)) vals[nv++] = wide ? a * 20 : a;
                if (!nv) vals[nv++] = 0;
                csp_add_var_values(p, vals, (size_t)nv, NULL);
            }
            for (int e = 0; e < n + 2; e++) {
                int x = (int)rng_below(&h, (uint64_t)n), y = (int)rng_below(&h, (uint64_t)n);
                if (x != y) csp_add_rel(p, x, rng_below(&h, 2) ? CSP_REL_NE : CSP_REL_LT, y);
            }
            csp_config cfg;
            csp_config_default(&cfg);
            cfg.strategy = csp_find_strategy("gac");
            cfg.var = csp_find_var("dom/wdeg");
            cfg.binary = k & 1, cfg.lc = k >> 1;
            csp_limits lim = {.all = 1};
            stats st = {0};
            csp_solve(p, &cfg, &lim, count_cb, &counts[k], &st);
            nodes[k] = st.nodes;
            csp_free(p);
        }
        for (int k = 1; k < 4; k++)
            CHECK_MSG(counts[k] == counts[0],
                      "round %d: %d solutions under binary=%d lc=%d, %d d-way", round, counts[k],
                      k & 1, k >> 1, counts[0]);
        refuted_runs += nodes[1] != nodes[0] || nodes[3] != nodes[2];
    }
    CHECK_MSG(refuted_runs > 10, "binary changed only %ld searches", refuted_runs);
}

static void test_search(void) {
    /* x < y < z over 1..4: C(4,3) = 4 solutions; with x fixed to 2, 1. */
    for (int s = 0; csp_strategies[s]; s++) {
        csp *p = csp_new();
        for (int v = 0; v < 3; v++) csp_add_var(p, 1, 4, NULL);
        csp_add_rel(p, 0, CSP_REL_LT, 1);
        csp_add_rel(p, 1, CSP_REL_LT, 2);
        csp_config cfg;
        csp_config_default(&cfg);
        cfg.strategy = csp_strategies[s];
        csp_limits lim = {.all = 1};
        stats st = {0};
        int n = 0;
        CHECK(csp_solve(p, &cfg, &lim, count_cb, &n, &st) == STATUS_SOLVED);
        CHECK(n == 4 && st.solutions == 4);
        CHECK(st.inference_calls == st.nodes + 1);
        csp_dom before[3];
        memcpy(before, p->word, sizeof before);
        lim.node_limit = 2;
        stats st2 = {0};
        CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st2) == STATUS_NODE_LIMIT && st2.nodes == 2);
        CHECK(memcmp(before, p->word, sizeof before) == 0); /* solve undoes everything */
        csp_free(p);
        p = csp_new();
        for (int v = 0; v < 3; v++) csp_add_var(p, 1, 4, NULL);
        csp_add_rel(p, 0, CSP_REL_LT, 1);
        csp_add_rel(p, 1, CSP_REL_LT, 2);
        csp_fix(p, 0, 3); /* 3 < y < z in 1..4 is impossible */
        stats st3 = {0};
        lim.node_limit = 0;
        CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st3) == STATUS_UNSAT);
        csp_free(p);
        /* Three unconstrained variables over 1..3, all solutions: a full
         * 3-ary tree of 3 + 9 + 27 nodes; the last value of each of its
         * 1 + 3 + 9 choice points is no decision. */
        p = csp_new();
        for (int v = 0; v < 3; v++) csp_add_var(p, 1, 3, NULL);
        stats st4 = {0};
        CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st4) == STATUS_SOLVED);
        CHECK(st4.solutions == 27 && st4.nodes == 39 && st4.decisions == 39 - 13);
        csp_free(p);
    }
}

/* scope[0] < scope[1], revised weakly on purpose: one value at a time (the
 * largest of x without a support, the smallest of y), so that x < y and
 * y < x over 2^20 values need some two million revisions of one root
 * propagation to wipe out. */
static int lt_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p, (void)c;
    return vals[0] < vals[1];
}
static int lt_revise(csp *p, csp_con *c, int pos) {
    int x = c->scope[0], y = c->scope[1];
    if (pos == 0)
        return csp_max(p, x) >= csp_max(p, y) ? csp_remove(p, x, csp_max(p, x)) : CSP_NOCHANGE;
    return csp_min(p, y) <= csp_min(p, x) ? csp_remove(p, y, csp_min(p, y)) : CSP_NOCHANGE;
}
static const csp_con_ops slow_lt_ops = {.name = "slow-lt", .check = lt_check, .revise = lt_revise};

/* A time limit stops one long propagation too (csp_expired), and what it
 * cut is a timeout, never a proof that there is no solution. */
static void test_deadline_in_propagation(void) {
    csp *p = csp_new();
    int x = csp_add_var(p, 0, 1 << 20, NULL), y = csp_add_var(p, 0, 1 << 20, NULL);
    int xy[2] = {x, y}, yx[2] = {y, x};
    csp_add_con(p, &slow_lt_ops, xy, 2, NULL, 0);
    csp_add_con(p, &slow_lt_ops, yx, 2, NULL, 0);
    csp_config cfg;
    csp_config_default(&cfg);
    csp_limits lim = {.timeout_s = 1e-3};
    stats st = {0};
    CHECK(csp_solve(p, &cfg, &lim, NULL, NULL, &st) == STATUS_TIMEOUT);
    csp_limits none = {0};
    stats st2 = {0};
    CHECK(csp_solve(p, &cfg, &none, NULL, NULL, &st2) == STATUS_UNSAT); /* the whole root */
    csp_free(p);
}

/* wdeg^ca.cd (weights.h's variable scores, order.c's dom/wdeg-cacd): a
 * failure of c shares 1 among c's unassigned variables, each
 * 1 / (their number * |dom|); the heuristic takes the greatest score /
 * |dom|, the smallest domain while every score is 0. */
static void test_cacd(void) {
    csp *p = csp_new();
    for (int v = 0; v < 4; v++) csp_add_var(p, 1, v == 3 ? 2 : 4, NULL);
    int a = csp_add_rel(p, 0, CSP_REL_NE, 1), b = csp_add_rel(p, 2, CSP_REL_NE, 3);
    csp_finalize(p);
    const csp_var_heur *h = csp_find_var("dom/wdeg-cacd");
    CHECK(h && h->var_weights && !csp_find_var("dom/wdeg")->var_weights);
    CHECK(p->weights.vw == NULL);
    csp_weight_bump(p, a); /* without the scores: the constraint's weight only */
    CHECK(p->weights.vw == NULL && csp_weight(p, a) == 2);
    csp_weights_want_vars(p);
    CHECK(h->select(p) == 3); /* every score 0: the smallest domain */
    csp_weight_bump(p, a);    /* x0, x1: 1/(2*4) each */
    CHECK(p->weights.vw[0] == 0.125 && p->weights.vw[1] == 0.125 && p->weights.vw[2] == 0);
    CHECK(h->select(p) == 0); /* 0.125/4 beats 0 (x3's 0/2); ties: the lowest index */
    csp_space_set_assigned(p, 2, 1);
    csp_weight_bump(p, b); /* x3 alone unassigned: 1/(1*2) */
    CHECK(p->weights.vw[3] == 0.5 && p->weights.vw[2] == 0);
    CHECK(h->select(p) == 3); /* 0.5/2 */
    csp_space_set_assigned(p, 2, 0);
    csp_weights_want_vars(p); /* a second call keeps the scores */
    CHECK(p->weights.vw[3] == 0.5);
    csp_free(p);
}

int main(void) {
    size_t base = xmem_current();
    test_cacd();
    test_deadline_in_propagation();
    test_domains();
    test_trail();
    test_saved_words();
    test_revise();
    test_queues();
    test_heuristics();
    test_config();
    test_search();
    test_binary_counts();
    CHECK(xmem_current() == base);
    return CHECK_DONE();
}
