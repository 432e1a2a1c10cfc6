/* request.c - a report request's table from the loaded input (see
 * request.h). */
#include "request.h"

#include <string.h>

#include "../core/xmalloc.h"

static void note(void *rt, const char *line) { report_note(rt, "%s", line); }

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
    /* the time the tables show: the metric when it is a run's time */
    const report_metric *time = rq->m->run_time ? rq->m : &report_metric_cpu;
    if (agg_build(&in->rs, cols, n_cols, in->limit_s, time, &out->t, d)) return -1;
    report_args a = {&out->t, rq->f,          rq->m,      rq->seed,
                     out->labels, out->n_labels, rq->baseline};
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
