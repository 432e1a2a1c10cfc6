/* driver.h - `searchlab run`: the matrix of (instance x strategy x rep)
 * of an experiment, run in a seeded random order, each run isolated in
 * its own child process, each result appended to the result files the
 * moment the run ends; one writer per result file; resumes a killed or
 * interrupted experiment, refusing to mix runs measured under other
 * settings unless told to.
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

/* What a progress callback is told about. */
typedef enum driver_event {
    DRIVER_START,    /* once, before the first run */
    DRIVER_RUN_DONE, /* a run was recorded (row) */
    DRIVER_TICK      /* a few times a second while runs go on, none ending */
} driver_event;

typedef struct driver_progress {
    driver_event event;
    size_t done, total;    /* recorded runs of this invocation, and planned */
    size_t timeouts;       /* runs ended by the CPU limit or the wall-clock net */
    size_t failures;       /* the other runs that did not end solved or unsat */
    size_t skipped;        /* runs found already done (resume) */
    size_t warmups;        /* unrecorded warm-up runs before the recorded ones */
    double elapsed_s;      /* since the first run started */
    double eta_s;          /* estimated seconds to go; < 0 before the first run ends */
    const result_row *row; /* DRIVER_RUN_DONE: the run that just ended; else NULL */
} driver_progress;

typedef struct driver_hooks {
    /* Progress for people; may be NULL. */
    void (*on_progress)(void *ctx, const driver_progress *p);
    /* A warning or a note for people, one sentence without a newline (a
     * repaired file, a busy machine, accepted changes); may be NULL. */
    void (*on_note)(void *ctx, const char *msg);
    void *ctx;
    const char *command; /* the exact command line, for the context record */
    int resume_anyway;   /* accept rows measured under other settings */
} driver_hooks;

/* Runs experiment e (after experiment_finish): takes the result file's
 * lock (writelock.h), plans the runs, checks that the rows already there
 * were measured under the same settings (context_check), records the
 * invocation in RESULTS.context.jsonl and runs what is missing.
 * Returns 0 when every planned run is recorded; 2 with d on bad input
 * (unknown puzzle, bad instance or spec, result file of another
 * experiment, a file being written by another process, rows measured
 * under other settings without resume_anyway, a malformed context file);
 * 1 with d on an internal error (cannot fork, cannot write); 128 + SIG
 * when driver_stop(SIG) stopped it (every complete run is recorded, the
 * runs in flight are killed and not).  end (may be NULL) gets the final
 * counts: done is what this invocation recorded, skipped what was there. */
int driver_run(const experiment *e, const driver_hooks *h, driver_progress *end, diag *d);

/* Asks driver_run to stop: no new run starts, the runs in flight are
 * killed (their rows are not written), the context record says
 * "interrupted".  Async-signal-safe (it only sets a flag): the CLI calls
 * it from its SIGINT and SIGTERM handlers. */
void driver_stop(int sig);

enum driver_fault {
    DRIVER_FAULT_NONE,
    DRIVER_FAULT_CRASH,
    DRIVER_FAULT_HANG,
    DRIVER_FAULT_MEMHOG,
    DRIVER_FAULT_WRONG,
    DRIVER_FAULT_SLOW /* burns 0.9 s of CPU time, then solves */
};

/* Copies spec without its test-fault option into out (size bytes) and
 * returns the fault, or -1 when the fault value is unknown, with d (when
 * not NULL) saying "test-fault: expected none, crash, ..., found 'V'". */
int driver_strip_fault(const char *spec, char *out, size_t size, diag *d);

#endif
