/* gnuplot.c - the plot kinds' registry, the one escaper of script text,
 * the script head, the shared pieces of the kinds, and running gnuplot
 * (see plot.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/registry.h"
#include "../harness/results.h"
#include "../core/xmalloc.h"
#include "plot.h"

const plot_kind *const plot_kinds[] = {&plot_kind_scaling, &plot_kind_cactus,  &plot_kind_scatter,
                                       &plot_kind_bars,    &plot_kind_anytime, NULL};

const plot_kind *plot_kind_find(const char *name) {
    return REGISTRY_FIND(plot_kind, plot_kinds, name);
}

int plot_fits(const plot_kind *k, const agg_table *t) {
    return t->n_strat >= (size_t)k->min_strategies && (!k->fits || k->fits(t));
}

const char *const plot_formats[] = {"png", "svg", "pdf", NULL};

void plot_gp_string(FILE *gp, const char *s) {
    fputc('\'', gp);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", gp);
        else
            fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, gp);
    }
    fputc('\'', gp);
}

/* base + suffix as a gnuplot string */
static void gp_file(FILE *gp, const char *base, const char *suffix) {
    size_t n = strlen(base) + strlen(suffix) + 1;
    char *s = xmalloc(n);
    snprintf(s, n, "%s%s", base, suffix);
    plot_gp_string(gp, s);
    xfree(s, n);
}

void plot_script_head(FILE *gp, const char *base, const char *source, const char *kind, int w,
                      int h) {
    fputs("# ", gp);
    gp_file(gp, base, ".gp");
    fputs(" - written by searchlab plot ", gp);
    plot_gp_string(gp, source);
    fprintf(gp,
            " --kind %s; edit freely, then run\n"
            "# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e \"fmt='svg'\" FILE.gp  "
            "(SVG; 'pdf': PDF)\n"
            "if (!exists(\"fmt\")) fmt = 'png'\n"
            "if (fmt eq 'svg') {\n"
            "    set terminal svg size %d,%d dynamic font 'Sans,13' background rgb 'white'\n"
            "    set output ",
            kind, w, h);
    gp_file(gp, base, ".svg");
    fprintf(gp,
            "\n} else {\n"
            "  if (fmt eq 'pdf') {\n"
            "    set terminal pdfcairo size %.2fin,%.2fin font 'Sans,9' background rgb 'white'\n"
            "    set output ",
            w / 100.0, h / 100.0);
    gp_file(gp, base, ".pdf");
    fprintf(gp,
            "\n  } else {\n"
            "    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
            "        set terminal pngcairo size %d,%d font 'Sans,11' background rgb 'white'\n"
            "    } else {\n"
            "        set terminal png size %d,%d\n"
            "    }\n"
            "    set output ",
            w, h, w, h);
    gp_file(gp, base, ".png");
    fputs("\n  }\n}\n"
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
          gp);
}

const char plot_time_format[] = "set format y '%.0s %cs'\n";

void plot_dat_num(FILE *dat, double x) {
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

double plot_time_border(const agg_table *t, const char **what) {
    if (t->limit_s > 0) {
        *what = "time limit";
        return t->limit_s;
    }
    *what = "unsolved (time limit unknown)";
    return 2 * largest_time_s(t);
}

void plot_hline(FILE *gp, double v, const char *label) {
    fprintf(gp,
            "set arrow 1 from graph 0, first %.9f to graph 1, first %.9f nohead lc rgb '#555555' "
            "dt 2 lw 1.5 front\n"
            "set label 1 ",
            v, v);
    plot_gp_string(gp, label);
    fprintf(gp, " at graph 0.99, first %.9f right offset 0, 0.6 textcolor rgb '#555555' front\n",
            v);
}

size_t plot_unfinished(const agg_table *t, size_t s) {
    size_t k = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *g = agg_at(t, i, s);
        k += g->present && !agg_median_solved(g);
    }
    return k;
}

int plot_render(const char *dir, const char *base, const char *fmt) {
    size_t n = strlen(base) + 4;
    char *script = xmalloc(n), expr[64];
    snprintf(script, n, "%s.gp", base);
    snprintf(expr, sizeof expr, "fmt='%s'", fmt); /* fmt: one of plot_formats */
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        xfree(script, n);
        return -1;
    }
    if (pid == 0) {
        if (chdir(dir)) _exit(126);
        execlp("gnuplot", "gnuplot", "-e", expr, script, (char *)NULL);
        _exit(127);
    }
    xfree(script, n);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int plot_write(const plot_kind *k, const agg_table *t, const report_metric *m, const char *dir,
               const char *base, const char *source) {
    size_t n = strlen(dir) + strlen(base) + 8;
    char *file = xmalloc(n);
    snprintf(file, n, "%s/%s.dat", dir, base);
    FILE *dat = fopen(file, "w");
    snprintf(file, n, "%s/%s.gp", dir, base);
    FILE *gp = dat ? fopen(file, "w") : NULL;
    xfree(file, n);
    int ret = dat && gp ? 0 : -1;
    if (!ret) {
        int w, h;
        k->size(t, &w, &h);
        plot_script_head(gp, base, source, k->name, w, h);
        fputs("dat = ", gp); /* the data file, named once */
        gp_file(gp, base, ".dat");
        fputc('\n', gp);
        plot_args a = {t, m, base, dat, gp};
        k->write(&a);
    }
    if (dat && fclose(dat)) ret = -1;
    if (gp && fclose(gp)) ret = -1;
    return ret;
}

char *plot_svg(const plot_kind *k, const agg_table *t, const report_metric *m, const char *source,
               size_t *len) {
    const char *tmp = getenv("TMPDIR");
    char dir[600], file[700];
    snprintf(dir, sizeof dir, "%s/searchlab-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    *len = 0;
    if (!mkdtemp(dir)) return NULL;
    char *svg = NULL;
    int r = plot_write(k, t, m, dir, "figure", source) ? -1 : plot_render(dir, "figure", "svg");
    if (!r) {
        snprintf(file, sizeof file, "%s/figure.svg", dir);
        svg = results_read_file(file, (size_t)64 << 20, len);
    } else {
        *len = (size_t)r;
    }
    static const char *const parts[] = {"figure.dat", "figure.gp", "figure.svg"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(file, sizeof file, "%s/%s", dir, parts[i]);
        unlink(file);
    }
    rmdir(dir);
    return svg;
}
