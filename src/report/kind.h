/* kind.h - the tables of `searchlab report`: one registry of report
 * kinds, one file per table (table_course.c, table_compare.c,
 * table_scaling.c, table_files.c).  A kind fills a report_table from
 * grouped rows; the writers (table.h) print it in any format.
 */
#ifndef SEARCHLAB_REPORT_KIND_H
#define SEARCHLAB_REPORT_KIND_H

#include <stdint.h>

#include "aggregate.h"
#include "table.h"

typedef struct report_args {
    const agg_table *t;
    report_format f;
    const report_metric *m;    /* what compare and files compare (t->time when a duration) */
    uint64_t seed;             /* the bootstrap's */
    const char *const *labels; /* several files: their labels (each column is "LABEL: SPEC") */
    size_t n_labels;
    const char *baseline; /* --baseline: the strategy (spec) every column is compared with;
                           * NULL: compare's first column, files' same strategy of the
                           * first file (else the first file's first column) */
} report_args;
/* The column of t whose strategy is a->baseline (several files: "LABEL:
 * SPEC" with SPEC the baseline, the first file that has it first), or
 * (size_t)-1. */
size_t report_baseline_column(const report_args *a);

typedef struct report_kind {
    const char *name; /* the --table value */
    const char *doc;  /* --help: what the table shows (lines of at most 74 columns) */
    /* What the kind can do, declared here rather than known by its
     * callers (as plot kinds declare theirs, plot.h): files, 1 when it
     * compares result files (the default when several are given; `report`
     * refuses it for one file); baseline, 1 when it compares its columns
     * with a baseline column, which `--baseline NAME` picks (`report`
     * refuses the flag for a kind without one). */
    int files, baseline;
    void (*build)(const report_args *a, report_table *rt);
} report_kind;

extern const report_kind report_kind_course, report_kind_compare, report_kind_scaling,
    report_kind_files;
extern const report_kind *const report_kinds[]; /* NULL-terminated */
const report_kind *report_kind_find(const char *name);

/* ---- shared by the kinds ---- */

/* The bootstrap: resamples per interval, and the confidence level. */
enum { REPORT_BOOT_B = 4000 };
#define REPORT_BOOT_LEVEL 0.95
extern const char report_dagger[]; /* "†": a median over fewer than all runs */

/* "k/n" solved runs. */
void report_solved_cell(size_t k, size_t n, char *buf, size_t size);
/* PAR-2 seconds: with units for people, fixed seconds for CSV; "-" or ""
 * when unknown. */
void report_par2_cell(report_format f, double s, char *buf, size_t size);
/* The note on PAR-2 (and the limit it charges). */
void report_note_par2(report_table *rt, const agg_table *t);
/* An optimisation's cells of group g (table_course.c): best value,
 * proven runs, median time to the best. */
void report_objective_cells(report_format f, const agg_group *g, char *obj, char *proven,
                            char *to_best, size_t size);
/* The note on what Solved, Total Time, Objective and Time to Best mean
 * for an optimisation. */
void report_note_objective(report_table *rt);
/* The caption line naming the table's time metric. */
void report_caption_time(const report_args *a, report_table *rt);
/* The name of the failure of a group none of whose runs was solved. */
const char *report_failure_name(const agg_group *g);

/* The comparison behind compare and files: column s against column
 * base[s] (base[s] == s: s is a baseline; (size_t)-1: no baseline). */
void report_compare_columns(const report_args *a, const size_t *base, report_table *rt);

/* The columns of the files table: for each spec (only[0..n_only), else
 * every spec of rs alphabetically), "LABEL: SPEC" for each label in
 * order, where rs has rows of it.  *n_out columns; free with
 * report_files_columns_free. */
char **report_files_columns(const result_set *rs, const char *const *labels, size_t n_labels,
                            const char *const *only, size_t n_only, size_t *n_out);
void report_files_columns_free(char **cols, size_t n);

#endif
