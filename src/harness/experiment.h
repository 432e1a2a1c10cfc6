/* experiment.h - what an experiment is (instance sets x strategy specs x
 * repetitions, with limits), read from an experiment file and/or set key
 * by key from command-line flags.
 *
 * The experiment file (docs/driver.md): plain text, `#` comments, one
 * `KEY VALUE...` per line.  Keys: experiment, puzzle, instances (several
 * values, repeatable), strategy (several values, repeatable), solver
 * (solver files, repeatable), reps,
 * timeout, wall-timeout, pin, memory, node-limit, seed, jobs, warmup, shard,
 * out, gen-cache.
 * A scalar key given twice in a file is an error; a flag given after the
 * file overrides it (lists: adds to it).  Every value keeps where it came
 * from ("FILE:LINE:COL" or "--flag") so that later errors (an unknown
 * puzzle, a bad strategy spec) can point at it.
 */
#ifndef SEARCHLAB_HARNESS_EXPERIMENT_H
#define SEARCHLAB_HARNESS_EXPERIMENT_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"

typedef struct strlist {
    char **items;
    char **where; /* "FILE:LINE:COL" or "--flag", one per item */
    size_t n, cap;
} strlist;

typedef struct experiment {
    char *name;   /* NULL: derived (file's base name, or "cli") */
    char *puzzle; /* NULL: not given */
    char *puzzle_where;
    strlist instances; /* paths, folders, globs, gen:... specs */
    strlist strategies;
    strlist solvers; /* solver files (src/solve/solver_file.h); the CLI loads them */
    long reps;
    double timeout_s;      /* per run, CPU time (of the run's whole process tree) */
    double wall_timeout_s; /* the wall-clock safety net; 0: isolate_wall_net(timeout) */
    int pin;               /* 1: each run on one core (its --jobs slot's) */
    uint64_t memory_mib;   /* per run; 0: none */
    uint64_t node_limit;   /* 0: none */
    uint64_t seed;         /* run order (and generator default) */
    long jobs;
    long warmup;
    long shard_k, shard_n;
    char *out;             /* NULL: results/NAME.csv */
    char *gen_cache;
    char *source;          /* the experiment file, or NULL */
    int mzn;               /* 1: `puzzle mzn` was given: instances are MiniZinc (model, data)
                            * pairs (harness/mznset.h), compiled at planning and run as the
                            * fzn puzzle's instances; experiment_finish sets puzzle to fzn */
    int line_of_[24];      /* the parser's: line where each scalar key was set */
} experiment;

/* Every field at its key's default (the rows of experiment_keys: reps,
 * timeout, memory, seed, jobs, warmup, shard, gen-cache, ...; the
 * others empty). */
void experiment_init(experiment *e);
void experiment_free(experiment *e);

/* Reads an experiment file into e.  0, or -1 with d (FILE:LINE:COL). */
int experiment_load(experiment *e, const char *path, diag *d);
/* The same from text in memory (name used in messages). */
int experiment_parse(experiment *e, const char *name, const char *text, size_t len, diag *d);
/* Sets KEY to VALUE as if read at `where` (e.g. "--reps"); lists add.
 * 0, or -1 with d ("WHERE: expected ..."). */
int experiment_set(experiment *e, const char *key, const char *value, const char *where, diag *d);
/* 1 if key is an experiment key. */
int experiment_is_key(const char *key);
/* The keys (core/spec.h rows, NULL-terminated): the experiment file's and
 * `run`'s flags (--KEY), with their ranges, defaults and docs. */
struct spec_key;
const struct spec_key *experiment_keys(void);
/* Fills in the derived defaults (name, out); call once everything is set.
 * -1 with d when something required is missing. */
int experiment_finish(experiment *e, diag *d);

void strlist_add(strlist *l, const char *item, const char *where);
void strlist_free(strlist *l);

#endif
