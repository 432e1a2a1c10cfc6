/* results_merge.h - `searchlab merge`: one result file from the files of
 * the shards of one experiment.  The rows in the order of the files, a run
 * found in two files kept once (the first: results_dedup.h, as the
 * reports drop them); the context records of every file, each once, and
 * one record of the merge (context_merge).  An existing output is
 * extended, never replaced: its rows come first and stay.  Refused: files
 * of different experiments, an output that is one of the inputs (under
 * any name: same inode), an output that is no result file, and one that a
 * `run` or `merge` is writing (its writer lock, held for the whole merge).
 * Nothing here prints: warnings go to warn line by line. */
#ifndef SEARCHLAB_HARNESS_RESULTS_MERGE_H
#define SEARCHLAB_HARNESS_RESULTS_MERGE_H

#include <stddef.h>

#include "../core/diag.h"

/* What a merge returns besides 0: bad input (the caller exits 2) or a
 * failure to lock or write (exit 1); d says which file and why. */
enum { RESULTS_MERGE_BAD_INPUT = -1, RESULTS_MERGE_FAILED = -2 };

/* Merges the result files in[0..n) into out; command is the merge's
 * command line for its context record; warn(ctx, line), when not NULL,
 * hears of torn last lines and of runs found twice.  0 with *rows the
 * rows out holds, or RESULTS_MERGE_BAD_INPUT / RESULTS_MERGE_FAILED with d. */
int results_merge(const char *out, const char *const *in, size_t n, const char *command,
                  void (*warn)(void *ctx, const char *line), void *ctx, size_t *rows, diag *d);

#endif
