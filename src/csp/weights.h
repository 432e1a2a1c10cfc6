/* weights.h - the failure weights of the constraints: dom/wdeg's learnt
 * state (order.c reads it), one counter per constraint id, 1 + the
 * failures that constraint caused (wipe-outs in its revise, propagate or
 * fc step, and refuted checks, bt's and fc's).  A part of the space
 * (struct csp holds it by value: csp.h); propagation and the strategies
 * bump it through csp_weight_bump and nothing else writes it.  It is
 * learnt state: a restart keeps it (restarts rely on it), and so does a
 * solve, so a model solved again starts from the weights its earlier
 * solves left (tests/csp/test_alldiff.c's test_weights).  A header
 * without a .c: csp.c grows it with the constraints and frees it. */
#ifndef SEARCHLAB_CSP_WEIGHTS_H
#define SEARCHLAB_CSP_WEIGHTS_H

#include <stdint.h>

typedef struct csp_weights {
    uint64_t *w; /* w[c] for constraint id c < the csp's ncons; capacity: its cons_cap */
    /* wdeg^ca.cd's variable scores (Wattez, Lecoutre, Paparrizou, Tabary
     * 2019), NULL unless a variable heuristic reads them (csp_var_heur's
     * var_weights; csp_weights_want_vars): vw[x] for variable x < nvw. */
    double *vw;
    int nvw;
} csp_weights;

/* Constraint c failed (csp_weight_bump adds the variable scores). */
static inline void csp_weights_bump(csp_weights *ws, int c) { ws->w[c]++; }

#endif
