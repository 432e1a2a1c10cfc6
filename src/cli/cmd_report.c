/* cmd_report.c - `searchlab report`: the course table, the comparison of
 * strategies (ratios with bootstrap intervals, signed-rank p-values) and
 * the per-size scaling summary, from a result file, as Markdown, CSV
 * (exact numbers) or LaTeX (booktabs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "../harness/aggregate.h"
#include "../harness/statistics.h"
#include "cli.h"
#include "report.h"

static void help(void) {
    printf("usage: searchlab report RESULTS.csv [--table course|compare|scaling]\n"
           "                        [--format md|csv|tex] [--strategy SPEC]... [--metric M]\n"
           "                        [--timeout S] [--seed S] [--group-by LABEL[,LABEL...]]\n\n"
           "Aggregates the repetitions of each (instance, strategy) and prints a table.  A run\n"
           "is solved when it went to its end (solved or unsat).  Every table shows the solved\n"
           "runs as k/n (CSV: runs, solved) and PAR-2 (CSV: par2_s, in seconds): the mean\n"
           "search time with each unsolved run counted as twice the time limit.\n"
           "  course   Test case | Algorithm | Solved | Total Time | PAR-2 | Number of Nodes\n"
           "           Searched | Average Inference Time Per Node (= inference_ns /\n"
           "           inference_calls); medians over the solved runs, +-x%% = median absolute\n"
           "           deviation; a median over fewer than all runs is marked with a dagger\n"
           "  compare  one column per strategy, the first the baseline: the median and its\n"
           "           ratio to the baseline with a 95%% bootstrap interval; footer: solved\n"
           "           runs, PAR-2, the ratio of geometric means over the instances both solved\n"
           "           (bootstrap over instances and repetitions) and Wilcoxon's signed-rank p\n"
           "           over the instances; --metric time|nodes|inference (default time)\n"
           "  scaling  per board size and strategy: solved runs, PAR-2, median and quartiles of\n"
           "           the instances' medians of time and nodes (unsolved runs rank above\n"
           "           every solved one: '> LIMIT' or 'unsolved' where the statistic is one)\n"
           "md and tex print times with units (ns, us, ms, s) and 3 significant digits; csv\n"
           "prints exact numbers (ns, counts, never exponents; compare is one row per instance\n"
           "and strategy).  --strategy picks and orders strategies (default: all,\n"
           "alphabetically).  --timeout S: the runs' time limit for PAR-2 (default: read from\n"
           "RESULTS.context.json(l)).  --seed S: the bootstrap's seed (default 1).\n"
           "--group-by queue (or queue,var, any label of the result columns): group the runs\n"
           "by what their specs resolved to, not by the spec as written; the groups are\n"
           "named queue=dom, ... (also in --strategy).\n"
           "docs/driver.md explains each statistic.\n");
}

/* The bootstrap: resamples per interval, and the confidence level. */
enum { BOOT_B = 4000 };
static const double boot_level = 0.95;

/* ---- cells ---------------------------------------------------------------------- */

static const char dagger[] = "\xe2\x80\xa0";

/* "k/n" solved runs. */
static void solved_cell(size_t k, size_t n, char *buf, size_t size) {
    snprintf(buf, size, "%zu/%zu", k, n);
}

/* PAR-2 seconds: with units for people, fixed seconds for CSV; "-" or ""
 * when unknown. */
static void par2_cell(report_format f, double s, char *buf, size_t size) {
    if (isnan(s))
        snprintf(buf, size, "%s", f == REPORT_CSV ? "" : "-");
    else if (f == REPORT_CSV)
        report_seconds(s, buf, size);
    else
        report_time(f, s * 1e9, buf, size);
}

/* The name of the failure of a group none of whose runs was solved. */
static const char *failure_name(const agg_group *g) { return status_name(agg_failure(g)); }

static void add_note_par2(report_table *rt, double limit_s) {
    if (limit_s > 0)
        report_note(rt,
                    "PAR-2: mean search time, each unsolved run counted as 2 x the time "
                    "limit (%g s).",
                    limit_s);
    else
        report_note(rt, "PAR-2: mean search time, each unsolved run counted as 2 x the time "
                        "limit; the limit is unknown (no run context, no --timeout), so it "
                        "is left out (-) where a run was not solved.");
}

/* ---- tables --------------------------------------------------------------------- */

static void course(const agg_table *t, report_format f, report_table *rt) {
    if (f == REPORT_CSV)
        report_header(rt, "test_case\talgorithm\truns\tsolved\tunsolved_status\ttotal_time_ns\t"
                          "total_time_mad_ns\tpar2_s\tnodes\tavg_inference_ns");
    else
        report_header(rt, "Test case\tAlgorithm\t>Solved\t>Total Time\t>PAR-2\t"
                          ">Number of Nodes Searched\t>Average Inference Time Per Node");
    int marked = 0;
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            char name[256], time[64], nodes[64], inf[64], mad[64], st[64], par2[64], solved[48];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            report_time(f, g->time_ns, time, sizeof time);
            report_count(f, g->nodes, nodes, sizeof nodes);
            report_time(f, g->infer_ns, inf, sizeof inf);
            par2_cell(f, g->par2_s, par2, sizeof par2);
            if (f == REPORT_CSV) {
                report_time(f, g->time_mad, mad, sizeof mad);
                snprintf(st, sizeof st, "%s", agg_solved(g) ? "" : failure_name(g));
                char runs[24], fin[24];
                snprintf(runs, sizeof runs, "%zu", g->runs);
                snprintf(fin, sizeof fin, "%zu", g->finished);
                int any = g->finished > 0;
                report_row(rt, 10, name, t->strat[s], runs, fin, st, any ? time : "",
                           any ? mad : "", par2, any ? nodes : "", any ? inf : "");
                continue;
            }
            solved_cell(g->finished, g->runs, solved, sizeof solved);
            if (g->finished == 0) {
                report_row(rt, 7, name, t->strat[s], solved, failure_name(g), par2, "-", "-");
                continue;
            }
            if (g->finished > 1 && g->time_ns > 0) {
                size_t n = strlen(time);
                snprintf(time + n, sizeof time - n, " ±%.0f%%", 100 * g->time_mad / g->time_ns);
            }
            if (!agg_solved(g)) { /* medians over the solved runs only */
                marked = 1;
                strcat(time, dagger);
                strcat(nodes, dagger);
                strcat(inf, dagger);
            }
            report_row(rt, 7, name, t->strat[s], solved, time, par2, nodes, inf);
        }
    if (f == REPORT_CSV) return;
    if (marked)
        report_note(rt, "%s median over the solved runs only (Solved: how many of the runs).",
                    dagger);
    add_note_par2(rt, t->limit_s);
}

static const char *const metric_col[] = {"time_ns", "nodes", "inference_ns"};

static void metric_cell(report_format f, agg_metric m, double v, char *buf, size_t size) {
    if (m == AGG_NODES)
        report_count(f, v, buf, size);
    else
        report_time(f, v, buf, size);
}

/* A ratio (0.487x) with its interval ([0.45, 0.52]) when lo is a number;
 * CSV: the ratio alone, 6 significant digits. */
static void ratio_cell(report_format f, double r, double lo, double hi, char *buf, size_t size) {
    if (f == REPORT_CSV) {
        report_fixed(r, 6, buf, size);
        return;
    }
    char num[24], a[24], b[24];
    report_sig3(r, num, sizeof num);
    const char *x = f == REPORT_TEX ? "$\\times$" : "x";
    if (isnan(lo)) {
        snprintf(buf, size, "%s%s", num, x);
        return;
    }
    report_sig3(lo, a, sizeof a);
    report_sig3(hi, b, sizeof b);
    snprintf(buf, size, "%s%s [%s, %s]", num, x, a, b);
}

static void p_cell(report_format f, double p, size_t used, char *buf, size_t size) {
    if (f == REPORT_CSV) {
        if (p >= 1)
            snprintf(buf, size, "1");
        else
            report_fixed(p, 6, buf, size);
        return;
    }
    char num[32];
    if (p < 0.001)
        snprintf(num, sizeof num, "< 0.001");
    else
        snprintf(num, sizeof num, "%.*f", p < 0.01 ? 3 : 2, p);
    snprintf(buf, size, "%s (n=%zu)", num, used);
}

/* A metric's values below 1 (a count of 0 nodes) count as 1 in logs and
 * ratios. */
static double floor1(double v) { return v > 1 ? v : 1; }

/* The finished runs' values of metric m in g (all of its runs when g is
 * solved), floored at 1, into v (room for g->runs). */
static size_t run_values(const agg_table *t, const agg_group *g, agg_metric m, double *v) {
    const result_row *const *rows = agg_rows(t, g);
    size_t k = 0;
    for (size_t r = 0; r < g->runs; r++)
        if (status_finished(rows[r]->status)) v[k++] = floor1(agg_value(rows[r], m));
    return k;
}

/* The per-instance value a rank test compares: the median over all runs
 * with unsolved runs as +inf for time and nodes (a run that did not end
 * needed more than it had); inference per node only when every run ended. */
static double rank_value(const agg_group *g, agg_metric m) {
    if (!g->present) return NAN;
    if (m == AGG_TIME) return floor1(g->time_all);
    if (m == AGG_NODES) return floor1(g->nodes_all);
    return agg_solved(g) ? floor1(g->infer_ns) : NAN;
}

static double metric(const agg_group *g, agg_metric m) {
    return m == AGG_TIME ? g->time_ns : m == AGG_NODES ? g->nodes : g->infer_ns;
}

/* FNV-1a of s mixed into h: the bootstrap's seed of an interval depends on
 * the seed and on the names only, so adding a strategy or an instance to
 * a table leaves the other intervals as they were. */
static uint64_t mix(uint64_t h, const char *s) { return fnv1a(h ^ FNV1A_OFFSET, s, strlen(s)); }

/* What the footer says about strategy s against the baseline. */
typedef struct pair_summary {
    size_t runs, solved, n_ratio, n_p;
    double par2_s, gm, p;
    stat_interval ci;
} pair_summary;

static pair_summary summarize_pair(const agg_table *t, size_t s, agg_metric m, uint64_t seed) {
    pair_summary ps = {0};
    ps.ci.point = ps.ci.low = ps.ci.high = NAN;
    size_t cap = 1;
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t k = 0; k < t->n_strat; k++)
            if (agg_at(t, i, k)->runs > cap) cap = agg_at(t, i, k)->runs;
    stat_pair *pairs = NEWN(t->n_inst ? t->n_inst : 1, stat_pair);
    double *va = NEWN(xmul(t->n_inst ? t->n_inst : 1, cap), double);
    double *vb = NEWN(xmul(t->n_inst ? t->n_inst : 1, cap), double);
    double *d = NEWN(t->n_inst ? t->n_inst : 1, double), par2_sum = 0, logsum = 0;
    size_t nd = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *g = agg_at(t, i, s), *b = agg_at(t, i, 0);
        if (g->present) {
            ps.runs += g->runs;
            ps.solved += g->finished;
            par2_sum += g->par2_s * (double)g->runs;
        }
        if (agg_solved(g)) logsum += log(floor1(metric(g, m)));
        if (s == 0) continue;
        double x = rank_value(g, m), y = rank_value(b, m);
        if (!isnan(x) && !isnan(y)) d[nd++] = log(x) - log(y); /* inf - inf: NaN, dropped */
        if (!agg_solved(g) || !agg_solved(b)) continue;
        stat_pair *p = &pairs[ps.n_ratio];
        p->a = va + ps.n_ratio * cap;
        p->b = vb + ps.n_ratio * cap;
        p->na = run_values(t, g, m, va + ps.n_ratio * cap);
        p->nb = run_values(t, b, m, vb + ps.n_ratio * cap);
        ps.n_ratio++;
    }
    ps.par2_s = ps.runs ? par2_sum / (double)ps.runs : NAN;
    if (s == 0) { /* the baseline: its geometric mean over what it solved */
        size_t k = 0;
        for (size_t i = 0; i < t->n_inst; i++) k += agg_solved(agg_at(t, i, 0));
        ps.n_ratio = k;
        ps.gm = k ? exp(logsum / (double)k) : NAN;
    } else {
        if (ps.n_ratio)
            ps.ci = stat_bootstrap_ratio(pairs, ps.n_ratio, boot_level, BOOT_B,
                                         mix(mix(seed, t->strat[s]), "all instances"));
        double lg = 0;
        for (size_t k = 0; k < ps.n_ratio; k++) {
            double tmp[64], *w = pairs[k].na <= 64 ? tmp : NEWN(pairs[k].na, double);
            memcpy(w, pairs[k].a, pairs[k].na * sizeof *w);
            lg += log(stat_median(w, pairs[k].na));
            if (w != tmp) FREEN(w, pairs[k].na);
        }
        ps.gm = ps.n_ratio ? exp(lg / (double)ps.n_ratio) : NAN;
        ps.p = stat_signed_rank(d, nd, STAT_AUTO, NULL, &ps.n_p);
    }
    FREEN(pairs, t->n_inst ? t->n_inst : 1);
    FREEN(va, xmul(t->n_inst ? t->n_inst : 1, cap));
    FREEN(vb, xmul(t->n_inst ? t->n_inst : 1, cap));
    FREEN(d, t->n_inst ? t->n_inst : 1);
    return ps;
}

/* The ratio of g to the baseline b on one instance (both solved), with the
 * bootstrap interval over their repetitions. */
static stat_interval instance_ratio(const agg_table *t, size_t i, size_t s, agg_metric m,
                                    uint64_t seed) {
    const agg_group *g = agg_at(t, i, s), *b = agg_at(t, i, 0);
    double *va = NEWN(g->runs, double), *vb = NEWN(b->runs, double);
    stat_pair p = {va, vb, run_values(t, g, m, va), run_values(t, b, m, vb)};
    stat_interval ci = stat_bootstrap_ratio(&p, 1, boot_level, BOOT_B,
                                            mix(mix(seed, t->strat[s]), t->inst[i]->instance));
    FREEN(va, g->runs);
    FREEN(vb, b->runs);
    return ci;
}

/* Compare as CSV: one row per (instance, strategy), then one summary row
 * per strategy (instance "all"). */
static void compare_csv(const agg_table *t, agg_metric m, uint64_t seed, report_table *rt) {
    char head[256];
    snprintf(head, sizeof head,
             "instance\tstrategy\tbaseline\truns\tsolved\t%s\tpar2_s\tratio\tci_low\tci_high\t"
             "instances\tp_value\tp_instances",
             metric_col[m]);
    report_header(rt, head);
    const report_format f = REPORT_CSV;
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s), *b = agg_at(t, i, 0);
            if (!g->present) continue;
            char name[256], runs[24], fin[24], v[64] = "", par2[64], r[48] = "", lo[48] = "",
                                               hi[48] = "";
            report_case_name(t->inst[i]->instance, name, sizeof name);
            snprintf(runs, sizeof runs, "%zu", g->runs);
            snprintf(fin, sizeof fin, "%zu", g->finished);
            if (g->finished) metric_cell(f, m, metric(g, m), v, sizeof v);
            par2_cell(f, g->par2_s, par2, sizeof par2);
            if (s > 0 && agg_solved(g) && agg_solved(b)) {
                stat_interval ci = instance_ratio(t, i, s, m, seed);
                ratio_cell(f, ci.point, NAN, NAN, r, sizeof r);
                ratio_cell(f, ci.low, NAN, NAN, lo, sizeof lo);
                ratio_cell(f, ci.high, NAN, NAN, hi, sizeof hi);
            }
            report_row(rt, 13, name, t->strat[s], t->strat[0], runs, fin, v, par2, r, lo, hi,
                       r[0] ? "1" : "", "", "");
        }
    for (size_t s = 0; s < t->n_strat; s++) {
        pair_summary ps = summarize_pair(t, s, m, seed);
        char runs[24], fin[24], v[64] = "", par2[64], r[48] = "", lo[48] = "", hi[48] = "", ni[24],
                                p[48] = "", np[24] = "";
        snprintf(runs, sizeof runs, "%zu", ps.runs);
        snprintf(fin, sizeof fin, "%zu", ps.solved);
        snprintf(ni, sizeof ni, "%zu", ps.n_ratio);
        if (!isnan(ps.gm)) metric_cell(f, m, ps.gm, v, sizeof v);
        par2_cell(f, ps.par2_s, par2, sizeof par2);
        if (s > 0 && ps.n_ratio) {
            ratio_cell(f, ps.ci.point, NAN, NAN, r, sizeof r);
            ratio_cell(f, ps.ci.low, NAN, NAN, lo, sizeof lo);
            ratio_cell(f, ps.ci.high, NAN, NAN, hi, sizeof hi);
        }
        if (s > 0 && ps.n_p) {
            p_cell(f, ps.p, ps.n_p, p, sizeof p);
            snprintf(np, sizeof np, "%zu", ps.n_p);
        }
        report_row(rt, 13, "all", t->strat[s], t->strat[0], runs, fin, v, par2, r, lo, hi, ni, p,
                   np);
    }
}

static void compare(const agg_table *t, report_format f, agg_metric m, uint64_t seed,
                    report_table *rt) {
    if (f == REPORT_CSV) {
        compare_csv(t, m, seed, rt);
        return;
    }
    static const char *const mname[] = {
        "metric: search time (median over the repetitions); (Nx [lo, hi]) = ratio to the first "
        "column with its 95% bootstrap interval",
        "metric: nodes searched (median over the repetitions); (Nx [lo, hi]) = ratio to the "
        "first column with its 95% bootstrap interval",
        "metric: inference time per node (median over the repetitions); (Nx [lo, hi]) = ratio "
        "to the first column with its 95% bootstrap interval"};
    char head[4096];
    size_t o = (size_t)snprintf(head, sizeof head, "Instance");
    for (size_t s = 0; s < t->n_strat && o < sizeof head; s++)
        o += (size_t)snprintf(head + o, sizeof head - o, "\t>%s", t->strat[s]);
    report_header(rt, head);
    rt->caption = mname[m];
    size_t cols = t->n_strat + 1;
    enum { W = 160 };
    char **cell = NEWN(cols, char *);
    for (size_t c = 0; c < cols; c++) cell[c] = NEWN(W, char);
    int marked = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        report_case_name(t->inst[i]->instance, cell[0], W);
        const agg_group *base = agg_at(t, i, 0);
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            char v[64] = "", r[96] = "";
            if (!g->present) {
                snprintf(cell[s + 1], W, "-");
                continue;
            }
            if (g->finished == 0) {
                snprintf(cell[s + 1], W, "%s (0/%zu solved)", failure_name(g), g->runs);
                continue;
            }
            metric_cell(f, m, metric(g, m), v, sizeof v);
            if (!agg_solved(g)) {
                marked = 1;
                snprintf(cell[s + 1], W, "%s%s (%zu/%zu solved)", v, dagger, g->finished, g->runs);
                continue;
            }
            if (s > 0 && agg_solved(base)) {
                stat_interval ci = instance_ratio(t, i, s, m, seed);
                ratio_cell(f, ci.point, ci.low, ci.high, r, sizeof r);
            }
            snprintf(cell[s + 1], W, r[0] ? "%s (%s)" : "%s", v, r);
        }
        report_row_v(rt, cols, (const char *const *)cell);
    }
    /* the footer */
    pair_summary *ps = NEWN(t->n_strat, pair_summary);
    for (size_t s = 0; s < t->n_strat; s++) ps[s] = summarize_pair(t, s, m, seed);
    const char *b0 = f == REPORT_MD ? "**" : "", *b1 = b0;
    snprintf(cell[0], W, "%ssolved runs%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) solved_cell(ps[s].solved, ps[s].runs, cell[s + 1], W);
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sPAR-2%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) par2_cell(f, ps[s].par2_s, cell[s + 1], W);
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sgeo. mean, ratio [95%% CI]%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) {
        char v[64] = "-", r[96];
        if (!isnan(ps[s].gm)) metric_cell(f, m, ps[s].gm, v, sizeof v);
        if (s == 0 || !ps[s].n_ratio) {
            snprintf(cell[s + 1], W, "%s (n=%zu)", v, ps[s].n_ratio);
            continue;
        }
        ratio_cell(f, ps[s].ci.point, ps[s].ci.low, ps[s].ci.high, r, sizeof r);
        snprintf(cell[s + 1], W, "%s (%s, n=%zu)", v, r, ps[s].n_ratio);
    }
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sWilcoxon p%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) {
        if (s == 0 || !ps[s].n_p)
            snprintf(cell[s + 1], W, "-");
        else
            p_cell(f, ps[s].p, ps[s].n_p, cell[s + 1], W);
    }
    report_row_v(rt, cols, (const char *const *)cell);
    FREEN(ps, t->n_strat);
    for (size_t c = 0; c < cols; c++) FREEN(cell[c], W);
    FREEN(cell, cols);
    if (marked)
        report_note(rt, "%s median over the solved runs only; no ratio is given for it.", dagger);
    add_note_par2(rt, t->limit_s);
    report_note(rt,
                "geo. mean: over the n instances that the strategy and %s both solved in "
                "every run, of the medians over the repetitions (values below 1 count as "
                "1); the ratio's 95%% interval is a percentile bootstrap (%d resamples) "
                "that draws instances, then repetitions within each.",
                t->strat[0], BOOT_B);
    report_note(rt,
                "Wilcoxon p: two-sided signed-rank test of the per-instance log ratios to %s "
                "over the n instances either solved (an unsolved run ranks above every "
                "solved one; exact for n <= %d).",
                t->strat[0], STAT_EXACT_MAX);
}

/* A scaling median or quartile: +inf (the instance there was not solved)
 * reads "> LIMIT" for time when the limit is known, else "unsolved". */
static void scaling_time(report_format f, double ns, double limit_s, char *buf, size_t size) {
    if (isfinite(ns)) {
        report_time(f, ns, buf, size);
    } else if (f == REPORT_CSV) {
        buf[0] = '\0';
    } else if (limit_s > 0) {
        char l[32];
        report_time(f, limit_s * 1e9, l, sizeof l);
        snprintf(buf, size, "> %s", l);
    } else {
        snprintf(buf, size, "unsolved");
    }
}

static void scaling_count(report_format f, double x, char *buf, size_t size) {
    if (isfinite(x))
        report_count(f, x, buf, size);
    else
        snprintf(buf, size, "%s", f == REPORT_CSV ? "" : "unsolved");
}

static void scaling(const agg_table *t, report_format f, report_table *rt) {
    if (f == REPORT_CSV)
        report_header(rt, "size\talgorithm\tinstances\tsolved_instances\truns\tsolved\tpar2_s\t"
                          "time_ns_median\ttime_ns_q1\ttime_ns_q3\tnodes_median\tnodes_q1\t"
                          "nodes_q3");
    else
        report_header(rt, ">Size\tAlgorithm\t>Solved\t>PAR-2\t>Median Time\t>Time Q1 - Q3\t"
                          ">Median Nodes\t>Nodes Q1 - Q3");
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    int unsolved = 0;
    for (size_t k = 0; k < n; k++) {
        const agg_size *a = &pts[k];
        char size[24], solved[48], tm[64], tq1[64], tq3[64], nm[48], nq1[48], nq3[48], par2[48];
        snprintf(size, sizeof size, "%ld", a->size);
        scaling_time(f, a->time_ns, t->limit_s, tm, sizeof tm);
        scaling_time(f, a->time_q1, t->limit_s, tq1, sizeof tq1);
        scaling_time(f, a->time_q3, t->limit_s, tq3, sizeof tq3);
        scaling_count(f, a->nodes, nm, sizeof nm);
        scaling_count(f, a->nodes_q1, nq1, sizeof nq1);
        scaling_count(f, a->nodes_q3, nq3, sizeof nq3);
        par2_cell(f, a->par2_s, par2, sizeof par2);
        unsolved |= !isfinite(a->time_q3);
        if (f == REPORT_CSV) {
            char inst[24], sinst[24], runs[24];
            snprintf(inst, sizeof inst, "%zu", a->instances);
            snprintf(sinst, sizeof sinst, "%zu", a->solved);
            snprintf(runs, sizeof runs, "%zu", a->runs);
            snprintf(solved, sizeof solved, "%zu", a->solved_runs);
            report_row(rt, 13, size, t->strat[a->strat], inst, sinst, runs, solved, par2, tm, tq1,
                       tq3, nm, nq1, nq3);
            continue;
        }
        solved_cell(a->solved_runs, a->runs, solved, sizeof solved);
        char tr[140], nr[100];
        snprintf(tr, sizeof tr, "%s - %s", tq1, tq3);
        snprintf(nr, sizeof nr, "%s - %s", nq1, nq3);
        report_row(rt, 8, size, t->strat[a->strat], solved, par2, tm, tr, nm, nr);
    }
    if (pts) FREEN(pts, n);
    if (f == REPORT_CSV) return;
    report_note(rt, "Solved: runs.  Medians and quartiles are over the instances of a size, "
                    "of each instance's median over its runs, an unsolved run ranking above "
                    "every solved one.");
    if (unsolved)
        report_note(rt, "%s: the instance at that rank was not solved (in most of its runs).",
                    t->limit_s > 0 ? "> limit" : "unsolved");
    add_note_par2(rt, t->limit_s);
}

int cmd_report(int argc, char **argv) {
    const char *path = NULL, *table = "course", *format = "md", *metric_name = "time";
    const char *timeout = NULL, *seed_s = "1", *group_by = NULL;
    const char **only = NEWN((size_t)argc, const char *);
    size_t n_only = 0;
    const cli_flag flags[] = {{"--table", &table},
                              {"--format", &format},
                              {"--metric", &metric_name},
                              {"--timeout", &timeout},
                              {"--seed", &seed_s},
                              {"--group-by", &group_by},
                              {NULL, NULL}};
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
    uint64_t seed = 1;
    if (!ret && cli_u64("report", "--seed", seed_s, &seed)) ret = EXIT_BAD_INPUT;
    report_input in = {.limit_s = 0};
    diag d = {{0}};
    agg_table t = {0};
    if (!ret) ret = report_load("report", path, group_by, timeout, &in);
    if (!ret && agg_build(&in.rs, only, n_only, in.limit_s, &t, &d)) {
        fprintf(stderr, "searchlab report: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (!ret) {
        report_table rt;
        report_init(&rt);
        if (kind == 0)
            course(&t, f, &rt);
        else if (kind == 1)
            compare(&t, f, (agg_metric)m, seed, &rt);
        else
            scaling(&t, f, &rt);
        report_mix_note("report", path, &in.mix, &rt);
        report_print(&rt, f, stdout);
        report_free(&rt);
        agg_free(&t);
    }
    report_input_free(&in);
    FREEN(only, (size_t)argc);
    return ret;
}
