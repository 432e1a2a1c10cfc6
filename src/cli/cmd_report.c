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
#include "../report/html.h"
#include "../report/kind.h"
#include "../report/plot.h"
#include "cli.h"
#include "report_load.h"

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

static void write_html(FILE *out, const report_input *in, const agg_table *t,
                       const report_kind *kind, const report_table *main_table,
                       const report_metric *m) {
    enum { MAXS = 64 };
    report_html_section s[MAXS];
    size_t n = 0;
    s[n++] = (report_html_section){"table", kind->name, main_table, NULL, NULL};
    char *svgs[8] = {0};
    size_t lens[8] = {0}, nsvg = 0;
    for (const plot_kind *const *k = plot_kinds; *k && nsvg < 8; k++) {
        char why[400];
        if (!plot_fits(*k, t, why, sizeof why)) continue;
        size_t len;
        /* a pair kind (the scatter): the experiment's first two
         * strategies when its context names them (else the table's first
         * two) */
        const char *pair[2];
        agg_table pt = {0};
        diag pd = {{0}};
        const agg_table *ft = t;
        if ((*k)->pair && report_experiment_pair(in, pair) &&
            !agg_build(&in->rs, pair, 2, t->limit_s, t->time, &pt, &pd))
            ft = &pt;
        char *svg = plot_svg(*k, ft, m, in->files[0].path, &len);
        if (pt.g) agg_free(&pt);
        if (!svg) {
            fprintf(stderr, "searchlab report: gnuplot failed on the %s figure (%s)\n", (*k)->name,
                    len == 127 ? "not found: install gnuplot-nox" : "see its messages above");
            continue;
        }
        svgs[nsvg] = svg;
        lens[nsvg++] = len;
        s[n++] = (report_html_section){(*k)->name, (*k)->name, NULL, svg, (*k)->doc};
    }
    report_table ctx[16], runs;
    size_t nctx = 0;
    for (size_t f = 0; f < in->n_files && nctx < 16 && n < MAXS - 1; f++, nctx++) {
        report_init(&ctx[nctx]);
        report_context_table(in->files[f].path, &ctx[nctx]);
        ctx[nctx].caption = in->files[f].path;
        static char ids[16][16];
        snprintf(ids[nctx], sizeof ids[nctx], "context%zu", nctx);
        s[n++] = (report_html_section){ids[nctx], "run context", &ctx[nctx], NULL, NULL};
    }
    report_init(&runs);
    report_runs_table(&in->rs, &runs);
    s[n++] = (report_html_section){"runs", "every run", &runs, NULL, NULL};
    char title[300];
    snprintf(title, sizeof title, "searchlab report: %s%s", in->files[0].path,
             in->n_files > 1 ? " and more" : "");
    report_html_page(out, title, s, n);
    for (size_t i = 0; i < nsvg; i++) xfree(svgs[i], lens[i] + 1);
    for (size_t i = 0; i < nctx; i++) report_free(&ctx[i]);
    report_free(&runs);
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
    agg_table t = {0};
    char **file_cols = NULL;
    const char **file_labels = NULL;
    size_t n_cols = n_only;
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
    uint64_t seed = 1;
    if (!ret && cli_u64("report", "--seed", seed_s, &seed)) ret = EXIT_BAD_INPUT;
    if (!ret)
        ret = report_load("report", (const char *const *)paths.items, paths.n, labels, n_labels,
                          group_by, timeout, &in);
    /* the columns: several files side by side, or the strategies asked for */
    const char *const *cols = only;
    n_cols = n_only;
    if (!ret && in.n_files > 1) {
        file_labels = NEWN(in.n_files, const char *);
        for (size_t f = 0; f < in.n_files; f++) file_labels[f] = in.files[f].label;
        file_cols = report_files_columns(&in.rs, file_labels, in.n_files, only, n_only, &n_cols);
        cols = (const char *const *)file_cols;
        if (!n_cols) ret = cli_usage_error("report", "--strategy: no run of these strategies");
    }
    /* the time the tables show: the metric when it is a run's time */
    const report_metric *time = m && m->run_time ? m : &report_metric_cpu;
    diag d = {{0}};
    if (!ret && agg_build(&in.rs, cols, n_cols, in.limit_s, time, &t, &d)) {
        fprintf(stderr, "searchlab report: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    FILE *out = stdout;
    if (!ret && out_path) cli_mkdir_parent(out_path); /* out/report.html in a fresh clone */
    if (!ret && out_path && !(out = fopen(out_path, "w"))) {
        fprintf(stderr, "searchlab report: %s: cannot write: %s\n", out_path, strerror(errno));
        ret = EXIT_INTERNAL;
    }
    if (!ret) {
        report_table rt;
        report_init(&rt);
        report_args a = {&t,          w->format, m, seed, file_labels, file_labels ? in.n_files : 0,
                         baseline};
        if (baseline && report_baseline_column(&a) == (size_t)-1) {
            report_free(&rt);
            if (out != stdout) fclose(out);
            ret = cli_usage_error("report", "--baseline %s: no run of this strategy", baseline);
            goto done;
        }
        kind->build(&a, &rt);
        if (w->format != REPORT_CSV) report_input_notes("report", &in, &rt);
        if (w == &report_writer_html)
            write_html(out, &in, &t, kind, &rt, m);
        else
            w->print(&rt, out);
        report_free(&rt);
        if (out != stdout && fclose(out)) {
            fprintf(stderr, "searchlab report: %s: cannot write\n", out_path);
            ret = EXIT_INTERNAL;
        }
    }
done:
    if (t.g) agg_free(&t);
    if (file_cols) report_files_columns_free(file_cols, n_cols);
    if (file_labels) FREEN(file_labels, in.n_files);
    report_input_free(&in);
    path_list_free(&paths);
    FREEN(only, cap);
    FREEN(labels, cap);
    FREEN(args, cap);
    return ret;
}
