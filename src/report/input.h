/* input.h - what `report` and `plot` read: one or several result files,
 * each file's rows, what its context records say of them, read once.
 *
 * Several files (`report A.csv B.csv`): every row's strategy becomes
 * "LABEL: strategy" (LABEL: the file's --label, else its base name without
 * .csv, else its path when two base names are the same), so that each
 * file's runs form their own columns; report_input.files keeps the labels
 * in the order given.
 *
 * Duplicates: a second row with the same (instance, strategy, rep) within
 * one file (two writers through two names of one file, a merge of
 * overlapping shards) is not a repetition: the first is kept, the others
 * dropped (harness/results_dedup.h, as `merge` does) and counted, and the
 * tables say so under them.  A claimed optimum worse than another run's
 * verified solution is turned to wrong (harness/results_optima.h).
 *
 * Nothing here prints: errors come back in a diag, warnings and notes go
 * to the caller's report_say, one line each (the CLI prefixes and prints
 * them, or puts them under a table).
 */
#ifndef SEARCHLAB_REPORT_INPUT_H
#define SEARCHLAB_REPORT_INPUT_H

#include "../core/diag.h"
#include "../harness/context.h"
#include "../harness/results.h"

/* Where a line for people goes: fn(ctx, line), line without a newline. */
typedef struct report_say {
    void (*fn)(void *ctx, const char *line);
    void *ctx;
} report_say;

typedef struct report_file {
    const char *path, *label; /* the caller's / owned by report_input */
    context_mix mix;          /* all zero when the context could not be read */
    size_t rows, duplicates;  /* rows kept; rows dropped as duplicates */
} report_file;

typedef struct report_input {
    result_set rs;  /* the rows of every file */
    double limit_s; /* for PAR-2 and the figures' unsolved border (0: unknown) */
    report_file *files;
    size_t n_files;
} report_input;

/* Loads the result files paths[0..n) (kept by the caller while in lives):
 * labels (NULL, or n_labels <= n labels for the first files), the rows (a
 * torn last line warned of, a file without rows refused, regrouped by the
 * labels of group_by: NULL keeps the specs as given), then the context
 * records of each once.  The limit is timeout_s when >= 0 (the caller's
 * --timeout), else the largest the records hold, with a warning when they
 * differ.  0, or -1 with d (a message for the flag or file:line); free in
 * with report_input_free either way. */
int report_input_load(const char *const *paths, size_t n, const char *const *labels,
                      size_t n_labels, const char *group_by, double timeout_s, report_say warn,
                      report_input *in, diag *d);
void report_input_free(report_input *in);
/* The experiment's first two strategies (its context records' order), when
 * the rows have both: 1 with pair[0..1] pointing into in; else 0 (no record
 * names them, several files, or grouped rows). */
int report_experiment_pair(const report_input *in, const char *pair[2]);
/* The notes every table carries about its input, one line each to say:
 * rows measured under different settings (run --resume-anyway),
 * duplicates dropped, and a machine loaded above its cores while the runs
 * were measured. */
void report_input_notes(const report_input *in, report_say say);

#endif
