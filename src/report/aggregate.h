/* aggregate.h - result rows grouped for reports and plots: one group per
 * (instance, strategy) with its repetitions' medians, dispersion and PAR-2,
 * and per-(size, strategy) summaries over instances for scaling.  "Time"
 * is the table's time metric (metric.h: CPU time unless asked otherwise),
 * PAR-2 included.
 *
 * Order: instances by (puzzle, size, path); strategies in the order the
 * caller asks for, or alphabetically.  A run is solved when it went to its
 * end (status solved or unsat).  Two kinds of medians, for two uses:
 *  - over the solved runs only (time_ns, nodes, ...): the tables show
 *    them, marked when some runs of the group were not solved;
 *  - over all runs with every unsolved run counted as +inf, slower than
 *    any solved one (time_all, nodes_all): the figures and the scaling
 *    summary use them, so that an instance mostly unsolved is never drawn
 *    as fast.  They are +inf when half the runs or more were not solved
 *    (for an even count, when the upper middle one was not).
 * The table points into the result_set, which must outlive it.
 */
#ifndef SEARCHLAB_REPORT_AGGREGATE_H
#define SEARCHLAB_REPORT_AGGREGATE_H

#include <stddef.h>

#include "../harness/results.h"
#include "metric.h"

typedef struct agg_group {
    int present;           /* 0: no run of this (instance, strategy) */
    size_t runs, finished; /* finished: the solved runs (solved or unsat) */
    size_t by_status[STATUS_N];
    size_t first;               /* its runs are agg_table.rows[first .. first + runs) */
    double time_ns, time_mad;   /* the time metric over the solved runs: median, MAD */
    double nodes;               /* median over the solved runs */
    double infer_ns;            /* median over solved runs of inference_ns / inference_calls */
    double time_all, nodes_all; /* medians over all runs, unsolved = +inf */
    double par2_s;              /* PAR-2 in seconds over all runs; NAN if some run is unsolved
                                 * and the time limit is unknown */
    /* An optimisation (its rows carry a sense): a run is finished only
     * when it proved its answer (optimal or unsat); a run stopped by a
     * limit with a solution is `solved`, not finished, so the times above
     * are times to the proof. */
    int sense;            /* 0: no objective; +1 min, -1 max */
    int has_best;         /* some run found a solution */
    int64_t best;         /* the best value over the runs */
    size_t with_solution; /* runs that found a solution */
    size_t proven;        /* runs that proved optimality or unsat */
    double best_s;        /* median over the runs with a solution of the CPU seconds
                           * at which each found its own best (its last anytime point) */
    double score;         /* the competition score (agg_score): the share of its runs
                           * that reached the instance's best known value or proved */
} agg_group;

typedef struct agg_table {
    const result_row **inst; /* one representative row per instance */
    size_t n_inst;
    const char **strat;
    size_t n_strat;
    agg_group *g;                          /* n_inst * n_strat, row-major by instance */
    const result_row **rows;               /* every run, grouped (see agg_group.first) */
    double limit_s;                        /* the time limit given to agg_build (0: unknown) */
    const report_metric *time;             /* the time metric given to agg_build */
    size_t cap_inst_, cap_strat_, n_rows_; /* allocated sizes */
} agg_table;

/* 1 when r went to its end: solved or unsat, and for an optimisation
 * optimal or unsat (a solution without the proof is not the end). */
int agg_row_finished(const result_row *r);
/* The best value any run of instance i found: its sense (0: none found)
 * and the value. */
int agg_best_known(const agg_table *t, size_t inst, int64_t *value);
/* 1 when some group of t has an objective. */
int agg_has_objective(const agg_table *t);

/* Groups rs.  only (n_only > 0) picks the strategies and their order;
 * limit_s is the time limit of the runs in seconds (0 if unknown: PAR-2
 * of groups with unsolved runs is then NAN).  -1 with d if one of only
 * has no row. */
int agg_build(const result_set *rs, const char *const *only, size_t n_only, double limit_s,
              const report_metric *time, agg_table *t, diag *d);
void agg_free(agg_table *t);
agg_group *agg_at(const agg_table *t, size_t inst, size_t strat);
/* The runs of g (g->runs of them). */
const result_row *const *agg_rows(const agg_table *t, const agg_group *g);
/* 1 if the group ran and every run was solved. */
int agg_solved(const agg_group *g);
/* 1 if the group ran and its median over all runs is a solved run. */
int agg_median_solved(const agg_group *g);
/* The most frequent status among the runs that did not finish. */
run_status agg_failure(const agg_group *g);

/* One point of a scaling curve: a size and a strategy, over the instances
 * of that size.  Medians and quartiles are over the instances' time_all
 * and nodes_all (unsolved = +inf, so a statistic may be +inf). */
typedef struct agg_size {
    long size;
    size_t strat;
    size_t instances, solved;         /* solved: instances whose time_all is finite */
    size_t runs, solved_runs;         /* over all its instances */
    double time_ns, time_q1, time_q3; /* median and quartiles of the instance medians */
    double nodes, nodes_q1, nodes_q3;
    double nodes_max; /* the most nodes any run of it reached, solved or not */
    double par2_s;    /* PAR-2 over all its runs (NAN: limit unknown) */
} agg_size;
/* Fills *out (xmalloc'd, *n entries; free with FREEN(*out, *n)) ordered by
 * size then strategy; sizes where a strategy solved nothing are kept. */
void agg_scaling(const agg_table *t, agg_size **out, size_t *n);
/* The same over the instances i with only[i] != 0 (only: t->n_inst flags;
 * NULL: all).  Instances of one size are next to each other within a
 * puzzle (the table's order), so a family of one puzzle gets one point per
 * size and strategy. */
void agg_scaling_of(const agg_table *t, const unsigned char *only, agg_size **out, size_t *n);

#endif
