/* request.h - the table that `searchlab report` is asked for, made from
 * the loaded input: the columns (each file's runs side by side, or the
 * strategies asked for), the groups under the table's time metric, the
 * baseline checked, the kind's table and the notes about the input under
 * it.  The CLI parses the flags into a report_request and prints what
 * comes back with the writer it chose (the HTML page: html_report.h). */
#ifndef SEARCHLAB_REPORT_REQUEST_H
#define SEARCHLAB_REPORT_REQUEST_H

#include <stdint.h>

#include "aggregate.h"
#include "input.h"
#include "kind.h"
#include "table.h"

typedef struct report_request {
    const report_kind *kind;
    report_format f;
    const report_metric *m;   /* --metric; the tables' time is m when a run's time, else cpu */
    uint64_t seed;            /* the bootstrap's */
    const char *const *only;  /* --strategy: picks and orders the strategies (n_only > 0) */
    size_t n_only;
    const char *baseline;     /* --baseline NAME, or NULL */
} report_request;

typedef struct report_made {
    agg_table t;       /* the groups the table and the figures are drawn from */
    report_table rt;   /* the kind's table, with the input's notes (not for CSV) */
    char **cols;       /* several files: the columns "LABEL: SPEC" (owned) */
    size_t n_cols;
    const char **labels; /* several files: their labels, in order (owned array) */
    size_t n_labels;
} report_made;

/* Makes rq's table of in into out (zeroed first).  0, or -1 with d: no run
 * of the strategies asked for, a --strategy without rows, a --baseline
 * that no column has.  Free out with report_made_free either way. */
int report_make(const report_input *in, const report_request *rq, report_made *out, diag *d);
void report_made_free(report_made *out);

#endif
