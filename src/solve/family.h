/* family.h - the one home of the strategy spec: the families of
 * strategies, the typed spec a text parses into, and the labels a run
 * carries.
 *
 * A family is a kind of solver: the CSP engine (bt, fc, gac), the
 * puzzles' own searches (the convict's route searches) and outside
 * solvers (minizinc).  Each declares its keys in one table (core/spec.h),
 * which drives parsing, the messages, `searchlab list`, `solve --help` and
 * the labels.  spec_parse() is the only place a spec text is read.
 */
#ifndef SEARCHLAB_SOLVE_FAMILY_H
#define SEARCHLAB_SOLVE_FAMILY_H

#include <stddef.h>

#include "../core/spec.h"
#include "../puzzles/puzzle.h"

/* ---- labels -------------------------------------------------------------- */

/* The labels of a run: one per key name of the key tables, each the
 * value of the key of that name when the strategy takes it, else "" (null
 * in JSON).  They are the label fields of solve results and result rows,
 * the CSV/JSON columns after `strategy`, and what `report --group-by` can
 * group on.  Their names are computed from the tables, so a new key in a
 * table is a new label with no other edit.  The order is fixed: the CSP
 * puzzles' model keys (puzzle_model_keys: model, alldiff), then every
 * family's tables in registry order (spec_families; each family's
 * strategies in order, for no puzzle; each table's rows in order), a name
 * seen before not repeated.  Today: model, alldiff, queue, var, val,
 * support, timing, restart, lc, phase, domain (csp), order, cut (the convict's
 * searches), solver (minizinc).  Result files map their columns by name,
 * so files written before a label existed still load (an older layout is
 * rewritten before `run` appends). */
enum { RUN_LABELS_MAX = 24, RUN_LABEL_MAX = 48 };
typedef struct run_labels {
    char strategy[SPEC_NAME_MAX]; /* the strategy's name (bt, gac, smart, minizinc, ...) */
    char value[RUN_LABELS_MAX][RUN_LABEL_MAX]; /* label i: run_label_names()[i] */
} run_labels;

/* The label names in their order, NULL-terminated (computed on the first
 * call; more than RUN_LABELS_MAX names abort: raise it). */
const char *const *run_label_names(void);
int run_labels_n(void);
/* The index of label name, or -1. */
int run_label_index(const char *name);
/* The field of label i (0 <= i < run_labels_n()). */
char *run_label_at(run_labels *l, int i);
const char *run_label_get(const run_labels *l, int i);

/* ---- the typed spec ------------------------------------------------------ */

typedef struct spec_family spec_family;

/* The typed options of the CSP family and of the outside solvers. */
typedef struct csp_spec {
    csp_config cfg;
    puzzle_model model; /* what build() is asked for: the puzzle's model keys */
} csp_spec;
typedef struct mzn_spec {
    char solver[64];
    char model[1024]; /* the .mzn file */
} mzn_spec;

/* A spec parsed for one puzzle.  The key offsets of the family's table
 * point into u (each family's struct starts at offset 0 of the union). */
typedef struct strategy_spec {
    const spec_family *family;
    const char *name;     /* the strategy's name */
    const spec_key *keys; /* its key table */
    const puzzle *pz;     /* the context of the keys (a puzzle's models) */
    unsigned given;       /* bit k: key k of keys was written in the text */
    union {
        csp_spec csp;
        union {
            max_align_t align_;
            unsigned char bytes[PUZZLE_OPTS_MAX];
        } own; /* the search's own options struct */
        mzn_spec mzn;
    } u;
} strategy_spec;

/* The context of one solve, passed to a family's solve(). */
typedef struct family_run {
    const csp_limits *lim;
    uint64_t max_solutions;         /* with lim->all: stop after this many (0: no cap) */
    puzzle_on_solution on_solution; /* every solution, as a vector; 0 stops */
    void *ctx;
    stats *st; /* counters go here */
    const char *path; /* the instance's file (NULL: unknown; outside commands need it) */
    char *why;        /* the run's note (why it is wrong, refused, crashed), why_size bytes */
    size_t why_size;
} family_run;

struct spec_family {
    const char *name, *summary;
    /* Strategy i of the family for puzzle pz (NULL: for any puzzle, as
     * `list` shows them), and its summary; NULL after the last. */
    const char *(*strategy)(const puzzle *pz, int i, const char **summary);
    /* The key table of strategy `name` (pz may be NULL for `list`). */
    const spec_key *(*keys)(const puzzle *pz, const char *name);
    /* Optional: NULL when the family can run for pz here, else why not
     * (not installed, no model for this puzzle). */
    const char *(*unavailable)(const puzzle *pz, char *buf, size_t size);
    /* Optional: the preset of strategy `name` ("key=value,...", applied
     * after the defaults and before the spec's own items). */
    const char *(*preset)(const puzzle *pz, const char *name);
    int reports_nodes; /* 1: its searches tell csp_limits.hook of every node */
    /* Solves inst: reports solutions through r, returns a run_status
     * (solved, unsat, timeout, node-limit), or -1 with d. */
    int (*solve)(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d);
};

/* The families, NULL-terminated: csp, own, outside (minizinc),
 * outside-command (the solver files, outside.c). */
extern const spec_family *const spec_families[];

/* Parses text (NULL: the puzzle's default spec) for puzzle pz into s.
 * Every error names what is wrong and what is allowed: an unknown
 * strategy (the ones pz offers), a key the strategy does not take (the
 * ones it does), a key given twice, an unknown value (the allowed ones).
 * 0, or -1 with d. */
int spec_parse(const char *text, const puzzle *pz, strategy_spec *s, diag *d);
/* What a CSP-family spec says the engine should build and search: the
 * model (index, all-different level) and the configuration, strategy
 * included.  For callers that drive csp_solve themselves (tests that
 * collect every solution). */
void spec_csp_setup(const strategy_spec *s, csp_config *cfg, puzzle_model *m);
/* The labels of s. */
void spec_labels(const strategy_spec *s, run_labels *l);
/* 1 if name is a key of some family, that is a label (for `--KEY VALUE`
 * shorthands). */
int spec_is_key(const char *name);

#endif
