/* html.h - the HTML report: one self-contained page (CSS, script and SVG
 * figures inline; nothing loaded from the network) with the tables
 * (sortable by a click on a column head, filterable by a search box),
 * the figures, the run context of every file and every run.
 *
 * The page's script also reads its address's fragment, so a view can be
 * linked (and tested in a headless browser): #sort=SECTION:COLUMN:asc|desc
 * sorts the table of section SECTION by its column COLUMN (0-based), and
 * &filter=SECTION:TEXT shows only its rows holding TEXT.  When the script
 * has run, <body> carries data-ready="1" and a sorted table
 * data-sorted="COLUMN:asc|desc".
 */
#ifndef SEARCHLAB_REPORT_HTML_H
#define SEARCHLAB_REPORT_HTML_H

#include <stdio.h>

#include "../harness/results.h"
#include "table.h"

typedef struct report_html_section {
    const char *id, *title;     /* id: letters, digits, - and _ */
    const report_table *table;  /* a table, or NULL */
    const char *svg, *svg_note; /* a figure (an <svg> document), or NULL */
} report_html_section;

/* Writes the page: a title, then the sections in order. */
void report_html_page(FILE *out, const char *title, const report_html_section *s, size_t n);

/* Every run of rs as a table: instance, strategy, rep, status, CPU and
 * wall time, nodes, peak memory, note, invocation (for the page's "runs"
 * section; cells for people), ordered by instance, strategy and rep. */
void report_runs_table(const result_set *rs, report_table *rt);
/* The run context: one row per record of the context file of the result
 * file csv_path (machine, commit, limits, measurement, load); 0, or -1
 * when the records cannot be read (the table is then empty). */
int report_context_table(const char *csv_path, report_table *rt);

#endif
