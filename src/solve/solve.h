/* solve.h - solving one puzzle instance with one strategy spec: the single
 * entry point of the CLI, the experiment driver and the tests, so none of
 * them knows which puzzle or which strategy runs.
 *
 * solve_puzzle() parses the spec (family.h), runs the family's solver and
 * passes every solution through the puzzle's own verifier; a rejected
 * solution makes the status `wrong`.
 */
#ifndef SEARCHLAB_SOLVE_SOLVE_H
#define SEARCHLAB_SOLVE_SOLVE_H

#include "family.h"

typedef struct solve_request {
    const char *spec; /* the strategy spec; NULL: the puzzle's default */
    const char *path; /* the instance's file: outside commands (solver files) read it */
    int all;
    uint64_t max_solutions; /* with all: stop after this many (0: no cap) */
    uint64_t node_limit;
    double timeout_s;
    /* The process CPU time (clock_cpu_ns) that timeout_s and the seconds of
     * on_better and the anytime list count from; 0: when solve_puzzle
     * begins.  The CLI and the driver's child set it before they read the
     * instance, so that parsing and model building count too. */
    uint64_t start_ns;
    FILE *trace;
    /* NULL, or a callback for every node of the search (csp_search_hook in
     * csp/solver.h; search trees: src/tree).  Searches that run outside
     * (the minizinc strategy) report nothing through it. */
    const csp_search_hook *hook;
    uint64_t seed; /* strategies with restarts break ties at random from it */
    /* Instances with an objective: called for each better solution, once
     * it is verified, with its value, the CPU seconds since the solve
     * began and the solution (n values, valid during the call) (the CLI
     * prints the competition's `o` lines from it; tests check each). */
    void (*on_better)(void *ctx, int64_t value, double seconds, const int *sol, size_t n);
    void *better_ctx;
    /* NULL, or called for every solution once it is verified (with an
     * objective, each better one), in order (the fzn command prints
     * FlatZinc's solutions from it). */
    void (*on_each)(void *ctx, const int *sol, size_t n);
    void *each_ctx;
    int test_corrupt; /* tests only: each solution is altered (its first
                       * entry + 1) before the verifier sees it */
} solve_request;

/* One point of an optimisation's progress: the CPU seconds since the
 * solve began when a better solution of this value was verified. */
typedef struct solve_point {
    double seconds;
    int64_t value;
} solve_point;

typedef struct solve_result {
    /* solved, unsat, timeout, node-limit or wrong; with an objective:
     * optimal (proven), solved (a solution; the search stopped before the
     * proof: stopped says why), unsat, timeout or node-limit (none found) */
    run_status status;
    int stopped; /* 0, or the limit that stopped the search (STATUS_TIMEOUT, STATUS_NODE_LIMIT) */
    uint64_t solutions;
    /* the first solution (owned), NULL if none; with an objective, the
     * best one */
    int *first;
    size_t first_len, first_cap;
    /* the objective: sense 0 when the instance has none, else +1
     * (minimise) or -1 (maximise), the best value, and every better
     * value found, in order (owned) */
    int sense;
    int64_t objective;
    solve_point *anytime;
    size_t nanytime, anytime_cap;
    char why[256]; /* the verifier's reason when status is wrong */
    run_labels labels;
    stats st;
} solve_result;

/* Solves inst with rq->spec; verifies every solution.  Returns 0, or -1
 * with d when the spec is wrong or the model cannot be built. */
int solve_puzzle(const puzzle *pz, const void *inst, const solve_request *rq, solve_result *out,
                 diag *d);
void solve_result_free(solve_result *r);

#endif
