/* vecne.c - (x_1..x_n) != (y_1..y_n).  A position is *equal* when x_i and
 * y_i are the same variable or two singletons of the same value, *apart*
 * when both are singletons of different values (the constraint holds for
 * good), else *open*.  The propagator: some position apart, nothing to do;
 * no position open, a wipe-out; one position open with one side a
 * singleton, that value leaves the other side.  When the 2n variables are
 * distinct that is GAC: a value of an open position's variable always has a
 * support (the other variable of the pair can take another value, or the
 * pair is one of several open positions, each of which can differ), and no
 * other position's variable loses a support.  With repeated variables it
 * is sound and checks completed tuples exactly (weaker than GAC: x = (A, A),
 * y = (B, B) with A fixed does not prune B).
 * fc runs the propagator on each assignment of a variable of the scope. */
#include "vecne.h"

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"

/* The positions in the scope of x_i (at[i]) and y_i (at[n + i]). */
typedef struct vecne {
    int n;
    int *at;
} vecne;

static void vecne_destroy(void *data, size_t size) {
    (void)size;
    vecne *s = data;
    FREEN(s->at, 2 * (size_t)s->n);
}

static int vecne_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const vecne *s = c->data;
    for (int i = 0; i < s->n; i++)
        if (vals[s->at[i]] != vals[s->at[s->n + i]]) return 1;
    return 0;
}

/* 1 when scope position a is a singleton (its value in *v). */
static int fixed(const csp *p, const csp_con *c, int a, int64_t *v) {
    int x = c->scope[a];
    if (csp_size(p, x) != 1) return 0;
    *v = csp_min(p, x);
    return 1;
}

/* The one open position (-1: none; -2: several; -3: one apart). */
static int open_position(const csp *p, const csp_con *c, const vecne *s) {
    int open = -1;
    for (int i = 0; i < s->n; i++) {
        int a = s->at[i], b = s->at[s->n + i];
        int64_t va, vb;
        if (a == b) continue; /* the same variable: equal */
        if (fixed(p, c, a, &va) && fixed(p, c, b, &vb)) {
            if (va != vb) return -3;
            continue;
        }
        if (open != -1) return -2;
        open = i;
    }
    return open;
}

static int vecne_propagate(csp *p, csp_con *c) {
    const vecne *s = c->data;
    int i = open_position(p, c, s);
    if (i == -1) return CSP_WIPEOUT;
    if (i < 0) return CSP_NOCHANGE;
    int a = s->at[i], b = s->at[s->n + i];
    int64_t v;
    if (fixed(p, c, a, &v)) return csp_remove(p, c->scope[b], v);
    if (fixed(p, c, b, &v)) return csp_remove(p, c->scope[a], v);
    return CSP_NOCHANGE;
}

/* bt: ruled out when every position is equal. */
static int vecne_partial(const csp *p, const csp_con *c) {
    return open_position(p, c, c->data) != -1;
}

static const csp_con_ops vecne_ops = {
    .name = "vecne",
    .check = vecne_check,
    .propagate = vecne_propagate,
    .partial = vecne_partial,
    .on_assign = csp_on_assign_propagate,
    .destroy = vecne_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX,
    .idempotent = 1, /* a removal leaves the position apart or open with two wide sides */
};

int csp_post_vecne(csp *p, const int *x, const int *y, int n) {
    if (n < 1) return -1;
    int *scope = NEWN(2 * (size_t)n, int), ns = 0;
    vecne s = {n, NEWN(2 * (size_t)n, int)};
    for (int k = 0; k < 2 * n; k++) {
        int v = k < n ? x[k] : y[k - n], j = 0;
        while (j < ns && scope[j] != v) j++;
        if (j == ns) scope[ns++] = v;
        s.at[k] = j;
    }
    /* x[i] == y[i] everywhere: no position is ever open, the first propagation fails */
    int id = csp_add_con(p, &vecne_ops, scope, ns, &s, sizeof s);
    FREEN(scope, 2 * (size_t)n);
    return id;
}

static void random_vecne(csp *p, rng *g) {
    int n = 1 + (int)rng_below(g, 3), x[3], y[3];
    for (int i = 0; i < n; i++) {
        x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 3), -1, 2);
        y[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 3), -1, 2);
    }
    csp_post_vecne(p, x, y, n);
}

const csp_global csp_global_vecne = {
    "vecne", "two tuples of variables differ at some position",
    "GAC (distinct variables): with one position left open, its fixed side's value leaves the other",
    CSP_LEVEL_GAC, random_vecne};
