/* table_compare.c - the comparison of strategies: per instance each
 * column's median and its ratio to its baseline (a 95% bootstrap
 * interval over the repetitions), and a footer of solved runs, PAR-2,
 * the ratio of geometric means (bootstrap over instances, then
 * repetitions) and Wilcoxon's signed-rank p.  `compare` puts every column
 * against the first; `files` (table_files.c) each file's column against
 * the first file's column of the same strategy. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "kind.h"
#include "statistics.h"

#define NO_BASE ((size_t)-1)

static void metric_cell(report_format f, const report_metric *m, double v, char *buf, size_t size) {
    if (!m->time)
        report_count(f, v, buf, size);
    else
        report_time(f, v, buf, size);
}

/* A ratio (0.487x) with its interval ([0.45, 0.52]) when lo is a number;
 * CSV: the ratio alone, 6 significant digits. */
static void ratio_cell(report_format f, double r, double lo, double hi, char *buf, size_t size) {
    if (f == REPORT_CSV) { /* no interval: an empty cell */
        if (isnan(r))
            buf[0] = '\0';
        else
            report_fixed(r, 6, buf, size);
        return;
    }
    char num[24], a[24], b[24];
    report_sig3(r, num, sizeof num);
    const char *x = f == REPORT_TEX ? "\xc3\x97" : "x"; /* the TeX writer makes it $\times$ */
    if (isnan(lo)) { /* too few runs for an interval: the notes say why */
        snprintf(buf, size, "%s%s [-]", num, x);
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
static size_t run_values(const agg_table *t, const agg_group *g, const report_metric *m,
                         double *v) {
    const result_row *const *rows = agg_rows(t, g);
    size_t k = 0;
    for (size_t r = 0; r < g->runs; r++)
        if (agg_row_finished(rows[r])) v[k++] = floor1(m->value(rows[r]));
    return k;
}

/* The per-instance value a rank test compares: the median over all runs
 * with unsolved runs as +inf for time and nodes (a run that did not end
 * needed more than it had); inference per node only when every run ended. */
static double rank_value(const agg_table *t, const agg_group *g, const report_metric *m) {
    if (!g->present) return NAN;
    if (m == t->time) return floor1(g->time_all);
    if (!m->time) return floor1(g->nodes_all);
    return agg_solved(g) ? floor1(g->infer_ns) : NAN;
}

/* A group's median of m: the table's time metric, nodes (the one count),
 * or inference per node (the one duration that is not a run's time). */
static double metric(const agg_table *t, const agg_group *g, const report_metric *m) {
    return m == t->time ? g->time_ns : !m->time ? g->nodes : g->infer_ns;
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

/* The ratio over the n > 0 instances p with its bootstrap interval, or
 * with a NaN interval (the ratio alone, no resampling done) when the
 * sample is too small for one: an interval needs 2 instances, or 2
 * repetitions on each side of its one instance (one repetition on a side:
 * no spread to resample).  The same rule for a cell and for the footer's
 * geometric mean. */
static stat_interval ratio_interval(const stat_pair *p, size_t n, uint64_t seed) {
    if (n < 2 && (p[0].na < 2 || p[0].nb < 2))
        return (stat_interval){stat_ratio_point(p, n), NAN, NAN};
    return stat_bootstrap_ratio(p, n, REPORT_BOOT_LEVEL, REPORT_BOOT_B, seed);
}

static pair_summary summarize_pair(const agg_table *t, size_t s, size_t base,
                                   const report_metric *m, uint64_t seed) {
    int own = base == s || base == NO_BASE; /* no ratio: its own geometric mean */
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
        const agg_group *g = agg_at(t, i, s);
        if (g->present) {
            ps.runs += g->runs;
            ps.solved += g->finished;
            par2_sum += g->par2_s * (double)g->runs;
        }
        if (agg_solved(g)) logsum += log(floor1(metric(t, g, m)));
        if (own) continue;
        const agg_group *b = agg_at(t, i, base);
        double x = rank_value(t, g, m), y = rank_value(t, b, m);
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
    if (own) { /* a baseline: its geometric mean over what it solved */
        size_t k = 0;
        for (size_t i = 0; i < t->n_inst; i++) k += agg_solved(agg_at(t, i, s));
        ps.n_ratio = k;
        ps.gm = k ? exp(logsum / (double)k) : NAN;
    } else {
        if (ps.n_ratio)
            ps.ci = ratio_interval(pairs, ps.n_ratio, mix(mix(seed, t->strat[s]), "all instances"));
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
static stat_interval instance_ratio(const agg_table *t, size_t i, size_t s, size_t base,
                                    const report_metric *m, uint64_t seed) {
    const agg_group *g = agg_at(t, i, s), *b = agg_at(t, i, base);
    double *va = NEWN(g->runs, double), *vb = NEWN(b->runs, double);
    stat_pair p = {va, vb, run_values(t, g, m, va), run_values(t, b, m, vb)};
    stat_interval ci = ratio_interval(&p, 1, mix(mix(seed, t->strat[s]), t->inst[i]->instance));
    FREEN(va, g->runs);
    FREEN(vb, b->runs);
    return ci;
}

/* What the footer says about an optimisation's strategy s: its proven
 * runs, the median over its instances of the time to its best, and its
 * competition score (agg_group.score summed over the instances). */
typedef struct cop_summary {
    int cop;
    size_t proven, runs;
    double best_s, score;
} cop_summary;

static cop_summary summarize_cop(const agg_table *t, size_t s) {
    cop_summary cs = {0};
    cs.best_s = NAN;
    double *v = NEWN(t->n_inst ? t->n_inst : 1, double);
    size_t k = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *g = agg_at(t, i, s);
        if (!g->present || !g->sense) continue;
        cs.cop = 1;
        cs.proven += g->proven;
        cs.runs += g->runs;
        cs.score += g->score;
        if (g->has_best && !isnan(g->best_s)) v[k++] = g->best_s;
    }
    if (k) cs.best_s = stat_median(v, k);
    FREEN(v, t->n_inst ? t->n_inst : 1);
    return cs;
}

/* Whether column s has a baseline to be compared with. */
static int has_base(const size_t *base, size_t s) { return base[s] != s && base[s] != NO_BASE; }

/* Compare as CSV: one row per (instance, strategy), then one summary row
 * per strategy (instance "all"). */
static void compare_csv(const report_args *a, const size_t *base, report_table *rt) {
    const agg_table *t = a->t;
    const report_metric *m = a->m;
    int cop = agg_has_objective(t);
    size_t nc = cop ? 17 : 13;
    char head[320], obj[64], proven[48], to_best[64], score[48];
    snprintf(head, sizeof head,
             "instance\tstrategy\tbaseline\truns\tsolved\t%s%s\tpar2_s\tratio\tci_low\tci_high\t"
             "instances\tp_value\tp_instances%s",
             m->name, m->time ? "_ns" : "", cop ? "\tobjective\tproven\tto_best_ns\tscore" : "");
    report_header(rt, head);
    const report_format f = REPORT_CSV;
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            int ratio = has_base(base, s) && agg_solved(g) && agg_solved(agg_at(t, i, base[s]));
            char name[256], runs[24], fin[24], v[64] = "", par2[64], r[48] = "", lo[48] = "",
                                               hi[48] = "";
            report_case_name(t->inst[i]->instance, name, sizeof name);
            snprintf(runs, sizeof runs, "%zu", g->runs);
            snprintf(fin, sizeof fin, "%zu", g->finished);
            if (g->finished) metric_cell(f, m, metric(t, g, m), v, sizeof v);
            report_par2_cell(f, g->par2_s, par2, sizeof par2);
            if (ratio) {
                stat_interval ci = instance_ratio(t, i, s, base[s], m, a->seed);
                ratio_cell(f, ci.point, NAN, NAN, r, sizeof r);
                ratio_cell(f, ci.low, NAN, NAN, lo, sizeof lo);
                ratio_cell(f, ci.high, NAN, NAN, hi, sizeof hi);
            }
            report_objective_cells(f, g, obj, proven, to_best, sizeof obj);
            score[0] = '\0';
            if (g->sense) report_fixed(g->score, 6, score, sizeof score);
            report_row(rt, nc, name, t->strat[s], base[s] == NO_BASE ? "" : t->strat[base[s]], runs,
                       fin, v, par2, r, lo, hi, r[0] ? "1" : "", "", "", obj, proven, to_best,
                       score);
        }
    for (size_t s = 0; s < t->n_strat; s++) {
        pair_summary ps = summarize_pair(t, s, base[s], m, a->seed);
        char runs[24], fin[24], v[64] = "", par2[64], r[48] = "", lo[48] = "", hi[48] = "", ni[24],
                                p[48] = "", np[24] = "";
        snprintf(runs, sizeof runs, "%zu", ps.runs);
        snprintf(fin, sizeof fin, "%zu", ps.solved);
        snprintf(ni, sizeof ni, "%zu", ps.n_ratio);
        if (!isnan(ps.gm)) metric_cell(f, m, ps.gm, v, sizeof v);
        report_par2_cell(f, ps.par2_s, par2, sizeof par2);
        if (has_base(base, s) && ps.n_ratio) {
            ratio_cell(f, ps.ci.point, NAN, NAN, r, sizeof r);
            ratio_cell(f, ps.ci.low, NAN, NAN, lo, sizeof lo);
            ratio_cell(f, ps.ci.high, NAN, NAN, hi, sizeof hi);
        }
        if (has_base(base, s) && ps.n_p) {
            p_cell(f, ps.p, ps.n_p, p, sizeof p);
            snprintf(np, sizeof np, "%zu", ps.n_p);
        }
        cop_summary cs = summarize_cop(t, s);
        char cproven[24] = "", cbest[64] = "", cscore[48] = "";
        if (cs.cop) {
            snprintf(cproven, sizeof cproven, "%zu", cs.proven);
            if (!isnan(cs.best_s)) report_time(f, cs.best_s * 1e9, cbest, sizeof cbest);
            report_fixed(cs.score, 6, cscore, sizeof cscore);
        }
        report_row(rt, nc, "all", t->strat[s], base[s] == NO_BASE ? "" : t->strat[base[s]], runs,
                   fin, v, par2, r, lo, hi, ni, p, np, "", cproven, cbest, cscore);
    }
}

void report_compare_columns(const report_args *a, const size_t *base, report_table *rt) {
    if (a->f == REPORT_CSV) {
        compare_csv(a, base, rt);
        return;
    }
    const agg_table *t = a->t;
    const report_metric *m = a->m;
    report_format f = a->f;
    /* the baseline as the notes name it: one column, or each file's first */
    size_t chosen = report_baseline_column(a);
    const char *who = chosen != (size_t)-1 ? t->strat[chosen]
                      : a->n_labels        ? "the same strategy in the first file"
                                           : t->strat[0];
    static char caption[400], to[300]; /* one table per process */
    if (chosen != (size_t)-1)
        snprintf(to, sizeof to, "%.200s (--baseline)", t->strat[chosen]);
    else
        snprintf(to, sizeof to, "%s",
                 a->n_labels ? "the first file's column of that strategy (none: the first "
                               "file's first column)"
                             : "the first column");
    snprintf(caption, sizeof caption,
             "metric: %s (median over the repetitions); (Nx [lo, hi]) = ratio to %s with its "
             "95%% bootstrap interval",
             m->label, to);
    rt->caption = caption;
    /* how many runs each cell rests on: said once when every cell has the
     * same number, else in each cell */
    size_t runs_lo = (size_t)-1, runs_hi = 0;
    for (size_t k = 0; k < t->n_inst * t->n_strat; k++)
        if (t->g[k].present) {
            runs_lo = t->g[k].runs < runs_lo ? t->g[k].runs : runs_lo;
            runs_hi = t->g[k].runs > runs_hi ? t->g[k].runs : runs_hi;
        }
    int runs_vary = runs_hi > 0 && runs_lo != runs_hi;
    if (runs_hi > 0) {
        size_t at = strlen(caption);
        if (runs_vary)
            snprintf(caption + at, sizeof caption - at,
                     "; n=K: the cell rests on K runs (repetitions)");
        else
            snprintf(caption + at, sizeof caption - at, "; each cell rests on %zu run%s", runs_hi,
                     runs_hi == 1 ? " (no interval)" : "s");
    }
    char head[4096];
    size_t o = (size_t)snprintf(head, sizeof head, "Instance");
    for (size_t s = 0; s < t->n_strat && o < sizeof head; s++)
        o += (size_t)snprintf(head + o, sizeof head - o, "\t>%s", t->strat[s]);
    report_header(rt, head);
    size_t cols = t->n_strat + 1;
    enum { W = 160 };
    char **cell = NEWN(cols, char *);
    for (size_t c = 0; c < cols; c++) cell[c] = NEWN(W, char);
    int marked = 0, no_ci = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        report_case_name(t->inst[i]->instance, cell[0], W);
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            char v[64] = "", r[96] = "";
            if (!g->present) {
                snprintf(cell[s + 1], W, "-");
                continue;
            }
            char objv[48] = ""; /* an optimisation's best value, after the time */
            if (g->sense && g->has_best)
                snprintf(objv, sizeof objv, "; obj %lld", (long long)g->best);
            if (g->finished == 0) {
                snprintf(cell[s + 1], W, "%s (0/%zu solved)%s", report_failure_name(g), g->runs,
                         objv);
                continue;
            }
            metric_cell(f, m, metric(t, g, m), v, sizeof v);
            if (runs_vary) { /* the runs the cell rests on, when they differ between cells */
                size_t vl = strlen(v);
                snprintf(v + vl, sizeof v - vl, " n=%zu", g->runs);
            }
            if (!agg_solved(g)) {
                marked = 1;
                snprintf(cell[s + 1], W, "%s%s (%zu/%zu solved)%s", v, report_dagger, g->finished,
                         g->runs, objv);
                continue;
            }
            if (has_base(base, s) && agg_solved(agg_at(t, i, base[s]))) {
                stat_interval ci = instance_ratio(t, i, s, base[s], m, a->seed);
                ratio_cell(f, ci.point, ci.low, ci.high, r, sizeof r);
                no_ci |= isnan(ci.low);
            }
            if (r[0])
                snprintf(cell[s + 1], W, "%s (%s)%s", v, r, objv);
            else
                snprintf(cell[s + 1], W, "%s%s", v, objv);
        }
        report_row_v(rt, cols, (const char *const *)cell);
    }
    /* the footer */
    pair_summary *ps = NEWN(t->n_strat, pair_summary);
    for (size_t s = 0; s < t->n_strat; s++) ps[s] = summarize_pair(t, s, base[s], m, a->seed);
    const char *b0 = f == REPORT_MD ? "**" : "", *b1 = b0;
    snprintf(cell[0], W, "%ssolved runs%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++)
        report_solved_cell(ps[s].solved, ps[s].runs, cell[s + 1], W);
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sPAR-2%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) report_par2_cell(f, ps[s].par2_s, cell[s + 1], W);
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sgeo. mean, ratio [95%% CI]%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) {
        char v[64] = "-", r[96];
        if (!isnan(ps[s].gm)) metric_cell(f, m, ps[s].gm, v, sizeof v);
        if (!has_base(base, s) || !ps[s].n_ratio) {
            snprintf(cell[s + 1], W, "%s (n=%zu)", v, ps[s].n_ratio);
            continue;
        }
        ratio_cell(f, ps[s].ci.point, ps[s].ci.low, ps[s].ci.high, r, sizeof r);
        no_ci |= isnan(ps[s].ci.low);
        snprintf(cell[s + 1], W, "%s (%s, n=%zu)", v, r, ps[s].n_ratio);
    }
    report_row_v(rt, cols, (const char *const *)cell);
    snprintf(cell[0], W, "%sWilcoxon p%s", b0, b1);
    for (size_t s = 0; s < t->n_strat; s++) {
        if (!has_base(base, s) || !ps[s].n_p)
            snprintf(cell[s + 1], W, "-");
        else
            p_cell(f, ps[s].p, ps[s].n_p, cell[s + 1], W);
    }
    report_row_v(rt, cols, (const char *const *)cell);
    rt->footer = 4;
    if (agg_has_objective(t)) { /* an optimisation's rows */
        cop_summary *cs = NEWN(t->n_strat, cop_summary);
        for (size_t s = 0; s < t->n_strat; s++) cs[s] = summarize_cop(t, s);
        snprintf(cell[0], W, "%sproven optimal%s", b0, b1);
        for (size_t s = 0; s < t->n_strat; s++)
            report_solved_cell(cs[s].proven, cs[s].runs, cell[s + 1], W);
        report_row_v(rt, cols, (const char *const *)cell);
        snprintf(cell[0], W, "%stime to best (median)%s", b0, b1);
        for (size_t s = 0; s < t->n_strat; s++) {
            if (isnan(cs[s].best_s))
                snprintf(cell[s + 1], W, "-");
            else
                report_time(f, cs[s].best_s * 1e9, cell[s + 1], W);
        }
        report_row_v(rt, cols, (const char *const *)cell);
        snprintf(cell[0], W, "%sscore (XCSP3 COP)%s", b0, b1);
        for (size_t s = 0; s < t->n_strat; s++) snprintf(cell[s + 1], W, "%.4g", cs[s].score);
        report_row_v(rt, cols, (const char *const *)cell);
        rt->footer += 3;
        FREEN(cs, t->n_strat);
        report_note_objective(rt);
        report_note(rt, "obj V: the best value the strategy's runs found.  score (XCSP3 COP): per "
                        "instance, 1 when a run proved its answer (optimal or unsat) or ended with "
                        "the best value any strategy found on the instance, else 0; averaged over "
                        "the repetitions and summed over the instances (docs/driver.md).");
    }
    FREEN(ps, t->n_strat);
    for (size_t c = 0; c < cols; c++) FREEN(cell[c], W);
    FREEN(cell, cols);
    if (marked)
        report_note(rt, "%s median over the solved runs only; no ratio is given for it.",
                    report_dagger);
    report_note_par2(rt, t);
    if (no_ci)
        report_note(rt,
                "[-]: no interval: it needs at least 2 repetitions on each side (the geo. "
                "mean's: 2 instances, or 2 repetitions of its one instance); the ratio alone "
                "is given.");
    report_note(rt,
                "geo. mean: over the n instances that the strategy and %s both solved in "
                "every run, of the medians over the repetitions (values below 1 count as "
                "1); the ratio's 95%% interval is a percentile bootstrap (%d resamples) "
                "that draws instances, then repetitions within each.",
                who, REPORT_BOOT_B);
    report_note(rt,
                "Wilcoxon p: two-sided signed-rank test of the per-instance log ratios to %s "
                "over the n instances either solved (an unsolved run ranks above every "
                "solved one; exact for n <= %d).",
                who, STAT_EXACT_MAX);
}

size_t report_baseline_column(const report_args *a) {
    const agg_table *t = a->t;
    if (!a->baseline) return (size_t)-1;
    for (size_t s = 0; s < t->n_strat; s++)
        if (!strcmp(t->strat[s], a->baseline)) return s;
    for (size_t l = 0; l < a->n_labels; l++) /* files in order: the first that has it */
        for (size_t s = 0; s < t->n_strat; s++) {
            size_t k = strlen(a->labels[l]);
            if (!strncmp(t->strat[s], a->labels[l], k) && !strncmp(t->strat[s] + k, ": ", 2) &&
                !strcmp(t->strat[s] + k + 2, a->baseline))
                return s;
        }
    return (size_t)-1;
}

static void compare(const report_args *a, report_table *rt) {
    size_t n = a->t->n_strat ? a->t->n_strat : 1, *base = NEWN(n, size_t);
    size_t b = report_baseline_column(a); /* --baseline, else the first column */
    for (size_t s = 0; s < a->t->n_strat; s++) base[s] = b == (size_t)-1 ? 0 : b;
    report_compare_columns(a, base, rt); /* every column against the baseline */
    FREEN(base, n);
}

const report_kind report_kind_compare = {
    .name = "compare",
    .doc =
        "one column per strategy, the first (or --baseline NAME) the baseline: the median and its\n"
        "ratio to the baseline with a 95% bootstrap interval; footer: solved\n"
        "runs, PAR-2, the ratio of geometric means over the instances both solved\n"
        "(bootstrap over instances and repetitions) and Wilcoxon's signed-rank p\n"
        "over the instances; --metric cpu|wall|search|nodes|inference",
    .baseline = 1,
    .build = compare};
