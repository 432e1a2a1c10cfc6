/* plot_bars.c - the course table as bars: per instance and strategy, the
 * median run's nodes (top) and time (bottom), log axes.  A group whose
 * median run was not solved is not left out: its bar is hatched and goes
 * up to the time limit (time) or to the most nodes its runs reached
 * (nodes), and the key says so.  Boxes at computed positions rather than
 * gnuplot's histogram style, so that solved and unsolved bars of one
 * cluster can differ. */
#include <math.h>
#include <stdio.h>

#include "plot.h"

/* The lower end of a log axis that starts at least a decade below the
 * smallest value lo > 0 (a power of ten), so that even the smallest bar is
 * a decade tall. */
static double axis_floor(double lo) {
    if (!(lo > 0) || !isfinite(lo)) return 1;
    return pow(10, floor(log10(lo) + 1e-9) - 1);
}

/* The most nodes any run of g reached (at least 1). */
static double nodes_reached(const agg_table *t, const agg_group *g) {
    double hi = 1;
    const result_row *const *rows = agg_rows(t, g);
    for (size_t r = 0; r < g->runs; r++) hi = fmax(hi, (double)rows[r]->st.nodes);
    return hi;
}

static void bars(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    const char *bname;
    double border = plot_time_border(t, &bname);
    size_t ns = t->n_strat ? t->n_strat : 1;
    double w = 0.8 / (double)ns; /* a cluster is 0.8 wide */
    fprintf(dat,
            "# x\tnodes\ttime_s\tsolved\tstrategy\tinstance\n"
            "# one line per (instance, strategy) that ran, its median run; solved 0: the\n"
            "# median run was not solved, drawn hatched at the time limit (%.9f s; %s) and\n"
            "# at the most nodes its runs reached.  Index k: strategy k.\n",
            border, bname);
    double lo[2] = {INFINITY, INFINITY};
    int any_unsolved = 0;
    for (size_t s = 0; s < t->n_strat; s++) {
        int rows = 0;
        for (size_t i = 0; i < t->n_inst; i++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            int ok = agg_median_solved(g);
            double x = (double)i + ((double)s - (double)(ns - 1) / 2) * w;
            double v[2] = {ok ? fmax(g->nodes_all, 1) : nodes_reached(t, g),
                           ok ? g->time_all / 1e9 : border};
            any_unsolved |= !ok;
            for (int k = 0; k < 2; k++) lo[k] = fmin(lo[k], v[k]);
            char name[256];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            fprintf(dat, "%.6f", x);
            plot_dat_num(dat, v[0]);
            plot_dat_num(dat, v[1]);
            /* the names are comments for people: gnuplot reads columns 1-4 */
            fprintf(dat, "\t%d\t%zu\t%s\n", ok, s, name);
            rows++;
        }
        if (!rows) fprintf(dat, "?\t?\t?\t?\t%zu\t-\n", s);
        fprintf(dat, "\n\n");
    }
    fprintf(gp,
            "set multiplot layout 2,1 title 'Course table: nodes searched and %s (median "
            "run; hatched: not solved, drawn at the time limit or at the most nodes its runs "
            "reached)'\n"
            "set style fill solid 0.85 border -1\nset boxwidth %.6f absolute\n"
            "set logscale y\nset xtics rotate by -30 left nomirror\n"
            "set key at screen 0.99, screen 0.93 right top vertical Left reverse\n"
            "set lmargin at screen 0.09\nset rmargin at screen 0.76\n"
            "set xrange [-0.6:%.1f]\nset xtics (",
            t->time->label, w, (double)t->n_inst - 0.4);
    for (size_t i = 0; i < t->n_inst; i++) {
        char name[256];
        report_case_name(t->inst[i]->instance, name, sizeof name);
        fputs(i ? ", " : "", gp);
        plot_gp_string(gp, name);
        fprintf(gp, " %zu", i);
    }
    fputs(")\n", gp);
    for (int panel = 0; panel < 2; panel++) {
        /* the axis starts below the smallest bar (a log axis has no zero) */
        if (panel)
            fprintf(gp, "set yrange [%.9f:%.9f]\n", axis_floor(lo[1]), border * 2);
        else
            fprintf(gp, "set yrange [%.9f:*]\n", axis_floor(lo[0]));
        fputs(panel ? plot_time_format : "set format y '%.0s%c'\n", gp);
        fputs("set ylabel ", gp);
        plot_gp_string(gp, panel ? t->time->label : "nodes searched");
        fputs("\n", gp);
        if (panel == 1) {
            char label[120];
            snprintf(label, sizeof label, "%s (%g s)", bname, border);
            plot_hline(gp, border, label);
        }
        fputs("plot \\\n", gp);
        for (size_t s = 0; s < t->n_strat; s++) {
            fprintf(gp,
                    "    dat index %zu using 1:($4 > 0 ? $%d : 1/0) with boxes lt %zu fs solid "
                    "0.85 %s",
                    s, panel + 2, s + 1, panel ? "notitle" : "title ");
            if (!panel) plot_gp_string(gp, t->strat[s]);
            fprintf(gp,
                    ", \\\n    dat index %zu using 1:($4 > 0 ? 1/0 : $%d) with boxes lt %zu "
                    "fs pattern 4 border notitle%s\n",
                    s, panel + 2, s + 1,
                    s + 1 < t->n_strat || (!panel && any_unsolved) ? ", \\" : "");
        }
        if (!panel && any_unsolved) {
            fputs("    keyentry with boxes fs pattern 4 lc rgb '#000000' title ", gp);
            plot_gp_string(gp, "not solved");
            fputs("\n", gp);
        }
    }
    fprintf(gp, "unset multiplot\n");
}

static void size(const agg_table *t, int *w, int *h) {
    size_t bars_w = 300 + 14 * t->n_inst * (t->n_strat + 1);
    *w = bars_w < 1000 ? 1000 : bars_w > 2400 ? 2400 : (int)bars_w;
    *h = 900;
}

const plot_kind plot_kind_bars = {
    "bars",
    "the course table as bars: nodes and time per instance and strategy,\n"
    "the log axis starting below the smallest bar; a median run not solved\n"
    "is a hatched bar up to the time limit (time) or its nodes reached",
    1,
    size,
    bars,
    0,
    NULL};
