/* test_mul.c - the product z = x * y beyond its exact path (csp/mul.c:
 * more than CSP_MUL_GAC_PAIRS pairs of values, where it keeps bounds
 * only), which the registry's small random instances (test_globals.c)
 * never reach: on wide random domains with holes, propagation from
 * scratch and after fixing one factor loses no solution, and fc and gac
 * count exactly the pairs whose product is in D(z). */
#include <stdlib.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/mul.h"
#include "csp/solver.h"

/* A variable over [lo, hi] with about one value in eight removed. */
static int wide_var(csp *p, rng *g, int lo, int hi) {
    int n = 0, *vals = NEWN((size_t)(hi - lo + 1), int);
    for (int a = lo; a <= hi; a++)
        if (rng_below(g, 8)) vals[n++] = a;
    if (!n) vals[n++] = lo;
    int v = csp_add_var_values(p, vals, (size_t)n, NULL);
    FREEN(vals, (size_t)(hi - lo + 1));
    return v;
}

/* Values of the original domains, as flags over their spans. */
typedef struct orig {
    int lo[3], hi[3];
    unsigned char *in[3];
} orig;

static int orig_has(const orig *o, int v, int64_t a) {
    return a >= o->lo[v] && a <= o->hi[v] && o->in[v][a - o->lo[v]];
}

/* Every solution of the original domains still in the current ones, and
 * how many there are (the same variable for x and y: the squares). */
static long lost_and_count(const csp *p, const orig *o, int same, long *count) {
    long lost = 0;
    *count = 0;
    for (int64_t a = o->lo[0]; a <= o->hi[0]; a++)
        for (int64_t b = same ? a : o->lo[1]; b <= (same ? a : o->hi[1]); b++) {
            if (!orig_has(o, 0, a) || !orig_has(o, same ? 0 : 1, b) || !orig_has(o, 2, a * b))
                continue;
            ++*count;
            lost += !csp_has(p, 0, a) || !csp_has(p, same ? 0 : 1, b) || !csp_has(p, 2, a * b);
        }
    return lost;
}

static int count_one(void *ctx, const csp *p) {
    (void)p;
    ++*(long *)ctx;
    return 1;
}

static void test_wide(rng *g, int round) {
    int same = round % 4 == 3;
    csp *p = csp_new();
    int x = same ? wide_var(p, g, -20000, 20000) : wide_var(p, g, -150 + (int)rng_below(g, 100), 150);
    int y = same ? csp_add_var(p, 0, 0, NULL) : wide_var(p, g, -80, 80 + (int)rng_below(g, 40));
    int zlo = -(int)rng_below(g, 9000), zhi = (int)rng_below(g, 9000);
    int z = wide_var(p, g, zlo, zhi);
    CHECK(csp_post_mul(p, x, same ? x : y, z) >= 0);
    csp_finalize(p);
    orig o;
    for (int v = 0; v < 3; v++) {
        o.lo[v] = csp_min(p, v), o.hi[v] = csp_max(p, v);
        o.in[v] = NEWN((size_t)(o.hi[v] - o.lo[v] + 1), unsigned char);
        CSP_FOR_VALUES(p, v, a) o.in[v][a - o.lo[v]] = 1;
    }
    CHECK(csp_size(p, x) * (same ? 1 : csp_size(p, y)) > CSP_MUL_GAC_PAIRS);
    long want, n;
    int r = csp_propagate(p, csp_find_queue("constraint-fifo"), 1);
    CHECK_MSG(r != CSP_WIPEOUT ? lost_and_count(p, &o, same, &want) == 0
                               : (lost_and_count(p, &o, same, &want), want == 0),
              "round %d: propagation lost solutions", round);
    csp_undo(p, 0);
    csp_clear_touched(p);
    /* one factor fixed: the other's bounds and z's lose nothing either */
    int64_t a = csp_min(p, x) + (int64_t)rng_below(g, (uint64_t)(csp_max(p, x) - csp_min(p, x) + 1));
    if (csp_has(p, x, a) && csp_keep(p, x, a) != CSP_WIPEOUT) {
        r = csp_propagate(p, csp_find_queue("constraint-fifo"), 1);
        long lost = 0;
        for (int64_t b = same ? a : o.lo[1]; b <= (same ? a : o.hi[1]); b++)
            if (orig_has(&o, same ? 0 : 1, b) && orig_has(&o, 2, a * b))
                lost += r == CSP_WIPEOUT || !csp_has(p, same ? x : y, b) || !csp_has(p, z, a * b);
        CHECK_MSG(lost == 0, "round %d: x = %lld lost %ld solutions", round, (long long)a, lost);
    }
    csp_undo(p, 0);
    csp_clear_touched(p);
    static const char *const strategies[] = {"fc", "gac", NULL};
    for (int s = 0; strategies[s]; s++) {
        csp_config cfg;
        csp_config_default(&cfg);
        cfg.strategy = csp_find_strategy(strategies[s]);
        csp_limits lim = {.all = 1};
        stats st = {0};
        n = 0;
        csp_solve(p, &cfg, &lim, count_one, &n, &st);
        CHECK_MSG(n == want, "round %d %s: %ld solutions, want %ld", round, strategies[s], n, want);
    }
    for (int v = 0; v < 3; v++) FREEN(o.in[v], (size_t)(o.hi[v] - o.lo[v] + 1));
    csp_free(p);
}

int main(void) {
    size_t mem0 = xmem_current();
    rng g;
    rng_seed(&g, 77);
    for (int round = 0; round < 12; round++) {
        if (getenv("MUL_ROUND") && atoi(getenv("MUL_ROUND")) != round) continue;
        test_wide(&g, round);
    }
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
