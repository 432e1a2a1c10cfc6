/* report.h - tables for people and machines: Markdown (aligned), CSV (raw)
 * and LaTeX (booktabs), used by `searchlab report`.  A table owns copies
 * of its cells. */
#ifndef SEARCHLAB_CLI_REPORT_H
#define SEARCHLAB_CLI_REPORT_H

#include <stddef.h>
#include <stdio.h>

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

/* The time limit of the runs in the result file results, in seconds, for
 * PAR-2 and the unsolved border of figures: the value of --timeout when
 * given (flag non-NULL; checked), else what the run context beside the
 * results holds (harness/runlimit.h), else 0 (unknown).  Warns on stderr
 * (as "searchlab CMD: ...") when the context holds different limits.
 * Returns 0, or EXIT_BAD_INPUT after a message for a bad flag value. */
int report_limit(const char *cmd, const char *results, const char *flag, double *limit_s);
/* When the rows of rs (from the result file path) were measured under
 * different settings (run --resume-anyway), says so in a note under the
 * table rt (or on stderr when rt is NULL), naming what differs. */
void report_mix_note(const char *cmd, const char *path, const result_set *rs, report_table *rt);
/* Loads the result file at path for `report` or `plot` (cmd): says so on
 * stderr when its last line is torn (a run being written), refuses a file
 * without rows, and regroups the rows by the labels of group_by (NULL:
 * the specs as given; results_regroup).  Returns EXIT_DONE, or
 * EXIT_BAD_INPUT after a message. */
int report_load(const char *cmd, const char *path, const char *group_by, result_set *rs);

/* The name of a test case: the instance file's base name without its
 * extension. */
void report_case_name(const char *path, char *buf, size_t size);

#endif
