/* request.c - a report request's table from the loaded input (see
 * request.h). */
#include "request.h"

#include <string.h>

#include "../core/xmalloc.h"

static void note(void *rt, const char *line) { report_note(rt, "%s", line); }

/* The time that tables and figures show: the metric when it is a run's
 * time, else CPU time. */
static const report_metric *time_of(const report_metric *m) {
    return m->run_time ? m : &report_metric_cpu;
}

int report_make(const report_input *in, const report_request *rq, report_made *out, diag *d) {
    memset(out, 0, sizeof *out);
    report_init(&out->rt);
    /* the columns: several files side by side, or the strategies asked for */
    const char *const *cols = rq->only;
    size_t n_cols = rq->n_only;
    if (in->n_files > 1) {
        out->labels = NEWN(in->n_files, const char *);
        out->n_labels = in->n_files;
        for (size_t f = 0; f < in->n_files; f++) out->labels[f] = in->files[f].label;
        out->cols = report_files_columns(&in->rs, out->labels, in->n_files, rq->only, rq->n_only,
                                         &out->n_cols);
        cols = (const char *const *)out->cols;
        n_cols = out->n_cols;
        if (!n_cols) return diag_set(d, "--strategy: no run of these strategies");
    }
    if (agg_build(&in->rs, cols, n_cols, in->limit_s, time_of(rq->m), &out->t, d)) return -1;
    report_args a = {&out->t, rq->f, rq->m, rq->seed, out->labels, out->n_labels, rq->baseline};
    if (rq->baseline && report_baseline_column(&a) == (size_t)-1)
        return diag_set(d, "--baseline %s: no run of this strategy", rq->baseline);
    rq->kind->build(&a, &out->rt);
    if (rq->f != REPORT_CSV) report_input_notes(in, (report_say){note, &out->rt});
    return 0;
}

void report_made_free(report_made *out) {
    if (out->t.g) agg_free(&out->t);
    report_free(&out->rt);
    if (out->cols) report_files_columns_free(out->cols, out->n_cols);
    if (out->labels) FREEN(out->labels, out->n_labels);
    memset(out, 0, sizeof *out);
}

int report_figure_groups(const report_input *in, const plot_kind *k, const report_metric *m,
                         const char *const *only, size_t n_only, agg_table *t, diag *d) {
    memset(t, 0, sizeof *t);
    const char *pair[2];
    if (k->pair && !n_only && report_experiment_pair(in, pair))
        only = pair, n_only = 2; /* the experiment's first two, in its order */
    if (agg_build(&in->rs, only, n_only, in->limit_s, time_of(m), t, d)) return -1;
    char why[sizeof d->msg];
    if (!plot_fits(k, t, why, sizeof why)) return diag_set(d, "%s", why);
    return 0;
}
