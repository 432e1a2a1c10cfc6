/* sum.c - the linear constraint sum a_i * x_i OP k (integer coefficients
 * of any sign, OP one of <= >= = !=), by bounds.
 *
 * Bounds (<=, >=, =): with lo and hi the sums of the terms' smallest and
 * largest contributions (a_i * min x_i or a_i * max x_i by the sign of
 * a_i), every term must satisfy
 *     k - (hi - hi_i)  <=  a_i * x_i  <=  k - (lo - lo_i)
 * (the lower side for >= and =, the upper for <= and =); each x_i is cut
 * to those bounds, rounded inwards, and the domain's own remove_below /
 * remove_above snap them to its values.  The pass updates lo and hi as it
 * cuts and repeats until a pass cuts nothing: the fixpoint, so the
 * propagator is idempotent.  It never enumerates a domain.  Level: for <=
 * and >= the fixpoint is bounds(Z) (each bound is supported by the other
 * terms at their cheapest bounds, which are domain values); for = it is
 * the classic bounds(R) consistency, which is bounds(Z) when every
 * coefficient is +1 or -1 (the sums of integer intervals with unit
 * coefficients are intervals) and weaker otherwise (Apt, "Principles of
 * Constraint Programming", 2003, ch. 6; Schulte and Stuckey, "When do
 * bounds and domain propagation lead to the same search space?", 2005).
 * An equality is first divided by the gcd of its coefficients (false
 * when k is not a multiple), which also keeps 2x - 2y = 1 from creeping
 * to its wipe-out one unit per pass.
 *
 * !=: once one variable is left, the one value that would make the sum k
 * leaves its domain; with two or more unfixed, every value has a support
 * (a_j != 0 makes the other term take two values): GAC.  Wakes on fixes.
 *
 * Arithmetic: csp_post_sum refuses sums where sum |a_i| max |x_i| or |k|
 * reach CSP_SUM_MAX (2^60), so every quantity below (three such added)
 * fits in int64. */
#include "sum.h"

#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"

typedef struct sum_data {
    int n, op; /* enum csp_sum_op */
    int64_t k;
    int64_t a[]; /* n nonzero coefficients, a[i] of scope[i] */
} sum_data;

/* The smallest and largest contribution of term a * x. */
static int64_t term_lo(const csp *p, int v, int64_t a) {
    return a > 0 ? a * csp_min(p, v) : a * csp_max(p, v);
}
static int64_t term_hi(const csp *p, int v, int64_t a) {
    return a > 0 ? a * csp_max(p, v) : a * csp_min(p, v);
}

int csp_sum_bounds(const csp *p, const int *vars, const int64_t *a, int n, int64_t *lo,
                   int64_t *hi) {
    int64_t l = 0, h = 0, mag = 0;
    for (int i = 0; i < n; i++) {
        int64_t x = llabs((int64_t)csp_min(p, vars[i])), y = llabs((int64_t)csp_max(p, vars[i]));
        int64_t m;
        if (a[i] <= -CSP_SUM_MAX || a[i] >= CSP_SUM_MAX ||
            __builtin_mul_overflow(llabs(a[i]), x > y ? x : y, &m) || (mag += m) >= CSP_SUM_MAX)
            return -1;
        l += term_lo(p, vars[i], a[i]);
        h += term_hi(p, vars[i], a[i]);
    }
    *lo = l, *hi = h;
    return 0;
}

/* ==== check, bt's partial check =========================================== */

static int holds(int op, int64_t s, int64_t k) {
    switch (op) {
    case CSP_SUM_LE:
        return s <= k;
    case CSP_SUM_GE:
        return s >= k;
    case CSP_SUM_EQ:
        return s == k;
    default:
        return s != k;
    }
}

static int sum_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const sum_data *s = c->data;
    int64_t t = 0;
    for (int i = 0; i < s->n; i++) t += s->a[i] * vals[i];
    return holds(s->op, t, s->k);
}

/* bt: the sum's bounds over the current domains (the assigned values and
 * the others' domains) still meet the condition. */
static int sum_partial(const csp *p, const csp_con *c) {
    const sum_data *s = c->data;
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < s->n; i++) {
        lo += term_lo(p, c->scope[i], s->a[i]);
        hi += term_hi(p, c->scope[i], s->a[i]);
    }
    switch (s->op) {
    case CSP_SUM_LE:
        return lo <= s->k;
    case CSP_SUM_GE:
        return hi >= s->k;
    case CSP_SUM_EQ:
        return lo <= s->k && hi >= s->k;
    default:
        return lo != hi || lo != s->k;
    }
}

/* ==== bounds ================================================================ */

static int bounds_propagate(csp *p, csp_con *c) {
    const sum_data *s = c->data;
    const int n = s->n, up = s->op != CSP_SUM_GE, down = s->op != CSP_SUM_LE;
    const int64_t k = s->k;
    int r = CSP_NOCHANGE;
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        lo += term_lo(p, c->scope[i], s->a[i]);
        hi += term_hi(p, c->scope[i], s->a[i]);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        if ((up && lo > k) || (down && hi < k)) return CSP_WIPEOUT;
        if ((!up || hi <= k) && (!down || lo >= k)) break; /* entailed */
        for (int i = 0; i < n; i++) {
            int v = c->scope[i];
            int64_t a = s->a[i], tl = term_lo(p, v, a), th = term_hi(p, v, a);
            int q1 = CSP_NOCHANGE, q2 = CSP_NOCHANGE;
            if (up && lo - tl + th > k) { /* a * x <= k - (lo - tl) cuts */
                int64_t rr = k - lo + tl;
                q1 = a > 0 ? csp_remove_above(p, v, csp_floor_div(rr, a))
                           : csp_remove_below(p, v, csp_ceil_div(rr, a));
            }
            if (q1 != CSP_WIPEOUT && down && hi - th + tl < k) { /* a * x >= k - (hi - th) */
                int64_t rr = k - hi + th;
                q2 = a > 0 ? csp_remove_below(p, v, csp_ceil_div(rr, a))
                           : csp_remove_above(p, v, csp_floor_div(rr, a));
            }
            if (q1 == CSP_WIPEOUT || q2 == CSP_WIPEOUT) return CSP_WIPEOUT;
            if (q1 == CSP_NOCHANGE && q2 == CSP_NOCHANGE) continue;
            changed = 1, r = CSP_CHANGED;
            lo += term_lo(p, v, a) - tl;
            hi += term_hi(p, v, a) - th;
        }
    }
    return r;
}

/* ==== != ===================================================================== */

static int ne_propagate(csp *p, csp_con *c) {
    const sum_data *s = c->data;
    int free_pos = -1;
    int64_t rest = 0;
    for (int i = 0; i < s->n; i++) {
        int v = c->scope[i];
        if (!csp_single(p, v)) {
            if (free_pos >= 0) return CSP_NOCHANGE; /* two unfixed: GAC already */
            free_pos = i;
            continue;
        }
        rest += s->a[i] * csp_min(p, v);
    }
    if (free_pos < 0) return rest != s->k ? CSP_NOCHANGE : CSP_WIPEOUT;
    int64_t need = s->k - rest, a = s->a[free_pos];
    if (need % a) return CSP_NOCHANGE;
    return csp_remove(p, c->scope[free_pos], need / a);
}

/* fc: the propagator itself (it does at least forward checking). */
static const csp_con_ops bounds_ops = {
    .name = "sum",
    .check = sum_check,
    .partial = sum_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = bounds_propagate,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_BOUNDS,
    .idempotent = 1,
};

static const csp_con_ops ne_ops = {
    .name = "sum-ne",
    .check = sum_check,
    .partial = sum_partial,
    .on_assign = csp_on_assign_propagate,
    .propagate = ne_propagate,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX,
    .idempotent = 1,
};

/* ==== posting ================================================================= */

static int64_t gcd64(int64_t x, int64_t y) {
    x = llabs(x), y = llabs(y);
    while (y) {
        int64_t t = x % y;
        x = y, y = t;
    }
    return x;
}

int csp_post_sum(csp *p, const int *vars, const int64_t *a, int n, int op, int64_t k) {
    int64_t lo, hi;
    if (n < 1 || csp_sum_bounds(p, vars, a, n, &lo, &hi) || k <= -CSP_SUM_MAX || k >= CSP_SUM_MAX)
        return -1;
    size_t size = sizeof(sum_data) + (size_t)n * sizeof(int64_t);
    sum_data *s = xmalloc(size);
    s->n = n, s->op = op, s->k = k;
    memcpy(s->a, a, (size_t)n * sizeof *a);
    int64_t g = 0;
    for (int i = 0; i < n; i++) g = gcd64(g, a[i]);
    if (g > 1 && op != CSP_SUM_NE) { /* divide by the gcd, rounding k inwards */
        for (int i = 0; i < n; i++) s->a[i] /= g;
        if (op == CSP_SUM_LE) s->k = csp_floor_div(k, g);
        if (op == CSP_SUM_GE) s->k = csp_ceil_div(k, g);
        if (op == CSP_SUM_EQ && k % g) { /* no solution: a sum that cannot meet k */
            for (int i = 0; i < n; i++) s->a[i] = 0;
            s->k = 1;
        } else if (op == CSP_SUM_EQ) {
            s->k = k / g;
        }
    }
    int id = csp_add_con(p, op == CSP_SUM_NE ? &ne_ops : &bounds_ops, vars, n, s, size);
    xfree(s, size);
    return id;
}

/* ==== the registry's entries (globals.h) ======================================= */

/* 2 to 4 variables over small ranges with holes; coefficients in
 * -3..3 without 0 (or +-1 when unit); k near the middle of the sum. */
static void random_sum(csp *p, rng *g, int op, int unit) {
    int n = (op == CSP_SUM_NE ? 1 : 2) + (int)rng_below(g, 3), vars[4] = {0};
    int64_t a[4] = {0};
    for (int i = 0; i < n; i++) {
        int lo = (int)rng_below(g, 7) - 3, k = 1 + (int)rng_below(g, 5);
        vars[i] = csp_random_var(p, g, k, lo, lo + 5);
        a[i] = unit ? 1 : 1 + (int64_t)rng_below(g, 3);
        if (rng_below(g, 2)) a[i] = -a[i];
    }
    int64_t lo, hi;
    csp_sum_bounds(p, vars, a, n, &lo, &hi);
    int64_t k = lo + (int64_t)rng_below(g, (uint64_t)(hi - lo + 3)) - 1;
    csp_post_sum(p, vars, a, n, op, k);
}
static void random_ineq(csp *p, rng *g) {
    int op = (int)rng_below(g, 3); /* <=, >=, or = with unit coefficients */
    random_sum(p, g, op, op == CSP_SUM_EQ);
}
static void random_eq(csp *p, rng *g) { random_sum(p, g, CSP_SUM_EQ, 0); }
static void random_ne(csp *p, rng *g) { random_sum(p, g, CSP_SUM_NE, 0); }

const csp_global csp_global_sum = {
    "sum", "sum a_i * x_i <= k, >= k, or = k with coefficients +-1",
    "bounds(Z): linear bounds propagation to its fixpoint (never enumerates a domain)",
    CSP_LEVEL_BOUNDS_Z, random_ineq};
const csp_global csp_global_sum_eq = {
    "sum-eq", "sum a_i * x_i = k, any coefficients",
    "bounds(R): the same propagation (the gcd divided out first); sound, weaker than bounds(Z)",
    CSP_LEVEL_SOUND, random_eq};
const csp_global csp_global_sum_ne = {"sum-ne", "sum a_i * x_i != k",
                                      "GAC: the one value left out once one variable is unfixed",
                                      CSP_LEVEL_GAC, random_ne};
