/* metric.h - what the tables and figures measure a run by: one registry
 * of metrics (`--metric NAME` of report and plot).
 *
 * CPU time is the default: it is what decides a run's limit (isolate.h),
 * and a loaded machine changes it little, while wall time grows with
 * every process that shares the cores.  Every table and figure names its
 * metric in a header or caption.
 */
#ifndef SEARCHLAB_REPORT_METRIC_H
#define SEARCHLAB_REPORT_METRIC_H

#include "../harness/results.h"

typedef struct report_metric {
    const char *name;  /* the --metric value */
    const char *label; /* in headers and axis titles: "CPU time" */
    const char *doc;   /* one line for --help and captions */
    int time;          /* 1: a duration, in ns; 0: a count */
    int run_time;      /* 1: a run's time (PAR-2 and the time columns can use it) */
    double (*value)(const result_row *r);
    int part; /* 1: a time per part of a run (Same Game's per command): no limit line in figures */
} report_metric;

/* cpu, wall, search, nodes, inference, per-command, per-query: NULL-terminated. */
extern const report_metric *const report_metrics[];
extern const report_metric report_metric_cpu; /* the default */
/* The metric called name, or NULL. */
const report_metric *report_metric_find(const char *name);
/* "cpu, wall, ..." (only_time: a run's times) for messages and --help. */
void report_metric_names(int only_time, char *buf, size_t size);

#endif
