/* results_optima.h - false optima: a run that claims an optimum (status
 * optimal) worse than a verified solution of another run of the same
 * experiment on the same instance is wrong.  Every solution in a result
 * file passed the puzzle's verifier (solved and optimal rows), so the
 * better one exists and the proof was false.  Outside solvers are the
 * ones that can claim so (ours prove by exhausting the search).  The
 * reports' loader (report/input.c) applies it to each file it reads. */
#ifndef SEARCHLAB_HARNESS_RESULTS_OPTIMA_H
#define SEARCHLAB_HARNESS_RESULTS_OPTIMA_H

#include <stddef.h>

#include "results.h"

/* Turns every false optimum of rs to status wrong, with a note naming the
 * better run; returns how many.  The rows keep their order. */
size_t result_set_mark_false_optima(result_set *rs);

#endif
