/* puzzle.h - the one interface every puzzle module implements, and the
 * registry of puzzles.  Solving one with a strategy spec is the solve
 * layer's job (src/solve/solve.h), so that the CLI and the driver never
 * know which puzzle or strategy runs.
 *
 * A solution is a vector of ints whose meaning each puzzle documents
 * (futoshiki: the n*n digits row by row; museum: the wall vector; aquarium:
 * one 0/1 per cell row by row; convict: the route as cell indices
 * r*cols+c).  Verifiers check the puzzle's rules on that vector directly
 * from the instance, never through the CSP model that produced it.
 */
#ifndef SEARCHLAB_PUZZLES_PUZZLE_H
#define SEARCHLAB_PUZZLES_PUZZLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../core/lexer.h"
#include "../core/spec.h"
#include "../core/stats.h"
#include "../csp/alldiff.h"
#include "../csp/solver.h"

/* Own-search strategies (puzzles that are not CSPs, like the convict's
 * route).  Their options are declared by a key table (core/spec.h) whose
 * offsets point into a struct of opts_size bytes (at most
 * PUZZLE_OPTS_MAX); a strategy starts from the keys' defaults, then its
 * preset ("key=value,..."), then the spec's own options.  run() reports
 * each solution through cb (return 0 to stop), counts into st and returns
 * a run_status (solved, unsat, timeout or node-limit). */
typedef int (*puzzle_on_solution)(void *ctx, const int *sol, size_t n);
enum { PUZZLE_OPTS_MAX = 64 };
typedef struct puzzle_search {
    const char *name, *summary;
    const spec_key *keys; /* NULL: no options */
    const char *preset;   /* NULL or "key=value,..." */
    int (*run)(const void *inst, const void *opts, const csp_limits *lim, puzzle_on_solution cb,
               void *ctx, stats *st);
} puzzle_search;

/* What a CSP puzzle's build() is asked for: the model (an index in
 * puzzle_models()) and the level at which it posts its all-different
 * groups (through csp_post_alldiff*).  The zero value is the first model with pairwise
 * groups: the course's model.  Front ends that post groups (XCSP3's
 * allDifferent) read the same struct.  A spec fills it through the model
 * keys below, so a CSP strategy hands it to build() as parsed. */
typedef struct puzzle_model {
    int index;
    int alldiff; /* enum csp_alldiff (an int: a key of names writes an int) */
} puzzle_model;

/* The model keys of the CSP puzzles (core/spec.h rows; ctx: the puzzle):
 * `model` (index: one of puzzle_models(pz)) and `alldiff` (its level:
 * csp_alldiff_names; it applies only to puzzles with alldiff_groups, so
 * for the others a run's alldiff label stays empty).
 * PUZZLE_MODEL_KEYS(base) is their rows for a typed struct that holds a
 * puzzle_model at offset base: a family of CSP strategies puts them in its
 * own key table (src/solve/csp_family.c), whose spec then carries the
 * puzzle_model that build() takes.  puzzle_model_keys is the same rows at
 * base 0, NULL-terminated: the table of record (labels, checks). */
#define PUZZLE_MODEL_KEYS(base)                                                                    \
    {.name = "model",                                                                              \
     .doc = "the puzzle's CSP model (searchlab list: puzzles)",                                    \
     .names_of = puzzle_models_of,                                                                 \
     .form = "a model of the puzzle",                                                              \
     .offset = (base) + offsetof(puzzle_model, index)},                                            \
    {                                                                                              \
        .name = "alldiff",                                                                         \
        .doc = "consistency level of the model's all-different groups (puzzles that have "         \
               "them: searchlab list: puzzles; refused for a model without any)",                  \
        .names = csp_alldiff_names, .offset = (base) + offsetof(puzzle_model, alldiff),            \
        .def = "pairwise", .applies = puzzle_has_groups                                            \
    }
extern const spec_key puzzle_model_keys[];
const char *const *puzzle_models_of(const void *pz); /* puzzle_models(pz); NULL for no puzzle */
int puzzle_has_groups(const void *pz);               /* 1 for no puzzle (`list`) */

/* What `searchlab gen` asks a generator for. */
typedef struct puzzle_gen {
    int size; /* n (square boards) or rows */
    int cols; /* 0: same as size */
    uint64_t seed;
    double density;  /* puzzle-specific: givens, walls, ... (< 0: default) */
    double density2; /* puzzle-specific second density (< 0: default) */
    int minimal;     /* 1: remove clues while the solution stays unique (futoshiki) */
} puzzle_gen;

typedef struct puzzle {
    const char *name, *ext, *summary;
    /* The strategy spec used when none is given (solve, run); NULL: "gac"
     * for CSP puzzles, the first own search otherwise.  Read it through
     * puzzle_default_spec(). */
    const char *default_spec;
    /* Parses an instance from lx (which names the file); NULL with d. */
    void *(*parse)(lexer *lx, diag *d);
    void (*destroy)(void *inst);
    /* The number on the x axis of scaling plots (n for n x n boards). */
    int (*size)(const void *inst);
    /* What size() counts, as the scaling figure's axis names it; NULL: a
     * board size ("board size n").  Anything else (xcsp: "variables") is
     * no board size: the figure joins only the instances of one family. */
    const char *size_name;
    /* CSP puzzles: the models a spec may pick with `model=NAME`
     * (NULL-terminated; the first is the default; NULL: one model called
     * "default"), the model m describes (NULL with d on failure), and
     * the solution vector from an assigned model (model: its index; sol
     * has sol_cap(inst) entries; returns its length).  Own-search puzzles
     * leave build NULL. */
    const char *const *models;
    csp *(*build)(const void *inst, const puzzle_model *m, diag *d);
    size_t (*decode)(const void *inst, int model, const csp *p, int *sol);
    /* CSP puzzles whose models post all-different groups: what the
     * groups are ("rows and columns"), for `searchlab list`; NULL when
     * they post none (the `alldiff=` key is then refused, before the
     * model is built, and its label stays empty). */
    const char *alldiff_groups;
    /* Own-search puzzles: NULL-terminated list of strategies. */
    const puzzle_search *const *searches;
    size_t (*sol_cap)(const void *inst);
    /* 1 if sol is a solution; else 0 with the reason in why. */
    int (*verify)(const void *inst, const int *sol, size_t n, char *why, size_t why_size);
    /* Optional: the instance's objective, from a solution vector alone
     * (the verifier's partner, independent of any model): 0 when the
     * instance has none, else +1 (minimise) or -1 (maximise) with the
     * solution's value in *value.  The CSP model of an instance with an
     * objective carries it too (csp_set_objective), so the search runs
     * branch and bound. */
    int (*objective)(const void *inst, const int *sol, size_t n, int64_t *value);
    /* Human output (drawn: with borders/signs) and the JSON value of
     * "solution". */
    void (*print)(const void *inst, const int *sol, size_t n, int drawn, FILE *out);
    void (*print_json)(const void *inst, const int *sol, size_t n, FILE *out);
    /* Writes one instance with a unique solution to out; optional.
     * gen_minimal: 1 when it honours puzzle_gen.minimal (others refuse it). */
    int (*generate)(const puzzle_gen *g, FILE *out, diag *d);
    int gen_minimal;
    /* Optional: writes inst as MiniZinc data for models/NAME.mzn, whose
     * output is the solution vector (ints separated by blanks); returns 0,
     * or -1 on a write error.  Enables the `minizinc` strategy
     * (src/solve/minizinc.h). */
    int (*write_minizinc_data)(const void *inst, FILE *out);
    /* Optional, for puzzles whose text output follows a competition
     * format (xcsp): print_status writes the status line of every answer
     * (status, a run_status: solved, optimal, unsat, or a limit stopped
     * the search), before the solution if there is one; NULL: "no
     * solution" when unsat, nothing otherwise.  count_prefix goes before
     * the "solutions: K" line of --all (NULL: nothing). */
    void (*print_status)(const void *inst, int status, FILE *out);
    /* Optional, the same formats: written after the solution (or the
     * status line when none); complete is 1 when the search went to its
     * end with an answer (an optimum proven, or --all listed every
     * solution). */
    void (*print_end)(const void *inst, int complete, FILE *out);
    const char *count_prefix;
    /* Optional: what a count means beyond "solutions: K", a line printed
     * just before it with --all (xcsp: its free variables, not searched,
     * and the factor each solution stands for), and extra "key": value,
     * pairs of the JSON object written after "solutions" (each followed by
     * ", "); either may write nothing. */
    void (*print_count_note)(const void *inst, FILE *out);
    void (*print_json_extra)(const void *inst, FILE *out);
    /* Optional: writes inst as an XCSP3-core instance (the subset that the
     * xcsp puzzle reads) whose first variables, in declaration order, are
     * the solution vector; returns 0, or -1 on a write error.  Enables
     * `searchlab export PUZZLE FILE --format xcsp3`. */
    int (*write_xcsp3)(const void *inst, FILE *out);
    /* Optional: the least value of variable k of the solution vector (its
     * declared domain's), for an outside solver's answer that leaves a
     * variable out (ACE's `*`: a variable in no constraint); NULL: such an
     * answer gives no value to k. */
    int (*var_min)(const void *inst, size_t k);
    /* Optional, for outside solvers that print the puzzle's own solution
     * text (solver files' `output = fzn`): write_outside writes the
     * instance file at path to out as the solver is to be given it, so
     * that its answer holds the whole solution vector (FlatZinc: every
     * variable an output), with the same variables and constraints as
     * inst; 0, or -1 with d.  read_solution reads one printed solution
     * (one block of what print writes, without its end line) into sol (n
     * entries, sol_cap(inst)): its length, or 0 with why. */
    int (*write_outside)(const void *inst, const char *path, FILE *out, diag *d);
    size_t (*read_solution)(const void *inst, const char *text, int *sol, size_t n, char *why,
                            size_t why_size);
} puzzle;

extern const puzzle *const puzzles[]; /* NULL-terminated registry */
const puzzle *puzzle_find(const char *name);
/* The puzzle's default strategy spec (never NULL). */
const char *puzzle_default_spec(const puzzle *pz);
/* Parses the file at path; NULL with d. */
void *puzzle_load(const puzzle *pz, const char *path, diag *d);

/* The names the `model=` key of a CSP puzzle takes (its models, or the
 * one model "default"). */
const char *const *puzzle_models(const puzzle *pz);
/* Refuses an `alldiff=` written in a spec (bit k of given: row k of keys,
 * the table that holds the model keys, was written) for a puzzle without
 * all-different groups, before its model is built: 0, or -1 with d naming
 * the puzzles that have groups.  xcsp declares groups, but a file may have
 * none: the key then does nothing. */
int puzzle_model_check(const puzzle *pz, const puzzle_model *m, const spec_key *keys,
                       unsigned given, diag *d);

/* Counts the solutions of a CSP puzzle's first model under cfg, up to
 * limit, within node_limit nodes (0: none): for generators checking
 * uniqueness (solutions are counted, not verified).  Returns the count,
 * or -1 when the node limit stopped the search first; *nodes (when not
 * NULL) gets the nodes searched. */
long puzzle_count_solutions(const puzzle *pz, const void *inst, const csp_config *cfg, long limit,
                            uint64_t node_limit, uint64_t *nodes);

#endif
