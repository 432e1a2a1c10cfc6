/* context.h - the record of every `run` invocation, beside its results as
 * RESULTS.context.jsonl (one JSON object per line, docs/driver.md lists
 * the members), and the settings check that keeps a resume from mixing
 * runs measured under other limits, another binary or another machine.
 *
 * Each result row names the invocation that recorded it (the `invocation`
 * column: the record's "id").  A record is written when its run starts
 * ("status": "running") and brought up to date when it ends ("complete",
 * "interrupted", "failed"), each time by rewriting the file (a temporary
 * file, fsync, rename): a crash leaves the old file or the new one.  A
 * run that was killed leaves its record "running"; the next writer (which
 * holds the lock, so no run can really be running) marks it "killed" and
 * counts its rows.  The file is only written by the holder of the result
 * file's lock (writelock.h).
 *
 * Older versions wrote one RESULTS.context.json per result file (a flat
 * object; `merge` wrote {"merged_by", "shards": [{"results", "context"}]}).
 * Such a file is read as one record per context it holds, with
 * "legacy": true; rows with an empty `invocation` belong to the legacy
 * records.  When a writer saves the records, the .context.jsonl replaces
 * the .context.json (every member is kept).
 */
#ifndef SEARCHLAB_HARNESS_CONTEXT_H
#define SEARCHLAB_HARNESS_CONTEXT_H

#include <stddef.h>

#include "../core/diag.h"
#include "experiment.h"
#include "json.h"
#include "results.h"

enum { CONTEXT_ID_MAX = 40 };

typedef struct context_ref {
    const char *id; /* ids[i] */
    size_t i;
} context_ref;

typedef struct context_file {
    json_object *recs;
    char **ids; /* the decoded "id" of each record */
    size_t n, cap;
    context_ref *order; /* the records sorted by id, for lookups */
    size_t order_cap;
    char *path;        /* RESULTS.context.jsonl */
    char *legacy_path; /* the RESULTS.context.json read instead (NULL: none) */
} context_file;

/* Reads the records of the result file csv_path: its .context.jsonl, or
 * else its legacy .context.json; neither is no record.  0, or -1 with d
 * naming FILE:LINE:COL on a malformed file. */
int context_load(const char *csv_path, context_file *cf, diag *d);
/* The same from a memory buffer in the .context.jsonl format (the fuzz
 * target); name is used in messages. */
int context_parse(const char *name, const char *buf, size_t len, context_file *cf, diag *d);
/* Writes every record to cf->path (temporary file, fsync, rename) and
 * removes the legacy file once it is replaced.  0, or -1 with d. */
int context_save(context_file *cf, diag *d);
void context_file_free(context_file *cf);
/* The record with this id, or NULL. */
json_object *context_find(const context_file *cf, const char *id);
/* Appends a deep copy of rec to cf (its id must be new). */
void context_add(context_file *cf, const json_object *rec);

/* The record of this invocation as it starts: a new id (UTC start time
 * and 32 random bits, e.g. 20261121T122410Z-1a2b3c4d, copied into id),
 * status "running", the experiment, the command, the binary (git commit
 * and dirty flag of the working tree, a hash of the executable, compiler,
 * build flags, Google Benchmark's library build type), the machine (host,
 * CPU model, cores, MHz, governor, kernel, load average), the limits and
 * other settings of e, the start time, the runs planned and already
 * recorded. */
void context_begin(json_object *rec, const experiment *e, const char *command, size_t planned,
                   size_t skipped, char id[CONTEXT_ID_MAX]);
/* Completes rec: status, end time, load average at the end, runs added. */
void context_end(json_object *rec, const char *status, size_t added);
/* The 1-minute load average at the start, from rec (-1 if unknown). */
double context_load_start(const json_object *rec);

/* Marks the records left "running" by a killed writer as "killed", with
 * the number of rows of `rows` that carry their id.  Returns how many. */
size_t context_repair(context_file *cf, const result_set *rows);

/* Compares the settings of the invocations behind `rows` with those of
 * `now` (a record from context_begin): the limits (timeout_s, memory_mib,
 * node_limit), the binary (binary_hash; when a record lacks it, git_commit
 * and build_flags) and the machine (host, cpu_model, cores).  A setting an
 * old record does not hold is not compared.  Returns 0 when they agree;
 * otherwise the number of settings that differ, with what[] (size bytes)
 * listing each as "KEY OLD (now NEW)" joined by "; " (the commit, dirty
 * flag and build flags are shown too when the binary differs); or -1 when
 * some rows come from invocations that no record describes (what[] says
 * which). */
int context_check(const context_file *cf, const result_set *rows, const json_object *now,
                  char *what, size_t size);

/* What the tables need to say about the invocations behind a set of rows
 * (the report side calls this). */
typedef struct context_mix {
    size_t invocations; /* distinct `invocation` values among the rows ("" counts as one) */
    size_t settings; /* distinct settings among those described (1: all alike; 0: none described) */
    size_t undescribed; /* invocations that no record describes */
    char differ[256];   /* when settings > 1: "timeout_s 10 / 5; ..." (else "") */
    double timeout_s;   /* the largest time limit of those records; 0: none recorded */
    int timeout_mixed;  /* 1 when their time limits differ */
    double load_max;    /* the highest 1-minute load average they recorded (start or end) */
    long cores;         /* the fewest cores they recorded; 0: none */
    /* the first two strategies of the experiment, in its order, from the
     * first record that lists them ("strategies"); "" when none does */
    char first[2][512];
} context_mix;
/* Fills m for the rows rs of the result file csv_path (reading its
 * context records, legacy ones included, without writing anything).
 * 0, or -1 with d when the context file is malformed. */
int context_mix_of(const char *csv_path, const result_set *rs, context_mix *m, diag *d);

/* Writes the records of a merged result file out_csv: every record of
 * every input's context (legacy ones converted), each id once, then one
 * record {"kind": "merge", "command", "inputs", "start"}.  Replaces a
 * legacy out .context.json.  0, or -1 with d. */
int context_merge(const char *out_csv, const char *command, const char *const *inputs, size_t n,
                  diag *d);

#endif
