/* report.h - tables for people and machines: Markdown (aligned), CSV (raw)
 * and LaTeX (booktabs), used by `searchlab report`.  A table owns copies
 * of its cells. */
#ifndef SEARCHLAB_CLI_REPORT_H
#define SEARCHLAB_CLI_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../harness/context.h"
#include "../harness/results.h"

typedef enum report_format { REPORT_MD, REPORT_CSV, REPORT_TEX } report_format;

typedef struct report_table {
    size_t ncols;
    char **head;  /* ncols names */
    char *right;  /* ncols flags: 1 = right-aligned (numbers) */
    char **cells; /* n cells, row-major */
    size_t n, cap;
    const char *caption; /* optional: printed above (md) or as a comment */
    char *note;          /* optional, owned: printed below (md; tex: a last row) */
} report_table;

void report_init(report_table *t);
void report_free(report_table *t);
/* Column names separated by tabs; a leading '>' right-aligns a column. */
void report_header(report_table *t, const char *spec);
/* Adds one row of n (== ncols) cells. */
void report_row(report_table *t, size_t n, ...);
void report_row_v(report_table *t, size_t n, const char *const *cells);
void report_print(const report_table *t, report_format f, FILE *out);
/* Appends a line to the note printed below the table (not in CSV). */
void report_note(report_table *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Cell formats: a duration in ns (units and 3 significant digits; whole
 * nanoseconds for CSV) and a count (grouped by thousands, medians of an
 * even number of counts rounded from 100 up; for CSV the number itself,
 * up to 3 decimals).  CSV numbers never use exponent notation. */
void report_time(report_format f, double ns, char *buf, size_t size);
void report_count(report_format f, double x, char *buf, size_t size);
/* x with 3 significant digits, trailing zeros kept (1.20, 12.0, 120). */
void report_sig3(double x, char *buf, size_t size);
/* x > 0 in fixed notation with at least sig significant digits (0.000690123,
 * 2272.73, 1500000000); "0" for 0. */
void report_fixed(double x, int sig, char *buf, size_t size);
/* Seconds in fixed notation to the nanosecond (1.500000000). */
void report_seconds(double s, char *buf, size_t size);

/* What `report` and `plot` read of a result file: its rows and what its
 * context records say of them (read once). */
typedef struct report_input {
    result_set rs;
    double limit_s;  /* for PAR-2 and the figures' unsolved border (0: unknown) */
    context_mix mix; /* all zero when the context could not be read */
} report_input;
/* Loads the result file at path for cmd (`report` or `plot`): the rows
 * (a torn last line is said on stderr, a file without rows refused,
 * regrouped by the labels of group_by: NULL keeps the specs as given;
 * results_regroup), then its context records once.  The limit is
 * timeout_flag when given (checked), else the largest the records of the
 * rows hold, with a warning when they differ.  Returns EXIT_DONE, or
 * EXIT_BAD_INPUT after a message; free in with report_input_free either
 * way. */
int report_load(const char *cmd, const char *path, const char *group_by, const char *timeout_flag,
                report_input *in);
void report_input_free(report_input *in);
/* When the rows were measured under different settings (run
 * --resume-anyway), says so in a note under the table rt (or on stderr
 * when rt is NULL), naming what differs. */
void report_mix_note(const char *cmd, const char *path, const context_mix *m, report_table *rt);

/* The name of a test case: the instance file's base name without its
 * extension. */
void report_case_name(const char *path, char *buf, size_t size);

#endif
