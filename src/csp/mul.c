/* mul.c - the product z = x * y (y may be x).  GAC while the pairs of
 * values of x and y are at most CSP_MUL_GAC_PAIRS: every pair (a, b)
 * whose product a * b is in D(z) supports a, b and a * b, and the values
 * supported by no pair go (one pass reaches the fixpoint: the values a
 * pair supports stay, so the pair stays).  Beyond that, bounds only: z
 * within the products of the bounds of x and y; a factor whose values
 * have one sign bounds the other by the quotients of z's bounds by its
 * own (rounded inward); a factor fixed to 0 fixes z to 0; a square's x
 * within +-sqrt(max z).  Sound, not idempotent (a pass that shrinks the
 * pairs below the limit is followed by the exact one).  Values are 32-bit, so
 * every product fits in int64.  Cost O(|D(x)| |D(y)| log) per call on
 * the exact path. */
#include <math.h>
#include <stdlib.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "mul.h"
#include "valset.h"

typedef struct mul_state {
    int same;         /* y is x: the scope is (x, z) */
    int64_t *buf;     /* scratch: the values of x, of y, then the supported products */
    unsigned char *f; /* scratch: a support seen, per value of x then of y */
    size_t cap, fcap;
} mul_state;

static void mul_destroy(void *data, size_t size) {
    (void)size;
    mul_state *s = data;
    if (s->buf) FREEN(s->buf, s->cap);
    if (s->f) FREEN(s->f, s->fcap);
}

static int mul_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const mul_state *s = c->data;
    return (int64_t)vals[0] * vals[s->same ? 0 : 1] == vals[c->arity - 1];
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int64_t floor_div(int64_t n, int64_t d) {
    int64_t q = n / d;
    return (n % d != 0 && (n < 0) != (d < 0)) ? q - 1 : q;
}

static int64_t ceil_div(int64_t n, int64_t d) {
    int64_t q = n / d;
    return (n % d != 0 && (n < 0) == (d < 0)) ? q + 1 : q;
}

/* Removes from v its values vals[i] (i < n) whose flag f[i] is 0 (vals
 * is overwritten with them). */
static int drop_unflagged(csp *p, int v, int64_t *vals, const unsigned char *f, int64_t n) {
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (!f[i]) vals[k++] = vals[i];
    return k ? csp_remove_values(p, v, vals, (size_t)k) : CSP_NOCHANGE;
}

/* The exact pass (the pairs are few enough). */
static int mul_exact(csp *p, csp_con *c, int x, int y, int z) {
    mul_state *s = c->data;
    int64_t sx = csp_size(p, x), sy = s->same ? 0 : csp_size(p, y);
    int64_t pairs = s->same ? sx : sx * sy, k = 0;
    GROW(&s->buf, &s->cap, (size_t)(sx + sy + pairs));
    GROW(&s->f, &s->fcap, (size_t)(sx + sy));
    int64_t *xs = s->buf, *ys = s->buf + sx, *zs = s->buf + sx + sy;
    unsigned char *fx = s->f, *fy = s->f + sx;
    int64_t i = 0;
    CSP_FOR_VALUES(p, x, a) fx[i] = 0, xs[i++] = a;
    i = 0;
    if (!s->same) CSP_FOR_VALUES(p, y, b) fy[i] = 0, ys[i++] = b;
    for (int64_t a = 0; a < sx; a++)
        for (int64_t b = s->same ? a : 0; b < (s->same ? a + 1 : sy); b++) {
            int64_t prod = xs[a] * (s->same ? xs[a] : ys[b]);
            if (!csp_has(p, z, prod)) continue;
            fx[a] = 1;
            if (!s->same) fy[b] = 1;
            zs[k++] = prod;
        }
    if (!k) return CSP_WIPEOUT;
    qsort(zs, (size_t)k, sizeof *zs, cmp64);
    int64_t m = 0;
    for (int64_t j = 0; j < k; j++)
        if (!m || zs[m - 1] != zs[j]) zs[m++] = zs[j];
    int r = CSP_NOCHANGE;
    /* one product (both factors fixed): z fixed at once, whatever its size */
    CSP_MERGE(r, m == 1 ? csp_keep(p, z, zs[0]) : csp_valset_keep(p, z, zs, (int)m));
    CSP_MERGE(r, drop_unflagged(p, x, xs, fx, sx));
    if (!s->same) CSP_MERGE(r, drop_unflagged(p, y, ys, fy, sy));
    return r;
}

/* Factor v of z = v * w, w of one sign (0 not in it): v within the
 * quotients of the bounds of z by those of w (ceil of the smallest,
 * floor of the largest: z / w is monotone in each on that side of 0). */
static int factor_bounds(csp *p, int v, int w, int z) {
    int64_t zb[2] = {csp_min(p, z), csp_max(p, z)}, wb[2] = {csp_min(p, w), csp_max(p, w)};
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int64_t c = ceil_div(zb[i], wb[j]), f = floor_div(zb[i], wb[j]);
            lo = c < lo ? c : lo;
            hi = f > hi ? f : hi;
        }
    int r = CSP_NOCHANGE;
    CSP_MERGE(r, csp_remove_below(p, v, lo));
    CSP_MERGE(r, csp_remove_above(p, v, hi));
    return r;
}

/* floor(sqrt(n)) for n >= 0. */
static int64_t isqrt(int64_t n) {
    int64_t s = (int64_t)sqrt((double)n);
    while (s * s > n) s--;
    while ((s + 1) * (s + 1) <= n) s++;
    return s;
}

static int mul_propagate(csp *p, csp_con *c) {
    const mul_state *s = c->data;
    int x = c->scope[0], y = s->same ? x : c->scope[1], z = c->scope[c->arity - 1];
    int64_t sx = csp_size(p, x), sy = s->same ? 1 : csp_size(p, y); /* each <= 2^32 */
    if (sx <= CSP_MUL_GAC_PAIRS && sy <= CSP_MUL_GAC_PAIRS && sx * sy <= CSP_MUL_GAC_PAIRS)
        return mul_exact(p, c, x, y, z);
    int64_t lo = INT64_MAX, hi = INT64_MIN, xb[2] = {csp_min(p, x), csp_max(p, x)};
    int64_t yb[2] = {csp_min(p, y), csp_max(p, y)};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int64_t prod = xb[i] * yb[j];
            lo = prod < lo ? prod : lo;
            hi = prod > hi ? prod : hi;
        }
    if (s->same && lo < 0) lo = 0; /* a square: x_min * x_max < 0 is no product */
    int r = CSP_NOCHANGE;
    CSP_MERGE(r, csp_remove_below(p, z, lo));
    CSP_MERGE(r, csp_remove_above(p, z, hi));
    if (s->same) { /* x * x <= max z */
        int64_t root = isqrt(csp_max(p, z));
        CSP_MERGE(r, csp_remove_below(p, x, -root));
        CSP_MERGE(r, csp_remove_above(p, x, root));
        return r;
    }
    for (int side = 0; side < 2; side++) {
        int v = side ? y : x, w = side ? x : y;
        if (csp_single(p, w) && csp_min(p, w) == 0)
            CSP_MERGE(r, csp_keep(p, z, 0));
        else if (csp_min(p, w) > 0 || csp_max(p, w) < 0)
            CSP_MERGE(r, factor_bounds(p, v, w, z));
    }
    return r;
}

/* bt: the products of x's and y's bounds meet z's; and with one factor
 * and z fixed (a, c), the other must be c / a, a whole number in its
 * domain (0 * y = c needs c = 0). */
static int mul_partial(const csp *p, const csp_con *c) {
    const mul_state *s = c->data;
    int x = c->scope[0], y = s->same ? x : c->scope[1], z = c->scope[c->arity - 1];
    int64_t xb[2] = {csp_min(p, x), csp_max(p, x)}, yb[2] = {csp_min(p, y), csp_max(p, y)};
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int64_t q = xb[i] * yb[j];
            lo = q < lo ? q : lo, hi = q > hi ? q : hi;
        }
    if (hi < csp_min(p, z) || lo > csp_max(p, z)) return 0;
    for (int side = 0; side < 2 && !s->same && csp_single(p, z); side++) {
        int v = side ? y : x, w = side ? x : y;
        if (!csp_single(p, v) || csp_single(p, w)) continue;
        int64_t a = csp_min(p, v), cz = csp_min(p, z);
        if (a == 0) return cz == 0;
        return cz % a == 0 && csp_has(p, w, cz / a);
    }
    return 1;
}

static const csp_con_ops mul_ops = {
    .name = "mul",
    .check = mul_check,
    .partial = mul_partial,
    .propagate = mul_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = mul_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_ANY,
};

int csp_post_mul(csp *p, int x, int y, int z) {
    if (z == x || z == y) return -1;
    mul_state s = {.same = x == y};
    int scope[3] = {x, y, z};
    if (s.same) scope[1] = z;
    return csp_add_con(p, &mul_ops, scope, s.same ? 2 : 3, &s, sizeof s);
}

/* x, y over -3..3 (y is x one time in four), z over -6..9. */
static void random_mul(csp *p, rng *g) {
    int x = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -3, 3);
    int y = rng_below(g, 4) ? csp_random_var(p, g, 1 + (int)rng_below(g, 6), -3, 3) : x;
    int z = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -6, 9);
    csp_post_mul(p, x, y, z);
}

const csp_global csp_global_mul = {
    "mul", "the product z = x * y (y may be x)",
    "GAC while |D(x)| |D(y)| <= 2^14 (the pairs of values whose product is in D(z)); beyond, "
    "bounds of z from those of x and y, of a factor by z / the other when that has one sign",
    CSP_LEVEL_GAC, random_mul};
