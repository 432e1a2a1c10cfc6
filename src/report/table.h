/* table.h - the one table model of the reports, and its writers: Markdown
 * (aligned), CSV (raw numbers), LaTeX (booktabs) and HTML (a sortable
 * <table>; report_html_page makes the page).  A table owns copies of its
 * cells.  Cells are plain text: each writer escapes what its format
 * needs (Markdown `|`, TeX `\ $ & % # _ { } ~ ^`, HTML `& < > "`), in
 * one function per writer, so no cell can break out of its table.
 */
#ifndef SEARCHLAB_REPORT_TABLE_H
#define SEARCHLAB_REPORT_TABLE_H

#include <stddef.h>
#include <stdio.h>

/* How cells are formatted: for people (md, tex, html: units, 3
 * significant digits) or for machines (csv: exact numbers). */
typedef enum report_format { REPORT_MD, REPORT_CSV, REPORT_TEX, REPORT_HTML } report_format;

typedef struct report_table {
    size_t ncols;
    char **head;  /* ncols names */
    char *right;  /* ncols flags: 1 = right-aligned (numbers) */
    char **cells; /* n cells, row-major */
    size_t n, cap;
    const char *caption; /* optional: printed above (md, html) or as a comment */
    char *note;          /* optional, owned: printed below (md, html; tex: last rows) */
    size_t footer;       /* the last `footer` rows are a summary (html: not sorted) */
} report_table;

void report_init(report_table *t);
void report_free(report_table *t);
/* Column names separated by tabs; a leading '>' right-aligns a column. */
void report_header(report_table *t, const char *spec);
/* Adds one row of n (== ncols) cells. */
void report_row(report_table *t, size_t n, ...);
void report_row_v(report_table *t, size_t n, const char *const *cells);
/* Appends a line to the note printed below the table (not in CSV). */
void report_note(report_table *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A writer: one per format, in one registry. */
typedef struct report_writer {
    const char *name; /* the --format value */
    report_format format;
    void (*print)(const report_table *t, FILE *out);
} report_writer;
extern const report_writer report_writer_md, report_writer_csv, report_writer_tex,
    report_writer_html;
extern const report_writer *const report_writers[]; /* NULL-terminated */
const report_writer *report_writer_find(const char *name);

/* The escapers, one per format (also for text outside tables). */
void report_tex_text(FILE *out, const char *s);
void report_html_text(FILE *out, const char *s);

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
/* The name of a test case: the instance file's base name without its
 * extension. */
void report_case_name(const char *path, char *buf, size_t size);

#endif
