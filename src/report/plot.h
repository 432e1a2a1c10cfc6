/* plot.h - the figures of `searchlab plot` and of the HTML report: one
 * registry of plot kinds (plot_scaling.c, plot_cactus.c, plot_scatter.c,
 * plot_bars.c, plot_anytime.c), each writing a gnuplot script and its data file, and the
 * one place that runs gnuplot (gnuplot.c).
 *
 * Every string that reaches a script (titles, keys, file names, the result
 * file's path in the opening comment) goes through plot_gp_string, which
 * writes it as a single-quoted gnuplot string with control characters
 * replaced: gnuplot substitutes no backquote or macro inside single
 * quotes, so no name from a result file can run a command.  No figure
 * hides a run: unsolved ones are drawn on the time limit (hatched bars,
 * open circles, the border of a scatter) or counted in the key.
 */
#ifndef SEARCHLAB_REPORT_PLOT_H
#define SEARCHLAB_REPORT_PLOT_H

#include <stdio.h>

#include "aggregate.h"
#include "table.h"

/* The page of a figure: its size and the size of its text, the same for
 * every format.  PDF gets it as is; PNG is the same page at PLOT_PNG_DPI
 * (everything scaled alike), SVG the same page in points.  Defaults: each
 * kind's page one column wide (PLOT_COLUMN_CM) with PLOT_FONT_PT text;
 * `plot --size W,H --font-size PT` overrides them (`--size 17cm,10cm`: two
 * columns).  The kinds lay out their text in character units and graph or
 * screen fractions, never in pixels, so that it stays on the page at any
 * size. */
#define PLOT_COLUMN_CM 8.5
#define PLOT_FONT_PT 8.0
#define PLOT_PNG_DPI 200.0
typedef struct plot_page {
    double w_cm, h_cm, font_pt;
} plot_page;
/* Parses "W,H" (each a number with cm or in, as gnuplot takes them; "8.5cm,6cm",
 * "3.5in,2.5in") into p's size in cm; 0, or -1 (then p is unchanged). */
int plot_page_parse_size(const char *text, plot_page *p);

typedef struct plot_args {
    const plot_page *page;
    const agg_table *t;
    const report_metric *m; /* scatter: what it compares (the time metric, or nodes) */
    const char *base;       /* the file base name: BASE.dat beside BASE.gp */
    FILE *dat, *gp;
} plot_args;

typedef struct plot_kind {
    const char *name; /* the --kind value */
    const char *doc;  /* --help lines */
    int min_strategies;
    /* the figure's default page (one column wide): fills p->w_cm, p->h_cm */
    void (*size)(const agg_table *t, plot_page *p);
    void (*write)(const plot_args *a);
    /* What the kind can draw, declared here rather than known by its
     * callers: counts, 1 when it also compares a count (--metric nodes)
     * beside the run-time metrics; fits, NULL when any table of at least
     * min_strategies strategies makes a figure, else 0 with a message in
     * why (naming the kind, saying what to use instead) when the kind
     * cannot draw t readably: `plot` exits 2 with it, the HTML report
     * leaves the figure out (plot_fits); pair, 1 when it compares two
     * strategies (t's first two): `plot --pair A,B` picks them, and by
     * default `plot` and the HTML report take the experiment's first two
     * (report_experiment_pair) */
    int counts, pair;
    int (*fits)(const agg_table *t, char *why, size_t size);
} plot_kind;
/* 1 when k can draw t (at least min_strategies strategies, then k->fits);
 * why as k->fits. */
int plot_fits(const plot_kind *k, const agg_table *t, char *why, size_t size);

extern const plot_kind plot_kind_scaling, plot_kind_cactus, plot_kind_scatter, plot_kind_bars,
    plot_kind_anytime;
extern const plot_kind *const plot_kinds[]; /* NULL-terminated */
const plot_kind *plot_kind_find(const char *name);

/* The output formats: png, svg, pdf (gnuplot's cairo terminals; PNG falls
 * back to the gd terminal where pngcairo is missing). */
extern const char *const plot_formats[]; /* NULL-terminated */

/* s as a single-quoted gnuplot string ('' for a quote; control characters
 * as '?').  The one escaper of script text. */
void plot_gp_string(FILE *gp, const char *s);
/* The title s of a key entry (written after "title "), for a key as wide
 * as page pg: broken into lines after a ',', ':' or ' ' so that a long spec
 * stays on the page, each further line a key entry of its own with a
 * white sample (gnuplot's key makes no room for a title of several lines);
 * plot_key_lines says how many lines it takes. */
void plot_gp_key(FILE *gp, const char *s, const plot_page *pg);
size_t plot_key_lines(const char *s, const plot_page *pg);
/* The height (cm) of a key of t's strategies on page pg, one entry each
 * (suffix: room for what follows a name, "(3 of 8 unsolved)"), plus
 * extra_lines of other entries. */
double plot_key_cm(const agg_table *t, const plot_page *pg, size_t suffix, size_t extra_lines);
/* Starts the key's own panel across the bottom frac of the page (after
 * the plots of a multiplot): the key's entries follow, then "unset
 * multiplot". */
void plot_key_panel(FILE *gp, double frac);
/* The head of every script: the comment naming its source and kind, the
 * terminals for every format (fmt chosen with -e "fmt='svg'"), styles. */
void plot_script_head(FILE *gp, const char *base, const char *source, const char *kind,
                      const plot_page *page);
/* Shared by the kinds: the time axis format, numbers for .dat files, where
 * unsolved runs go on a time axis (seconds) and its name, a dashed line
 * across the plot at y = v with a label. */
extern const char plot_time_format[];
void plot_dat_num(FILE *dat, double x);
double plot_time_border(const agg_table *t, const char **what);
void plot_hline(FILE *gp, double v, const char *label);
/* Instances of strategy s whose median run was not solved. */
size_t plot_unfinished(const agg_table *t, size_t s);

/* The page of kind k for t: its default, then what `want` gives (w_cm,
 * h_cm or font_pt > 0 override; want may be NULL). */
plot_page plot_page_of(const plot_kind *k, const agg_table *t, const plot_page *want);
/* Writes dir/base.dat and dir/base.gp of kind k for the groups t (m: what
 * a scatter compares) on page (NULL: the kind's default); source is the
 * result file named in the script's comment.  0, or -1 with errno (a file
 * could not be written). */
int plot_write(const plot_kind *k, const agg_table *t, const report_metric *m,
               const plot_page *page, const char *dir, const char *base, const char *source);
/* Runs gnuplot on dir/base.gp for format fmt; 0 on success, 127 when
 * gnuplot is missing, else its exit status (or -1). */
int plot_render(const char *dir, const char *base, const char *fmt);
/* The figure of kind k as an SVG document (xmalloc'd, *len bytes plus a
 * NUL; free with xfree(s, *len + 1)), made in a temporary folder that is
 * removed; NULL when gnuplot failed (*len: its status). */
char *plot_svg(const plot_kind *k, const agg_table *t, const report_metric *m, const char *source,
               size_t *len);

#endif
