/* cmd_plot.c - `searchlab plot`: gnuplot scripts (kept, to be edited) and
 * their PNG and SVG renderings from a result file: scaling curves, cactus
 * plot, scatter of two strategies, bar chart of the course table. */
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
           "                      [--name BASE] [--strategy SPEC]... [--metric time|nodes]\n\n"
           "Writes DIR/BASE.gp (a gnuplot script, kept so that you can edit it) and\n"
           "DIR/BASE.dat, then renders DIR/BASE.png and DIR/BASE.svg with gnuplot.\n"
           "  scaling  median search time and nodes against board size, log y, one line per\n"
           "           strategy, bars from the first to the third quartile over instances\n"
           "  cactus   instances solved (x) within a search time (y, log), per strategy\n"
           "  scatter  per instance, time (or --metric nodes) of two strategies (the first\n"
           "           two --strategy, default the first two alphabetically), log-log with\n"
           "           the diagonal\n"
           "  bars     the course table as bars: nodes and time per instance and strategy\n"
           "DIR defaults to plots, BASE to RESULTS_KIND (RESULTS without .csv).  Runs that\n"
           "did not end are left out (their count is in the title).  Re-render with\n"
           "`gnuplot BASE.gp` (PNG) or `gnuplot -e \"fmt='svg'\" BASE.gp` in DIR.\n");
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
            "set linetype cycle 8\n",
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

static size_t unfinished(const agg_table *t, size_t s) {
    size_t k = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *g = agg_at(t, i, s);
        k += g->present && !agg_solved(g);
    }
    return k;
}

static const char *const time_fmt = "set format y '%.0s %cs'\n";

/* ---- the kinds ------------------------------------------------------------------- */

static void scaling(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    fprintf(dat, "# size\ttime_s_median\ttime_s_q1\ttime_s_q3\tnodes_median\tnodes_q1\tnodes_q3"
                 "\tsolved\tinstances\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(dat, "# strategy %s\n", t->strat[s]);
        for (size_t k = 0; k < n; k++)
            if (pts[k].strat == s && pts[k].solved)
                fprintf(dat, "%ld\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%zu\t%zu\n", pts[k].size,
                        pts[k].time_ns / 1e9, pts[k].time_q1 / 1e9, pts[k].time_q3 / 1e9,
                        pts[k].nodes, pts[k].nodes_q1, pts[k].nodes_q3, pts[k].solved,
                        pts[k].instances);
        fprintf(dat, "\n\n");
    }
    if (pts) FREEN(pts, n);
    fprintf(gp, "set multiplot layout 1,2 title 'Scaling: median over instances per size "
                "(bars: quartiles)'\n"
                "set key inside left top Left reverse\n"
                "set autoscale xfix\nset offsets 0.3, 0.3, 0, 0\n"
                "set logscale y\nset xlabel 'board size n'\nset xtics 1\n");
    for (int panel = 0; panel < 2; panel++) {
        fprintf(gp, "set ylabel '%s'\n%s", panel ? "nodes searched" : "search time (total_ns)",
                panel ? "set format y '%.0s%c'\n" : time_fmt);
        fprintf(gp, "set title '%s'\nplot \\\n", panel ? "nodes" : "time");
        for (size_t s = 0; s < t->n_strat; s++) {
            fprintf(gp, "    '%s.dat' index %zu using 1:%d:%d:%d with yerrorlines lt %zu title ",
                    base, s, panel ? 5 : 2, panel ? 6 : 3, panel ? 7 : 4, s + 1);
            gp_str(gp, t->strat[s]);
            fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
        }
        if (panel == 0) fprintf(gp, "unset key\n");
    }
    fprintf(gp, "unset multiplot\n");
}

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void cactus(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    double *v = NEWN(t->n_inst ? t->n_inst : 1, double);
    fprintf(dat, "# solved\ttime_s\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        size_t k = 0;
        for (size_t i = 0; i < t->n_inst; i++)
            if (agg_solved(agg_at(t, i, s))) v[k++] = agg_at(t, i, s)->time_ns / 1e9;
        qsort(v, k, sizeof *v, cmp_dbl);
        fprintf(dat, "# strategy %s\n", t->strat[s]);
        for (size_t j = 0; j < k; j++) fprintf(dat, "%zu\t%.9g\n", j + 1, v[j]);
        if (!k) fprintf(dat, "?\t?\n");
        fprintf(dat, "\n\n");
    }
    FREEN(v, t->n_inst ? t->n_inst : 1);
    fprintf(gp,
            "set title 'Cactus: instances solved within a search time (median of reps)'\n"
            "set logscale y\n%sset xlabel 'instances solved'\nset ylabel 'search time'\n"
            "set xrange [0:%zu]\nplot \\\n",
            time_fmt, t->n_inst + 1);
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    '%s.dat' index %zu using 1:2 with linespoints lt %zu title ", base, s,
                s + 1);
        char title[600];
        size_t u = unfinished(t, s);
        if (u)
            snprintf(title, sizeof title, "%s (%zu unsolved)", t->strat[s], u);
        else
            snprintf(title, sizeof title, "%s", t->strat[s]);
        gp_str(gp, title);
        fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
    }
}

static void scatter(const agg_table *t, int nodes, FILE *dat, FILE *gp, const char *base) {
    double lo = INFINITY, hi = 0;
    size_t k = 0, left = 0;
    fprintf(dat, "# instance\t%s\t%s\n", t->strat[0], t->strat[1]);
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *a = agg_at(t, i, 0), *b = agg_at(t, i, 1);
        if (!agg_solved(a) || !agg_solved(b)) {
            left += a->present || b->present;
            continue;
        }
        double x = nodes ? a->nodes : a->time_ns / 1e9, y = nodes ? b->nodes : b->time_ns / 1e9;
        if (nodes) { /* log axes: 0 nodes drawn at 1 */
            x = x < 1 ? 1 : x;
            y = y < 1 ? 1 : y;
        }
        char name[256];
        report_case_name(t->inst[i]->instance, name, sizeof name);
        fprintf(dat, "%s\t%.9g\t%.9g\n", name, x, y);
        lo = fmin(lo, fmin(x, y));
        hi = fmax(hi, fmax(x, y));
        k++;
    }
    if (!k) lo = hi = 1;
    lo /= 2;
    hi *= 2;
    fprintf(gp, "set title sprintf('%s per instance (%zu solved by both%s)')\n",
            nodes ? "Nodes searched" : "Search time", k, left ? ", others left out" : "");
    fprintf(gp,
            "set logscale xy\nset size square\nset key inside left top\n"
            "set xrange [%g:%g]\nset yrange [%g:%g]\n",
            lo, hi, lo, hi);
    if (nodes)
        fprintf(gp, "set format x '%%.0s%%c'\nset format y '%%.0s%%c'\n");
    else
        fprintf(gp, "set format x '%%.0s %%cs'\nset format y '%%.0s %%cs'\n");
    fprintf(gp, "set xlabel ");
    gp_str(gp, t->strat[0]);
    fprintf(gp, "\nset ylabel ");
    gp_str(gp, t->strat[1]);
    fprintf(gp,
            "\nplot x with lines lt 8 dt 2 title 'equal', \\\n"
            "    '%s.dat' using 2:3 with points lt 1 title ",
            base);
    char title[700];
    snprintf(title, sizeof title, "instances (below the diagonal: %s is better)", t->strat[1]);
    gp_str(gp, title);
    fputc('\n', gp);
}

static void bars(const agg_table *t, FILE *dat, FILE *gp, const char *base) {
    fprintf(dat, "# instance");
    for (size_t s = 0; s < t->n_strat; s++) fprintf(dat, "\t%s", t->strat[s]);
    fprintf(dat, "\n# index 0: nodes searched (0 drawn as 1); index 1: search time in s\n");
    for (int block = 0; block < 2; block++) {
        for (size_t i = 0; i < t->n_inst; i++) {
            char name[256];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            fprintf(dat, "%s", name);
            for (size_t s = 0; s < t->n_strat; s++) {
                const agg_group *g = agg_at(t, i, s);
                if (!agg_solved(g))
                    fprintf(dat, "\t?");
                else if (block == 0)
                    fprintf(dat, "\t%.9g", g->nodes < 1 ? 1 : g->nodes);
                else
                    fprintf(dat, "\t%.9g", g->time_ns / 1e9);
            }
            fprintf(dat, "\n");
        }
        if (block == 0) fprintf(dat, "\n\n");
    }
    fprintf(gp,
            "set multiplot layout 2,1 title 'Course table: nodes searched and search time "
            "(median of reps; missing bar = not solved)'\n"
            "set style data histograms\nset style histogram clustered gap 1\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
            "set logscale y\nset yrange [1:*]\nset xtics rotate by -30 left nomirror\n"
            "set key at screen 0.99, screen 0.93 right top vertical Left reverse\n"
            "set lmargin at screen 0.07\nset rmargin at screen 0.76\n"
            "set xrange [-0.6:%g]\n",
            (double)t->n_inst - 0.4);
    for (int panel = 0; panel < 2; panel++) {
        if (panel == 1)
            fprintf(gp, "set yrange [*:*]\n%s", time_fmt);
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
    const char **only = NEWN((size_t)argc, const char *);
    size_t n_only = 0;
    const cli_flag flags[] = {{"--kind", &kind}, {"--out", &dir}, {"--name", &name},
                              {"--metric", &metric}, {NULL, NULL}};
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
    result_set rs = {0};
    agg_table t = {0};
    diag d = {{0}};
    if (!ret && results_load(path, 0, &rs, &d)) {
        fprintf(stderr, "searchlab plot: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (!ret && rs.n == 0) ret = cli_usage_error("plot", "%s: no result rows", path);
    if (!ret && agg_build(&rs, only, n_only, &t, &d)) {
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
            int h = k == 3 ? 900 : k == 2 ? 800 : 600;
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
    result_set_free(&rs);
    FREEN(only, (size_t)argc);
    return ret;
}
