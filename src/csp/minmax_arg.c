/* minmax_arg.c - i = argmax(x_0..x_{n-1}) and i = argmin(...) with a
 * rank: i is a position whose x_i is extreme (any), the first such
 * position (first) or the last (last).  Sound; i's domain GAC.
 *
 * Stated for the maximum (the minimum reads every x mirrored, -x): with
 * strict(j, i) = 1 when x_j must stay below x_i rather than at most equal
 * (first: j < i; last: j > i), i = p holds iff x_p >= x_j + strict(j, p)
 * for every j != p.  Rules, to a fixpoint, O(n) each round:
 * - p stays in D(i) iff max x_p >= max_{j != p} (min x_j + strict(j, p));
 *   exact for i (GAC): x_p at its max and the others at their mins is a
 *   witness when any is;
 * - every x_j (j not in D(i)) is at most max_{p in D(i)} (max x_p -
 *   strict(j, p)): the extreme is one of D(i);
 * - i fixed to p: x_p >= min x_j + strict(j, p) for every j.
 * Once every x is fixed the first rule is the check, so the propagator is
 * exact on complete assignments.  A variable written twice is read at
 * each of its positions (sound). */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "minmax.h"

typedef struct arg_state {
    int n, max, rank;   /* rank: 0 any, 1 first, 2 last */
    int ipos;           /* the scope position of i */
    int *xpos;          /* n: the scope positions of x */
    int64_t *pre, *suf; /* n + 1 each: scratch */
} arg_state;

static void arg_destroy(void *data, size_t size) {
    (void)size;
    arg_state *s = data;
    FREEN(s->xpos, (size_t)s->n);
    FREEN(s->pre, (size_t)s->n + 1);
    FREEN(s->suf, (size_t)s->n + 1);
}

static int strict(const arg_state *s, int j, int p) {
    return (s->rank == 1 && j < p) || (s->rank == 2 && j > p);
}

static int arg_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const arg_state *s = c->data;
    int64_t at = vals[s->ipos];
    if (at < 0 || at >= s->n) return 0;
    int q = (int)at;
    int64_t xq = vals[s->xpos[q]];
    for (int j = 0; j < s->n; j++) {
        int64_t xj = vals[s->xpos[j]];
        int64_t d = s->max ? xq - xj : xj - xq; /* how far x_q is beyond x_j */
        if (j != q && d < strict(s, j, q)) return 0;
    }
    return 1;
}

/* Mirrored reads and cuts (the minimum works on -x). */
static int64_t top(const csp *p, int v, int mx) {
    return mx ? csp_max(p, v) : -(int64_t)csp_min(p, v);
}
static int64_t bot(const csp *p, int v, int mx) {
    return mx ? csp_min(p, v) : -(int64_t)csp_max(p, v);
}
static int cut_above(csp *p, int v, int64_t a, int mx) { /* keep mirrored values <= a */
    return mx ? csp_remove_above(p, v, a) : csp_remove_below(p, v, -a);
}
static int cut_below(csp *p, int v, int64_t a, int mx) { /* keep mirrored values >= a */
    return mx ? csp_remove_below(p, v, a) : csp_remove_above(p, v, -a);
}

#define NONE_ INT64_MIN / 4

static int arg_propagate(csp *p, csp_con *c) {
    arg_state *s = c->data;
    int n = s->n, mx = s->max, iv = c->scope[s->ipos], any = 0, r;
    if ((r = csp_remove_below(p, iv, 0)) == CSP_WIPEOUT) return r;
    any |= r;
    if ((r = csp_remove_above(p, iv, n - 1)) == CSP_WIPEOUT) return r;
    any |= r;
    int64_t *pre = s->pre, *suf = s->suf;
    for (;;) {
        int changed = 0;
        /* rule 1: pre[p] = max_{j<p} min x_j, suf[p] = max_{j>p} min x_j */
        pre[0] = NONE_;
        for (int j = 0; j < n; j++) {
            int64_t b = bot(p, c->scope[s->xpos[j]], mx);
            pre[j + 1] = pre[j] > b ? pre[j] : b;
        }
        suf[n] = NONE_;
        for (int j = n - 1; j >= 0; j--) {
            int64_t b = bot(p, c->scope[s->xpos[j]], mx);
            suf[j] = suf[j + 1] > b ? suf[j + 1] : b;
        }
        for (int q = 0; q < n; q++) {
            if (!csp_has(p, iv, q)) continue;
            int64_t need = pre[q] + (s->rank == 1), later = suf[q + 1] + (s->rank == 2);
            if (later > need) need = later;
            if (top(p, c->scope[s->xpos[q]], mx) >= need) continue;
            if ((r = csp_remove(p, iv, q)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        /* rule 2: pre[j] = max over p < j in D(i) of max x_p, suf[j] over p > j */
        pre[0] = NONE_;
        for (int q = 0; q < n; q++) {
            int64_t t = csp_has(p, iv, q) ? top(p, c->scope[s->xpos[q]], mx) : NONE_;
            pre[q + 1] = pre[q] > t ? pre[q] : t;
        }
        suf[n] = NONE_;
        for (int q = n - 1; q >= 0; q--) {
            int64_t t = csp_has(p, iv, q) ? top(p, c->scope[s->xpos[q]], mx) : NONE_;
            suf[q] = suf[q + 1] > t ? suf[q + 1] : t;
        }
        for (int j = 0; j < n; j++) {
            if (csp_has(p, iv, j)) continue;
            /* p < j: strict under last; p > j: strict under first */
            int64_t a = pre[j] - (s->rank == 2), b = suf[j + 1] - (s->rank == 1);
            if (b > a) a = b;
            if ((r = cut_above(p, c->scope[s->xpos[j]], a, mx)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        /* rule 3 */
        if (csp_single(p, iv)) {
            int q = csp_min(p, iv);
            int64_t need = NONE_;
            for (int j = 0; j < n; j++) {
                if (j == q) continue;
                int64_t b = bot(p, c->scope[s->xpos[j]], mx) + strict(s, j, q);
                if (b > need) need = b;
            }
            if ((r = cut_below(p, c->scope[s->xpos[q]], need, mx)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        if (!changed) return any ? CSP_CHANGED : CSP_NOCHANGE;
        any = 1;
    }
}

static const csp_con_ops arg_ops = {
    .name = "minmax-arg",
    .check = arg_check,
    .propagate = arg_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = arg_destroy,
    .cost = CSP_COST_CHEAP,
    .idempotent = 1,
};

int csp_post_minmax_arg(csp *p, const int *x, int n, int i, int max, int rank) {
    size_t un = (size_t)n;
    int *scope = NEWN(un + 1, int), ns;
    arg_state s = {.n = n, .max = max != 0, .rank = rank, .xpos = NEWN(un, int)};
    s.pre = NEWN(un + 1, int64_t), s.suf = NEWN(un + 1, int64_t);
    ns = csp_scope_dedup(x, n, scope, s.xpos);
    s.ipos = csp_scope_add(scope, &ns, i);
    int id = csp_add_con(p, &arg_ops, scope, ns, &s, sizeof s);
    FREEN(scope, un + 1);
    return id;
}

/* ==== the registry's entries (globals.h) =================================== */

/* 1 to 4 variables over -2..3, i over -1..4 (values outside the
 * positions too), a random rank. */
static void random_arg(csp *p, rng *g, int max) {
    int n = 1 + (int)rng_below(g, 4), x[4];
    for (int j = 0; j < n; j++) x[j] = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -2, 3);
    int i = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -1, 4);
    csp_post_minmax_arg(p, x, n, i, max, (int)rng_below(g, 3));
}
static void random_minimum_arg(csp *p, rng *g) { random_arg(p, g, 0); }
static void random_maximum_arg(csp *p, rng *g) { random_arg(p, g, 1); }

const csp_global csp_global_minimum_arg = {
    "minimum-arg", "i = a position of a least x (any, the first or the last)",
    "sound: i's domain GAC by its witness (x_i at its min, the others at their max), the x "
    "outside D(i) at least the least min over D(i), i fixed: x_i at most every other",
    CSP_LEVEL_SOUND, random_minimum_arg};
const csp_global csp_global_maximum_arg = {
    "maximum-arg", "i = a position of a greatest x (any, first or last)",
    "sound: the mirror of minimum-arg", CSP_LEVEL_SOUND, random_maximum_arg};
