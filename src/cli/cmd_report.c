/* cmd_report.c - `searchlab report`: the course table, the comparison of
 * strategies and the per-size scaling summary, from a result file, as
 * Markdown, CSV (raw numbers) or LaTeX (booktabs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../harness/aggregate.h"
#include "cli.h"
#include "report.h"

static void help(void) {
    printf("usage: searchlab report RESULTS.csv [--table course|compare|scaling]\n"
           "                        [--format md|csv|tex] [--strategy SPEC]... [--metric M]\n\n"
           "Aggregates the repetitions of each (instance, strategy) (median, and the median\n"
           "absolute deviation as a percentage of the median) and prints a table:\n"
           "  course   Test case | Algorithm | Total Time | Number of Nodes Searched |\n"
           "           Average Inference Time Per Node (= inference_ns / inference_calls)\n"
           "  compare  one column per strategy (the first is the baseline, others show the\n"
           "           ratio to it), solved counts, geometric means over the instances that\n"
           "           every strategy solved; --metric time|nodes|inference (default time)\n"
           "  scaling  per board size and strategy: instances solved, median time and\n"
           "           quartiles, median nodes\n"
           "md and tex print times with units (ns, us, ms, s) and 3 significant digits;\n"
           "csv prints raw numbers (ns, counts).  --strategy picks and orders strategies\n"
           "(default: all, alphabetically).  Runs that did not end (timeout, memout,\n"
           "node-limit, crash, wrong) are left out of the medians and shown by status.\n");
}

/* ---- cells ---------------------------------------------------------------------- */

static void status_cell(const agg_group *g, char *buf, size_t size) {
    if (!g->present)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%s (%zu/%zu)", status_name(agg_failure(g)),
                 g->runs - g->finished, g->runs);
}

/* ---- tables --------------------------------------------------------------------- */

static void course(const agg_table *t, report_format f, report_table *rt) {
    if (f == REPORT_CSV)
        report_header(rt, "test_case\talgorithm\truns\tfinished\tstatus\ttotal_time_ns\t"
                          "total_time_mad_ns\tnodes\tavg_inference_ns");
    else
        report_header(rt, "Test case\tAlgorithm\t>Total Time\t>Number of Nodes Searched\t"
                          ">Average Inference Time Per Node");
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            char name[256], time[64], nodes[64], inf[64], mad[64], st[64];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            report_time(f, g->time_ns, time, sizeof time);
            report_count(f, g->nodes, nodes, sizeof nodes);
            report_time(f, g->infer_ns, inf, sizeof inf);
            if (f == REPORT_CSV) {
                report_time(f, g->time_mad, mad, sizeof mad);
                snprintf(st, sizeof st, "%s",
                         agg_solved(g) ? "ok" : status_name(agg_failure(g)));
                char runs[24], fin[24];
                snprintf(runs, sizeof runs, "%zu", g->runs);
                snprintf(fin, sizeof fin, "%zu", g->finished);
                report_row(rt, 9, name, t->strat[s], runs, fin, st, g->finished ? time : "",
                           g->finished ? mad : "", g->finished ? nodes : "",
                           g->finished ? inf : "");
                continue;
            }
            if (!agg_solved(g)) {
                status_cell(g, time, sizeof time);
                report_row(rt, 5, name, t->strat[s], time, "-", "-");
                continue;
            }
            if (g->finished > 1 && g->time_ns > 0) {
                size_t n = strlen(time);
                snprintf(time + n, sizeof time - n, " ±%.0f%%", 100 * g->time_mad / g->time_ns);
            }
            report_row(rt, 5, name, t->strat[s], time, nodes, inf);
        }
}

static double metric(const agg_group *g, int m) {
    return m == 0 ? g->time_ns : m == 1 ? g->nodes : g->infer_ns;
}

static void metric_cell(report_format f, int m, double v, char *buf, size_t size) {
    if (m == 1)
        report_count(f, v, buf, size);
    else
        report_time(f, v, buf, size);
}

static void ratio_cell(report_format f, double r, char *buf, size_t size) {
    char num[32];
    if (f == REPORT_CSV) {
        snprintf(buf, size, "%.6g", r);
        return;
    }
    report_sig3(r, num, sizeof num);
    snprintf(buf, size, f == REPORT_TEX ? "%s$\\times$" : "%sx", num);
}

static void compare(const agg_table *t, report_format f, int m, report_table *rt) {
    static const char *const mname[] = {
        "metric: search time (median over repetitions); (Nx) = ratio to the first column",
        "metric: nodes searched (median over repetitions); (Nx) = ratio to the first column",
        "metric: inference time per node (median over repetitions); (Nx) = ratio to the first "
        "column"};
    char head[4096];
    size_t o = (size_t)snprintf(head, sizeof head, "%s", f == REPORT_CSV ? "instance" : "Instance");
    for (size_t s = 0; s < t->n_strat; s++) {
        o += (size_t)snprintf(head + o, sizeof head - o, "\t>%s", t->strat[s]);
        if (f == REPORT_CSV && s > 0)
            o += (size_t)snprintf(head + o, sizeof head - o, "\t>%s/%s", t->strat[s], t->strat[0]);
    }
    report_header(rt, head);
    rt->caption = mname[m];
    size_t cols = f == REPORT_CSV ? 2 * t->n_strat : t->n_strat + 1;
    char **cell = NEWN(cols, char *);
    for (size_t c = 0; c < cols; c++) cell[c] = NEWN(96, char);
    double *logsum = NEWN(t->n_strat, double);
    size_t common = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        report_case_name(t->inst[i]->instance, cell[0], 96);
        int all = 1;
        const agg_group *base = agg_at(t, i, 0);
        for (size_t s = 0, c = 1; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            all &= agg_solved(g);
            char v[48] = "", r[48] = "";
            if (agg_solved(g)) {
                metric_cell(f, m, metric(g, m), v, sizeof v);
                if (s > 0 && agg_solved(base) && metric(base, m) > 0)
                    ratio_cell(f, metric(g, m) / metric(base, m), r, sizeof r);
            } else if (f != REPORT_CSV) {
                status_cell(g, v, sizeof v);
            }
            if (f == REPORT_CSV) {
                snprintf(cell[c++], 96, "%s", v);
                if (s > 0) snprintf(cell[c++], 96, "%s", r);
            } else {
                snprintf(cell[c++], 96, r[0] ? "%s (%s)" : "%s", v, r);
            }
        }
        report_row_v(rt, cols, (const char *const *)cell);
        if (!all) continue;
        common++;
        for (size_t s = 0; s < t->n_strat; s++) {
            double v = metric(agg_at(t, i, s), m);
            logsum[s] += log(v > 1 ? v : 1);
        }
    }
    /* footer: solved counts, then geometric means over the common set */
    snprintf(cell[0], 96, f == REPORT_MD ? "**solved**" : "solved");
    for (size_t s = 0, c = 1; s < t->n_strat; s++) {
        size_t k = 0, n = 0;
        for (size_t i = 0; i < t->n_inst; i++) {
            n += agg_at(t, i, s)->present;
            k += agg_solved(agg_at(t, i, s));
        }
        snprintf(cell[c++], 96, "%zu/%zu", k, n);
        if (f == REPORT_CSV && s > 0) cell[c++][0] = '\0';
    }
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], 96,
             f == REPORT_CSV  ? "geomean_common_%zu"
             : f == REPORT_MD ? "**geo. mean (%zu common)**"
                              : "geo. mean (%zu common)",
             common);
    for (size_t s = 0, c = 1; s < t->n_strat; s++) {
        char v[48] = "-", r[48] = "";
        if (common) {
            double gm = exp(logsum[s] / (double)common), gb = exp(logsum[0] / (double)common);
            metric_cell(f, m, gm, v, sizeof v);
            if (s > 0) ratio_cell(f, gm / gb, r, sizeof r);
        }
        if (f == REPORT_CSV) {
            snprintf(cell[c++], 96, "%s", common ? v : "");
            if (s > 0) snprintf(cell[c++], 96, "%s", r);
        } else {
            snprintf(cell[c++], 96, r[0] ? "%s (%s)" : "%s", v, r);
        }
    }
    report_row_v(rt, cols, (const char *const *)cell);
    for (size_t c = 0; c < cols; c++) FREEN(cell[c], 96);
    FREEN(cell, cols);
    FREEN(logsum, t->n_strat);
}

static void scaling(const agg_table *t, report_format f, report_table *rt) {
    if (f == REPORT_CSV)
        report_header(rt, "size\talgorithm\tinstances\tsolved\ttime_ns_median\ttime_ns_q1\t"
                          "time_ns_q3\tnodes_median\tnodes_q1\tnodes_q3");
    else
        report_header(rt, ">Size\tAlgorithm\t>Solved\t>Median Time\t>Time Q1 - Q3\t"
                          ">Median Nodes\t>Nodes Q1 - Q3");
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    for (size_t k = 0; k < n; k++) {
        const agg_size *a = &pts[k];
        char size[24], solved[48], tm[48], tq1[48], tq3[48], nm[48], nq1[48], nq3[48];
        snprintf(size, sizeof size, "%ld", a->size);
        report_time(f, a->time_ns, tm, sizeof tm);
        report_time(f, a->time_q1, tq1, sizeof tq1);
        report_time(f, a->time_q3, tq3, sizeof tq3);
        report_count(f, a->nodes, nm, sizeof nm);
        report_count(f, a->nodes_q1, nq1, sizeof nq1);
        report_count(f, a->nodes_q3, nq3, sizeof nq3);
        if (f == REPORT_CSV) {
            char inst[24];
            snprintf(inst, sizeof inst, "%zu", a->instances);
            snprintf(solved, sizeof solved, "%zu", a->solved);
            int ok = a->solved > 0;
            report_row(rt, 10, size, t->strat[a->strat], inst, solved, ok ? tm : "", ok ? tq1 : "",
                       ok ? tq3 : "", ok ? nm : "", ok ? nq1 : "", ok ? nq3 : "");
            continue;
        }
        snprintf(solved, sizeof solved, "%zu/%zu", a->solved, a->instances);
        char tr[100], nr[100];
        snprintf(tr, sizeof tr, "%s - %s", tq1, tq3);
        snprintf(nr, sizeof nr, "%s - %s", nq1, nq3);
        if (!a->solved)
            report_row(rt, 7, size, t->strat[a->strat], solved, "-", "-", "-", "-");
        else
            report_row(rt, 7, size, t->strat[a->strat], solved, tm, tr, nm, nr);
    }
    if (pts) FREEN(pts, n);
}

int cmd_report(int argc, char **argv) {
    const char *path = NULL, *table = "course", *format = "md", *metric_name = "time";
    const char **only = NEWN((size_t)argc, const char *);
    size_t n_only = 0;
    const cli_flag flags[] = {
        {"--table", &table}, {"--format", &format}, {"--metric", &metric_name}, {NULL, NULL}};
    int ret = cli_parse_flags("report", argc, argv, flags, &path, only, &n_only);
    if (ret < 0) {
        help();
        FREEN(only, (size_t)argc);
        return EXIT_DONE;
    }
    report_format f = !strcmp(format, "md")    ? REPORT_MD
                      : !strcmp(format, "csv") ? REPORT_CSV
                      : !strcmp(format, "tex") ? REPORT_TEX
                                               : (report_format)-1;
    int m = !strcmp(metric_name, "time")        ? 0
            : !strcmp(metric_name, "nodes")     ? 1
            : !strcmp(metric_name, "inference") ? 2
                                                : -1;
    int kind = !strcmp(table, "course")    ? 0
               : !strcmp(table, "compare") ? 1
               : !strcmp(table, "scaling") ? 2
                                           : -1;
    if (!ret && !path) ret = cli_usage_error("report", "expected a result file (RESULTS.csv)");
    if (!ret && (int)f < 0)
        ret = cli_usage_error("report", "--format: expected md, csv or tex, found '%s'", format);
    if (!ret && m < 0)
        ret = cli_usage_error("report", "--metric: expected time, nodes or inference, found '%s'",
                              metric_name);
    if (!ret && kind < 0)
        ret = cli_usage_error("report", "--table: expected course, compare or scaling, found '%s'",
                              table);
    result_set rs = {0};
    diag d = {{0}};
    agg_table t = {0};
    if (!ret && results_load(path, 0, &rs, &d)) {
        fprintf(stderr, "searchlab report: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (!ret && rs.torn)
        fprintf(stderr, "searchlab report: %s: ignoring a torn last line (a run being written?)\n",
                path);
    if (!ret && rs.n == 0) ret = cli_usage_error("report", "%s: no result rows", path);
    if (!ret && agg_build(&rs, only, n_only, &t, &d)) {
        fprintf(stderr, "searchlab report: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (!ret) {
        report_table rt;
        report_init(&rt);
        if (kind == 0)
            course(&t, f, &rt);
        else if (kind == 1)
            compare(&t, f, m, &rt);
        else
            scaling(&t, f, &rt);
        report_print(&rt, f, stdout);
        report_free(&rt);
        agg_free(&t);
    }
    result_set_free(&rs);
    FREEN(only, (size_t)argc);
    return ret;
}
