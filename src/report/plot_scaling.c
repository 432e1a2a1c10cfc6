/* plot_scaling.c - the scaling figure: per board size, the median over
 * the instances of their median run's time and nodes (two panels), one
 * line per strategy, quartile bars; a size whose median instance was not
 * solved is an open circle on the time limit. */
#include <math.h>
#include <stdio.h>

#include "../core/xmalloc.h"
#include "plot.h"

static void scaling(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    const char *bname;
    double border = plot_time_border(t, &bname);
    fprintf(dat,
            "# size\ttime_s_median\ttime_s_q1\ttime_s_q3\tnodes_median\tnodes_q1\tnodes_q3"
            "\tsolved_instances\tinstances\tsolved_runs\truns\n"
            "# medians and quartiles over the instances of a size of each instance's median\n"
            "# over its runs, an unsolved run counted as +inf.  An infinite quartile is\n"
            "# drawn at the time limit (%.9f s) for time, and at the most nodes any run of\n"
            "# that size reached for nodes (it needed more).  Index 2k: the sizes where\n"
            "# strategy k's median instance was solved (a blank line where it was not);\n"
            "# index 2k+1: the sizes where it was not, its median drawn at the limit.\n",
            border);
    /* has[2s + part]: whether that index block holds a point */
    int *has = NEWN(2 * t->n_strat, int);
    for (size_t s = 0; s < t->n_strat; s++) {
        for (int part = 0; part < 2; part++) {
            fprintf(dat, "# strategy %s: median %s\n", t->strat[s], part ? "not solved" : "solved");
            int gap = 0; /* a size left out since the last point */
            for (size_t k = 0; k < n; k++) {
                const agg_size *a = &pts[k];
                if (a->strat != s) continue;
                if (isfinite(a->time_ns) == part) {
                    gap = 1;
                    continue;
                }
                /* one blank line breaks the line at a left-out size (two
                 * would end the index block) */
                if (gap && has[2 * s + (size_t)part] && !part) fprintf(dat, "\n");
                gap = 0;
                double cap_n = a->nodes_max > 0 ? a->nodes_max : 1;
                fprintf(dat, "%ld", a->size);
                plot_dat_num(dat, isfinite(a->time_ns) ? a->time_ns / 1e9 : border);
                plot_dat_num(dat, isfinite(a->time_q1) ? a->time_q1 / 1e9 : border);
                plot_dat_num(dat, isfinite(a->time_q3) ? a->time_q3 / 1e9 : border);
                plot_dat_num(dat, isfinite(a->nodes) ? a->nodes : cap_n);
                plot_dat_num(dat, isfinite(a->nodes_q1) ? a->nodes_q1 : cap_n);
                plot_dat_num(dat, isfinite(a->nodes_q3) ? a->nodes_q3 : cap_n);
                fprintf(dat, "\t%zu\t%zu\t%zu\t%zu\n", a->solved, a->instances, a->solved_runs,
                        a->runs);
                has[2 * s + (size_t)part] = 1;
            }
            if (!has[2 * s + (size_t)part]) fprintf(dat, "?\t?\t?\t?\t?\t?\t?\t?\t?\t?\t?\n");
            fprintf(dat, "\n\n");
        }
    }
    /* Runs that count no nodes (Same Game's scripts) get no nodes panel;
     * sizes over two decades or more (Same Game's marbles) a log x axis. */
    int panels = 1;
    long lo = 0, hi = 0;
    for (size_t k = 0; k < n; k++) {
        if (pts[k].nodes_max > 0) panels = 2;
        if (!k || pts[k].size < lo) lo = pts[k].size;
        if (!k || pts[k].size > hi) hi = pts[k].size;
    }
    int logx = lo > 0 && hi >= 100 * lo;
    fprintf(gp,
            "set multiplot layout 1,%d title 'Scaling: median over the instances of each size of "
            "their median run (bars: quartiles; unsolved runs rank above every solved one)'\n"
            "# the key below both panels, which keep the same margins\n"
            "set key at screen 0.05, screen 0.17 left top vertical Left reverse maxcols 1\n"
            "set bmargin at screen 0.27\nset tmargin at screen 0.88\n"
            "set autoscale xfix\nset offsets %s, graph 0.03, graph 0.03\n"
            "set logscale y\nset xlabel '%s'\n%s\n",
            panels, logx ? "graph 0.03, graph 0.03" : "0.3, 0.3",
            logx ? "size (Same Game: marbles of the opening plane)" : "board size n",
            logx ? "set logscale x\nset format x '%.0s%c'" : "set xtics 1");
    for (int panel = 0; panel < panels; panel++) {
        fputs("set ylabel ", gp);
        plot_gp_string(gp, panel ? "nodes searched" : t->time->label);
        fputs(panel ? "\nset format y '%.0s%c'\n" : "\n", gp);
        if (!panel) fputs(plot_time_format, gp);
        fprintf(gp, "set title '%s'\n", panel ? "nodes" : "time");
        if (panel == 0 && t->time->part) { /* a time per command: far below any limit */
            fprintf(gp, "set yrange [*:*]\n");
        } else if (panel == 0) {
            char label[200];
            snprintf(label, sizeof label, "%s (%g s)", bname, border);
            plot_hline(gp, border, t->limit_s > 0 ? label : bname);
            fprintf(gp, "set yrange [*:%.9f]\n", border * 2);
        } else {
            fprintf(gp, "unset arrow 1\nunset label 1\nset yrange [*:*]\n");
        }
        fprintf(gp, "plot \\\n");
        int items = 0;
        for (size_t s = 0; s < t->n_strat; s++) {
            /* the key: each size with unsolved runs, and how many */
            char title[1200];
            size_t o = (size_t)snprintf(title, sizeof title, "%s", t->strat[s]);
            const char *sep = " (unsolved runs: ";
            for (size_t k = 0; k < n && o < sizeof title - 40; k++)
                if (pts[k].strat == s && pts[k].solved_runs < pts[k].runs) {
                    o += (size_t)snprintf(title + o, sizeof title - o, "%sn=%ld %zu/%zu", sep,
                                          pts[k].size, pts[k].runs - pts[k].solved_runs,
                                          pts[k].runs);
                    sep = ", ";
                }
            if (*sep == ',') snprintf(title + o, sizeof title - o, ")");
            if (has[2 * s]) {
                fprintf(gp, "%s    dat index %zu using 1:%d:%d:%d with yerrorlines lt %zu ",
                        items++ ? ", \\\n" : "", 2 * s, panel ? 5 : 2, panel ? 6 : 3, panel ? 7 : 4,
                        s + 1);
            } else if (panel == 0) { /* no point at all: its key entry still tells */
                fprintf(gp, "%s    keyentry with yerrorlines lt %zu ", items++ ? ", \\\n" : "",
                        s + 1);
            }
            if (panel == 0) {
                fprintf(gp, "title ");
                plot_gp_string(gp, title);
            } else if (has[2 * s]) {
                fprintf(gp, "notitle");
            }
            /* open circles: sizes whose median instance was not solved */
            if (has[2 * s + 1])
                fprintf(gp,
                        "%s    dat index %zu using 1:%d with points lt %zu pt 6 ps 2 "
                        "notitle",
                        items++ ? ", \\\n" : "", 2 * s + 1, panel ? 5 : 2, s + 1);
        }
        if (panel == 0)
            fprintf(gp, ", \\\n    keyentry with points pt 6 ps 2 lc rgb '#000000' title 'open "
                        "circle: the median instance of that size was not solved (drawn at the "
                        "time limit; nodes: at the most nodes any of its runs reached)'");
        fprintf(gp, "\n");
        if (panel == 0) fprintf(gp, "unset key\n");
    }
    FREEN(has, 2 * t->n_strat);
    fprintf(gp, "unset multiplot\n");
    if (pts) FREEN(pts, n);
}

static void size(const agg_table *t, int *w, int *h) {
    (void)t;
    *w = 1400;
    *h = 720;
}

/* Scaling needs more than one instance size. */
static int scaling_fits(const agg_table *t) {
    for (size_t i = 1; i < t->n_inst; i++)
        if (t->inst[i]->size != t->inst[0]->size) return 1;
    return 0;
}

const plot_kind plot_kind_scaling = {
    "scaling",
    "median over the instances of each size, of time and nodes, log\n"
    "y, one line per strategy, bars from the first to the third quartile; a\n"
    "line stops where the median instance was not solved (an open circle on\n"
    "the time limit); the key counts the unsolved runs per size",
    1,
    size,
    scaling,
    0,
    scaling_fits};
