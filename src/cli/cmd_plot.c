/* cmd_plot.c - `searchlab plot`: the figures of src/report's plot kinds
 * from a result file, as gnuplot scripts (kept, to be edited) and their
 * PNG, SVG and PDF renderings.  No figure hides a run: unsolved ones are
 * drawn on the time limit or counted in the key. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"
#include "../report/input.h"
#include "../report/plot.h"
#include "../report/request.h"
#include "cli.h"

/* plot's flags (core/options.h): --kind is the plot kinds' registry;
 * the values that are lists or names are read by the parsers below. */
typedef struct plot_cli {
    const void *kind; /* a plot_kind */
    const char *dir, *name, *metric, *formats, *group_by, *pair;
    double timeout_s;
    plot_page page; /* --size, --font-size */
    opt_strs only;
} plot_cli;

/* --name: a file base name (no '/', quote or control character). */
static int parse_name(const char *text, void *field, diag *d) {
    int bad = !*text || strchr(text, '/') || strchr(text, '\'');
    for (const char *c = text; *c && !bad; c++) bad = (unsigned char)*c < 0x20 || *c == 0x7f;
    if (bad) return diag_set(d, "bad name");
    *(const char **)field = text;
    return 0;
}

/* --metric: a run's time, or a count (whether the kind draws counts is
 * the command's check, as it depends on --kind). */
static int parse_metric(const char *text, void *field, diag *d) {
    const report_metric *m = report_metric_find(text);
    if (!m || (!m->run_time && m->time)) {
        char names[200];
        report_metric_names(1, names, sizeof names);
        return diag_set(d, "%s, or nodes for a kind that draws counts", names);
    }
    *(const char **)field = text;
    return 0;
}

/* --format: a comma list of plot_formats. */
static int parse_formats(const char *text, void *field, diag *d) {
    for (const char *p = text;;) {
        size_t len = strcspn(p, ",");
        if (names_index_n(plot_formats, p, len) < 0) return diag_set(d, "bad format");
        if (!p[len]) break;
        p += len + 1;
    }
    *(const char **)field = text;
    return 0;
}

static int parse_size(const char *text, void *field, diag *d) {
    return plot_page_parse_size(text, field) ? diag_set(d, "bad size") : 0;
}

/* --pair: A,B (two strategies). */
static int parse_pair(const char *text, void *field, diag *d) {
    const char *c = strchr(text, ',');
    if (!c || c == text || !c[1] || strchr(c + 1, ',')) return diag_set(d, "bad pair");
    *(const char **)field = text;
    return 0;
}

#define P_(f) offsetof(plot_cli, f)
const spec_key cli_plot_keys[] = {
    {.name = "kind",
     .doc = "the figure (below)",
     .registry = (const void *const *)plot_kinds,
     .required = 1,
     .offset = P_(kind)},
    {.name = "out", .doc = "the folder", .form = "DIR", .def = "plots", .offset = P_(dir)},
    {.name = "name",
     .doc = "the files' base name (default RESULTS_KIND, RESULTS without .csv)",
     .form = "BASE",
     .parse = parse_name,
     .unit = "a file base name: no '/', quote or control character",
     .offset = P_(name)},
    {.name = "format",
     .doc = "the renderings (a comma list; pdf for papers)",
     .form = "png,svg,pdf",
     .parse = parse_formats,
     .unit = "a comma list of png, svg and pdf",
     .def = "png,svg",
     .offset = P_(formats)},
    {.name = "strategy",
     .doc = "picks and orders strategies (repeatable; default: all)",
     .form = "SPEC",
     .repeat = 1,
     .offset = P_(only)},
    {.name = "metric",
     .doc = "what the times are (a run's time; scatter also takes nodes)",
     .form = "M",
     .parse = parse_metric,
     .def = "cpu",
     .offset = P_(metric)},
    {.name = "timeout",
     .doc = "the runs' time limit (default: read from RESULTS.context.json(l))",
     .kind = SPEC_REAL,
     .min = 0,
     .max = SPEC_SECONDS_MAX,
     .unit = "a number of seconds",
     .form = "S",
     .offset = P_(timeout_s)},
    {.name = "group-by",
     .doc = "group the runs by labels, as `searchlab report --group-by` does",
     .form = "LABEL[,LABEL...]",
     .offset = P_(group_by)},
    {.name = "size",
     .doc = "the page, each in cm or in (default one column, 8.5cm wide, the height the kind "
            "needs; 17cm,10cm: two columns)",
     .form = "W,H",
     .parse = parse_size,
     .unit = "each a number with cm or in from 2 cm to 100 cm: 8.5cm,6cm or 3.5in,2.5in",
     .offset = P_(page)},
    {.name = "font-size",
     .doc = "the text's size in points (default 8)",
     .kind = SPEC_REAL,
     .min = 5,
     .max = 40,
     .unit = "points",
     .form = "PT",
     .offset = P_(page.font_pt)},
    {.name = "pair",
     .doc = "the two strategies of a scatter (default: the experiment's first two)",
     .form = "A,B",
     .parse = parse_pair,
     .unit = "two strategies",
     .offset = P_(pair)},
    {.name = NULL}};
#undef P_

static void help(void) {
    printf("usage: searchlab plot RESULTS.csv --kind KIND [options]\n\n"
           "Writes DIR/BASE.gp (a gnuplot script, kept so that you can edit it) and\n"
           "DIR/BASE.dat, then renders DIR/BASE.FORMAT with gnuplot's cairo terminals for\n"
           "each --format.  Each (instance, strategy) is drawn by its median run, an\n"
           "unsolved run ranking above every solved one; no instance is left out.  Times\n"
           "are CPU time unless --metric names another.\n\n");
    cli_print_options(cli_plot_keys);
    printf("\nKinds (--kind):\n");
    for (const plot_kind *const *k = plot_kinds; *k; k++) {
        printf("  %-8s ", (*k)->name);
        cli_print_doc((*k)->doc, 11);
    }
    printf("Re-render with `gnuplot BASE.gp` (PNG) or `gnuplot -e \"fmt='svg'\" BASE.gp` in\n"
           "DIR.  PDF is the page; PNG the same page at 200 dpi.\n"
           "exit status: 0 figures written, 1 gnuplot failed, 2 bad usage or input\n");
}

/* A warning or note of the loader: one line on stderr. */
static void warn(void *ctx, const char *line) {
    (void)ctx;
    fprintf(stderr, "searchlab plot: %s\n", line);
}

/* Whether the --format list (comma-separated) names f. */
static int wants(const char *list, const char *f) {
    size_t n = strlen(f);
    for (const char *p = list; p && *p;) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        if (len == n && !strncmp(p, f, n)) return 1;
        p = c ? c + 1 : NULL;
    }
    return 0;
}

int cmd_plot(int argc, char **argv) {
    const char *path = NULL;
    size_t cap = (size_t)argc + 1, n_paths = 0;
    const char **only = NEWN(cap, const char *);
    plot_cli o = {.timeout_s = -1, /* read from the context records */
                  .only = {only, 0}};
    diag od;
    opt_group groups[] = {{cli_plot_keys, &o, 0, 0}};
    int ret =
        opt_defaults(cli_plot_keys, &o, &od) ? cli_usage_error("plot", "%s", od.msg) : EXIT_DONE;
    if (!ret) ret = cli_options("plot", argc, argv, groups, 1, &path, &n_paths, 1, help);
    if (ret < 0) {
        FREEN(only, cap);
        return EXIT_DONE;
    }
    const plot_kind *k = o.kind;
    const report_metric *m = report_metric_find(o.metric);
    const char *dir = o.dir, *name = o.name, *formats = o.formats, *pair = o.pair;
    size_t n_only = o.only.n;
    char names[200];
    if (!ret && !path) ret = cli_usage_error("plot", "expected a result file (RESULTS.csv)");
    if (!ret && !m->run_time && !k->counts) {
        report_metric_names(1, names, sizeof names);
        ret = cli_usage_error("plot", "--metric: --kind %s draws times: expected %s, found '%s'",
                              k->name, names, o.metric);
    }
    plot_page want = o.page;
    /* --pair A,B: a pair kind's two strategies, in that order */
    char *pair_buf = NULL;
    if (!ret && pair) {
        const char *c = strchr(pair, ','); /* one, parse_pair checked */
        if (!k->pair)
            ret = cli_usage_error("plot", "--pair: --kind %s compares no pair of strategies",
                                  k->name);
        else if (n_only)
            ret = cli_usage_error("plot", "--pair: give it or --strategy, not both");
        else {
            pair_buf = xstrdup(pair);
            pair_buf[c - pair] = '\0';
            only[n_only++] = pair_buf;
            only[n_only++] = pair_buf + (c - pair) + 1;
        }
    }
    report_input in;
    memset(&in, 0, sizeof in);
    agg_table t = {0};
    diag d = {{0}};
    report_say say = {warn, NULL};
    if (!ret && report_input_load(&path, 1, NULL, 0, o.group_by, o.timeout_s, say, &in, &d))
        ret = cli_usage_error("plot", "%s", d.msg);
    if (!ret) report_input_notes(&in, say);
    if (!ret && report_figure_groups(&in, k, m, only, n_only, &t, &d))
        ret = cli_usage_error("plot", "%s", d.msg);
    if (!ret && instset_mkdirs(dir, &d)) {
        fprintf(stderr, "searchlab plot: %s\n", d.msg);
        ret = EXIT_INTERNAL;
    }
    char base[512];
    if (!ret) {
        if (name) {
            snprintf(base, sizeof base, "%s", name);
        } else { /* RESULTS_KIND, with nothing a file name or a script should not hold */
            const char *b = strrchr(path, '/');
            snprintf(base, sizeof base, "%s", b ? b + 1 : path);
            size_t n = strlen(base);
            if (n > 4 && !strcmp(base + n - 4, ".csv")) base[n - 4] = '\0';
            snprintf(base + strlen(base), sizeof base - strlen(base), "_%s", k->name);
            for (char *c = base; *c; c++)
                if (*c == '\'' || (unsigned char)*c < 0x20 || *c == 0x7f) *c = '_';
        }
        if (plot_write(k, &t, m, &want, dir, base, path)) {
            fprintf(stderr, "searchlab plot: %s/%s: cannot write: %s\n", dir, base,
                    strerror(errno));
            ret = EXIT_INTERNAL;
        }
    }
    for (const char *const *f = plot_formats; *f && !ret; f++) {
        if (!wants(formats, *f)) continue;
        int r = plot_render(dir, base, *f);
        if (r) {
            fprintf(stderr, "searchlab plot: gnuplot failed (%s); the script is %s/%s.gp\n",
                    r == 127 ? "not found: install gnuplot-nox" : "see its messages above", dir,
                    base);
            ret = EXIT_INTERNAL;
        } else {
            printf("%s/%s.%s\n", dir, base, *f);
        }
    }
    if (t.g) agg_free(&t);
    report_input_free(&in);
    if (pair_buf) xstrfree(pair_buf);
    FREEN(only, cap);
    return ret;
}
