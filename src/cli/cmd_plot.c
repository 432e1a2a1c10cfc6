/* cmd_plot.c - `searchlab plot`: the figures of src/report's plot kinds
 * from a result file, as gnuplot scripts (kept, to be edited) and their
 * PNG, SVG and PDF renderings.  No figure hides a run: unsolved ones are
 * drawn on the time limit or counted in the key. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"
#include "../report/input.h"
#include "../report/plot.h"
#include "../report/request.h"
#include "cli.h"

static void help(void) {
    char metrics[200];
    report_metric_names(1, metrics, sizeof metrics);
    printf("usage: searchlab plot RESULTS.csv --kind KIND [--out DIR] [--name BASE]\n"
           "                      [--format png,svg,pdf] [--strategy SPEC]... [--metric M]\n"
           "                      [--timeout S] [--group-by LABEL[,LABEL...]]\n"
           "                      [--size W,H] [--font-size PT] [--pair A,B]\n\n"
           "Writes DIR/BASE.gp (a gnuplot script, kept so that you can edit it) and\n"
           "DIR/BASE.dat, then renders DIR/BASE.FORMAT with gnuplot's cairo terminals for\n"
           "each --format (default png,svg; pdf for papers).  Each (instance, strategy) is\n"
           "drawn by its median run, an unsolved run ranking above every solved one; no\n"
           "instance is left out.  Times are CPU time unless --metric (%s)\n"
           "names another; scatter also takes nodes.  Kinds (--kind, required):\n",
           metrics);
    for (const plot_kind *const *k = plot_kinds; *k; k++) {
        printf("  %-8s ", (*k)->name);
        cli_print_doc((*k)->doc, 11);
    }
    printf("DIR defaults to plots, BASE to RESULTS_KIND (RESULTS without .csv).  --timeout S:\n"
           "the runs' time limit (default: read from RESULTS.context.json(l)).  --group-by:\n"
           "group the runs by labels, as `searchlab report --group-by` does.  Re-render\n"
           "with `gnuplot BASE.gp` (PNG) or `gnuplot -e \"fmt='svg'\" BASE.gp` in DIR.\n"
           "--size W,H: the page, each in cm or in (default one column, 8.5cm wide, the\n"
           "height the kind needs; 17cm,10cm: two columns); --font-size PT: its text\n"
           "(default 8).  PDF is that page; PNG the same page at 200 dpi.  --pair A,B:\n"
           "the two strategies of a scatter (default: the experiment's first two).\n"
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

/* Every item of the --format list is a format; NULL, or the first that
 * is not. */
static const char *bad_format(const char *list, char *buf, size_t size) {
    for (const char *p = list;;) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        snprintf(buf, size, "%.*s", (int)len, p);
        if (names_index(plot_formats, buf) < 0) return buf;
        if (!c) return NULL;
        p = c + 1;
    }
}

int cmd_plot(int argc, char **argv) {
    const char *path = NULL, *kind_name = NULL, *dir = "plots", *name = NULL, *metric = "cpu";
    const char *timeout = NULL, *group_by = NULL, *formats = "png,svg";
    const char *size_text = NULL, *font_text = NULL, *pair = NULL;
    size_t cap = (size_t)argc + 1, n_only = 0, n_paths = 0;
    const char **only = NEWN(cap, const char *);
    const cli_flag flags[] = {{"--kind", &kind_name, NULL, NULL},
                              {"--out", &dir, NULL, NULL},
                              {"--name", &name, NULL, NULL},
                              {"--metric", &metric, NULL, NULL},
                              {"--timeout", &timeout, NULL, NULL},
                              {"--group-by", &group_by, NULL, NULL},
                              {"--format", &formats, NULL, NULL},
                              {"--strategy", NULL, only, &n_only},
                              {"--size", &size_text, NULL, NULL},
                              {"--font-size", &font_text, NULL, NULL},
                              {"--pair", &pair, NULL, NULL},
                              {NULL, NULL, NULL, NULL}};
    int ret = cli_parse_flags("plot", argc, argv, flags, &path, &n_paths, 1);
    if (ret < 0) {
        help();
        FREEN(only, cap);
        return EXIT_DONE;
    }
    const plot_kind *k = kind_name ? plot_kind_find(kind_name) : NULL;
    const report_metric *m = report_metric_find(metric);
    char names[200], fbuf[64];
    if (!ret && !path) ret = cli_usage_error("plot", "expected a result file (RESULTS.csv)");
    if (!ret && !k) {
        registry_join((const void *const *)plot_kinds, names, sizeof names);
        ret = kind_name
                  ? cli_usage_error("plot", "--kind: expected %s, found '%s'", names, kind_name)
                  : cli_usage_error("plot", "--kind is required: one of %s", names);
    }
    if (!ret && (!m || (!m->run_time && !(k->counts && !m->time)))) {
        report_metric_names(1, names, sizeof names);
        ret = cli_usage_error("plot", "--metric: expected %s%s, found '%s'", names,
                              k->counts ? " or nodes" : "", metric);
    }
    if (!ret && bad_format(formats, fbuf, sizeof fbuf))
        ret = cli_usage_error(
            "plot", "--format: expected png, svg or pdf (a comma list), found '%s'", fbuf);
    if (!ret && name) {
        int bad = !*name || strchr(name, '/') || strchr(name, '\'');
        for (const char *c = name; *c && !bad; c++) bad = (unsigned char)*c < 0x20 || *c == 0x7f;
        if (bad)
            ret = cli_usage_error("plot",
                                  "--name: expected a file base name (no '/', quote or control "
                                  "character)");
    }
    plot_page want = {0, 0, 0};
    if (!ret && size_text && plot_page_parse_size(size_text, &want))
        ret = cli_usage_error("plot",
                              "--size: expected W,H, each a number with cm or in from 2 cm to "
                              "100 cm (8.5cm,6cm or 3.5in,2.5in), found '%s'",
                              size_text);
    if (!ret && font_text) {
        char *end;
        want.font_pt = strtod(font_text, &end);
        if (*end || end == font_text || !(want.font_pt >= 5 && want.font_pt <= 40))
            ret = cli_usage_error("plot", "--font-size: expected points from 5 to 40, found '%s'",
                                  font_text);
    }
    /* --pair A,B: a pair kind's two strategies, in that order */
    char *pair_buf = NULL;
    if (!ret && pair) {
        const char *c = strchr(pair, ',');
        if (!k->pair)
            ret = cli_usage_error("plot", "--pair: --kind %s compares no pair of strategies",
                                  k->name);
        else if (n_only)
            ret = cli_usage_error("plot", "--pair: give it or --strategy, not both");
        else if (!c || c == pair || !c[1] || strchr(c + 1, ','))
            ret = cli_usage_error("plot", "--pair: expected A,B (two strategies), found '%s'",
                                  pair);
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
    double limit_s = -1; /* read from the context records */
    if (!ret && timeout && cli_seconds("plot", "--timeout", timeout, &limit_s))
        ret = EXIT_BAD_INPUT;
    report_say say = {warn, NULL};
    if (!ret && report_input_load(&path, 1, NULL, 0, group_by, limit_s, say, &in, &d))
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
