/* queue_arc.c - arc-fifo: a FIFO of (constraint, position) arcs, AC-3
 * proper.  When revising arc (c, pos) removes values from X, every arc
 * (c', pos') with X in c' and scope[pos'] != X is queued, except that a
 * binary c is not re-queued: a value of X without support in Y supported
 * no value of Y, so Y's supports in c are intact.  An n-ary c is
 * re-queued (its other variables may have lost supports).
 *
 * A global (csp_con_whole) is one arc, its first, whose revision
 * (csp_revise) is one propagate call; an expensive global waits on the
 * second level instead (queue.h), and an idempotent one is not re-queued
 * for its own changes. */
#include "queue.h"

static int arc_cap(const csp *p) { return p->narcs; }

static inline __attribute__((always_inline)) void arc_seed(iqueue *q, squeue *s, int general) {
    csp *p = q->p;
    for (int c = 0; c < p->ncons; c++) {
        unsigned sched = general ? csp_con_sched(p->cons[c]) : 0;
        if (sched & CSP_SCHED_SLOW)
            sq_push(q, s, c);
        else if (sched)
            iq_push(q, p->arc_base[c]);
        else
            for (int a = p->arc_base[c]; a < p->arc_base[c + 1]; a++) iq_push(q, a);
    }
}

static inline __attribute__((always_inline)) void arc_changed(iqueue *q, squeue *s, int v, int self,
                                                              int general) {
    csp *p = q->p;
    int ev = -1;
    for (int k = p->vc_start[v]; k < p->vc_start[v + 1]; k++) {
        const csp_con *c = p->cons[p->vc_list[k]];
        unsigned sched = general ? p->vc_nbr[k].sched : 0;
        if (sched) {
            if (ev < 0) ev = csp_event(p, v);
            push_global(q, s, sched, c->id, p->arc_base[c->id], ev, self);
            continue;
        }
        if (c->id == self && c->arity == 2) continue;
        for (int pos = 0; pos < c->arity; pos++)
            if (c->scope[pos] != v) iq_push(q, p->arc_base[c->id] + pos);
    }
}

/* The constraint of arc a (binary search over arc_base). */
static int arc_con(const csp *p, int a) {
    int lo = 0, hi = p->ncons - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (p->arc_base[mid] <= a)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static inline __attribute__((always_inline)) int arc_run(iqueue *q, squeue *s, int a, int *self,
                                                         int general) {
    (void)s, (void)general;
    csp *p = q->p;
    int c = arc_con(p, a);
    *self = c;
    return csp_revise(p, p->cons[c], a - p->arc_base[c]); /* a global: its propagate */
}

static const csp_qpolicy arc_policy = {arc_cap, arc_seed, arc_changed, iq_pop_fifo, arc_run};

CSP_QUEUE_DEFINE(
    arc_fifo, "arc-fifo",
    "AC-3 FIFO of (constraint, variable) arcs; never re-queues the arc's own binary constraint",
    arc_policy);
