/* html_report.h - what the HTML report holds, assembled: the table of a
 * report kind, then every figure of the plot kinds that fit the runs
 * (plot_fits; a pair kind on the experiment's first two strategies when
 * its context names them), the run context of each file and every run,
 * written as one page by html.c. */
#ifndef SEARCHLAB_REPORT_HTML_REPORT_H
#define SEARCHLAB_REPORT_HTML_REPORT_H

#include <stdio.h>

#include "aggregate.h"
#include "input.h"
#include "table.h"

/* Writes the page of in to out: the section "table" titled table_title
 * (the kind's name) holding main_table, the figures drawn from t (m: what
 * a scatter compares), the contexts and the runs.  A figure that gnuplot
 * fails to draw is left out and said to warn, one line each. */
void report_html_report(FILE *out, const report_input *in, const agg_table *t,
                        const char *table_title, const report_table *main_table,
                        const report_metric *m, report_say warn);

#endif
