/* statistics.c - quantiles, PAR-k, the bootstrap of a ratio of geometric
 * means and Wilcoxon's signed-rank test (see statistics.h). */
#include "statistics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"

/* ---- quantiles ------------------------------------------------------------------ */

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double stat_quantile(double *v, size_t n, double q) {
    qsort(v, n, sizeof *v, cmp_dbl);
    double pos = q * (double)(n - 1);
    size_t i = (size_t)pos;
    double frac = pos - (double)i;
    if (i + 1 >= n || frac == 0) return v[i < n ? i : n - 1];
    /* v[i] + frac * (v[i + 1] - v[i]) would give inf - inf = NaN when both
     * are +inf, and 0 * inf = NaN never happens here since frac > 0 */
    if (isinf(v[i + 1])) return INFINITY;
    return v[i] + frac * (v[i + 1] - v[i]);
}

double stat_median(double *v, size_t n) { return stat_quantile(v, n, 0.5); }

double stat_mad(const double *v, size_t n, double median) {
    double *dev = NEWN(n, double);
    for (size_t i = 0; i < n; i++) dev[i] = fabs(v[i] - median);
    double m = stat_median(dev, n);
    FREEN(dev, n);
    return m;
}

double stat_par(double time_sum, size_t solved, size_t runs, double k, double limit) {
    if (runs == 0) return NAN;
    if (solved == runs) return time_sum / (double)runs;
    return (time_sum + (double)(runs - solved) * k * limit) / (double)runs;
}

/* ---- bootstrap ------------------------------------------------------------------ */

/* The median of n values drawn with replacement from v[0..n), using tmp[n]. */
static double resampled_median(rng *r, const double *v, size_t n, double *tmp) {
    for (size_t i = 0; i < n; i++) tmp[i] = v[rng_below(r, n)];
    return stat_median(tmp, n);
}

static double median_copy(const double *v, size_t n, double *tmp) {
    memcpy(tmp, v, n * sizeof *v);
    return stat_median(tmp, n);
}

double stat_ratio_point(const stat_pair *inst, size_t n) {
    if (n == 0) return NAN;
    size_t most = 1;
    for (size_t i = 0; i < n; i++) {
        if (inst[i].na > most) most = inst[i].na;
        if (inst[i].nb > most) most = inst[i].nb;
    }
    double *tmp = NEWN(most, double), s = 0;
    for (size_t i = 0; i < n; i++)
        s += log(median_copy(inst[i].a, inst[i].na, tmp)) -
             log(median_copy(inst[i].b, inst[i].nb, tmp));
    FREEN(tmp, most);
    return exp(s / (double)n);
}

stat_interval stat_bootstrap_ratio(const stat_pair *inst, size_t n, double level, size_t B,
                                   uint64_t seed) {
    stat_interval out = {NAN, NAN, NAN};
    if (n == 0 || B == 0) return out;
    size_t most = 1;
    for (size_t i = 0; i < n; i++) {
        if (inst[i].na > most) most = inst[i].na;
        if (inst[i].nb > most) most = inst[i].nb;
    }
    double *tmp = NEWN(most, double), *stat = NEWN(B, double), s;
    out.point = stat_ratio_point(inst, n);
    rng r;
    rng_seed(&r, seed);
    for (size_t b = 0; b < B; b++) {
        s = 0;
        for (size_t k = 0; k < n; k++) {
            const stat_pair *p = &inst[rng_below(&r, n)];
            s += log(resampled_median(&r, p->a, p->na, tmp)) -
                 log(resampled_median(&r, p->b, p->nb, tmp));
        }
        stat[b] = exp(s / (double)n);
    }
    out.low = stat_quantile(stat, B, (1 - level) / 2);
    out.high = stat_quantile(stat, B, 1 - (1 - level) / 2);
    FREEN(tmp, most);
    FREEN(stat, B);
    return out;
}

/* ---- Wilcoxon's signed-rank test ------------------------------------------------- */

typedef struct ranked {
    double abs;
    int positive;
} ranked;

static int cmp_ranked(const void *a, const void *b) {
    return cmp_dbl(&((const ranked *)a)->abs, &((const ranked *)b)->abs);
}

/* P(W <= w) and P(W >= w) of the sum W of a random subset of the doubled
 * ranks r2[0..n) (each in or out with probability 1/2), w a doubled sum:
 * a dynamic program over the distribution of the sum, in probabilities so
 * that no count overflows. */
static double exact_p(const long *r2, size_t n, long w2) {
    long total = 0;
    for (size_t i = 0; i < n; i++) total += r2[i];
    double *dist = NEWN((size_t)total + 1, double);
    dist[0] = 1;
    long top = 0; /* dist[s] = 0 for s > top */
    for (size_t i = 0; i < n; i++) {
        for (long s = top; s >= 0; s--) dist[s + r2[i]] += dist[s];
        top += r2[i];
        for (long s = 0; s <= top; s++) dist[s] /= 2;
    }
    double lo = 0, hi = 0;
    for (long s = 0; s <= total; s++) {
        if (s <= w2) lo += dist[s];
        if (s >= w2) hi += dist[s];
    }
    FREEN(dist, (size_t)total + 1);
    double p = 2 * (lo < hi ? lo : hi);
    return p < 1 ? p : 1;
}

double stat_signed_rank(const double *d, size_t n, stat_method method, double *w_plus,
                        size_t *used) {
    ranked *r = NEWN(n ? n : 1, ranked);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (isnan(d[i]) || d[i] == 0) continue;
        r[m].abs = fabs(d[i]);
        r[m++].positive = d[i] > 0;
    }
    qsort(r, m, sizeof *r, cmp_ranked);
    /* doubled mid-ranks: a run of equal |d| at positions i..j-1 (ranks
     * i+1..j) gets rank (i+1+j)/2, i.e. doubled rank i+1+j, an integer */
    long *r2 = NEWN(m ? m : 1, long);
    long w2 = 0;
    double ties = 0; /* sum of t^3 - t over the runs of ties */
    for (size_t i = 0; i < m;) {
        size_t j = i + 1;
        while (j < m && r[j].abs == r[i].abs) j++;
        double t = (double)(j - i);
        ties += t * t * t - t;
        for (size_t k = i; k < j; k++) {
            r2[k] = (long)(i + 1 + j);
            if (r[k].positive) w2 += r2[k];
        }
        i = j;
    }
    if (w_plus) *w_plus = (double)w2 / 2;
    if (used) *used = m;
    double p = 1;
    if (m > 0 && (method == STAT_EXACT || (method == STAT_AUTO && m <= STAT_EXACT_MAX))) {
        p = exact_p(r2, m, w2);
    } else if (m > 0) {
        double nn = (double)m, mean = nn * (nn + 1) / 4;
        double var = nn * (nn + 1) * (2 * nn + 1) / 24 - ties / 48;
        double dev = (double)w2 / 2 - mean;
        if (var > 0) {
            double z = (fabs(dev) - 0.5) / sqrt(var);
            p = z > 0 ? erfc(z / sqrt(2.0)) : 1;
        }
    }
    FREEN(r, n ? n : 1);
    FREEN(r2, m ? m : 1);
    return p;
}
