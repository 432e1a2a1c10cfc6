/* minizinc.h - the outside solvers' family (family_outside in
 * minizinc.c): the spec `minizinc[:solver=NAME,model=FILE.mzn]` solves the
 * instance with the MiniZinc driver (default solver gecode) on the
 * puzzle's model models/PUZZLE.mzn, fed with the data its
 * write_minizinc_data hook writes.  Puzzles without that hook do not offer
 * the strategy.
 *
 * Nothing is needed at build time: the minizinc executable is looked up
 * at run time (SEARCHLAB_MINIZINC, else `minizinc` on PATH).  When it is
 * absent the spec is refused with a message that says so (exit status 2
 * in the CLI, an experiment refused before its first run in the driver).
 */
#ifndef SEARCHLAB_SOLVE_MINIZINC_H
#define SEARCHLAB_SOLVE_MINIZINC_H

/* The minizinc executable to run, or NULL when it is not installed. */
const char *minizinc_path(void);

#endif
