/* cmd_plot.c - `searchlab plot`: gnuplot scripts (kept, to be edited) and
 * their PNG and SVG renderings from a result file: scaling curves, cactus
 * plot, scatter of two strategies, bar chart of the course table.  No
 * figure hides a run: unsolved ones are drawn on the time limit or counted
 * in the key. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "../harness/aggregate.h"
#include "../harness/instset.h"
#include "cli.h"
#include "report.h"

static void help(void) {
    printf("usage: searchlab plot RESULTS.csv --kind scaling|cactus|scatter|bars [--out DIR]\n"
           "                      [--name BASE] [--strategy SPEC]... [--metric time|nodes]\n"
           "                      [--timeout S] [--group-by LABEL[,LABEL...]]\n\n"
           "Writes DIR/BASE.gp (a gnuplot script, kept so that you can edit it) and\n"
           "DIR/BASE.dat, then renders DIR/BASE.png and DIR/BASE.svg with gnuplot.  Each\n"
           "(instance, strategy) is drawn by its median run, an unsolved run ranking above\n"
           "every solved one; no instance is left out.\n"
           "  scaling  median over the instances of each size, of search time and nodes, log\n"
           "           y, one line per strategy, bars from the first to the third quartile; a\n"
           "           line stops where the median instance was not solved (an open circle on\n"
           "           the time limit); the key counts the unsolved runs per size\n"
           "  cactus   instances solved (x) within a search time (y, log), one line per\n"
           "           strategy up to its last solved instance; unsolved counts in the key\n"
           "  scatter  per instance, time (or --metric nodes) of two strategies (the first\n"
           "           two --strategy, default the first two alphabetically), log-log with\n"
           "           the diagonal; unsolved on the border at the time limit\n"
           "  bars     the course table as bars: nodes and time per instance and strategy,\n"
           "           the log axis starting below the smallest bar\n"
           "DIR defaults to plots, BASE to RESULTS_KIND (RESULTS without .csv).  --timeout S:\n"
           "the runs' time limit (default: read from RESULTS.context.json(l)).  --group-by:\n"
           "group the runs by labels, as `searchlab report --group-by` does.  Re-render\n"
           "with `gnuplot BASE.gp` (PNG) or `gnuplot -e \"fmt='svg'\" BASE.gp` in DIR.\n");
}

/* The common head of every script: terminals for PNG and SVG. */
static void script_head(FILE *f, const char *base, const char *src, const char *kind, int w,
                        int h) {
    fprintf(f,
            "# %s.gp - written by `searchlab plot %s --kind %s`; edit freely, then run in\n"
            "# this folder:  gnuplot %s.gp  (PNG)   or   gnuplot -e \"fmt='svg'\" %s.gp  (SVG)\n"
            "if (!exists(\"fmt\")) fmt = 'png'\n"
            "if (fmt eq 'svg') {\n"
            "    set terminal svg size %d,%d dynamic font 'Sans,13' background rgb 'white'\n"
            "    set output '%s.svg'\n"
            "} else {\n"
            "    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
            "        set terminal pngcairo size %d,%d font 'Sans,11' background rgb 'white'\n"
            "    } else {\n"
            "        set terminal png size %d,%d\n"
            "    }\n"
            "    set output '%s.png'\n"
            "}\n"
            "set termoption noenhanced\n"
            "set datafile separator '\\t'\n"
            "set datafile missing '?'\n"
            "set grid lc rgb '#dddddd'\n"
            "set key outside right top vertical Left reverse noautotitle\n"
            "set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1\n"
            "set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1\n"
            "set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3\n"
            "set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3\n"
            "set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3\n"
            "set linetype 6 lc rgb '#56b4e9' lw 2 pt 4 ps 1.1\n"
            "set linetype 7 lc rgb '#000000' lw 2 pt 6 ps 1.1\n"
            "set linetype 8 lc rgb '#999999' lw 2 pt 8 ps 1.3\n"
            "set linetype 9 lc rgb '#8c564b' lw 2 pt 12 ps 1.3\n"
            "set linetype cycle 9\n",
            base, src, kind, base, base, w, h, base, w, h, w, h, base);
}

/* Quotes s for a gnuplot string in single quotes. */
static void gp_str(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

/* Instances of strategy s whose median run was not solved. */
static size_t unfinished(const agg_table *t, size_t s) {
    size_t k = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *g = agg_at(t, i, s);
        k += g->present && !agg_median_solved(g);
    }
    return k;
}

static const char *const time_fmt = "set format y '%.0s %cs'\n";

/* A number for the .dat files: fixed notation, never an exponent. */
static void dat_num(FILE *dat, double x) {
    if (x == floor(x) && fabs(x) < 1e15)
        fprintf(dat, "\t%.0f", x);
    else
        fprintf(dat, "\t%.9f", x);
}

/* The largest finite time_all (seconds) of any group: where unsolved runs
 * are drawn when the time limit is not known. */
static double largest_time_s(const agg_table *t) {
    double hi = 0;
    for (size_t i = 0; i < t->n_inst * t->n_strat; i++)
        if (t->g[i].present && isfinite(t->g[i].time_all)) hi = fmax(hi, t->g[i].time_all / 1e9);
    return hi > 0 ? hi : 1;
}

/* Where unsolved runs are drawn on a time axis (seconds), and its name. */
static double time_border(const agg_table *t, const char **what) {
    if (t->limit_s > 0) {
        *what = "time limit";
        return t->limit_s;
    }
    *what = "unsolved (time limit unknown)";
    return 2 * largest_time_s(t);
}

/* A horizontal line at y = v across the plot, with a label. */
static void gp_hline(FILE *gp, double v, const char *label) {
    fprintf(gp,
            "set arrow 1 from graph 0, first %.9f to graph 1, first %.9f nohead lc rgb '#555555' "
            "dt 2 lw 1.5 front\n"
            "set label 1 ",
            v, v);
    gp_str(gp, label);
    fprintf(gp, " at graph 0.99, first %.9f right offset 0, 0.6 textcolor rgb '#555555' front\n",
            v);
}

/* ---- the kinds ------------------------------------------------------------------- */

static void scaling(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    const char *bname;
    double border = time_border(t, &bname);
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
                dat_num(dat, isfinite(a->time_ns) ? a->time_ns / 1e9 : border);
                dat_num(dat, isfinite(a->time_q1) ? a->time_q1 / 1e9 : border);
                dat_num(dat, isfinite(a->time_q3) ? a->time_q3 / 1e9 : border);
                dat_num(dat, isfinite(a->nodes) ? a->nodes : cap_n);
                dat_num(dat, isfinite(a->nodes_q1) ? a->nodes_q1 : cap_n);
                dat_num(dat, isfinite(a->nodes_q3) ? a->nodes_q3 : cap_n);
                fprintf(dat, "\t%zu\t%zu\t%zu\t%zu\n", a->solved, a->instances, a->solved_runs,
                        a->runs);
                has[2 * s + (size_t)part] = 1;
            }
            if (!has[2 * s + (size_t)part]) fprintf(dat, "?\t?\t?\t?\t?\t?\t?\t?\t?\t?\t?\n");
            fprintf(dat, "\n\n");
        }
    }
    fprintf(gp,
            "set multiplot layout 1,2 title 'Scaling: median over the instances of each size of "
            "their median run (bars: quartiles; unsolved runs rank above every solved one)'\n"
            "# the key below both panels, which keep the same margins\n"
            "set key at screen 0.05, screen 0.17 left top vertical Left reverse maxcols 1\n"
            "set bmargin at screen 0.27\nset tmargin at screen 0.88\n"
            "set autoscale xfix\nset offsets 0.3, 0.3, graph 0.03, graph 0.03\n"
            "set logscale y\nset xlabel 'board size n'\nset xtics 1\n");
    for (int panel = 0; panel < 2; panel++) {
        fprintf(gp, "set ylabel '%s'\n%s", panel ? "nodes searched" : "search time",
                panel ? "set format y '%.0s%c'\n" : time_fmt);
        fprintf(gp, "set title '%s'\n", panel ? "nodes" : "time");
        if (panel == 0) {
            char label[200];
            snprintf(label, sizeof label, "%s (%g s)", bname, border);
            gp_hline(gp, border, t->limit_s > 0 ? label : bname);
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
                fprintf(gp, "%s    '%s.dat' index %zu using 1:%d:%d:%d with yerrorlines lt %zu ",
                        items++ ? ", \\\n" : "", base, 2 * s, panel ? 5 : 2, panel ? 6 : 3,
                        panel ? 7 : 4, s + 1);
            } else if (panel == 0) { /* no point at all: its key entry still tells */
                fprintf(gp, "%s    keyentry with yerrorlines lt %zu ", items++ ? ", \\\n" : "",
                        s + 1);
            }
            if (panel == 0) {
                fprintf(gp, "title ");
                gp_str(gp, title);
            } else if (has[2 * s]) {
                fprintf(gp, "notitle");
            }
            /* open circles: sizes whose median instance was not solved */
            if (has[2 * s + 1])
                fprintf(gp,
                        ", \\\n    '%s.dat' index %zu using 1:%d with points lt %zu pt 6 ps 2 "
                        "notitle",
                        base, 2 * s + 1, panel ? 5 : 2, s + 1);
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

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Legend entries longer than this go below the plot, one per line, so that
 * long specs do not squeeze the plot into a sliver. */
enum { KEY_BESIDE_MAX = 40 };

static int long_keys(const agg_table *t) {
    for (size_t s = 0; s < t->n_strat; s++)
        if (strlen(t->strat[s]) > KEY_BESIDE_MAX) return 1;
    return 0;
}

static void cactus(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    if (long_keys(t)) fprintf(gp, "set key below left Left reverse maxcols 1\n");
    double *v = NEWN(t->n_inst ? t->n_inst : 1, double);
    fprintf(dat, "# solved\ttime_s\n# per strategy, the instances whose median run was solved, "
                 "fastest first\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        size_t k = 0;
        for (size_t i = 0; i < t->n_inst; i++)
            if (agg_median_solved(agg_at(t, i, s))) v[k++] = agg_at(t, i, s)->time_all / 1e9;
        qsort(v, k, sizeof *v, cmp_dbl);
        fprintf(dat, "# strategy %s\n", t->strat[s]);
        for (size_t j = 0; j < k; j++) {
            fprintf(dat, "%zu", j + 1);
            dat_num(dat, v[j]);
            fprintf(dat, "\n");
        }
        if (!k) fprintf(dat, "?\t?\n");
        fprintf(dat, "\n\n");
    }
    FREEN(v, t->n_inst ? t->n_inst : 1);
    fprintf(gp,
            "set title \"Cactus: instances solved within a search time\\n(the median run of "
            "each; a line ends at its last solved instance)\"\n"
            "set logscale y\n%sset xlabel 'instances solved (of %zu)'\nset ylabel 'search time'\n"
            "set xrange [0:%zu]\n%s",
            time_fmt, t->n_inst, t->n_inst + 1, t->n_inst <= 12 ? "set xtics 1\n" : "");
    if (t->limit_s > 0) {
        char label[100];
        snprintf(label, sizeof label, "time limit (%g s)", t->limit_s);
        gp_hline(gp, t->limit_s, label);
        fprintf(gp, "set yrange [*:%.9f]\n", t->limit_s * 2);
    }
    fprintf(gp, "plot \\\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    '%s.dat' index %zu using 1:2 with linespoints lt %zu title ", base, s,
                s + 1);
        char title[600];
        size_t u = unfinished(t, s), total = 0;
        for (size_t i = 0; i < t->n_inst; i++) total += agg_at(t, i, s)->present;
        if (u)
            snprintf(title, sizeof title, "%s (%zu of %zu unsolved)", t->strat[s], u, total);
        else
            snprintf(title, sizeof title, "%s", t->strat[s]);
        gp_str(gp, title);
        fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
    }
}

static void scatter(const agg_table *t, int nodes, FILE *dat, FILE *gp, const char *base) {
    double lo = INFINITY, hi = 0;
    size_t both = 0, left = 0;
    /* the border: where a run that was not solved is drawn */
    const char *bname = "unsolved";
    double border;
    if (nodes) {
        for (size_t i = 0; i < t->n_inst; i++)
            for (size_t s = 0; s < 2; s++) {
                const agg_group *g = agg_at(t, i, s);
                if (agg_median_solved(g)) hi = fmax(hi, fmax(g->nodes_all, 1));
            }
        border = 2 * (hi > 0 ? hi : 1);
        hi = 0;
    } else {
        border = time_border(t, &bname);
    }
    fprintf(dat, "# instance\t%s\t%s\t%s_unsolved\t%s_unsolved\n", t->strat[0], t->strat[1],
            t->strat[0], t->strat[1]);
    fprintf(dat,
            "# %s of the median run (unsolved runs rank above every solved one); an "
            "instance whose median run was not solved is drawn at %.9f (%s)\n",
            nodes ? "nodes" : "search time in s", border, bname);
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *a = agg_at(t, i, 0), *b = agg_at(t, i, 1);
        if (!a->present || !b->present) {
            left += a->present || b->present;
            continue;
        }
        int ua = !agg_median_solved(a), ub = !agg_median_solved(b);
        double x = nodes ? a->nodes_all : a->time_all / 1e9;
        double y = nodes ? b->nodes_all : b->time_all / 1e9;
        if (nodes) { /* log axes: 0 nodes drawn at 1 */
            x = x < 1 ? 1 : x;
            y = y < 1 ? 1 : y;
        }
        x = ua ? border : x;
        y = ub ? border : y;
        char name[256];
        report_case_name(t->inst[i]->instance, name, sizeof name);
        fprintf(dat, "%s", name);
        dat_num(dat, x);
        dat_num(dat, y);
        fprintf(dat, "\t%d\t%d\n", ua, ub);
        lo = fmin(lo, fmin(x, y));
        hi = fmax(hi, fmax(x, y));
        both += !ua && !ub;
    }
    if (!isfinite(lo)) lo = hi = border;
    hi = fmax(hi, border);
    size_t shown = 0;
    for (size_t i = 0; i < t->n_inst; i++)
        shown += agg_at(t, i, 0)->present && agg_at(t, i, 1)->present;
    fprintf(gp, "set title '%s per instance, median run (%zu instances; %zu solved by both%s)'\n",
            nodes ? "Nodes searched" : "Search time", shown, both,
            left ? "; instances run by only one left out" : "");
    fprintf(gp, "set logscale xy\nset size square\nset key below left Left reverse\n");
    fprintf(gp, "set xrange [%.9f:%.9f]\nset yrange [%.9f:%.9f]\n", lo / 2, hi * 2, lo / 2, hi * 2);
    if (nodes)
        fprintf(gp, "set format x '%%.0s%%c'\nset format y '%%.0s%%c'\n");
    else
        fprintf(gp, "set format x '%%.0s %%cs'\nset format y '%%.0s %%cs'\n");
    /* the border lines */
    fprintf(gp,
            "set arrow 1 from %.9f, graph 0 to %.9f, graph 1 nohead lc rgb '#555555' dt 3\n"
            "set arrow 2 from graph 0, first %.9f to graph 1, first %.9f nohead lc rgb "
            "'#555555' dt 3\n",
            border, border, border, border);
    fprintf(gp, "set xlabel ");
    gp_str(gp, t->strat[0]);
    fprintf(gp, "\nset ylabel ");
    gp_str(gp, t->strat[1]);
    fprintf(gp,
            "\nplot x with lines lt 8 dt 2 title 'equal', \\\n"
            "    '%s.dat' using 2:(($4 + $5) == 0 ? $3 : 1/0) with points lt 1 title ",
            base);
    char title[900];
    snprintf(title, sizeof title, "solved by both (below the diagonal: %s is better)", t->strat[1]);
    gp_str(gp, title);
    fprintf(gp,
            ", \\\n    '%s.dat' using 2:(($4 + $5) > 0 ? $3 : 1/0) with points lt 2 pt 9 "
            "ps 1.8 title ",
            base);
    snprintf(title, sizeof title, "not solved by one or both: drawn on the border (%s)", bname);
    if (!nodes && t->limit_s > 0)
        snprintf(title, sizeof title,
                 "not solved by one or both: drawn on the border (time limit, %g s)", t->limit_s);
    gp_str(gp, title);
    fputc('\n', gp);
}

/* The lower end of a log axis that starts at least a decade below the
 * smallest value lo > 0 (a power of ten), so that even the smallest bar is
 * a decade tall. */
static double axis_floor(double lo) {
    if (!(lo > 0) || !isfinite(lo)) return 1;
    return pow(10, floor(log10(lo) + 1e-9) - 1);
}

static void bars(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    fprintf(dat, "# instance");
    for (size_t s = 0; s < t->n_strat; s++) fprintf(dat, "\t%s", t->strat[s]);
    fprintf(dat, "\n# the median run of each (instance, strategy); ? = the median run was not "
                 "solved\n# index 0: nodes searched (0 drawn as 1); index 1: search time in s\n");
    double lo[2] = {INFINITY, INFINITY};
    for (int block = 0; block < 2; block++) {
        for (size_t i = 0; i < t->n_inst; i++) {
            char name[256];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            fprintf(dat, "%s", name);
            for (size_t s = 0; s < t->n_strat; s++) {
                const agg_group *g = agg_at(t, i, s);
                if (!agg_median_solved(g)) {
                    fprintf(dat, "\t?");
                    continue;
                }
                double v = block == 0 ? fmax(g->nodes_all, 1) : g->time_all / 1e9;
                lo[block] = fmin(lo[block], v);
                dat_num(dat, v);
            }
            fprintf(dat, "\n");
        }
        if (block == 0) fprintf(dat, "\n\n");
    }
    fprintf(gp,
            "set multiplot layout 2,1 title 'Course table: nodes searched and search time "
            "(median run; no bar: the median run was not solved)'\n"
            "set style data histograms\nset style histogram clustered gap 1\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
            "set logscale y\nset xtics rotate by -30 left nomirror\n"
            "set key at screen 0.99, screen 0.93 right top vertical Left reverse\n"
            "set lmargin at screen 0.09\nset rmargin at screen 0.76\n"
            "set xrange [-0.6:%.1f]\n",
            (double)t->n_inst - 0.4);
    for (int panel = 0; panel < 2; panel++) {
        /* the axis starts below the smallest bar (a log axis has no zero) */
        fprintf(gp, "set yrange [%.9f:*]\n", axis_floor(lo[panel]));
        if (panel == 1)
            fprintf(gp, "%s", time_fmt);
        else
            fprintf(gp, "set format y '%%.0s%%c'\n");
        fprintf(gp, "set ylabel '%s'\nplot \\\n", panel ? "search time" : "nodes searched");
        for (size_t s = 0; s < t->n_strat; s++) {
            fprintf(gp, "    '%s.dat' index %d using %zu%s lt %zu %s", base, panel, s + 2,
                    s == 0 ? ":xtic(1)" : "", s + 1, panel ? "notitle" : "title ");
            if (!panel) gp_str(gp, t->strat[s]);
            fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
        }
    }
    fprintf(gp, "unset multiplot\n");
}

/* Runs gnuplot in dir (fmt png or svg); 0 on success. */
static int render(const char *dir, const char *base, const char *fmt) {
    char script[512], expr[64];
    snprintf(script, sizeof script, "%s.gp", base);
    snprintf(expr, sizeof expr, "fmt='%s'", fmt);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (chdir(dir)) _exit(126);
        execlp("gnuplot", "gnuplot", "-e", expr, script, (char *)NULL);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int cmd_plot(int argc, char **argv) {
    const char *path = NULL, *kind = NULL, *dir = "plots", *name = NULL, *metric = "time";
    const char *timeout = NULL, *group_by = NULL;
    const char **only = NEWN((size_t)argc, const char *);
    size_t n_only = 0;
    const cli_flag flags[] = {
        {"--kind", &kind},     {"--out", &dir},         {"--name", &name},
        {"--metric", &metric}, {"--timeout", &timeout}, {"--group-by", &group_by},
        {NULL, NULL}};
    int ret = cli_parse_flags("plot", argc, argv, flags, &path, only, &n_only);
    if (ret < 0) {
        help();
        FREEN(only, (size_t)argc);
        return EXIT_DONE;
    }
    static const char *const kinds[] = {"scaling", "cactus", "scatter", "bars"};
    int k = -1;
    for (int j = 0; kind && j < 4; j++)
        if (!strcmp(kind, kinds[j])) k = j;
    if (!ret && !path) ret = cli_usage_error("plot", "expected a result file (RESULTS.csv)");
    if (!ret && k < 0)
        ret =
            cli_usage_error("plot", "--kind: expected scaling, cactus, scatter or bars, found '%s'",
                            kind ? kind : "");
    if (!ret && strcmp(metric, "time") && strcmp(metric, "nodes"))
        ret = cli_usage_error("plot", "--metric: expected time or nodes, found '%s'", metric);
    if (!ret && name && (strchr(name, '/') || strchr(name, '\'') || !*name))
        ret = cli_usage_error("plot", "--name: expected a file base name, found '%s'", name);
    report_input in = {.limit_s = 0};
    agg_table t = {0};
    diag d = {{0}};
    if (!ret) ret = report_load("plot", path, group_by, timeout, &in);
    if (!ret) report_mix_note("plot", path, &in.mix, NULL);
    if (!ret && agg_build(&in.rs, only, n_only, in.limit_s, &t, &d)) {
        fprintf(stderr, "searchlab plot: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (!ret && k == 2 && t.n_strat < 2)
        ret = cli_usage_error("plot", "--kind scatter: needs two strategies, the results have %zu",
                              t.n_strat);
    if (!ret && instset_mkdirs(dir, &d)) {
        fprintf(stderr, "searchlab plot: %s\n", d.msg);
        ret = EXIT_INTERNAL;
    }
    char base[512], file[1200];
    if (!ret) {
        if (name) {
            snprintf(base, sizeof base, "%s", name);
        } else {
            const char *b = strrchr(path, '/');
            snprintf(base, sizeof base, "%s", b ? b + 1 : path);
            size_t n = strlen(base);
            if (n > 4 && !strcmp(base + n - 4, ".csv")) base[n - 4] = '\0';
            snprintf(base + strlen(base), sizeof base - strlen(base), "_%s", kinds[k]);
            for (char *c = base; *c; c++)
                if (*c == '\'') *c = '_';
        }
        snprintf(file, sizeof file, "%s/%s.dat", dir, base);
        FILE *dat = fopen(file, "w");
        snprintf(file, sizeof file, "%s/%s.gp", dir, base);
        FILE *gp = dat ? fopen(file, "w") : NULL;
        if (!dat || !gp) {
            fprintf(stderr, "searchlab plot: %s: cannot write: %s\n", file, strerror(errno));
            ret = EXIT_INTERNAL;
        } else {
            int wide = k == 0 || k == 3;
            size_t bars_w = 300 + 14 * t.n_inst * (t.n_strat + 1);
            int w = k == 3   ? (int)(bars_w < 1000   ? 1000
                                     : bars_w > 2400 ? 2400
                                                     : bars_w)
                    : wide   ? 1400
                    : k == 2 ? 800
                             : 1000;
            int h = k == 3 ? 900 : k == 2 ? 800 : k == 0 ? 720 : 600;
            if (k == 1 && long_keys(&t)) h += 24 * (int)t.n_strat; /* the key below */
            script_head(gp, base, path, kinds[k], w, h);
            if (k == 0)
                scaling(&t, dat, gp, base);
            else if (k == 1)
                cactus(&t, dat, gp, base);
            else if (k == 2)
                scatter(&t, !strcmp(metric, "nodes"), dat, gp, base);
            else
                bars(&t, dat, gp, base);
        }
        if (dat && fclose(dat)) ret = EXIT_INTERNAL;
        if (gp && fclose(gp)) ret = EXIT_INTERNAL;
    }
    for (int f = 0; f < 2 && !ret; f++) {
        int r = render(dir, base, f ? "svg" : "png");
        if (r) {
            fprintf(stderr, "searchlab plot: gnuplot failed (%s); the script is %s/%s.gp%s\n",
                    r == 127 ? "not found: install gnuplot-nox" : "see its messages above", dir,
                    base, "");
            ret = EXIT_INTERNAL;
        } else {
            printf("%s/%s.%s\n", dir, base, f ? "svg" : "png");
        }
    }
    if (t.g) agg_free(&t);
    report_input_free(&in);
    FREEN(only, (size_t)argc);
    return ret;
}
