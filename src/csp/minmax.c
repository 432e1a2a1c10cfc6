/* minmax.c - z = min(x_1..x_n) and z = max(x_1..x_n), bounds(Z).
 *
 * For the minimum (the maximum is its mirror: every min and max swapped,
 * every inequality reversed):
 *   min z >= min_i min x_i,   max z <= min_i max x_i,   x_i >= min z;
 *   the candidates are the x_i with min x_i <= max z; with exactly one,
 *   x_k <= max z (it is the minimum).
 * Each rule is the bounds(Z) support condition of a bound: z's bounds
 * extend to solutions over the intervals iff they lie between the least
 * min and the least max; a bound b of x_i iff b >= min z and (b <= max z
 * or another x may be the minimum, some min x_j <= max z).  New bounds
 * snap to domain values; rounds repeat until one changes nothing, so the
 * result is the greatest bounds(Z)-consistent domains (with distinct
 * variables; with repeats the rules stay sound).  O(n) per round.
 * fc runs the propagator on every assignment of a variable of the scope. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "minmax.h"

typedef struct mm_state {
    int n, max;
    int zpos;  /* the scope position of z */
    int *xpos; /* n: the scope positions of x */
} mm_state;

static void mm_destroy(void *data, size_t size) {
    (void)size;
    mm_state *s = data;
    FREEN(s->xpos, (size_t)s->n);
}

static int mm_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const mm_state *s = c->data;
    int best = vals[s->xpos[0]];
    for (int i = 1; i < s->n; i++) {
        int v = vals[s->xpos[i]];
        if (s->max ? v > best : v < best) best = v;
    }
    return best == vals[s->zpos];
}

/* Mirrored reads and cuts: for the maximum, lo is max and hi is min, and
 * "raise" removes above. */
static inline __attribute__((always_inline)) int64_t lo_of(const csp *p, int v, int max) {
    return max ? -csp_max(p, v) : csp_min(p, v);
}
static inline __attribute__((always_inline)) int64_t hi_of(const csp *p, int v, int max) {
    return max ? -csp_min(p, v) : csp_max(p, v);
}
static int raise_to(csp *p, int v, int64_t a, int max) {
    return max ? csp_remove_above(p, v, -a) : csp_remove_below(p, v, a);
}
static int lower_to(csp *p, int v, int64_t a, int max) {
    return max ? csp_remove_below(p, v, -a) : csp_remove_above(p, v, a);
}

static int mm_propagate(csp *p, csp_con *c) {
    const mm_state *s = c->data;
    int z = c->scope[s->zpos], mx = s->max, any = 0;
    for (;;) {
        int changed = 0, r;
        int64_t least_lo = INT64_MAX, least_hi = INT64_MAX;
        for (int i = 0; i < s->n; i++) {
            int x = c->scope[s->xpos[i]];
            int64_t lo = lo_of(p, x, mx), hi = hi_of(p, x, mx);
            least_lo = lo < least_lo ? lo : least_lo;
            least_hi = hi < least_hi ? hi : least_hi;
        }
        int64_t zlo = lo_of(p, z, mx), zhi = hi_of(p, z, mx);
        if (zlo < least_lo) {
            if ((r = raise_to(p, z, least_lo, mx)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        if (zhi > least_hi) {
            if ((r = lower_to(p, z, least_hi, mx)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        zlo = lo_of(p, z, mx), zhi = hi_of(p, z, mx);
        int cand = -1, ncand = 0;
        for (int i = 0; i < s->n; i++) {
            int x = c->scope[s->xpos[i]];
            if (lo_of(p, x, mx) < zlo) { /* the test inline: most x are above */
                if ((r = raise_to(p, x, zlo, mx)) == CSP_WIPEOUT) return r;
                changed |= r;
            }
            if (lo_of(p, x, mx) <= zhi) cand = x, ncand++;
        }
        if (!ncand) return CSP_WIPEOUT;
        if (ncand == 1) {
            if ((r = lower_to(p, cand, zhi, mx)) == CSP_WIPEOUT) return r;
            changed |= r;
        }
        if (!changed) return any ? CSP_CHANGED : CSP_NOCHANGE;
        any = 1;
    }
}

static const csp_con_ops minmax_ops = {
    .name = "minmax",
    .check = mm_check,
    .propagate = mm_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = mm_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_BOUNDS, /* the rules read bounds only */
    .idempotent = 1,
};

int csp_post_minmax(csp *p, const int *x, int n, int z, int max) {
    size_t un = (size_t)n;
    int *scope = NEWN(un + 1, int), ns = 0;
    mm_state s = {.n = n, .max = max != 0, .xpos = NEWN(un, int)};
    ns = csp_scope_dedup(x, n, scope, s.xpos);
    s.zpos = csp_scope_add(scope, &ns, z);
    int id = csp_add_con(p, &minmax_ops, scope, ns, &s, sizeof s);
    FREEN(scope, un + 1);
    return id;
}

/* ==== the registry's entries (globals.h) =================================== */

static void random_minmax(csp *p, rng *g, int max) {
    int n = 1 + (int)rng_below(g, 4), x[4];
    for (int i = 0; i < n; i++) x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -2, 4);
    int z = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -3, 5);
    csp_post_minmax(p, x, n, z, max);
}
static void random_minimum(csp *p, rng *g) { random_minmax(p, g, 0); }
static void random_maximum(csp *p, rng *g) { random_minmax(p, g, 1); }

const csp_global csp_global_minimum = {"minimum", "z = min(x_1..x_n)",
                                       "bounds(Z): z between the least min and the least max, x_i "
                                       ">= min z, the one candidate <= max z",
                                       CSP_LEVEL_BOUNDS_Z, random_minimum};
const csp_global csp_global_maximum = {"maximum", "z = max(x_1..x_n)",
                                       "bounds(Z): the mirror of minimum", CSP_LEVEL_BOUNDS_Z,
                                       random_maximum};
