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

int plot_fits(const plot_kind *k, const agg_table *t, char *why, size_t size) {
    why[0] = '\0';
    if (t->n_strat < (size_t)k->min_strategies) {
        snprintf(why, size, "--kind %s: needs %d strategies, the results have %zu", k->name,
                 k->min_strategies, t->n_strat);
        return 0;
    }
    return !k->fits || k->fits(t, why, size);
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

/* The characters of text that fit one line of a key below a plot on page
 * pg (the sample and its gap take about 4 characters). */
static size_t key_chars(const plot_page *pg) {
    double w = pg->w_cm / 2.54 * 72 / (0.6 * pg->font_pt) - 5;
    return w < 12 ? 12 : (size_t)w;
}

/* Where the line that starts at s breaks: after the last ',' or ':' that
 * keeps it within cpl characters, else at cpl (a spec without commas). */
static size_t key_break(const char *s, size_t cpl) {
    size_t n = strlen(s);
    if (n <= cpl) return n;
    for (size_t k = cpl; k > cpl / 3; k--)
        if (s[k - 1] == ',' || s[k - 1] == ':' || s[k - 1] == ' ') return k;
    return cpl;
}

size_t plot_key_lines(const char *s, const plot_page *pg) {
    size_t cpl = key_chars(pg), lines = 0;
    do {
        s += key_break(s, cpl);
        lines++;
    } while (*s);
    return lines;
}

void plot_gp_key(FILE *gp, const char *s, const plot_page *pg) {
    size_t cpl = key_chars(pg);
    int first = 1;
    do {
        size_t k = key_break(s, cpl);
        char *part = xstrndup(s, k);
        /* gnuplot's key does not make room for a title of several lines:
         * each further line is an entry of its own, its sample white */
        if (!first) fputs(", NaN with lines lc rgb 'white' title ", gp);
        plot_gp_string(gp, part);
        xstrfree(part);
        s += k;
        first = 0;
    } while (*s);
}

double plot_key_cm(const agg_table *t, const plot_page *pg, size_t suffix, size_t extra_lines) {
    size_t lines = extra_lines;
    char buf[1200];
    for (size_t s = 0; s < t->n_strat; s++) {
        snprintf(buf, sizeof buf, "%s%*s", t->strat[s], (int)(suffix < 200 ? suffix : 200), "");
        lines += plot_key_lines(buf, pg);
    }
    return (double)lines * pg->font_pt * 1.3 / 72 * 2.54 + 0.5;
}

void plot_key_panel(FILE *gp, double frac) {
    fprintf(gp,
            "unset arrow 1\nunset label 1\nunset title\nunset border\nunset tics\nunset xlabel\n"
            "unset ylabel\nunset logscale\nunset grid\nset xrange [0:1]\nset yrange [0:1]\n"
            "set origin 0, 0\nset size 1, %.6f\nset lmargin 0\nset rmargin 0\nset tmargin 0\n"
            "set bmargin 0\nset key inside left top Left reverse maxcols 1\nplot \\\n",
            frac);
}

/* base + suffix as a gnuplot string */
static void gp_file(FILE *gp, const char *base, const char *suffix) {
    size_t n = strlen(base) + strlen(suffix) + 1;
    char *s = xmalloc(n);
    snprintf(s, n, "%s%s", base, suffix);
    plot_gp_string(gp, s);
    xfree(s, n);
}

int plot_page_parse_size(const char *text, plot_page *p) {
    double v[2];
    const char *s = text;
    for (int k = 0; k < 2; k++) {
        char *end;
        if (!(*s >= '0' && *s <= '9') && *s != '.') return -1;
        v[k] = strtod(s, &end);
        if (!strncmp(end, "cm", 2))
            end += 2;
        else if (!strncmp(end, "in", 2))
            v[k] *= 2.54, end += 2;
        else
            return -1;
        /* a page from 2 cm to 1 m: anything else is a typo */
        if (!(v[k] >= 2 && v[k] <= 100)) return -1;
        if (k == 0 && *end != ',') return -1;
        if (k == 1 && *end) return -1;
        s = end + 1;
    }
    p->w_cm = v[0];
    p->h_cm = v[1];
    return 0;
}

plot_page plot_page_of(const plot_kind *k, const agg_table *t, const plot_page *want) {
    plot_page p = {PLOT_COLUMN_CM, PLOT_COLUMN_CM * 0.75, PLOT_FONT_PT};
    k->size(t, &p);
    if (want && want->w_cm > 0) p.w_cm = want->w_cm;
    if (want && want->h_cm > 0) p.h_cm = want->h_cm;
    if (want && want->font_pt > 0) p.font_pt = want->font_pt;
    return p;
}

void plot_script_head(FILE *gp, const char *base, const char *source, const char *kind,
                      const plot_page *page) {
    /* cairo's terminals draw a font of F points at 4/3 F: fontscale 0.75
     * makes it F on the PDF page.  PNG: the same page scaled by k, text and
     * lines alike. */
    double k = PLOT_PNG_DPI / 72.0, wpt = page->w_cm / 2.54 * 72, hpt = page->h_cm / 2.54 * 72;
    fputs("# ", gp);
    gp_file(gp, base, ".gp");
    fputs(" - written by searchlab plot ", gp);
    plot_gp_string(gp, source);
    fprintf(gp,
            " --kind %s; edit freely, then run\n"
            "# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e \"fmt='svg'\" FILE.gp  "
            "(SVG; 'pdf': PDF)\n"
            "# the page: %.2f cm x %.2f cm, text %.3g pt (PNG at %.0f dpi)\n"
            "if (!exists(\"fmt\")) fmt = 'png'\n"
            "if (fmt eq 'svg') {\n"
            "    set terminal svg size %.0f,%.0f dynamic font 'Sans,%.3g' linewidth 0.5 "
            "background rgb 'white'\n"
            "    set output ",
            kind, page->w_cm, page->h_cm, page->font_pt, PLOT_PNG_DPI, wpt, hpt, page->font_pt);
    gp_file(gp, base, ".svg");
    fprintf(gp,
            "\n} else {\n"
            "  if (fmt eq 'pdf') {\n"
            "    set terminal pdfcairo size %.3fcm,%.3fcm font 'Sans,%.3g' fontscale 0.75 "
            "linewidth 1 background rgb 'white'\n"
            "    set output ",
            page->w_cm, page->h_cm, page->font_pt);
    gp_file(gp, base, ".pdf");
    fprintf(gp,
            "\n  } else {\n"
            "    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
            "        set terminal pngcairo size %.0f,%.0f font 'Sans,%.3g' fontscale %.4f "
            "linewidth %.4f background rgb 'white'\n"
            "    } else {\n"
            "        set terminal png size %.0f,%.0f\n"
            "    }\n"
            "    set output ",
            wpt * k, hpt * k, page->font_pt, 0.75 * k, k, wpt * k, hpt * k);
    gp_file(gp, base, ".png");
    fputs("\n  }\n}\n"
          "set termoption noenhanced\n"
          "set datafile separator '\\t'\n"
          "set datafile missing '?'\n"
          "set grid lc rgb '#dddddd'\n"
          "set key below left vertical Left reverse noautotitle maxcols 1 samplen 2 spacing 1\n"
          "set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 0.6\n"
          "set linetype 2 lc rgb '#d55e00' lw 1.5 pt 5 ps 0.6\n"
          "set linetype 3 lc rgb '#009e73' lw 1.5 pt 9 ps 0.7\n"
          "set linetype 4 lc rgb '#cc79a7' lw 1.5 pt 11 ps 0.7\n"
          "set linetype 5 lc rgb '#e69f00' lw 1.5 pt 13 ps 0.7\n"
          "set linetype 6 lc rgb '#56b4e9' lw 1.5 pt 4 ps 0.6\n"
          "set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 0.6\n"
          "set linetype 8 lc rgb '#999999' lw 1.5 pt 8 ps 0.7\n"
          "set linetype 9 lc rgb '#8c564b' lw 1.5 pt 12 ps 0.7\n"
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
    fprintf(gp, " at graph 0.99, first %.9f right offset 0, -0.7 textcolor rgb '#555555' front\n",
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

int plot_write(const plot_kind *k, const agg_table *t, const report_metric *m,
               const plot_page *page, const char *dir, const char *base, const char *source) {
    size_t n = strlen(dir) + strlen(base) + 8;
    char *file = xmalloc(n);
    snprintf(file, n, "%s/%s.dat", dir, base);
    FILE *dat = fopen(file, "w");
    snprintf(file, n, "%s/%s.gp", dir, base);
    FILE *gp = dat ? fopen(file, "w") : NULL;
    xfree(file, n);
    int ret = dat && gp ? 0 : -1;
    if (!ret) {
        plot_page pg = plot_page_of(k, t, page);
        plot_script_head(gp, base, source, k->name, &pg);
        fputs("dat = ", gp); /* the data file, named once */
        gp_file(gp, base, ".dat");
        fputc('\n', gp);
        plot_args a = {&pg, t, m, base, dat, gp};
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
    /* the HTML page: two columns wide, so that it reads on a screen */
    plot_page wide = {2 * PLOT_COLUMN_CM, 0, 0};
    plot_page pg = plot_page_of(k, t, NULL);
    wide.h_cm = pg.h_cm * 1.4;
    int r = plot_write(k, t, m, &wide, dir, "figure", source) ? -1
                                                             : plot_render(dir, "figure", "svg");
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
