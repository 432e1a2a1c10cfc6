/* status.h - how a search, a solve or a run ended: one list for every
 * layer.
 *
 * The search (src/csp, own searches) ends solved, unsat, timeout or
 * node-limit (and optimal: an optimisation's search that proved its
 * last solution best); solve_puzzle adds wrong (its verifier rejected a
 * solution); the experiment driver adds memout, wall-timeout (its
 * wall-clock safety net ended the run; timeout is the CPU limit) and crash
 * (what it sees of the child process); an outside solver (solver files,
 * src/solve/outside.c) may end refused (it says it cannot read the
 * instance).  REFUSED comes last so that the statuses before it keep
 * their numbers.  One enum serves all three, so a status passes from one layer
 * to the next unchanged; each layer's header says which statuses it can
 * return.  The names are the `status` column of result files and the
 * "status" of `solve --json`.
 */
#ifndef SEARCHLAB_CORE_STATUS_H
#define SEARCHLAB_CORE_STATUS_H

/* X(ID, name, finished): finished is 1 when the work went to its end. */
#define STATUS_LIST(X)                                                                             \
    X(SOLVED, "solved", 1)                                                                         \
    X(OPTIMAL, "optimal", 1)                                                                       \
    X(UNSAT, "unsat", 1)                                                                           \
    X(TIMEOUT, "timeout", 0)                                                                       \
    X(NODE_LIMIT, "node-limit", 0)                                                                 \
    X(WRONG, "wrong", 0)                                                                           \
    X(MEMOUT, "memout", 0)                                                                         \
    X(WALL_TIMEOUT, "wall-timeout", 0)                                                             \
    X(CRASH, "crash", 0)                                                                           \
    X(REFUSED, "refused", 0)

typedef enum run_status {
#define STATUS_ENUM_(id, name, finished) STATUS_##id,
    STATUS_LIST(STATUS_ENUM_)
#undef STATUS_ENUM_
        STATUS_N
} run_status;

extern const char *const status_names[STATUS_N + 1]; /* NULL-terminated */

/* The name of s ("?" when s is no status). */
const char *status_name(run_status s);
/* The status called name, or -1. */
int status_find(const char *name);
/* 1 for solved and unsat: the work went to its end. */
int status_finished(run_status s);

#endif
