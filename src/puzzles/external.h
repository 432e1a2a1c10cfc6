/* external.h - outside solvers as strategies of puzzle_solve(): the spec
 * `minizinc[:solver=NAME,model=FILE.mzn]` solves the instance with the
 * MiniZinc driver (default solver gecode) on the puzzle's model
 * models/PUZZLE.mzn, fed with the data its write_minizinc_data hook writes.
 *
 * Nothing is needed at build time: the minizinc executable is looked up
 * at run time (SEARCHLAB_MINIZINC, else `minizinc` on PATH).  When it is
 * absent, or the puzzle has no MiniZinc model, the spec is refused with a
 * message that says so (puzzle_solve returns -1: exit status 2 in the CLI,
 * an experiment refused before its first run in the driver).
 */
#ifndef SEARCHLAB_PUZZLES_EXTERNAL_H
#define SEARCHLAB_PUZZLES_EXTERNAL_H

#include "puzzle.h"

/* 1 if spec names an outside solver ("minizinc" before any ':'). */
int external_handles(const char *spec);
/* The minizinc executable to run, or NULL when it is not installed. */
const char *external_minizinc_path(void);
/* Runs the outside solver named by spec on inst under lim: every
 * solution goes through cb (as own searches do), its statistics (nodes,
 * failures, peak depth, solve time, flattening time) land in st, and the
 * names (strategy, model) in out.  Returns a run_status, or -1 with d. */
int external_solve(const puzzle *pz, const void *inst, const char *spec, const csp_limits *lim,
                   uint64_t max_solutions, puzzle_on_solution cb, void *ctx, solve_result *out,
                   diag *d);

#endif
