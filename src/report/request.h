/* request.h - what `searchlab report` and `searchlab plot` are asked for,
 * made from the loaded input.  A table: the columns (each file's runs
 * side by side, or the strategies asked for), the groups under the
 * table's time metric, the baseline checked, the kind's table and the
 * notes about the input under it; the CLI parses the flags into a
 * report_request and prints what comes back with the writer it chose (the
 * HTML page: html_report.h).  A figure: the groups a plot kind draws,
 * checked against what the kind can draw (plot_fits). */
#ifndef SEARCHLAB_REPORT_REQUEST_H
#define SEARCHLAB_REPORT_REQUEST_H

#include <stdint.h>

#include "aggregate.h"
#include "input.h"
#include "kind.h"
#include "plot.h"
#include "table.h"

typedef struct report_request {
    const report_kind *kind;
    report_format f;
    const report_metric *m;  /* --metric; the tables' time is m when a run's time, else cpu */
    uint64_t seed;           /* the bootstrap's */
    const char *const *only; /* --strategy: picks and orders the strategies (n_only > 0) */
    size_t n_only;
    const char *baseline; /* --baseline NAME, or NULL */
} report_request;

typedef struct report_made {
    agg_table t;     /* the groups the table and the figures are drawn from */
    report_table rt; /* the kind's table, with the input's notes (not for CSV) */
    char **cols;     /* several files: the columns "LABEL: SPEC" (owned) */
    size_t n_cols;
    const char **labels; /* several files: their labels, in order (owned array) */
    size_t n_labels;
} report_made;

/* Makes rq's table of in into out (zeroed first).  0, or -1 with d: no run
 * of the strategies asked for, a --strategy without rows, a --baseline
 * that no column has.  Free out with report_made_free either way. */
int report_make(const report_input *in, const report_request *rq, report_made *out, diag *d);
void report_made_free(report_made *out);

/* The groups t that a figure of kind k draws from in: the strategies
 * only[0..n_only) when given, else for a pair kind the experiment's first
 * two (report_experiment_pair) when its context names them, else every
 * strategy; under m's time when m is a run's time, else CPU time.  0, or
 * -1 with d: a strategy without rows, or what k cannot draw (plot_fits's
 * message).  Free t with agg_free when t->g is set, either way. */
int report_figure_groups(const report_input *in, const plot_kind *k, const report_metric *m,
                         const char *const *only, size_t n_only, agg_table *t, diag *d);

#endif
