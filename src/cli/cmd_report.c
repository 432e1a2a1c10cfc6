/* cmd_report.c - `searchlab report`: a table (src/report's kinds) of one
 * or several result files, in a writer's format (Markdown, CSV, LaTeX),
 * or the HTML page with the table, the figures, the run context and every
 * run.  The flags and --help come from the registries of kinds, metrics
 * and writers. */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../report/html_report.h"
#include "../report/request.h"
#include "cli.h"

static void help(void) {
    char metrics[200];
    report_metric_names(0, metrics, sizeof metrics);
    printf("usage: searchlab report RESULTS.csv [MORE.csv...] [--table KIND] [--format F]\n"
           "                        [--out FILE] [--strategy SPEC]... [--metric M] [--label L]...\n"
           "                        [--timeout S] [--seed S] [--group-by LABEL[,LABEL...]]\n"
           "                        [--baseline NAME]\n\n"
           "Aggregates the repetitions of each (instance, strategy) and prints a table.  A run\n"
           "is solved when it went to its end (solved or unsat).  Every table shows the solved\n"
           "runs as k/n (CSV: runs, solved) and PAR-2 (CSV: par2_s, in seconds): the mean\n"
           "time with each unsolved run counted as twice the time limit.  Times are CPU time\n"
           "unless --metric says otherwise, and every table says which.  Tables (--table):\n");
    for (const report_kind *const *k = report_kinds; *k; k++) {
        printf("  %-8s ", (*k)->name);
        cli_print_doc((*k)->doc, 11);
    }
    printf("Several result files (or a quoted glob): each file's runs are columns of their\n"
           "own, \"LABEL: SPEC\", LABEL its --label (in order) or its base name; the default\n"
           "table is then `files`: a strategy is compared with the first file's run of the\n"
           "same strategy, or, when the first file has none (another solver's name), with\n"
           "the first file's first column.  --baseline NAME: every column is compared with\n"
           "strategy NAME's (compare and files).  A row repeated within one file (same\n"
           "instance, strategy and rep) is counted once, and the table says so.\n"
           "--metric M: %s (default cpu):\n",
           metrics);
    for (const report_metric *const *m = report_metrics; *m; m++)
        printf("  %-10s %s\n", (*m)->name, (*m)->doc);
    printf("--format: md, csv, tex (tables), or html: one self-contained page (no network)\n"
           "with the table (sortable, filterable), the figures (cactus, bars, scatter,\n"
           "scaling), the run context of each file and every run; --out FILE writes it there\n"
           "(default: standard output).\n"
           "md, tex and html print times with units (ns, us, ms, s) and 3 significant digits;\n"
           "csv prints exact numbers (ns, counts, never exponents; compare is one row per\n"
           "instance and strategy).  --strategy picks and orders strategies (default: all,\n"
           "alphabetically).  --timeout S: the runs' time limit for PAR-2 (default: read from\n"
           "RESULTS.context.json(l)).  --seed S: the bootstrap's seed (default 1).\n"
           "--group-by queue (or queue,var, any label of the result columns): group the runs\n"
           "by what their specs resolved to, not by the spec as written; the groups are\n"
           "named queue=dom, ... (also in --strategy).\n"
           "docs/driver.md explains each statistic.\n");
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
    const char *table = NULL, *format = "md", *metric_name = "cpu", *out_path = NULL;
    const char *timeout = NULL, *seed_s = "1", *group_by = NULL, *baseline = NULL;
    size_t cap = (size_t)argc + 1, n_only = 0, n_labels = 0, n_args = 0;
    const char **only = NEWN(cap, const char *), **labels = NEWN(cap, const char *);
    const char **args = NEWN(cap, const char *);
    const cli_flag flags[] = {
        {"--table", &table, NULL, NULL},        {"--format", &format, NULL, NULL},
        {"--metric", &metric_name, NULL, NULL}, {"--timeout", &timeout, NULL, NULL},
        {"--seed", &seed_s, NULL, NULL},        {"--group-by", &group_by, NULL, NULL},
        {"--out", &out_path, NULL, NULL},       {"--strategy", NULL, only, &n_only},
        {"--baseline", &baseline, NULL, NULL},
        {"--label", NULL, labels, &n_labels},   {NULL, NULL, NULL, NULL}};
    path_list paths = {0};
    report_input in;
    memset(&in, 0, sizeof in);
    report_made made;
    memset(&made, 0, sizeof made);
    int ret = cli_parse_flags("report", argc, argv, flags, args, &n_args, cap);
    if (ret < 0) {
        help();
        ret = EXIT_DONE;
        goto done;
    }
    const report_writer *w = report_writer_find(format);
    const report_metric *m = report_metric_find(metric_name);
    char names[200];
    if (!ret && !n_args) ret = cli_usage_error("report", "expected a result file (RESULTS.csv)");
    if (!ret) ret = expand(args, n_args, &paths);
    if (!ret && !w) {
        registry_join((const void *const *)report_writers, names, sizeof names);
        ret = cli_usage_error("report", "--format: expected %s, found '%s'", names, format);
    }
    if (!ret && !m) {
        report_metric_names(0, names, sizeof names);
        ret = cli_usage_error("report", "--metric: expected %s, found '%s'", names, metric_name);
    }
    if (!table) table = paths.n > 1 ? "files" : "course";
    const report_kind *kind = report_kind_find(table);
    if (!ret && !kind) {
        registry_join((const void *const *)report_kinds, names, sizeof names);
        ret = cli_usage_error("report", "--table: expected %s, found '%s'", names, table);
    }
    if (!ret && kind->files && paths.n < 2)
        ret =
            cli_usage_error("report", "--table %s: expected two result files or more", kind->name);
    if (!ret && baseline && !kind->baseline)
        ret = cli_usage_error(
            "report", "--baseline: --table %s compares no columns with a baseline", kind->name);
    uint64_t seed = 1;
    if (!ret && cli_u64("report", "--seed", seed_s, &seed)) ret = EXIT_BAD_INPUT;
    double limit_s = -1; /* read from the context records */
    if (!ret && timeout && cli_seconds("report", "--timeout", timeout, &limit_s))
        ret = EXIT_BAD_INPUT;
    diag d = {{0}};
    report_say say = {warn, (void *)"report"};
    if (!ret &&
        (report_input_load((const char *const *)paths.items, paths.n, labels, n_labels, group_by,
                           limit_s, say, &in, &d) ||
         report_make(&in, &(report_request){kind, w->format, m, seed, only, n_only, baseline},
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
