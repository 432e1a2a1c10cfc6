/* html_report.c - the HTML report's sections (see html_report.h): the
 * table, the figures that fit, the contexts, every run. */
#include "html_report.h"

#include <stdio.h>

#include "../core/xmalloc.h"
#include "html.h"
#include "plot.h"

enum { MAX_FIGURES = 8, MAX_CONTEXTS = 16, MAX_SECTIONS = 64 };

void report_html_report(FILE *out, const report_input *in, const agg_table *t,
                        const char *table_title, const report_table *main_table,
                        const report_metric *m, report_say warn) {
    report_html_section s[MAX_SECTIONS];
    size_t n = 0;
    s[n++] = (report_html_section){"table", table_title, main_table, NULL, NULL};
    char *svgs[MAX_FIGURES] = {0};
    size_t lens[MAX_FIGURES] = {0}, nsvg = 0;
    for (const plot_kind *const *k = plot_kinds; *k && nsvg < MAX_FIGURES; k++) {
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
            if (warn.fn) {
                char line[300];
                snprintf(line, sizeof line, "gnuplot failed on the %s figure (%s)", (*k)->name,
                         len == 127 ? "not found: install gnuplot-nox" : "see its messages above");
                warn.fn(warn.ctx, line);
            }
            continue;
        }
        svgs[nsvg] = svg;
        lens[nsvg++] = len;
        s[n++] = (report_html_section){(*k)->name, (*k)->name, NULL, svg, (*k)->doc};
    }
    report_table ctx[MAX_CONTEXTS], runs;
    char ids[MAX_CONTEXTS][16];
    size_t nctx = 0;
    for (size_t f = 0; f < in->n_files && nctx < MAX_CONTEXTS && n < MAX_SECTIONS - 1;
         f++, nctx++) {
        report_init(&ctx[nctx]);
        report_context_table(in->files[f].path, &ctx[nctx]);
        ctx[nctx].caption = in->files[f].path;
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
