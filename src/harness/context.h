/* context.h - the run context of an experiment (git commit, compiler and
 * flags, CPU model, cores, date, host, the exact command), written once
 * as JSON beside its results: RESULTS.context.json. */
#ifndef SEARCHLAB_HARNESS_CONTEXT_H
#define SEARCHLAB_HARNESS_CONTEXT_H

#include "../core/diag.h"
#include "experiment.h"

/* Writes the context file of e->out unless it exists.  0, or -1 with d. */
int context_write(const experiment *e, const char *command, diag *d);

/* Writes the context file of a merged result file out_csv: the command
 * and, for each input, its path and the text of its own context file
 * (a JSON string; null when it has none), so that the shards' machines,
 * commits and limits travel with the merged results.  0, or -1 with d. */
int context_merge(const char *out_csv, const char *command, const char *const *inputs, size_t n,
                  diag *d);

#endif
