/* driver.h - `searchlab run`: the matrix of (instance x strategy x rep)
 * of an experiment, run in a seeded random order, each run isolated in
 * its own child process, each result appended to the result files the
 * moment the run ends; resumes a killed experiment.
 *
 * The driver only calls the generic puzzle interface (puzzle_find,
 * puzzle_load, solve_puzzle, size, generate): no puzzle is named here.
 *
 * Test-only fault injection: a strategy spec may carry the option
 * `test-fault=crash|hang|memhog|wrong` (e.g. `fc:test-fault=crash`).  The
 * driver strips it before solve_puzzle ever sees the spec; the child then
 * raises SIGSEGV, spins forever, allocates memory until a limit stops
 * it, or solves with every solution altered before the verifier sees it
 * (solve_request.test_corrupt).  It exists so that tests can check that
 * crashes, hangs, memory exhaustion and wrong answers are recorded
 * (crash / timeout / memout / wrong) and the experiment goes on; it is
 * not for measurements.
 */
#ifndef SEARCHLAB_HARNESS_DRIVER_H
#define SEARCHLAB_HARNESS_DRIVER_H

#include <stddef.h>

#include "../core/diag.h"
#include "experiment.h"
#include "results.h"

typedef struct driver_progress {
    size_t done, total; /* recorded runs of this invocation, and planned */
    size_t failures;    /* runs that did not end solved or unsat */
    size_t skipped;     /* runs found already done (resume) */
    double elapsed_s, eta_s;
    const result_row *row; /* the run that just ended; NULL before the first */
} driver_progress;

typedef struct driver_hooks {
    /* Called once before the first run (row NULL) and after each recorded
     * run.  May be NULL. */
    void (*on_progress)(void *ctx, const driver_progress *p);
    void *ctx;
    const char *command; /* the exact command line, for the run context */
} driver_hooks;

/* Runs experiment e (after experiment_finish).  Returns 0 when every
 * planned run is recorded, 2 with d on bad input (unknown puzzle, bad
 * instance or spec, result file of another experiment), 1 with d on an
 * internal error (cannot fork, cannot write). */
int driver_run(const experiment *e, const driver_hooks *h, diag *d);

enum driver_fault {
    DRIVER_FAULT_NONE,
    DRIVER_FAULT_CRASH,
    DRIVER_FAULT_HANG,
    DRIVER_FAULT_MEMHOG,
    DRIVER_FAULT_WRONG
};

/* Copies spec without its test-fault option into out (size bytes) and
 * returns the fault, or -1 when the fault value is unknown. */
int driver_strip_fault(const char *spec, char *out, size_t size);

/* FNV-1a 64 of the file's bytes as 16 hex digits into hex[17]; -1 if
 * the file cannot be read. */
int driver_file_hash(const char *path, char hex[17]);

#endif
