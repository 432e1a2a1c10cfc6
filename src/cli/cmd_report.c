/* cmd_report.c - `searchlab report`: a table (src/report's kinds) of one
 * or several result files, in a writer's format (Markdown, CSV, LaTeX),
 * or the HTML page with the table, the figures, the run context and every
 * run.  The flags are a key table (cli_report_keys) whose kinds, metrics
 * and writers are their registries' names; --help comes from it. */
#include <errno.h>
#include <glob.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/options.h"
#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../report/html_report.h"
#include "../report/request.h"
#include "cli.h"

/* report's flags (core/options.h): the kinds, writers and metrics are
 * their registries' names. */
typedef struct report_cli {
    const void *kind, *writer, *metric; /* a report_kind, report_writer, report_metric */
    double timeout_s;
    uint64_t seed;
    const char *group_by, *out, *baseline;
    opt_strs only, labels;
} report_cli;

#define R_(f) offsetof(report_cli, f)
const spec_key cli_report_keys[] = {
    {.name = "table",
     .doc = "the table (below); default course, files for several result files",
     .registry = (const void *const *)report_kinds,
     .def = "",
     .offset = R_(kind)},
    {.name = "format",
     .doc = "md, csv, tex (tables), or html: one self-contained page (no network) with the "
            "table (sortable, filterable), the figures, the run context of each file and every "
            "run",
     .registry = (const void *const *)report_writers,
     .offset = R_(writer)},
    {.name = "metric",
     .doc = "what the times are (below)",
     .registry = (const void *const *)report_metrics,
     .offset = R_(metric)},
    {.name = "out",
     .doc = "write there (its folder made when missing); default standard output",
     .form = "FILE",
     .offset = R_(out)},
    {.name = "strategy",
     .doc = "picks and orders strategies (repeatable; default: all, alphabetically)",
     .form = "SPEC",
     .repeat = 1,
     .offset = R_(only)},
    {.name = "label",
     .doc = "the column label of each result file, in order (repeatable; default its base "
            "name)",
     .form = "L",
     .repeat = 1,
     .offset = R_(labels)},
    {.name = "timeout",
     .doc = "the runs' time limit for PAR-2 (default: read from RESULTS.context.json(l))",
     .kind = SPEC_REAL,
     .min = 0,
     .max = SPEC_SECONDS_MAX,
     .unit = "a number of seconds",
     .form = "S",
     .offset = R_(timeout_s)},
    {.name = "seed",
     .doc = "the bootstrap's seed",
     .kind = SPEC_U64,
     .unit = "a seed",
     .form = "S",
     .def = "1",
     .offset = R_(seed)},
    {.name = "group-by",
     .doc = "group the runs by what their specs resolved to (queue, or queue,var: any label of "
            "the result columns), not by the spec as written; the groups are named queue=dom, "
            "... (also in --strategy)",
     .form = "LABEL[,LABEL...]",
     .offset = R_(group_by)},
    {.name = "baseline",
     .doc = "every column is compared with strategy NAME's (compare and files)",
     .form = "NAME",
     .offset = R_(baseline)},
    {.name = NULL}};
#undef R_

static void help(void) {
    printf("usage: searchlab report RESULTS.csv [MORE.csv...] [options]\n\n"
           "Aggregates the repetitions of each (instance, strategy) and prints a table.  A run\n"
           "is solved when it went to its end (solved or unsat).  Every table shows the solved\n"
           "runs as k/n (CSV: runs, solved) and PAR-2 (CSV: par2_s, in seconds): the mean\n"
           "time with each unsolved run counted as twice the time limit.  Times are CPU time\n"
           "unless --metric says otherwise, and every table says which.\n\n");
    cli_print_options(cli_report_keys);
    printf("\nTables (--table):\n");
    for (const report_kind *const *k = report_kinds; *k; k++) {
        printf("  %-8s ", (*k)->name);
        cli_print_doc((*k)->doc, 11);
    }
    printf("Metrics (--metric):\n");
    for (const report_metric *const *m = report_metrics; *m; m++)
        printf("  %-10s %s\n", (*m)->name, (*m)->doc);
    printf("Several result files (or a quoted glob): each file's runs are columns of their\n"
           "own, \"LABEL: SPEC\", LABEL its --label (in order) or its base name; the default\n"
           "table is then `files`: a strategy is compared with the first file's run of the\n"
           "same strategy, or, when the first file has none (another solver's name), with\n"
           "the first file's first column.  A row repeated within one file (same instance,\n"
           "strategy and rep) is counted once, and the table says so.\n"
           "md, tex and html print times with units (ns, us, ms, s) and 3 significant digits;\n"
           "csv prints exact numbers (ns, counts, never exponents; compare is one row per\n"
           "instance and strategy).  docs/driver.md explains each statistic.\n");
}

/* The positional paths, quoted globs expanded (sorted, as the shell
 * would); a glob that matches nothing is an error. */
typedef struct path_list {
    char **items;
    size_t n, cap;
} path_list;

static int expand(const char *const *args, size_t n, path_list *l) {
    for (size_t i = 0; i < n; i++) {
        glob_t g;
        int pattern = strpbrk(args[i], "*?[") != NULL && access(args[i], F_OK) != 0;
        if (!pattern) {
            GROW(&l->items, &l->cap, l->n + 1);
            l->items[l->n++] = xstrdup(args[i]);
            continue;
        }
        if (glob(args[i], 0, NULL, &g) != 0)
            return cli_usage_error("report", "%s: no file matches", args[i]);
        GROW(&l->items, &l->cap, l->n + g.gl_pathc);
        for (size_t j = 0; j < g.gl_pathc; j++) l->items[l->n++] = xstrdup(g.gl_pathv[j]);
        globfree(&g);
    }
    return EXIT_DONE;
}

static void path_list_free(path_list *l) {
    for (size_t i = 0; i < l->n; i++) xstrfree(l->items[i]);
    if (l->items) FREEN(l->items, l->cap);
}

/* A warning of the loader or the page: one line on stderr. */
static void warn(void *cmd, const char *line) {
    fprintf(stderr, "searchlab %s: %s\n", (const char *)cmd, line);
}

int cmd_report(int argc, char **argv) {
    size_t cap = (size_t)argc + 1, n_args = 0;
    const char **only = NEWN(cap, const char *), **labels = NEWN(cap, const char *);
    const char **args = NEWN(cap, const char *);
    report_cli o = {.timeout_s = -1, /* read from the context records */
                    .only = {only, 0},
                    .labels = {labels, 0}};
    path_list paths = {0};
    report_input in;
    memset(&in, 0, sizeof in);
    report_made made;
    memset(&made, 0, sizeof made);
    diag od;
    opt_group groups[] = {{cli_report_keys, &o, 0, 0}};
    int ret = opt_defaults(cli_report_keys, &o, &od) ? cli_usage_error("report", "%s", od.msg)
                                                     : EXIT_DONE;
    if (!ret) ret = cli_options("report", argc, argv, groups, 1, args, &n_args, cap, help);
    if (ret < 0) {
        ret = EXIT_DONE;
        goto done;
    }
    const report_writer *w = o.writer;
    const report_metric *m = o.metric;
    if (!ret && !n_args) ret = cli_usage_error("report", "expected a result file (RESULTS.csv)");
    if (!ret) ret = expand(args, n_args, &paths);
    const report_kind *kind = o.kind;
    if (!kind) kind = report_kind_find(paths.n > 1 ? "files" : "course");
    if (!ret && kind->files && paths.n < 2)
        ret =
            cli_usage_error("report", "--table %s: expected two result files or more", kind->name);
    if (!ret && o.baseline && !kind->baseline)
        ret = cli_usage_error(
            "report", "--baseline: --table %s compares no columns with a baseline", kind->name);
    const char *out_path = o.out;
    diag d = {{0}};
    report_say say = {warn, (void *)"report"};
    if (!ret &&
        (report_input_load((const char *const *)paths.items, paths.n, labels, o.labels.n,
                           o.group_by, o.timeout_s, say, &in, &d) ||
         report_make(&in, &(report_request){kind, w->format, m, o.seed, only, o.only.n, o.baseline},
                     &made, &d)))
        ret = cli_usage_error("report", "%s", d.msg);
    FILE *out = stdout;
    if (!ret && out_path) cli_mkdir_parent(out_path); /* out/report.html in a fresh clone */
    if (!ret && out_path && !(out = fopen(out_path, "w"))) {
        fprintf(stderr, "searchlab report: %s: cannot write: %s\n", out_path, strerror(errno));
        ret = EXIT_INTERNAL;
    }
    if (!ret) {
        if (w == &report_writer_html)
            report_html_report(out, &in, &made.t, kind->name, &made.rt, m, say);
        else
            w->print(&made.rt, out);
        if (out != stdout && fclose(out)) {
            fprintf(stderr, "searchlab report: %s: cannot write\n", out_path);
            ret = EXIT_INTERNAL;
        }
    }
done:
    report_made_free(&made);
    report_input_free(&in);
    path_list_free(&paths);
    FREEN(only, cap);
    FREEN(labels, cap);
    FREEN(args, cap);
    return ret;
}
