/* test_aggregate.c - medians, MAD and quantiles against a brute-force
 * reference, and grouping of rows by (instance, strategy). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "harness/aggregate.h"

/* Reference median: the value with as many values below as above (for
 * even n, the mean of the two middle ones), found by counting. */
static double ref_median(const double *v, size_t n) {
    double lo = NAN, hi = NAN;
    for (size_t i = 0; i < n; i++) {
        size_t below = 0, equal = 0;
        for (size_t j = 0; j < n; j++) below += v[j] < v[i], equal += v[j] == v[i];
        size_t k1 = (n - 1) / 2, k2 = n / 2; /* ranks wanted */
        if (below <= k1 && k1 < below + equal) lo = v[i];
        if (below <= k2 && k2 < below + equal) hi = v[i];
    }
    return (lo + hi) / 2;
}

int main(void) {
    size_t mem0 = xmem_current();
    rng r;
    rng_seed(&r, 42);
    for (int t = 0; t < 300; t++) {
        size_t n = 1 + rng_below(&r, 12);
        double v[16], w[16], dev[16];
        for (size_t i = 0; i < n; i++) v[i] = w[i] = (double)rng_below(&r, 20);
        double m = agg_median(w, n), ref = ref_median(v, n);
        CHECK_MSG(m == ref, "n %zu: %g vs %g", n, m, ref);
        for (size_t i = 0; i < n; i++) dev[i] = fabs(v[i] - ref);
        CHECK(agg_mad(v, n, m) == ref_median(dev, n));
    }
    double q[] = {4, 1, 3, 2};
    CHECK(agg_quantile(q, 4, 0.25) == 1.75 && agg_quantile(q, 4, 1) == 4 &&
          agg_quantile(q, 4, 0) == 1);

    /* grouping: 2 instances x 2 strategies x 3 reps, one timeout */
    result_set rs = {0};
    for (int i = 0; i < 12; i++) {
        result_row row;
        result_row_init(&row);
        result_row_set(&row.instance, i % 2 ? "b.fut" : "a.fut");
        result_row_set(&row.puzzle, "p");
        result_row_set(&row.strategy, (i / 2) % 2 ? "gac" : "fc");
        row.size = i % 2 ? 4 : 5;
        row.rep = i / 4 + 1;
        row.status = i == 11 ? STATUS_TIMEOUT : STATUS_SOLVED;
        row.st.total_ns = (uint64_t)(100 * (i + 1));
        row.st.nodes = (uint64_t)(10 + i % 4);
        row.st.inference_ns = 50;
        row.st.inference_calls = 5;
        result_set_add(&rs, &row);
        result_row_free(&row);
    }
    agg_table t;
    diag d;
    CHECK(agg_build(&rs, NULL, 0, &t, &d) == 0);
    CHECK(t.n_inst == 2 && t.n_strat == 2);
    CHECK(!strcmp(t.inst[0]->instance, "b.fut")); /* size 4 before size 5 */
    CHECK(!strcmp(t.strat[0], "fc") && !strcmp(t.strat[1], "gac"));
    const agg_group *g = agg_at(&t, 0, 1); /* b.fut, gac: rows 3, 7, 11 (timeout) */
    CHECK(g->runs == 3 && g->finished == 2 && !agg_solved(g) && agg_failure(g) == STATUS_TIMEOUT);
    CHECK(g->time_ns == 600 && g->infer_ns == 10); /* median of 400 and 800 */
    g = agg_at(&t, 1, 0);                          /* a.fut, fc: rows 0, 4, 8 */
    CHECK(agg_solved(g) && g->time_ns == 500 && g->time_mad == 400);
    agg_size *pts;
    size_t n;
    agg_scaling(&t, &pts, &n);
    CHECK(n == 4 && pts[0].size == 4 && pts[1].solved == 0 && pts[2].size == 5);
    FREEN(pts, n);
    agg_free(&t);
    const char *only[] = {"gac", "nope"};
    CHECK(agg_build(&rs, only, 2, &t, &d) == -1 && strstr(d.msg, "nope"));
    CHECK(agg_build(&rs, only, 1, &t, &d) == 0 && t.n_strat == 1);
    agg_free(&t);
    result_set_free(&rs);
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
