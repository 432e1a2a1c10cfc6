/* nogood.h - nogoods recorded from restarts (Lecoutre, Sais, Tabary,
 * Vidal 2007, for d-way branching), kept by the search (engine_restart.c, the
 * strategy key nogood=on) and pruned at every node of the later runs.
 *
 * A record is the branch a restart dropped: its decisions x_1 = c_1, ...,
 * x_D = c_D and, at each depth k, the values T_k of x_k already refuted
 * there (every subtree below x_1 = c_1, ..., x_{k-1} = c_{k-1}, x_k = t,
 * t in T_k, was explored to the end; at the failed depth D, c_D too).  It
 * holds D nogoods: x_1 = c_1 and ... and x_{k-1} = c_{k-1} implies x_k not
 * in T_k.  A step whose cur is CSP_NOVAL (a frame refuted by binary
 * branching, engine_dfs.c's refute) decided nothing: its T_k is pruned
 * under the decisions above it and the walk goes on past it (the reduced
 * nld-nogoods of the same paper leave negative decisions out).
 *
 * Invariant (soundness): no solution of the model lies in a refuted
 * subtree, or, under branch and bound, none better than the incumbent of
 * that time; the incumbent only improves, so a record stays true for the
 * rest of the search and pruning by it loses no solution the search still
 * wants. */
#ifndef SEARCHLAB_CSP_NOGOOD_H
#define SEARCHLAB_CSP_NOGOOD_H

#include <stddef.h>
#include <stdint.h>

#include "csp.h"

/* One depth of a record: the variable, its decision and its refuted
 * values vals[first .. first + n). */
typedef struct csp_nogood_step {
    int var;
    int64_t cur;
    size_t first, n;
} csp_nogood_step;

/* Every record: record r is steps[start[r] .. start[r + 1]). */
typedef struct csp_nogoods {
    csp_nogood_step *steps;
    size_t nsteps, steps_cap;
    int64_t *vals;
    size_t nvals, vals_cap;
    size_t *start; /* nrec + 1 entries once a record exists */
    size_t nrec, start_cap;
} csp_nogoods;

void csp_nogoods_free(csp_nogoods *ng);
/* Opens a record; its steps follow (csp_nogoods_step), in depth order. */
void csp_nogoods_open(csp_nogoods *ng);
/* Adds the next depth of the open record: x = cur, refuted vals[0..n). */
void csp_nogoods_step(csp_nogoods *ng, int var, int64_t cur, const int64_t *vals, size_t n);
/* Closes the open record (one without a refuted value is dropped). */
void csp_nogoods_close(csp_nogoods *ng);
/* Removes from the domains every value a record's nogoods forbid under
 * the current domains (a decision x = c holds when x's domain is {c}):
 * CSP_WIPEOUT, CSP_CHANGED or CSP_NOCHANGE.  One pass: a removal that
 * fixes a variable may let another record prune (the caller propagates
 * and calls it again until nothing changes). */
int csp_nogoods_prune(csp *p, const csp_nogoods *ng);

#endif
