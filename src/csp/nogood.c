/* nogood.c - the store of nogoods recorded from restarts and their
 * pruning (nogood.h: what a record means and why it stays sound).
 *
 * Pruning walks each record from its first depth: while the decisions
 * above depth k hold (each x_j fixed to c_j), T_k leaves x_k's domain;
 * the walk stops at the first decision that does not hold.  A record
 * costs at most its length per call, and most stop at their first
 * steps once the search has left the dropped branch. */
#include "nogood.h"

#include "../core/xmalloc.h"

void csp_nogoods_free(csp_nogoods *ng) {
    if (ng->steps) FREEN(ng->steps, ng->steps_cap);
    if (ng->vals) FREEN(ng->vals, ng->vals_cap);
    if (ng->start) FREEN(ng->start, ng->start_cap);
    *ng = (csp_nogoods){0};
}

void csp_nogoods_open(csp_nogoods *ng) {
    GROW(&ng->start, &ng->start_cap, ng->nrec + 2);
    ng->start[ng->nrec] = ng->nsteps; /* start[nrec + 1] is set by close */
}

void csp_nogoods_step(csp_nogoods *ng, int var, int64_t cur, const int64_t *vals, size_t n) {
    GROW(&ng->steps, &ng->steps_cap, ng->nsteps + 1);
    GROW(&ng->vals, &ng->vals_cap, ng->nvals + n);
    ng->steps[ng->nsteps++] = (csp_nogood_step){var, cur, ng->nvals, n};
    for (size_t i = 0; i < n; i++) ng->vals[ng->nvals++] = vals[i];
}

void csp_nogoods_close(csp_nogoods *ng) {
    size_t s0 = ng->start[ng->nrec], refuted = 0;
    for (size_t s = s0; s < ng->nsteps; s++) refuted += ng->steps[s].n;
    if (!refuted) { /* nothing to prune (and no value stored): drop it */
        ng->nsteps = s0;
        return;
    }
    ng->start[++ng->nrec] = ng->nsteps;
}

int csp_nogoods_prune(csp *p, const csp_nogoods *ng) {
    int r = CSP_NOCHANGE;
    for (size_t k = 0; k < ng->nrec; k++)
        for (size_t s = ng->start[k]; s < ng->start[k + 1]; s++) {
            const csp_nogood_step *st = &ng->steps[s];
            for (size_t i = 0; i < st->n; i++) {
                int ri = csp_remove(p, st->var, ng->vals[st->first + i]);
                if (ri == CSP_WIPEOUT) return CSP_WIPEOUT;
                if (ri == CSP_CHANGED) r = CSP_CHANGED;
            }
            if (st->cur != CSP_NOVAL && (!csp_single(p, st->var) || csp_min(p, st->var) != st->cur))
                break;
        }
    return r;
}
