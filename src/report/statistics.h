/* statistics.h - the statistics behind the reports: quantiles that
 * tolerate +inf (an unsolved run ranks above every solved one), the PAR-k
 * penalised score, a percentile bootstrap of a ratio of geometric means
 * over instances and repetitions, and Wilcoxon's signed-rank test.
 *
 * Pure functions of their arguments (the bootstrap of its seed too): no
 * output, no global state.  docs/driver.md says which statistic each table
 * shows and why.
 */
#ifndef SEARCHLAB_REPORT_STATISTICS_H
#define SEARCHLAB_REPORT_STATISTICS_H

#include <stddef.h>
#include <stdint.h>

/* The q-quantile of n > 0 values (linear interpolation between order
 * statistics, R's type 7; sorts v).  +inf values are allowed and sort last:
 * a quantile that falls on or between them is +inf. */
double stat_quantile(double *v, size_t n, double q);
/* The median (sorts v). */
double stat_median(double *v, size_t n);
/* The median absolute deviation from median, of n > 0 finite values. */
double stat_mad(const double *v, size_t n, double median);

/* PAR-k: the mean over runs of the time of each solved run and k * limit
 * for each of the others (SAT competitions use k = 2).  time_sum is the
 * sum of the solved runs' times, in the unit of limit. */
double stat_par(double time_sum, size_t solved, size_t runs, double k, double limit);

/* One instance of a paired comparison: the repetitions of the strategy
 * (a) and of the baseline (b), positive values of one metric. */
typedef struct stat_pair {
    const double *a, *b;
    size_t na, nb; /* both > 0 */
} stat_pair;

typedef struct stat_interval {
    double point, low, high;
} stat_interval;

/* The ratio of geometric means over n > 0 instances of the per-instance
 * medians, exp(mean_i(log median(a_i) - log median(b_i))), and its
 * percentile bootstrap interval at the given level (0.95): each of B
 * resamples draws n instances with replacement and, within each drawn
 * instance, na repetitions of a and nb of b with replacement (a and b
 * independently: repetitions are not paired), then takes the medians and
 * the ratio as above.  The same seed gives the same interval. */
stat_interval stat_bootstrap_ratio(const stat_pair *inst, size_t n, double level, size_t B,
                                   uint64_t seed);
/* The point of stat_bootstrap_ratio alone (no resampling): the ratio of
 * the geometric means of the per-instance medians; NaN when n is 0. */
double stat_ratio_point(const stat_pair *inst, size_t n);

/* Wilcoxon's signed-rank test of "the differences are symmetric about 0",
 * two-sided.  Zeros are dropped (Wilcoxon's convention); ties of |d| get
 * their mid-rank; +-inf is allowed (it ranks above every finite |d|); NaN
 * values are dropped.  With method STAT_AUTO the p-value is exact (the
 * permutation distribution of the signs over the observed mid-ranks) for
 * at most STAT_EXACT_MAX non-zero differences, else the normal
 * approximation with the tie correction of the variance and a continuity
 * correction of 0.5.  Returns the p-value (1 if no difference is left);
 * *w_plus (if not NULL) gets the sum of the ranks of the positive
 * differences, *used the number of differences ranked. */
#define STAT_EXACT_MAX 50
typedef enum stat_method { STAT_AUTO, STAT_EXACT, STAT_NORMAL } stat_method;
double stat_signed_rank(const double *d, size_t n, stat_method method, double *w_plus,
                        size_t *used);

#endif
