/* results.h - the result file of an experiment: one row per run, as CSV
 * (the file of record) and as JSON lines beside it (RESULTS.jsonl).
 *
 * Columns, in order (docs/driver.md documents each one):
 *   experiment, instance, instance_hash, puzzle, size, strategy, <every
 *   label of run_label_names(), from the key tables: model, alldiff,
 *   queue, var, val, ...>, rep, seed, status, <every counter of
 *   STATS_LIST, by its stats_names[] name>, wall_s, cpu_s, peak_rss_kib,
 *   signal, note, invocation, sense, objective, anytime
 * The label and counter columns are generated from their tables; nothing
 * here names a label or a counter.  Optional on read (files written before
 * they existed): the labels (""), the counters (0), `invocation`, `sense`,
 * `objective` and `anytime` ("");
 * a file in an older layout is rewritten in the current one before `run`
 * appends to it.
 *
 * Crash safety: a row is written with one write() and fsync()ed before
 * the next run is recorded, so a killed driver leaves at most one torn
 * last line (no '\n' at its end).  The reader ignores a torn last line (and
 * one blank last line, an editor's) and says where the valid part ends, so that the writer can cut
 * it off before appending.  Ownership: a result_row owns its strings (xmalloc'd, never NULL); a
 * result_set owns its rows.
 */
#ifndef SEARCHLAB_HARNESS_RESULTS_H
#define SEARCHLAB_HARNESS_RESULTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../core/stats.h"
#include "../core/status.h"
#include "../solve/family.h"
#include "results_path.h"

typedef struct result_row {
    char *experiment, *instance, *instance_hash, *puzzle;
    long size;
    char *strategy; /* the spec as given: the run's label in reports */
    run_labels lab; /* what the spec resolved to (lab.strategy is not a column) */
    long rep;
    uint64_t seed;
    run_status status;
    stats st;
    double wall_s, cpu_s;
    uint64_t peak_rss_kib;
    char *signal, *note; /* signal name of a crash ("" if none); free text */
    char *invocation;    /* id of the `run` that recorded it ("" in older files) */
    /* An optimisation's run (all "" otherwise, and in older files): the
     * direction ("min", "max"), the best value found ("" when none) and
     * every better value with its CPU seconds, "S:V S:V ..." (see
     * result_row_anytime). */
    char *sense, *objective, *anytime;
} result_row;

/* The objective of r: 0 when r has none (no objective, or no solution),
 * else +1 (min) or -1 (max) with the best value in *value. */
int result_row_objective(const result_row *r, int64_t *value);
/* r's anytime points (xmalloc'd, FREEN(*pts, *n) when *n > 0; NULL and 0
 * when none). */
typedef struct result_point {
    double seconds;
    int64_t value;
} result_point;
void result_row_anytime(const result_row *r, result_point **pts, size_t *n);
/* Sets the three objective fields of r from a direction (0: none), a best
 * value and points (seconds, values, n of them).  Keeps at most
 * RESULT_ANYTIME_MAX points: the first and the last always, and those
 * between evenly thinned (a curve over time, the best never lost). */
enum { RESULT_ANYTIME_MAX = 128 };
void result_row_set_objective(result_row *r, int sense, int64_t best, const double *seconds,
                              const int64_t *values, size_t n);

/* Sets every string of r to a copy of "" and every number to 0. */
void result_row_init(result_row *r);
/* Replaces *field by a copy of value (NULL counts as ""); newlines and
 * other control characters are turned into spaces, so that a row is always
 * one line. */
void result_row_set(char **field, const char *value);
void result_row_free(result_row *r);
/* A deep copy of src into dst. */
void result_row_copy(result_row *dst, const result_row *src);

/* The identity of a run, used by resume and merge: instance, strategy and
 * rep, joined by 0x1f, each control character of a name a space as in the
 * file (result_row_set), so that a row read back keys as its run does.  The caller frees it with
 * xstrfree. */
char *result_row_key(const result_row *r);

typedef struct result_set {
    result_row *rows;
    size_t n, cap;
    size_t valid_len; /* bytes of the input up to the end of the last complete line */
    int torn;         /* 1 if a torn last line was ignored */
    int has_header;
    int header_current; /* the header is the current layout (no column missing, same order) */
} result_set;

void result_set_free(result_set *rs);
/* Regroups rs for reports: each row's strategy becomes the values of the
 * comma-separated labels in by ("queue" -> "queue=dom", "queue,var" ->
 * "queue=dom,var=lex"; an empty label reads "-"), so that every table and
 * figure pools the runs that share them.  by "strategy" (or NULL) keeps
 * the specs as given.  -1 with d on a name that is no label. */
int results_regroup(result_set *rs, const char *by, diag *d);
/* Appends a deep copy of r. */
void result_set_add(result_set *rs, const result_row *r);

/* Parses a CSV result file held in memory (len bytes, any content: this is
 * the function the fuzz target calls).  name is used in messages.  Rows
 * are added to rs.  Returns 0, or -1 with d naming name:line:col and what
 * was expected.  An empty input is valid (no header, no rows). */
int results_parse(const char *name, const char *buf, size_t len, result_set *rs, diag *d);
/* The largest result file read (1 GiB: some two million rows); anything
 * larger, and anything that is not a regular file or a pipe (/dev/zero),
 * is refused before it fills the memory. */
#define RESULTS_MAX_BYTES ((size_t)1 << 30)
/* Reads the file at path whole and parses it; a missing file is an error
 * unless missing_ok (then rs stays empty). */
int results_load(const char *path, int missing_ok, result_set *rs, diag *d);

/* Writers: the CSV header line, one CSV line, one JSON line (each ends in
 * '\n'). */
void results_write_header(FILE *out);
/* One line per column: its name and what it holds (`run --columns`). */
void results_write_columns(FILE *out);
void results_write_csv(const result_row *r, FILE *out);
void results_write_json(const result_row *r, FILE *out);

/* ---- the append-only writer used by `run` ------------------------------- */

typedef struct results_file results_file;
typedef struct writelock writelock; /* writelock.h */

/* -1 with d (naming path) when a row of done belongs to another
 * experiment than `experiment`. */
int results_check_experiment(const char *path, const result_set *done, const char *experiment,
                             diag *d);

/* -1 with d when the file at path is not one that results_open_loaded may
 * repair and append to: it exists, holds no complete line (done has no
 * header) and its bytes are not the start of the result header.  Only a
 * result file is ever cut or rewritten; anything else is left as it is. */
int results_check_ours(const char *path, const result_set *done, diag *d);

/* What results_open_loaded repaired. */
typedef struct results_repair {
    size_t torn_bytes; /* bytes of a torn last line cut off (0: none) */
    int relayout;      /* the file was in an older layout and was rewritten */
} results_repair;

/* Opens (creating if needed) the CSV at path for appending, and its
 * JSON-lines twin (path with .csv replaced by .jsonl, or with .jsonl
 * added); done holds what results_load read from path (the caller has
 * checked it).  A torn last line is cut off; a file in an older layout is
 * rewritten in the current one (temporary file and rename); the
 * JSON-lines file is rewritten from the CSV, so both hold the same rows.
 * rep (may be NULL) says what was repaired.  NULL with d on an error. */
results_file *results_open_loaded(const char *path, const result_set *done, writelock *lock,
                                  results_repair *rep, diag *d);
/* results_load + results_check_experiment + results_open_loaded. */
results_file *results_open(const char *path, const char *experiment, result_set *done, diag *d);
/* Appends r to both files and fsyncs them.  Returns 0, or -1 with d. */
int results_append(results_file *f, const result_row *r, diag *d);
void results_close(results_file *f);

/* The whole file at path, NUL-terminated (owned: xfree(buf, *len + 1)).
 * NULL with errno when it cannot be read (EFBIG when larger than max
 * bytes; max 0: no limit). */
char *results_read_file(const char *path, size_t max, size_t *len);
/* Replaces the file at path by the len bytes of buf: written to a
 * temporary file with one write and one fsync, then renamed over path,
 * so a reader or a crash sees the old file or the new one, never a mix.
 * With lock (the file's writer lock, else NULL) the new file is locked
 * before it takes the name.
 * 0, or -1 with errno. */
int results_replace_bytes(const char *path, const char *buf, size_t len, writelock *lock);
/* Writes the rows of rs to path_csv and its .jsonl twin, replacing them
 * (written to a temporary file, fsynced and renamed).  0 or -1 with d. */
int results_write_all(const char *path_csv, const result_set *rs, writelock *lock, diag *d);

#endif
