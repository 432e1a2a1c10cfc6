/* sum_dp.c - sum a_i * x_i in a union of intervals, domain consistent
 * (GAC) by a dynamic programme over the partial sums: for small spans (an
 * equality, a set `in {..}`, an interval or its complement).
 *
 * With tl_i the smallest contribution of term i and P_i = tl_0 + ... +
 * tl_{i-1}, layer i is a bitset over the partial sums of the first i
 * terms, bit t standing for the sum P_i + t (t < W, W = the span of the
 * whole sum + 1).  Forward: F_0 = {0}, F_{i+1} = the union over v in D_i
 * of F_i shifted up by a_i v - tl_i (>= 0).  F_n is cut to the target
 * intervals.  Backward: B_n = F_n; a value v of x_i is supported iff F_i
 * meets B_{i+1} shifted down by a_i v - tl_i, and B_i is the union of
 * those meets: the partial sums from which the target is reachable.
 * Every value left has a support made of supported values, so one call
 * reaches the fixpoint (idempotent).  Cost: about sum |D_i| * (W / 64 + 1)
 * word operations (csp_sum_dp_work), which the front ends bound by
 * CSP_SUM_DP_WORK before they choose this propagator (Trick, "A dynamic
 * programming approach for consistency and propagation for knapsack
 * constraints", Annals of OR 2003, on bitsets). */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "sum.h"

/* unit: every a_i is 1, every x_i's domain was within 0..1 when posted
 * (domains only shrink, so it stays true) and the target is one
 * interval: dp_propagate counts instead of building the layers. */
typedef struct dp_data {
    int n, niv, unit;
    int64_t w[]; /* a[0..n), then the intervals iv[0..2 niv) */
} dp_data;

static int64_t tlo(const csp *p, int v, int64_t a) {
    return a > 0 ? a * csp_min(p, v) : a * csp_max(p, v);
}
static int64_t thi(const csp *p, int v, int64_t a) {
    return a > 0 ? a * csp_max(p, v) : a * csp_min(p, v);
}

int64_t csp_sum_dp_work(const csp *p, const int *vars, const int64_t *a, int n) {
    int64_t lo, hi, size = 0;
    if (csp_sum_bounds(p, vars, a, n, &lo, &hi) || hi - lo >= CSP_SUM_DP_SPAN) return -1;
    for (int i = 0; i < n; i++) size += csp_size(p, vars[i]);
    return size * ((hi - lo) / 64 + 1);
}

static int in_target(const dp_data *s, int64_t t) {
    const int64_t *iv = s->w + s->n;
    for (int j = 0; j < s->niv; j++)
        if (t >= iv[2 * j] && t <= iv[2 * j + 1]) return 1;
    return 0;
}

static int dp_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const dp_data *s = c->data;
    int64_t t = 0;
    for (int i = 0; i < s->n; i++) t += s->w[i] * vals[i];
    return in_target(s, t);
}

/* bt: some target interval meets the sum's bounds. */
static int dp_partial(const csp *p, const csp_con *c) {
    const dp_data *s = c->data;
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < s->n; i++) {
        lo += tlo(p, c->scope[i], s->w[i]);
        hi += thi(p, c->scope[i], s->w[i]);
    }
    const int64_t *iv = s->w + s->n;
    for (int j = 0; j < s->niv; j++)
        if (iv[2 * j] <= hi && iv[2 * j + 1] >= lo) return 1;
    return 0;
}

/* dst |= src shifted up by sh bits (nw words each). */
static void or_up(uint64_t *dst, const uint64_t *src, size_t nw, int64_t sh) {
    size_t ws = (size_t)(sh / 64);
    int bs = (int)(sh % 64);
    for (size_t j = nw; j-- > ws;) {
        uint64_t x = src[j - ws] << bs;
        if (bs && j > ws) x |= src[j - ws - 1] >> (64 - bs);
        dst[j] |= x;
    }
}

/* dst = src shifted down by sh bits. */
static void shift_down(uint64_t *dst, const uint64_t *src, size_t nw, int64_t sh) {
    size_t ws = (size_t)(sh / 64);
    int bs = (int)(sh % 64);
    for (size_t j = 0; j < nw; j++) {
        uint64_t x = j + ws < nw ? src[j + ws] >> bs : 0;
        if (bs && j + ws + 1 < nw) x |= src[j + ws + 1] << (64 - bs);
        dst[j] = x;
    }
}

/* The unit case (dp_data.unit), the same fixpoint as the programme's
 * and the same removals in the same order (from the last term down), so
 * that the search is the same tree: with k ones fixed and u terms free,
 * the sum ranges over k..k+u; none of it in [L, H] is a wipe-out; a free
 * term's 1 has no support when k = H, its 0 none when k + u = L. */
static int dp_unit(csp *p, const csp_con *c, const dp_data *s) {
    int64_t k = 0, u = 0, lo = s->w[s->n], hi = s->w[s->n + 1];
    for (int i = 0; i < s->n; i++) {
        int v = c->scope[i];
        if (csp_size(p, v) > 1)
            u++;
        else
            k += csp_min(p, v);
    }
    if (k > hi || k + u < lo) return CSP_WIPEOUT;
    if (!u || (k < hi && k + u > lo)) return CSP_NOCHANGE;
    int64_t gone = k == hi ? 1 : 0; /* both at once only when u = 0 */
    for (int i = s->n - 1; i >= 0; i--)
        if (csp_size(p, c->scope[i]) > 1) csp_remove(p, c->scope[i], gone);
    return CSP_CHANGED;
}

static int dp_propagate(csp *p, csp_con *c) {
    const dp_data *s = c->data;
    if (s->unit) return dp_unit(p, c, s);
    const int n = s->n;
    const int64_t *a = s->w, *iv = s->w + n;
    int64_t base = 0, span = 0;
    for (int i = 0; i < n; i++) {
        base += tlo(p, c->scope[i], a[i]);
        span += thi(p, c->scope[i], a[i]) - tlo(p, c->scope[i], a[i]);
    }
    size_t nw = (size_t)(span / 64 + 1), nl = (size_t)(n + 1) * nw;
    uint64_t *f = NEWN(nl, uint64_t), *b = NEWN(nl, uint64_t), *tmp = NEWN(nw, uint64_t);
    memset(f, 0, nl * sizeof *f);
    memset(b, 0, nl * sizeof *b);
    f[0] = 1;
    for (int i = 0; i < n; i++) {
        int v = c->scope[i];
        int64_t t0 = tlo(p, v, a[i]);
        CSP_FOR_VALUES(p, v, x)
        or_up(f + (size_t)(i + 1) * nw, f + (size_t)i * nw, nw, a[i] * x - t0);
    }
    /* B_n: F_n cut to the target */
    uint64_t *fn = f + (size_t)n * nw, *bn = b + (size_t)n * nw, any = 0;
    for (int j = 0; j < s->niv; j++) {
        int64_t l = iv[2 * j] - base, h = iv[2 * j + 1] - base;
        if (l < 0) l = 0;
        if (h > span) h = span;
        for (int64_t t = l; t <= h; t++) /* span is small: bit by bit */
            if (fn[t / 64] >> (t % 64) & 1) bn[t / 64] |= (uint64_t)1 << (t % 64);
    }
    for (size_t j = 0; j < nw; j++) any |= bn[j];
    int r = any ? CSP_NOCHANGE : CSP_WIPEOUT;
    int64_t *drop = NULL;
    size_t dcap = 0;
    for (int i = n - 1; i >= 0 && r != CSP_WIPEOUT; i--) {
        int v = c->scope[i];
        int64_t t0 = tlo(p, v, a[i]);
        uint64_t *fi = f + (size_t)i * nw, *bi = b + (size_t)i * nw, *bnext = bi + nw;
        size_t nd = 0;
        CSP_FOR_VALUES(p, v, x) {
            shift_down(tmp, bnext, nw, a[i] * x - t0);
            uint64_t hit = 0;
            for (size_t j = 0; j < nw; j++) {
                uint64_t m = fi[j] & tmp[j];
                bi[j] |= m, hit |= m;
            }
            if (hit) continue;
            if (nd == dcap) GROW(&drop, &dcap, nd + 1);
            drop[nd++] = x;
        }
        if (nd) {
            if (csp_remove_values(p, v, drop, nd) == CSP_WIPEOUT)
                r = CSP_WIPEOUT;
            else
                r = CSP_CHANGED;
        }
    }
    if (drop) FREEN(drop, dcap);
    FREEN(f, nl);
    FREEN(b, nl);
    FREEN(tmp, nw);
    return r;
}

static const csp_con_ops dp_ops = {
    .name = "sum-dp",
    .check = dp_check,
    .partial = dp_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = dp_propagate,
    .cost = CSP_COST_EXPENSIVE,
    .idempotent = 1,
};

int csp_post_sum_dp(csp *p, const int *vars, const int64_t *a, int n, const int64_t *iv, int niv) {
    if (n < 1 || csp_sum_dp_work(p, vars, a, n) < 0) return -1;
    size_t size = sizeof(dp_data) + (size_t)(n + 2 * niv) * sizeof(int64_t);
    dp_data *s = xmalloc(size);
    s->n = n, s->niv = niv, s->unit = niv == 1;
    for (int i = 0; i < n && s->unit; i++)
        s->unit = a[i] == 1 && csp_min(p, vars[i]) >= 0 && csp_max(p, vars[i]) <= 1;
    memcpy(s->w, a, (size_t)n * sizeof *a);
    if (niv) memcpy(s->w + n, iv, (size_t)(2 * niv) * sizeof *iv);
    int id = csp_add_con(p, &dp_ops, vars, n, s, size);
    xfree(s, size);
    return id;
}

/* 2 to 4 variables, coefficients in -3..3 without 0, a target of 1 to 3
 * intervals around the sum's range; one time in three the unit case
 * (dp_data.unit: 0/1 variables, coefficients 1, one interval). */
static void random_dp(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 3), vars[4] = {0}, unit = rng_below(g, 3) == 0;
    int64_t a[4] = {0}, iv[6];
    for (int i = 0; i < n; i++) {
        int lo = unit ? 0 : (int)rng_below(g, 7) - 3, k = 1 + (int)rng_below(g, unit ? 2 : 5);
        vars[i] = csp_random_var(p, g, k, lo, unit ? 1 : lo + 5);
        a[i] = unit ? 1 : 1 + (int64_t)rng_below(g, 3);
        if (!unit && rng_below(g, 2)) a[i] = -a[i];
    }
    int64_t lo, hi;
    csp_sum_bounds(p, vars, a, n, &lo, &hi);
    int niv = unit ? 1 : 1 + (int)rng_below(g, 3);
    int64_t at = lo - 1;
    for (int j = 0; j < niv; j++) {
        iv[2 * j] = at + (int64_t)rng_below(g, (uint64_t)(hi - lo) / 3 + 2);
        iv[2 * j + 1] = iv[2 * j] + (int64_t)rng_below(g, 3);
        at = iv[2 * j + 1] + 2;
    }
    csp_post_sum_dp(p, vars, a, n, iv, niv);
}

const csp_global csp_global_sum_dp = {
    "sum-dp", "sum a_i * x_i in a union of intervals (=, in, notin), small spans",
    "GAC: a dynamic programme over the reachable partial sums on bitsets (Trick 2003)",
    CSP_LEVEL_GAC, random_dp};
