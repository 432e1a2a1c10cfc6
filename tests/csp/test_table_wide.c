/* test_table_wide.c - the table's wide view (csp/table.c: positive and
 * negative, short tuples) against brute force, as test_table.c holds the
 * narrow one: variables whose values are 23 apart (so that they span more
 * than 64 values) under every domain representation; after each
 * propagation, at random depths with backtracking in between (the
 * incremental update, the reset, the position that changed alone), the
 * domains must be exactly the generalised arc consistent ones computed by
 * enumerating every combination; check() and partial() must agree with
 * the rows' meaning. */
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/table.h"

enum { MAXA = 4, MAXROWS = 40, MAXSPAN = 8, STRIDE = 23 };

typedef struct spec {
    int arity, positive, nrows, lo;
    int rows[MAXROWS * MAXA];
} spec;

static int value_of(const spec *s, int slot) { return s->lo + STRIDE * slot; }
static int slot_of(const spec *s, int64_t a) { return (int)((a - s->lo) / STRIDE); }

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

/* Calls fn on every tuple of the current domains of scope. */
static void each_tuple(const csp *p, const int *scope, const spec *s,
                       void (*fn)(const spec *, const int *, void *), void *ctx) {
    int n = s->arity, vals[MAXA];
    for (int i = 0; i < n; i++) vals[i] = csp_min(p, scope[i]);
    for (;;) {
        fn(s, vals, ctx);
        int i = 0;
        for (; i < n; i++) {
            int64_t a = csp_next(p, scope[i], vals[i]);
            if (a != CSP_NOVAL) {
                vals[i] = (int)a;
                break;
            }
            vals[i] = csp_min(p, scope[i]);
        }
        if (i == n) return;
    }
}

/* supported[i] as a bit per slot */
static void mark_support(const spec *s, const int *vals, void *ctx) {
    unsigned *sup = ctx;
    if (holds(s, vals))
        for (int i = 0; i < s->arity; i++) sup[i] |= 1u << slot_of(s, vals[i]);
}

static unsigned slots_of(const csp *p, int v, const spec *s) {
    unsigned m = 0;
    CSP_FOR_VALUES(p, v, a) m |= 1u << slot_of(s, a);
    return m;
}

/* Propagates the one constraint and compares with brute force; returns
 * what propagation returned. */
static int propagate_and_compare(csp *p, const int *scope, const spec *s) {
    unsigned want[MAXA] = {0};
    each_tuple(p, scope, s, mark_support, want);
    int ok = 1;
    for (int i = 0; i < s->arity; i++) ok &= want[i] != 0;
    int r = csp_propagate_con(p, p->cons[0]);
    CHECK_MSG((r == CSP_WIPEOUT) == !ok, "arity %d positive %d rows %d: r=%d ok=%d", s->arity,
              s->positive, s->nrows, r, ok);
    if (ok && r != CSP_WIPEOUT)
        for (int i = 0; i < s->arity; i++)
            CHECK_MSG(slots_of(p, scope[i], s) == want[i], "pos %d: %x, want %x", i,
                      slots_of(p, scope[i], s), want[i]);
    return r;
}

static void check_tuple(const spec *s, const int *vals, void *ctx) {
    const csp *p = ctx;
    CHECK(p->cons[0]->ops->check(p, p->cons[0], vals) == holds(s, vals));
}

/* Removes from v a random part of its values, keeping one at least. */
static void prune_some(csp *p, int v, rng *r) {
    int64_t drop[MAXSPAN];
    size_t n = 0;
    CSP_FOR_VALUES(p, v, a) if (rng_below(r, 2)) drop[n++] = a;
    if ((int64_t)n < csp_size(p, v)) csp_remove_values(p, v, drop, n);
}

static void one_round(rng *r) {
    spec s;
    s.arity = 1 + (int)rng_below(r, MAXA);
    s.positive = (int)rng_below(r, 2);
    s.nrows = (int)rng_below(r, MAXROWS + 1);
    s.lo = (int)rng_below(r, 200) - 100;
    int span = 4 + (int)rng_below(r, MAXSPAN - 3);
    for (int k = 0; k < s.nrows * s.arity; k++) /* a little outside too, and stars */
        s.rows[k] = rng_below(r, 6) == 0 ? CSP_TABLE_STAR
                                         : value_of(&s, (int)rng_below(r, (uint64_t)span + 1));
    csp *p = csp_new();
    p->domain = (int)rng_below(r, CSP_DOM_AUTO + 1);
    int scope[MAXA];
    for (int i = 0; i < s.arity; i++) { /* a few initial holes */
        int vals[MAXSPAN], n = 0;
        for (int b = 0; b < span; b++)
            if (b == 0 || b == span - 1 || rng_below(r, 4)) vals[n++] = value_of(&s, b);
        scope[i] = csp_add_var_values(p, vals, (size_t)n, NULL);
    }
    CHECK(csp_post_table(p, scope, s.arity, s.rows, (size_t)s.nrows, s.positive) == 0);
    int wide = 0; /* the wide view is the one under test */
    for (int i = 0; i < s.arity; i++) wide |= !csp_narrow(p, scope[i]);
    CHECK(wide);
    csp_finalize(p);
    stats st = {0};
    csp_set_stats(p, &st);
    each_tuple(p, scope, &s, check_tuple, p);
    /* three levels of random pruning + propagation, then back up */
    size_t marks[3];
    unsigned snap[3][MAXA];
    int depth = 0;
    for (; depth < 3; depth++) {
        marks[depth] = csp_mark(p);
        for (int i = 0; i < s.arity; i++) snap[depth][i] = slots_of(p, scope[i], &s);
        if (depth || rng_below(r, 2)) prune_some(p, scope[rng_below(r, (uint64_t)s.arity)], r);
        if (propagate_and_compare(p, scope, &s) == CSP_WIPEOUT) {
            depth++;
            break;
        }
        if (depth < 2 && rng_below(r, 2)) /* the next call sees several changed */
            for (int i = 0; i < s.arity; i++) prune_some(p, scope[i], r);
    }
    while (depth-- > 0) {
        csp_undo(p, marks[depth]);
        for (int i = 0; i < s.arity; i++) CHECK(slots_of(p, scope[i], &s) == snap[depth][i]);
        size_t m = csp_mark(p); /* the restored state propagates as a fresh one would */
        propagate_and_compare(p, scope, &s);
        csp_undo(p, m);
    }
    /* partial(): never 0 while some completion of the singletons holds */
    if (p->cons[0]->ops->partial) {
        size_t m = csp_mark(p);
        csp_keep(p, scope[0], csp_min(p, scope[0]));
        unsigned want[MAXA] = {0};
        each_tuple(p, scope, &s, mark_support, want);
        if (want[0]) CHECK(p->cons[0]->ops->partial(p, p->cons[0]));
        csp_undo(p, m);
    }
    csp_set_stats(p, NULL);
    csp_free(p);
}

int main(void) {
    size_t mem0 = xmem_current();
    rng r;
    rng_seed(&r, 23);
    for (int round = 0; round < 3000; round++) one_round(&r);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
