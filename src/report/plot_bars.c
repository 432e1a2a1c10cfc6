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

/* A panel holds at most this many instances (their names stay readable
 * one column wide); more are split into groups of panels, and past
 * BARS_INST_MAX the figure is refused for the tables. */
enum { BARS_PER_PANEL = 8, BARS_INST_MAX = 40 };

static size_t groups_of(const agg_table *t) {
    return t->n_inst ? (t->n_inst + BARS_PER_PANEL - 1) / BARS_PER_PANEL : 1;
}

/* The heights (cm) of the parts of the figure: the title, a nodes panel,
 * a time panel (with the instance names below it), the key. */
#define BARS_TITLE_CM 0.7
#define BARS_NODES_CM 3.0
#define BARS_TIME_CM 4.8
static double key_cm(const agg_table *t, const plot_page *pg) { return plot_key_cm(t, pg, 0, 1); }

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
            "# at the most nodes its runs reached.  Index k: strategy k.  x: the instance's\n"
            "# place within its group of %d (group = instance / %d).\n",
            border, bname, BARS_PER_PANEL, BARS_PER_PANEL);
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
    /* the page, top down: the title, per group a nodes panel and a time
     * panel, the key; every panel the same left and right margins (in
     * characters) so that the bars of an instance line up */
    size_t ng = groups_of(t);
    double H = pa->page->h_cm, top = BARS_TITLE_CM;
    double scale = (H - BARS_TITLE_CM - key_cm(t, pa->page)) /
                   ((double)ng * (BARS_NODES_CM + BARS_TIME_CM)); /* --size: stretch alike */
    fprintf(gp,
            "# per instance and strategy, the median run; hatched: not solved, drawn at the time\n"
            "# limit (time) or at the most nodes its runs reached (nodes)\n"
            "set multiplot title 'Nodes and %s per instance (median run)'\n"
            "set style fill solid 0.85 noborder\nset boxwidth %.6f absolute\n"
            "set logscale y\nunset key\nset lmargin 11\nset rmargin 2\n"
            "set tmargin 0.5\n",
            t->time->label, w);
    for (size_t grp = 0; grp < ng; grp++) {
        size_t first = grp * BARS_PER_PANEL, last = first + BARS_PER_PANEL;
        if (last > t->n_inst) last = t->n_inst;
        fprintf(gp, "set xrange [%.1f:%.1f]\n", (double)first - 0.6,
                (double)first + BARS_PER_PANEL - 0.4);
        for (int panel = 0; panel < 2; panel++) {
            /* the instances' names under the time panel only */
            fputs("set xtics (", gp);
            for (size_t i = first; i < last; i++) {
                char name[256];
                report_case_name(t->inst[i]->instance, name, sizeof name);
                fputs(i > first ? ", " : "", gp);
                plot_gp_string(gp, panel ? name : "");
                fprintf(gp, " %zu", i);
            }
            fputs(")\n", gp);
            double h = (panel ? BARS_TIME_CM : BARS_NODES_CM) * scale;
            fprintf(gp, "set origin 0, %.6f\nset size 1, %.6f\n", 1 - (top + h) / H, h / H);
            top += h;
            /* the axis starts below the smallest bar (a log axis has no
             * zero); a count never below 1, so no tick reads 100m */
            if (panel)
                fprintf(gp, "set yrange [%.9f:%.9f]\n", axis_floor(lo[1]), border * 2);
            else
                fprintf(gp, "set yrange [%.9f:*]\n", fmax(1, axis_floor(lo[0])));
            fputs(panel ? plot_time_format : "set format y '%.0s%c'\n", gp);
            fputs(panel ? "set xtics rotate by 30 right nomirror\nset bmargin\n"
                        : "set xtics norotate nomirror\nset bmargin 0.5\n",
                  gp);
            fputs("set ylabel ", gp);
            plot_gp_string(gp, panel ? "time" : "nodes");
            fputs("\n", gp);
            if (panel == 1) {
                char label[120];
                snprintf(label, sizeof label, "%s (%g s)", bname, border);
                plot_hline(gp, border, label);
            } else {
                fputs("unset arrow 1\nunset label 1\n", gp);
            }
            fputs("plot \\\n", gp);
            for (size_t s = 0; s < t->n_strat; s++)
                fprintf(gp,
                        "    dat index %zu using 1:($4 > 0 ? $%d : 1/0) with boxes lt %zu fs "
                        "solid 0.85 notitle, \\\n"
                        "    dat index %zu using 1:($4 > 0 ? 1/0 : $%d) with boxes lt %zu "
                        "fs pattern 4 border notitle%s\n",
                        s, panel + 2, s + 1, s, panel + 2, s + 1,
                        s + 1 < t->n_strat ? ", \\" : "");
        }
    }
    /* the key: a panel of its own at the bottom, one entry per strategy */
    plot_key_panel(gp, (H - top) / H);
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    NaN with boxes lt %zu fs solid 0.85 title ", s + 1);
        plot_gp_key(gp, t->strat[s], pa->page);
        fprintf(gp, "%s\n", s + 1 < t->n_strat || any_unsolved ? ", \\" : "");
    }
    if (any_unsolved) {
        fputs("    NaN with boxes fs pattern 4 lc rgb '#000000' title ", gp);
        plot_gp_string(gp, "not solved");
        fputs("\n", gp);
    }
    fprintf(gp, "unset multiplot\n");
}

static void size(const agg_table *t, plot_page *p) {
    p->h_cm = BARS_TITLE_CM + (double)groups_of(t) * (BARS_NODES_CM + BARS_TIME_CM) + key_cm(t, p);
}

static int fits(const agg_table *t, char *why, size_t n) {
    if (t->n_inst <= BARS_INST_MAX) return 1;
    snprintf(why, n,
             "--kind bars: %zu instances are too many bars to read (at most %d); the course "
             "table (`searchlab report --table course`) gives each, and --kind cactus or "
             "scatter draws them all",
             t->n_inst, BARS_INST_MAX);
    return 0;
}

const plot_kind plot_kind_bars = {
    "bars",
    "the course table as bars: nodes and time per instance and strategy,\n"
    "the log axis starting below the smallest bar; a median run not solved\n"
    "is a hatched bar up to the time limit (time) or its nodes reached;\n"
    "8 instances per panel, at most 40 (more: the course table)",
    1, size, bars, 0, 0, fits};
