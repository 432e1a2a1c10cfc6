/* aggregate.h - result rows grouped for reports and plots: one group per
 * (instance, strategy) with medians and dispersion over its repetitions,
 * and per-(size, strategy) summaries over instances for scaling.
 *
 * Order: instances by (puzzle, size, path); strategies in the order the
 * caller asks for, or alphabetically.  Values are taken over the runs that
 * went to their end (solved or unsat); a group is `solved` when all its
 * runs did.  The table points into the result_set, which must outlive it.
 */
#ifndef SEARCHLAB_HARNESS_AGGREGATE_H
#define SEARCHLAB_HARNESS_AGGREGATE_H

#include <stddef.h>

#include "results.h"

typedef struct agg_group {
    int present; /* 0: no run of this (instance, strategy) */
    size_t runs, finished;
    size_t by_status[STATUS_N];
    double time_ns, time_mad; /* search time (total_ns): median, MAD */
    double nodes, nodes_mad;
    double infer_ns;               /* median over runs of inference_ns / inference_calls */
    double wall_s, cpu_s, rss_kib; /* medians */
} agg_group;

typedef struct agg_table {
    const result_row **inst; /* one representative row per instance */
    size_t n_inst;
    const char **strat;
    size_t n_strat;
    agg_group *g;                 /* n_inst * n_strat, row-major by instance */
    size_t cap_inst_, cap_strat_; /* allocated sizes of inst and strat */
} agg_table;

/* Groups rs.  only (n_only > 0) picks the strategies and their order;
 * -1 with d if one of them has no row. */
int agg_build(const result_set *rs, const char *const *only, size_t n_only, agg_table *t, diag *d);
void agg_free(agg_table *t);
agg_group *agg_at(const agg_table *t, size_t inst, size_t strat);
/* 1 if the group ran and every run finished. */
int agg_solved(const agg_group *g);
/* The most frequent status among the runs that did not finish. */
run_status agg_failure(const agg_group *g);

/* Median (sorts v), median absolute deviation, and the q-quantile (linear
 * interpolation; sorts v) of n > 0 values. */
double agg_median(double *v, size_t n);
double agg_mad(const double *v, size_t n, double median);
double agg_quantile(double *v, size_t n, double q);

/* One point of a scaling curve: a size and a strategy, over the instances
 * of that size. */
typedef struct agg_size {
    long size;
    size_t strat;
    size_t instances, solved;
    double time_ns, time_q1, time_q3; /* median and quartiles of the instance medians */
    double nodes, nodes_q1, nodes_q3;
} agg_size;
/* Fills *out (xmalloc'd, *n entries; free with FREEN(*out, *n)) ordered by
 * size then strategy; sizes where a strategy solved nothing are kept with
 * solved == 0. */
void agg_scaling(const agg_table *t, agg_size **out, size_t *n);

#endif
