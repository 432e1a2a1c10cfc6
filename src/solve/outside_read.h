/* outside_read.h - reading an outside solver's answer (the protocols of a
 * solver file's `output`: xcsp3, json, grid; docs/driver.md "Outside
 * solvers"; fzn: FlatZinc's solution output) into one solution vector, its claim and its counters.
 * The family that runs the command and decides the status is outside.c.
 *
 * Nothing here judges the answer: the solution goes to the puzzle's
 * verifier, and what could not be read is said in `problem` (the run is
 * then wrong). */
#ifndef SEARCHLAB_SOLVE_OUTSIDE_READ_H
#define SEARCHLAB_SOLVE_OUTSIDE_READ_H

#include <stddef.h>
#include <stdint.h>

#include "../core/stats.h"
#include "../puzzles/puzzle.h"
#include "solver_file.h"

/* What the output claims. */
typedef enum outside_claim {
    OUTSIDE_CLAIM_NONE,
    OUTSIDE_CLAIM_SAT,
    OUTSIDE_CLAIM_OPT,
    OUTSIDE_CLAIM_UNSAT,
    OUTSIDE_CLAIM_UNKNOWN,
    OUTSIDE_CLAIM_REFUSED,
    OUTSIDE_CLAIM_ERROR /* fzn: =====ERROR===== */
} outside_claim;

typedef struct outside_answer {
    outside_claim claim;
    int *sol; /* the caller's, cap values; with has_sol, the solution's len values */
    size_t len, cap;
    int has_sol;
    int has_o; /* the last `o` (xcsp3), "objective" (json) or %%%mzn-stat: objective= (fzn) */
    int64_t o;
    int json_status;   /* json: the status it names, or -1 */
    char problem[200]; /* why the answer could not be read (then wrong), or "" */
} outside_answer;

/* Reads out (standard output) by o's protocol into a, for instance inst
 * of pz; o's stat.COLUMN extractors read out then err; counters go to st.
 * a->sol, a->cap and a->json_status (-1) are set by the caller. */
void outside_read(const outside_solver *o, const puzzle *pz, const void *inst, const char *out,
                  const char *err, stats *st, outside_answer *a);

#endif
