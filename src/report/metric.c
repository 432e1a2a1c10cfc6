/* metric.c - the metrics of a run (see metric.h). */
#include "metric.h"

#include <stdio.h>
#include <string.h>

#include "../core/registry.h"

static double cpu_ns(const result_row *r) { return r->cpu_s * 1e9; }
static double wall_ns(const result_row *r) { return r->wall_s * 1e9; }
static double search_ns(const result_row *r) { return (double)r->st.total_ns; }
static double nodes(const result_row *r) { return (double)r->st.nodes; }
static double inference(const result_row *r) {
    return r->st.inference_calls ? (double)r->st.inference_ns / (double)r->st.inference_calls : 0;
}

/* Same Game rows (docs/samegame.md): the CPU time per command after the
 * opening plane (ops_ns / commands: the plane's loading is left out, so
 * that planes of any size are compared on the same operations), and the
 * chosen path finder's time per o/c query (path_ns, a wall clock: no CPU
 * clock is read around each query). */
static double per_command(const result_row *r) {
    return r->st.commands ? (double)r->st.ops_ns / (double)r->st.commands : 0;
}
static double per_query(const result_row *r) {
    return r->st.queries ? (double)r->st.path_ns / (double)r->st.queries : 0;
}

const report_metric report_metric_cpu = {
    "cpu",
    "CPU time",
    "CPU time of the run's processes (loading, model and search; the limit's measure)",
    1,
    1,
    cpu_ns,
    0};
static const report_metric wall = {
    "wall", "wall time", "wall-clock time of the run (grows with the machine's load)",
    1,      1,           wall_ns,
    0};
static const report_metric search = {"search",
                                     "search time",
                                     "the search's own time (total_ns, wall clock inside the run)",
                                     1,
                                     1,
                                     search_ns,
                                     0};
static const report_metric nodes_m = {"nodes", "nodes searched", "nodes searched", 0, 0, nodes, 0};
static const report_metric inference_m = {
    "inference",
    "inference time per node",
    "inference time per node (inference_ns / inference_calls)",
    1,
    0,
    inference,
    0};

static const report_metric per_command_m = {
    "per-command",
    "time per command",
    "Same Game: CPU time per command after the opening plane (ops_ns / commands)",
    1,
    1,
    per_command,
    1};
static const report_metric per_query_m = {
    "per-query",
    "path time per query",
    "Same Game: the chosen path finder's time per o/c query (path_ns / queries, wall)",
    1,
    1,
    per_query,
    1};

const report_metric *const report_metrics[] = {
    &report_metric_cpu, &wall, &search, &nodes_m, &inference_m, &per_command_m, &per_query_m, NULL};

const report_metric *report_metric_find(const char *name) {
    return REGISTRY_FIND(report_metric, report_metrics, name);
}

void report_metric_names(int only_time, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (const report_metric *const *m = report_metrics; *m && o < size; m++) {
        if (only_time && !(*m)->run_time) continue;
        o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? ", " : "", (*m)->name);
    }
}
