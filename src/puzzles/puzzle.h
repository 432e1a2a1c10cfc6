/* puzzle.h - the one interface every puzzle module implements, the
 * registry of puzzles, and puzzle_solve(), the single entry point that
 * the CLI and the experiment driver call (so neither knows which puzzle
 * or which strategy runs).
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
#include "../core/stats.h"
#include "../csp/solver.h"

/* Own-search strategies (puzzles that are not CSPs, like the convict's
 * route).  run() reports each solution through cb (return 0 to stop),
 * counts into st, and returns a csp_status, or -1 with d when options
 * (the part of the spec after ':') are wrong. */
typedef int (*puzzle_on_solution)(void *ctx, const int *sol, size_t n);
typedef struct puzzle_search {
    const char *name, *summary;
    int (*run)(const void *inst, const char *options, const csp_limits *lim, puzzle_on_solution cb,
               void *ctx, stats *st, diag *d);
} puzzle_search;

/* What `searchlab gen` asks a generator for. */
typedef struct puzzle_gen {
    int size;        /* n (square boards) or rows */
    int cols;        /* 0: same as size */
    uint64_t seed;
    double density;  /* puzzle-specific: givens, walls, ... (< 0: default) */
    double density2; /* puzzle-specific second density (< 0: default) */
    int minimal;     /* 1: remove clues while the solution stays unique (futoshiki) */
} puzzle_gen;

typedef struct puzzle {
    const char *name, *ext, *summary;
    /* The strategy spec used when none is given (solve, run, gen's
     * uniqueness check excepted); NULL: "gac" for CSP puzzles, the first
     * own search otherwise.  Read it through puzzle_default_spec(). */
    const char *default_spec;
    /* Parses an instance from lx (which names the file); NULL with d. */
    void *(*parse)(lexer *lx, diag *d);
    void (*destroy)(void *inst);
    /* The number on the x axis of scaling plots (n for n x n boards). */
    int (*size)(const void *inst);
    /* CSP puzzles: the models a spec may pick with `model=NAME`
     * (NULL-terminated; the first is the default; NULL: one model called
     * "default"), the model with that index (NULL with d on failure), and
     * the solution vector from an assigned model (sol has sol_cap(inst)
     * entries; returns its length).  Own-search puzzles leave build NULL. */
    const char *const *models;
    csp *(*build)(const void *inst, int model, diag *d);
    size_t (*decode)(const void *inst, int model, const csp *p, int *sol);
    /* Own-search puzzles: NULL-terminated list of strategies. */
    const puzzle_search *const *searches;
    size_t (*sol_cap)(const void *inst);
    /* 1 if sol is a solution; else 0 with the reason in why. */
    int (*verify)(const void *inst, const int *sol, size_t n, char *why, size_t why_size);
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
     * (external.h). */
    int (*write_minizinc_data)(const void *inst, FILE *out);
    /* Optional, for puzzles whose text output follows a competition
     * format (xcsp): print_none writes the human output when no solution
     * is printed (status, a solve_status: unsat, or a limit stopped the
     * search); NULL: "no solution" when unsat, nothing otherwise.
     * count_prefix goes before the "solutions: K" line of --all (NULL:
     * nothing). */
    void (*print_none)(const void *inst, int status, FILE *out);
    const char *count_prefix;
    /* Optional: writes inst as an XCSP3-core instance (the subset that the
     * xcsp puzzle reads) whose first variables, in declaration order, are
     * the solution vector; returns 0, or -1 on a write error.  Enables
     * `searchlab export PUZZLE FILE --format xcsp3`. */
    int (*write_xcsp3)(const void *inst, FILE *out);
} puzzle;

extern const puzzle *const puzzles[]; /* NULL-terminated registry */
const puzzle *puzzle_find(const char *name);
/* The puzzle's default strategy spec (never NULL). */
const char *puzzle_default_spec(const puzzle *pz);
/* Parses the file at path; NULL with d. */
void *puzzle_load(const puzzle *pz, const char *path, diag *d);

/* ---- solving ------------------------------------------------------------ */

typedef enum solve_status {
    SOLVE_SOLVED,
    SOLVE_UNSAT,
    SOLVE_TIMEOUT,
    SOLVE_NODE_LIMIT,
    SOLVE_WRONG /* the verifier rejected a reported solution */
} solve_status;

typedef struct solve_request {
    /* strategy spec, NULL for the puzzle's default: for CSP puzzles
     * "bt|fc|gac[:key=value,...]" with the keys of csp_config_parse plus
     * model=NAME; for own-search puzzles "NAME[:options]". */
    const char *spec;
    int all;
    uint64_t max_solutions; /* with all: stop after this many (0: no cap) */
    uint64_t node_limit;
    double timeout_s;
    FILE *trace;
    int test_corrupt; /* tests only: each solution is altered (its first
                       * entry + 1) before the verifier sees it */
} solve_request;

typedef struct solve_result {
    solve_status status;
    uint64_t solutions;
    int *first; /* first solution (owned), NULL if none */
    size_t first_len, first_cap;
    char why[256];          /* verifier's reason when status is WRONG */
    char strategy[32], queue[32], var[32], val[32], model[32]; /* "" when n/a */
    stats st;
} solve_result;

/* Solves inst with rq->spec; verifies every solution.  Returns 0, or -1
 * with d when the spec is wrong or the model cannot be built. */
int puzzle_solve(const puzzle *pz, const void *inst, const solve_request *rq, solve_result *out,
                 diag *d);
void solve_result_free(solve_result *r);
const char *solve_status_name(solve_status s);
/* Counts solutions up to limit with gac:var=dom/wdeg (for generators
 * checking uniqueness); -1 if the node limit stopped it. */
long puzzle_count_solutions(const puzzle *pz, const void *inst, long limit, uint64_t node_limit);

#endif
