/* member.c - y is one of x_1..x_n (XCSP3's <element> without <index>,
 * value a variable): GAC while y has at most 2^16 values (beyond, y's
 * bounds within the entries' only: sound).  A value b of y has a support iff some x_i can
 * take b; a value a of x_i has one iff some b of y is a, or can be taken
 * by another x_j: so x_i loses values only when it is the one variable
 * that can take each value of y, and then keeps only those.  One pass
 * counts, per value of y, the x that can take it (up to two), then prunes
 * y, then that one x_i if any (its domain cut to D(y), which cuts no
 * support of y): idempotent.  O(|D(y)| n) per call. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "element.h"
#include "globals.h"

typedef struct member_state {
    int64_t *vals; /* scratch: the values of y to remove, or to keep in x_i */
    size_t cap;
} member_state;

static void member_destroy(void *data, size_t size) {
    (void)size;
    member_state *s = data;
    if (s->vals) FREEN(s->vals, s->cap);
}

/* scope: x_0..x_{n-1}, then y */
static int member_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    int n = c->arity - 1;
    for (int i = 0; i < n; i++)
        if (vals[i] == vals[n]) return 1;
    return 0;
}

/* y wider than this: its bounds only (within the entries' bounds). */
#define MEMBER_WIDE ((int64_t)1 << 16)

static int member_bounds(csp *p, csp_con *c, int y) {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < c->arity - 1; i++) {
        lo = csp_min(p, c->scope[i]) < lo ? csp_min(p, c->scope[i]) : lo;
        hi = csp_max(p, c->scope[i]) > hi ? csp_max(p, c->scope[i]) : hi;
    }
    int r = CSP_NOCHANGE;
    CSP_MERGE(r, csp_remove_below(p, y, lo));
    CSP_MERGE(r, csp_remove_above(p, y, hi));
    return r;
}

static int member_propagate(csp *p, csp_con *c) {
    member_state *s = c->data;
    int n = c->arity - 1, y = c->scope[n], sole = -1, r = CSP_NOCHANGE;
    size_t drop = 0;
    if (csp_size(p, y) > MEMBER_WIDE) {
        CSP_MERGE(r, member_bounds(p, c, y));
        if (csp_size(p, y) > MEMBER_WIDE) return r; /* else the exact pass below */
    }
    CSP_FOR_VALUES(p, y, b) {
        int who = -1, k = 0;
        for (int i = 0; i < n && k < 2; i++)
            if (csp_has(p, c->scope[i], b)) who = i, k++;
        if (!k) {
            GROW(&s->vals, &s->cap, drop + 1);
            s->vals[drop++] = b;
        } else {
            sole = sole == -1 && k == 1 ? who : (k == 1 && sole == who ? sole : -2);
        }
    }
    if ((uint64_t)csp_size(p, y) == drop) return CSP_WIPEOUT;
    if (drop) CSP_MERGE(r, csp_remove_values(p, y, s->vals, drop));
    if (sole < 0) return r;
    int x = c->scope[sole]; /* the one variable that can take y's values: within D(y) */
    CSP_MERGE(r, csp_keep_common(p, x, y)); /* run by run: x may be wide */
    return r;
}

static const csp_con_ops member_ops = {
    .name = "member",
    .check = member_check,
    .propagate = member_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = member_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_ANY,
    .idempotent = 1,
};

int csp_post_member(csp *p, const int *vars, int n, int y) {
    int *scope = NEWN((size_t)n + 1, int), ns = 0;
    for (int i = 0; i < n; i++) {
        if (vars[i] == y) { /* y = y: always true */
            FREEN(scope, (size_t)n + 1);
            return -1;
        }
        csp_scope_add(scope, &ns, vars[i]);
    }
    scope[ns] = y;
    member_state s = {0};
    int id = csp_add_con(p, &member_ops, scope, ns + 1, &s, sizeof s);
    FREEN(scope, (size_t)n + 1);
    return id;
}

/* 1 to 4 variables over -1..4 (one written twice at times), y over 0..5. */
static void random_member(csp *p, rng *g) {
    int n = 1 + (int)rng_below(g, 4), vars[5];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), -1, 4);
    if (rng_below(g, 4) == 0) vars[n] = vars[0], n++;
    int y = csp_random_var(p, g, 1 + (int)rng_below(g, 6), 0, 5);
    csp_post_member(p, vars, n, y);
}

const csp_global csp_global_member = {
    "member", "y is one of x_1..x_n (element without an index)",
    "GAC (y of at most 2^16 values; beyond, y's bounds): y keeps the values some x_i can "
    "take; the one x_i that can take each of them keeps only D(y)",
    CSP_LEVEL_GAC, random_member};
