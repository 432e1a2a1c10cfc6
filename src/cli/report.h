/* report.h - tables for people and machines: Markdown (aligned), CSV (raw)
 * and LaTeX (booktabs), used by `searchlab report`.  A table owns copies
 * of its cells. */
#ifndef SEARCHLAB_CLI_REPORT_H
#define SEARCHLAB_CLI_REPORT_H

#include <stddef.h>
#include <stdio.h>

typedef enum report_format { REPORT_MD, REPORT_CSV, REPORT_TEX } report_format;

typedef struct report_table {
    size_t ncols;
    char **head;  /* ncols names */
    char *right;  /* ncols flags: 1 = right-aligned (numbers) */
    char **cells; /* n cells, row-major */
    size_t n, cap;
    const char *caption; /* optional: printed above (md) or as a comment */
} report_table;

void report_init(report_table *t);
void report_free(report_table *t);
/* Column names separated by tabs; a leading '>' right-aligns a column. */
void report_header(report_table *t, const char *spec);
/* Adds one row of n (== ncols) cells. */
void report_row(report_table *t, size_t n, ...);
void report_row_v(report_table *t, size_t n, const char *const *cells);
void report_print(const report_table *t, report_format f, FILE *out);

/* Cell formats: a duration in ns (units and 3 significant digits; raw for
 * CSV) and a count (grouped by thousands, medians of an even number of
 * counts rounded from 100 up; raw for CSV). */
void report_time(report_format f, double ns, char *buf, size_t size);
void report_count(report_format f, double x, char *buf, size_t size);
/* x with 3 significant digits, trailing zeros kept (1.20, 12.0, 120). */
void report_sig3(double x, char *buf, size_t size);

/* The name of a test case: the instance file's base name without its
 * extension. */
void report_case_name(const char *path, char *buf, size_t size);

#endif
