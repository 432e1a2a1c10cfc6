/* test_statistics.c - quantiles (with +inf), PAR-k, the bootstrap of a
 * ratio of geometric means and Wilcoxon's signed-rank test, against
 * answers worked out by hand (in the comments) and against brute force. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "report/statistics.h"

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

static void test_quantiles(void) {
    rng r;
    rng_seed(&r, 42);
    for (int t = 0; t < 300; t++) {
        size_t n = 1 + rng_below(&r, 12);
        double v[16], w[16], dev[16];
        for (size_t i = 0; i < n; i++) v[i] = w[i] = (double)rng_below(&r, 20);
        double m = stat_median(w, n), ref = ref_median(v, n);
        CHECK_MSG(m == ref, "n %zu: %g vs %g", n, m, ref);
        for (size_t i = 0; i < n; i++) dev[i] = fabs(v[i] - ref);
        CHECK(stat_mad(v, n, m) == ref_median(dev, n));
    }
    double q[] = {4, 1, 3, 2};
    CHECK(stat_quantile(q, 4, 0.25) == 1.75 && stat_quantile(q, 4, 1) == 4 &&
          stat_quantile(q, 4, 0) == 1);
    /* +inf ranks last: {1, 2, inf}: median 2; {1, inf, inf}: median inf;
     * {1, 2, 3, inf}: median 2.5, Q3 (position 2.25) between 3 and inf */
    double a[] = {INFINITY, 1, 2}, b[] = {INFINITY, 1, INFINITY}, c[] = {3, INFINITY, 1, 2};
    CHECK(stat_median(a, 3) == 2);
    CHECK(isinf(stat_median(b, 3)));
    CHECK(stat_median(c, 4) == 2.5 && isinf(stat_quantile(c, 4, 0.75)));
    double e[] = {INFINITY, INFINITY}; /* inf - inf must not turn into NaN */
    CHECK(isinf(stat_quantile(e, 2, 0.5)));
}

static void test_par(void) {
    /* runs 1 s, 3 s solved, two unsolved under a 10 s limit:
     * PAR-2 = (1 + 3 + 20 + 20) / 4 = 11 s; PAR-10 = (4 + 200) / 4 = 51 s */
    CHECK(stat_par(4, 2, 4, 2, 10) == 11);
    CHECK(stat_par(4, 2, 4, 10, 10) == 51);
    CHECK(stat_par(6, 3, 3, 2, 0) == 2); /* all solved: the mean, no limit needed */
    CHECK(isnan(stat_par(0, 0, 0, 2, 10)));
}

static void test_bootstrap(void) {
    /* all repetitions equal: every resample gives the point, 2/1 = 2 */
    double two[] = {2, 2, 2}, one[] = {1, 1, 1};
    stat_pair p = {two, one, 3, 3};
    stat_interval ci = stat_bootstrap_ratio(&p, 1, 0.95, 1000, 7);
    CHECK(fabs(ci.point - 2) < 1e-12 && fabs(ci.low - 2) < 1e-12 && fabs(ci.high - 2) < 1e-12);
    /* one instance, a = {1, 2, 3}, b = {1}: the median of 3 draws from
     * {1, 2, 3} is 1 with probability 7/27 (at least two 1s), 3 with 7/27,
     * 2 with 13/27; 7/27 = 26% > 2.5%, so the 2.5% and 97.5% quantiles of
     * the ratio are 1 and 3 (a 95% bootstrap interval known by hand) */
    double a3[] = {3, 1, 2}, b1[] = {1};
    p = (stat_pair){a3, b1, 3, 1};
    ci = stat_bootstrap_ratio(&p, 1, 0.95, 2000, 1);
    CHECK_MSG(fabs(ci.point - 2) < 1e-12 && fabs(ci.low - 1) < 1e-12 && fabs(ci.high - 3) < 1e-12,
              "%g [%g, %g]", ci.point, ci.low, ci.high);
    /* two instances with exact ratios 2 and 8 (no spread in the reps): a
     * resample of instances is {2,2}, {2,8}, {8,8} with probabilities 1/4,
     * 1/2, 1/4, so the geometric mean is 2, 4 or 8: interval [2, 8], point 4 */
    double a2[] = {2, 2}, a8[] = {8, 8}, b[] = {1, 1};
    stat_pair two_inst[] = {{a2, b, 2, 2}, {a8, b, 2, 2}};
    ci = stat_bootstrap_ratio(two_inst, 2, 0.95, 2000, 3);
    CHECK_MSG(fabs(ci.point - 4) < 1e-12 && fabs(ci.low - 2) < 1e-12 && fabs(ci.high - 8) < 1e-12,
              "%g [%g, %g]", ci.point, ci.low, ci.high);
    /* the ratio is of geometric means: (a/b)^-1 = b/a, interval mirrored */
    stat_pair swapped[] = {{b, a2, 2, 2}, {b, a8, 2, 2}};
    stat_interval inv = stat_bootstrap_ratio(swapped, 2, 0.95, 2000, 3);
    CHECK(fabs(inv.point - 0.25) < 1e-12 && fabs(inv.low - 1.0 / 8) < 1e-12 &&
          fabs(inv.high - 0.5) < 1e-12);

    /* a fixed seed gives the same interval; another seed a close one */
    rng r;
    rng_seed(&r, 9);
    enum { N = 20, R = 5 };
    double va[N][R], vb[N][R];
    stat_pair inst[N];
    for (int i = 0; i < N; i++) {
        double scale = exp(4 * rng_double(&r)); /* instances of very different sizes */
        for (int k = 0; k < R; k++) {
            va[i][k] = scale * 0.5 * exp(0.2 * (rng_double(&r) - 0.5));
            vb[i][k] = scale * exp(0.2 * (rng_double(&r) - 0.5));
        }
        inst[i] = (stat_pair){va[i], vb[i], R, R};
    }
    stat_interval c1 = stat_bootstrap_ratio(inst, N, 0.95, 2000, 11);
    stat_interval c2 = stat_bootstrap_ratio(inst, N, 0.95, 2000, 11);
    stat_interval c3 = stat_bootstrap_ratio(inst, N, 0.95, 2000, 12);
    CHECK(c1.low == c2.low && c1.high == c2.high && c1.point == c2.point);
    CHECK(c1.low < c1.point && c1.point < c1.high);
    CHECK(fabs(log(c3.low / c1.low)) < 0.05 && fabs(log(c3.high / c1.high)) < 0.05);

    /* coverage: data whose true ratio of geometric means is 0.5 (each
     * instance's log ratio is log 0.5 plus symmetric noise, and noise of
     * the reps); a 95% interval must cover 0.5 in about 95% of 200
     * independent experiments (binomial sd 1.5%; percentile intervals run
     * a little short with 12 instances, so 85% is the floor) */
    int covered = 0;
    for (int e = 0; e < 200; e++) {
        enum { M = 12 };
        double xa[M][3], xb[M][3];
        stat_pair ps[M];
        for (int i = 0; i < M; i++) {
            double scale = exp(6 * rng_double(&r));
            double effect = 0.5 * exp(0.6 * (rng_double(&r) - 0.5)); /* per-instance ratio */
            for (int k = 0; k < 3; k++) {
                xa[i][k] = scale * effect * exp(0.1 * (rng_double(&r) - 0.5));
                xb[i][k] = scale * exp(0.1 * (rng_double(&r) - 0.5));
            }
            ps[i] = (stat_pair){xa[i], xb[i], 3, 3};
        }
        stat_interval ce = stat_bootstrap_ratio(ps, M, 0.95, 500, 100 + (uint64_t)e);
        covered += ce.low <= 0.5 && 0.5 <= ce.high;
    }
    CHECK_MSG(covered >= 170 && covered <= 200, "covered %d of 200", covered);
}

/* Brute force: the two-sided exact p of the signed-rank statistic over all
 * 2^m sign patterns of the mid-ranks, computed independently of the
 * dynamic program (ranks by counting). */
static double brute_p(const double *d, size_t n, double *w_out) {
    double ab[32], rk[32];
    int pos[32];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] != 0) {
            ab[m] = fabs(d[i]);
            pos[m++] = d[i] > 0;
        }
    double w = 0;
    for (size_t i = 0; i < m; i++) {
        size_t below = 0, equal = 0;
        for (size_t j = 0; j < m; j++) below += ab[j] < ab[i], equal += ab[j] == ab[i];
        rk[i] = (double)below + ((double)equal + 1) / 2;
        if (pos[i]) w += rk[i];
    }
    size_t lo = 0, hi = 0;
    for (unsigned long mask = 0; mask < (1ul << m); mask++) {
        double s = 0;
        for (size_t i = 0; i < m; i++)
            if (mask >> i & 1) s += rk[i];
        lo += s <= w + 1e-9;
        hi += s >= w - 1e-9;
    }
    *w_out = w;
    double p = 2 * (double)(lo < hi ? lo : hi) / (double)(1ul << m);
    return p < 1 ? p : 1;
}

static void test_signed_rank(void) {
    double w;
    size_t used;
    /* five positive differences: W+ = 15, the largest of 2^5 patterns:
     * p = 2/32 = 0.0625 (the textbook table) */
    double d5[] = {1, 2, 3, 4, 5};
    CHECK(stat_signed_rank(d5, 5, STAT_AUTO, &w, &used) == 0.0625 && w == 15 && used == 5);
    /* 1..10 all positive: exact p = 2/1024; normal: mean 27.5, variance
     * 10*11*21/24 = 96.25, z = (55 - 27.5 - 0.5)/9.8107 = 2.7521, p = 0.005922 */
    double d10[10];
    for (int i = 0; i < 10; i++) d10[i] = i + 1;
    CHECK(stat_signed_rank(d10, 10, STAT_EXACT, NULL, NULL) == 2.0 / 1024);
    double pn = stat_signed_rank(d10, 10, STAT_NORMAL, NULL, NULL);
    CHECK_MSG(fabs(pn - 0.0059215) < 1e-6, "%.7f", pn);
    /* ties and a zero: {1.5, -0.5, 2, 2, -2, 3, 3.5, 4, -1, 5, 0, 6}: the
     * zero goes; |d| ranks 0.5:1, 1:2, 1.5:3, the three 2s: 5 each, 3:7,
     * 3.5:8, 4:9, 5:10, 6:11; W+ = 3+5+5+7+8+9+10+11 = 58.  Normal: mean
     * 11*12/4 = 33, variance 11*12*23/24 - (3^3 - 3)/48 = 126.5 - 0.5 =
     * 126, z = (58 - 33 - 0.5)/sqrt(126) = 2.1826, p = 0.029063; exact
     * (enumerated): 26/1024 = 0.025390625 */
    double dt[] = {1.5, -0.5, 2, 2, -2, 3, 3.5, 4, -1, 5, 0, 6};
    pn = stat_signed_rank(dt, 12, STAT_NORMAL, &w, &used);
    CHECK_MSG(w == 58 && used == 11 && fabs(pn - 0.0290628) < 1e-6, "W %g p %.7f", w, pn);
    CHECK(stat_signed_rank(dt, 12, STAT_AUTO, NULL, NULL) == 0.025390625);
    /* +-inf rank above every finite difference; NaN is dropped */
    double di[] = {INFINITY, 1, 2, 3, NAN, -INFINITY, 4};
    double dr[] = {100, 1, 2, 3, -100, 4}; /* the same ranks, ties included */
    double w1, w2;
    CHECK(stat_signed_rank(di, 7, STAT_AUTO, &w1, &used) ==
              stat_signed_rank(dr, 6, STAT_AUTO, &w2, NULL) &&
          w1 == w2 && used == 6);
    /* nothing to rank: p = 1 */
    double dz[] = {0, 0};
    CHECK(stat_signed_rank(dz, 2, STAT_AUTO, &w, &used) == 1 && used == 0);
    /* the dynamic program against brute force, with many ties */
    rng r;
    rng_seed(&r, 5);
    for (int t = 0; t < 300; t++) {
        size_t n = 1 + rng_below(&r, 14);
        double d[16];
        for (size_t i = 0; i < n; i++) d[i] = (double)rng_below(&r, 9) - 3;
        double wb, wd;
        double pb = brute_p(d, n, &wb), pd = stat_signed_rank(d, n, STAT_EXACT, &wd, NULL);
        CHECK_MSG(fabs(pb - pd) < 1e-12 && wb == wd, "n %zu: %g vs %g", n, pb, pd);
    }
    /* the normal approximation is close to the exact p for n = 40 */
    for (int t = 0; t < 20; t++) {
        double d[40];
        for (int i = 0; i < 40; i++) d[i] = rng_double(&r) - 0.4;
        double pe = stat_signed_rank(d, 40, STAT_EXACT, NULL, NULL);
        double pa = stat_signed_rank(d, 40, STAT_NORMAL, NULL, NULL);
        CHECK_MSG(fabs(pe - pa) < 0.01, "exact %g normal %g", pe, pa);
    }
}

int main(void) {
    size_t mem0 = xmem_current();
    test_quantiles();
    test_par();
    test_bootstrap();
    test_signed_rank();
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
