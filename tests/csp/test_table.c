/* test_table.c - the table constraint (Compact-Table, positive and
 * negative, short tuples) against brute force: after each propagation on
 * random domains, at random depths with backtracking in between, the
 * domains must be exactly the generalised arc consistent ones computed by
 * enumerating every combination; check() and partial() must agree with the
 * rows' meaning. */
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/solver.h"
#include "csp/table.h"

enum { MAXA = 4, MAXROWS = 40 };

typedef struct spec {
    int arity, positive, nrows;
    int rows[MAXROWS * MAXA];
} spec;

/* The rows' meaning for one complete tuple of values. */
/* Configuration k of N_CONFIGS: bt, fc, gac with each of the five queue
 * policies, gac with dom/wdeg; its description goes to name. */
enum { N_CONFIGS = 8 };
static void config_k(csp_config *cfg, int k, char *name, size_t size) {
    csp_config_default(cfg);
    if (k < 2)
        cfg->strategy = csp_strategies[k];
    else if (k < 7)
        cfg->queue = csp_queues[k - 2];
    else
        cfg->var = csp_find_var("dom/wdeg");
    snprintf(name, size, "%s queue=%s var=%s", cfg->strategy->name, cfg->queue->name,
             cfg->var->name);
}

static int holds(const spec *s, const int *vals) {
    for (int k = 0; k < s->nrows; k++) {
        int match = 1;
        for (int i = 0; i < s->arity && match; i++) {
            int v = s->rows[k * s->arity + i];
            match = v == CSP_TABLE_STAR || v == vals[i];
        }
        if (match) return s->positive;
    }
    return !s->positive;
}

/* GAC domains of the scope by enumeration; 0 in ok when some domain
 * becomes empty. */
static void brute_gac(const csp *p, const int *scope, const spec *s, csp_dom *out, int *ok) {
    int n = s->arity, vals[MAXA];
    csp_dom it[MAXA];
    for (int i = 0; i < n; i++) out[i] = 0, it[i] = csp_bits(p, scope[i]);
    *ok = 1;
    for (int i = 0; i < n; i++)
        if (!it[i]) *ok = 0;
    if (!*ok) return;
    for (;;) {
        for (int i = 0; i < n; i++) vals[i] = csp_value(p, scope[i], csp_dom_min(it[i]));
        if (holds(s, vals))
            for (int i = 0; i < n; i++) out[i] |= csp_bit(csp_dom_min(it[i]));
        int i = 0;
        for (; i < n; i++) {
            it[i] &= it[i] - 1;
            if (it[i]) break;
            it[i] = csp_bits(p, scope[i]);
        }
        if (i == n) break;
    }
    for (int i = 0; i < n; i++)
        if (!out[i]) *ok = 0;
}

static void random_spec(rng *r, spec *s, int span, int lo) {
    s->arity = 1 + (int)rng_below(r, MAXA);
    s->positive = (int)rng_below(r, 2);
    s->nrows = (int)rng_below(r, MAXROWS + 1);
    for (int k = 0; k < s->nrows * s->arity; k++) {
        /* values a little outside the domains too, and some stars */
        int v = lo - 1 + (int)rng_below(r, (uint64_t)span + 2);
        s->rows[k] = rng_below(r, 6) == 0 ? CSP_TABLE_STAR : v;
    }
}

/* Propagates the one constraint and compares with brute force. */
static void propagate_and_compare(csp *p, const int *scope, const spec *s) {
    csp_dom want[MAXA];
    int ok;
    brute_gac(p, scope, s, want, &ok);
    int r = csp_propagate_con(p, p->cons[0]);
    CHECK_MSG((r == CSP_WIPEOUT) == !ok, "arity %d positive %d rows %d: r=%d ok=%d", s->arity,
              s->positive, s->nrows, r, ok);
    if (ok && r != CSP_WIPEOUT)
        for (int i = 0; i < s->arity; i++)
            CHECK_MSG(csp_bits(p, scope[i]) == want[i], "pos %d: %llx, want %llx", i,
                      (unsigned long long)csp_bits(p, scope[i]), (unsigned long long)want[i]);
}

static void test_against_brute_force(void) {
    rng r;
    rng_seed(&r, 11);
    for (int round = 0; round < 3000; round++) {
        spec s;
        int span = 2 + (int)rng_below(&r, 5), lo = (int)rng_below(&r, 7) - 3;
        random_spec(&r, &s, span, lo);
        csp *p = csp_new();
        int scope[MAXA];
        for (int i = 0; i < s.arity; i++) scope[i] = csp_add_var(p, lo, lo + span - 1, NULL);
        /* a few initial holes: rows through them are dropped when posted */
        for (int i = 0; i < s.arity; i++)
            if (rng_below(&r, 3) == 0)
                p->word[scope[i]] &= ~csp_bit((int)rng_below(&r, (uint64_t)span));
        int ok0 = 1;
        for (int i = 0; i < s.arity; i++) ok0 &= csp_bits(p, scope[i]) != 0;
        if (!ok0) {
            csp_free(p);
            continue;
        }
        CHECK(csp_post_table(p, scope, s.arity, s.rows, (size_t)s.nrows, s.positive) == 0);
        csp_finalize(p);
        stats st = {0};
        csp_set_stats(p, &st);
        /* check() on every complete tuple of the initial domains */
        int vals[MAXA];
        csp_dom it[MAXA];
        for (int i = 0; i < s.arity; i++) it[i] = csp_bits(p, scope[i]);
        for (;;) {
            for (int i = 0; i < s.arity; i++) vals[i] = csp_value(p, scope[i], csp_dom_min(it[i]));
            CHECK(p->cons[0]->ops->check(p, p->cons[0], vals) == holds(&s, vals));
            int i = 0;
            for (; i < s.arity; i++) {
                it[i] &= it[i] - 1;
                if (it[i]) break;
                it[i] = csp_bits(p, scope[i]);
            }
            if (i == s.arity) break;
        }
        /* three levels of random pruning + propagation, then back up */
        size_t marks[3];
        csp_dom snap[3][MAXA];
        int depth = 0;
        for (; depth < 3; depth++) {
            marks[depth] = csp_mark(p);
            for (int i = 0; i < s.arity; i++) snap[depth][i] = csp_bits(p, scope[i]);
            int v = scope[rng_below(&r, (uint64_t)s.arity)];
            csp_dom keep = csp_bits(p, v) & rng_next(&r);
            if (keep) csp_restrict(p, v, keep);
            propagate_and_compare(p, scope, &s);
            int empty = 0;
            for (int i = 0; i < s.arity; i++) empty |= csp_bits(p, scope[i]) == 0;
            if (empty) {
                depth++;
                break;
            }
        }
        while (depth-- > 0) {
            csp_undo(p, marks[depth]);
            for (int i = 0; i < s.arity; i++) CHECK(csp_bits(p, scope[i]) == snap[depth][i]);
            /* the restored state must propagate as a fresh one would */
            size_t m = csp_mark(p);
            propagate_and_compare(p, scope, &s);
            csp_undo(p, m);
        }
        /* partial(): never 0 while some completion of the singletons holds */
        if (p->cons[0]->ops->partial) {
            int v = scope[0];
            csp_dom d = csp_bits(p, v);
            if (d) {
                size_t m = csp_mark(p);
                csp_restrict(p, v, csp_bit(csp_dom_min(d)));
                csp_dom want[MAXA];
                int ok;
                brute_gac(p, scope, &s, want, &ok);
                if (ok) CHECK(p->cons[0]->ops->partial(p, p->cons[0]));
                csp_undo(p, m);
            }
        }
        csp_set_stats(p, NULL);
        csp_free(p);
    }
}

/* The solutions of p under configuration k (its name into name). */
static long count_k(csp *p, int k, char *name, size_t size) {
    csp_config cfg;
    config_k(&cfg, k, name, size);
    csp_limits lim = {.all = 1};
    stats st = {0};
    csp_solve(p, &cfg, &lim, NULL, NULL, &st);
    return (long)st.solutions;
}

/* arity distinct variables of 0..nv-1 into scope. */
static void random_scope(rng *r, int nv, int arity, int *scope) {
    for (int i = 0; i < arity; i++) {
        int v;
        do {
            v = (int)rng_below(r, (uint64_t)nv);
            for (int j = 0; j < i; j++)
                if (scope[j] == v) v = -1;
        } while (v < 0);
        scope[i] = v;
    }
}

/* Brute force: the assignments of nv variables over 0..span-1 that
 * satisfy every constraint c (the table *sp[c] on scopes[c]). */
static long brute_count(int nv, int span, int nc, const spec *const *sp,
                        const int (*scopes)[MAXA]) {
    long want = 0;
    int vals[8], total = 1;
    for (int i = 0; i < nv; i++) total *= span;
    for (int code = 0; code < total; code++) {
        int x = code, ok = 1;
        for (int i = 0; i < nv; i++) vals[i] = x % span, x /= span;
        for (int c = 0; c < nc && ok; c++) {
            int tv[MAXA];
            for (int i = 0; i < sp[c]->arity; i++) tv[i] = vals[scopes[c][i]];
            ok = holds(sp[c], tv);
        }
        want += ok;
    }
    return want;
}

/* Searching a small problem of tables gives the brute-force count under
 * every strategy and queue (the tables' state survives deep backtracking). */
static void test_search(void) {
    rng r;
    rng_seed(&r, 5);
    for (int round = 0; round < 60; round++) {
        int nv = 4 + (int)rng_below(&r, 3), span = 3;
        spec specs[5];
        const spec *sp[5];
        int scopes[5][MAXA], nc = 2 + (int)rng_below(&r, 4);
        for (int c = 0; c < nc; c++) {
            random_spec(&r, &specs[c], span, 0);
            random_scope(&r, nv, specs[c].arity, scopes[c]);
            sp[c] = &specs[c];
        }
        long want = brute_count(nv, span, nc, sp, (const int(*)[MAXA])scopes);
        for (int k = 0; k < N_CONFIGS; k++) {
            csp *p = csp_new();
            for (int i = 0; i < nv; i++) csp_add_var(p, 0, span - 1, NULL);
            for (int c = 0; c < nc; c++)
                csp_post_table(p, scopes[c], specs[c].arity, specs[c].rows, (size_t)specs[c].nrows,
                               specs[c].positive);
            char specs_s[96];
            long got = count_k(p, k, specs_s, sizeof specs_s);
            CHECK_MSG(got == want, "%s: %ld solutions, brute force %ld", specs_s, got, want);
            CHECK(p->trail.len == 0 && p->trail.saved_len == 0);
            csp_free(p);
        }
    }
}

/* Constraints sharing one set of rows (csp_tuples, as an XCSP3 <group>
 * posts them) keep their own state: every strategy still counts what
 * brute force counts, and the rows are freed with the last constraint. */
static void test_shared(void) {
    rng r;
    rng_seed(&r, 9);
    for (int round = 0; round < 60; round++) {
        int nv = 5, span = 3;
        spec sp;
        random_spec(&r, &sp, span, 0);
        int scopes[4][MAXA], nc = 2 + (int)rng_below(&r, 3);
        const spec *same[4] = {&sp, &sp, &sp, &sp};
        for (int c = 0; c < nc; c++) random_scope(&r, nv, sp.arity, scopes[c]);
        long want = brute_count(nv, span, nc, same, (const int(*)[MAXA])scopes);
        for (int k = 0; k < N_CONFIGS; k++) {
            csp *p = csp_new();
            for (int i = 0; i < nv; i++) csp_add_var(p, 0, span - 1, NULL);
            csp_tuples *T =
                csp_tuples_new(p, scopes[0], sp.arity, sp.rows, (size_t)sp.nrows, sp.positive);
            for (int c = 0; c < nc; c++) {
                CHECK(csp_tuples_fit(T, p, scopes[c], sp.arity));
                csp_post_tuples(p, scopes[c], T);
            }
            csp_tuples_release(T);
            char specs_s[96];
            long got = count_k(p, k, specs_s, sizeof specs_s);
            CHECK_MSG(got == want, "shared %s: %ld, brute force %ld", specs_s, got, want);
            csp_free(p);
        }
    }
    /* a scope with other domains does not fit */
    csp *p = csp_new();
    int a = csp_add_var(p, 0, 3, NULL), b = csp_add_var(p, 1, 4, NULL),
        c = csp_add_var(p, 0, 3, NULL);
    int rows[2] = {1, 2}, s1[1] = {a}, s2[1] = {b}, s3[1] = {c};
    csp_tuples *T = csp_tuples_new(p, s1, 1, rows, 2, 1);
    CHECK(!csp_tuples_fit(T, p, s2, 1) && csp_tuples_fit(T, p, s3, 1));
    csp_tuples_release(T);
    csp_free(p);
}

static void test_limits(void) {
    csp *p = csp_new();
    int scope[3];
    for (int i = 0; i < 3; i++) scope[i] = csp_add_var(p, 0, 63, NULL);
    /* (*,*,*) negative: 64^3 rows after expansion fit; a 5-ary one would not */
    int star[3] = {CSP_TABLE_STAR, CSP_TABLE_STAR, CSP_TABLE_STAR};
    CHECK(csp_post_table(p, scope, 3, star, 1, 0) >= 0);
    csp_free(p);
    p = csp_new();
    int s5[5], star5[5];
    for (int i = 0; i < 5; i++) s5[i] = csp_add_var(p, 0, 63, NULL), star5[i] = CSP_TABLE_STAR;
    CHECK(csp_post_table(p, s5, 5, star5, 1, 0) == -1);
    CHECK(csp_post_table(p, s5, 5, star5, 1, 1) == 0); /* positive: stars stay stars */
    csp_free(p);
}

int main(void) {
    size_t base = xmem_current();
    test_against_brute_force();
    test_search();
    test_shared();
    test_limits();
    CHECK(xmem_current() == base);
    return CHECK_DONE();
}
