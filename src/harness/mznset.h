/* mznset.h - MiniZinc instance sets for `run --puzzle mzn`: (model, data)
 * pairs compiled once to FlatZinc with `minizinc -c` and our mznlib, into
 * the generator cache; the driver then runs the .fzn files as the fzn
 * puzzle's instances (docs/driver.md, "MiniZinc models").
 *
 * A spec is
 *   - a folder holding exactly one .mzn model and any number of .dzn data
 *     files: one pair per .dzn (the model alone when there is none);
 *   - a .csv file as mzn-bench's instances.csv: a header naming the columns
 *     problem, model, data_file (in any order, others ignored), one pair per
 *     row, paths relative to the CSV's folder, data_file may be empty;
 *   - a .mzn file: that model alone.
 * Pair (M, D) compiles to
 *   CACHE/mzn/MODEL[-DATA]-HASH.fzn
 * with HASH the FNV-1a of M's and D's bytes and of the solver configuration
 * it was compiled with, so an edited model or data file compiles anew and
 * an unchanged one never does.  Beside it, CACHE/mzn/...fzn.time holds the
 * compilation's CPU seconds (minizinc's and its children's), which the
 * driver reports apart from the runs' times.
 *
 * Our solver configuration: the .msc the build writes beside the binary
 * (DIR_OF_BINARY/mzn/searchlab.msc), else the id `searchlab` (installed
 * with `cmake --install`, or found through MZN_SOLVER_PATH). */
#ifndef SEARCHLAB_HARNESS_MZNSET_H
#define SEARCHLAB_HARNESS_MZNSET_H

#include "../core/diag.h"
#include "experiment.h"

enum { MZNSET_COMPILE_MAX = 64 };

/* Appends the .fzn files of the pairs spec names to out (their `where` is
 * `where`), compiling those not in cache_dir/mzn yet, with our solver
 * configuration (compile NULL) or with `minizinc COMPILE... -c` (compile:
 * a solver file's mzn_compile words, NULL-terminated; they are part of
 * HASH), the pairs in the same order either way.  When notes is not
 * NULL, one line per pair saying what it compiled from and in how long
 * goes there.  0, or -1 with d: minizinc missing (what to install), a bad
 * spec (FILE:LINE), a model that does not compile (the model, the data
 * and minizinc's first error line). */
int mznset_expand(const char *spec, const char *where, const char *cache_dir,
                  const char *const *compile, strlist *out, strlist *notes, diag *d);

#endif
