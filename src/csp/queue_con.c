/* queue_con.c - constraint-oriented queues: constraint-fifo is the
 * course's GAC-Enforce (after a value leaves V, push every constraint on V
 * not already queued, the one being revised included); constraint-lifo
 * pops the newest constraint first.  Expensive globals wait on the second
 * level (queue.h); an idempotent global is not re-queued for its own
 * changes. */
#include "queue.h"

static int con_cap(const csp *p) { return p->ncons; }

static inline __attribute__((always_inline)) void con_seed(iqueue *q, squeue *s, int general) {
    csp *p = q->p;
    for (int c = 0; c < p->ncons; c++) {
        if (general && (csp_con_sched(p->cons[c]) & CSP_SCHED_SLOW))
            sq_push(q, s, c);
        else
            iq_push(q, c);
    }
}

/* Queues the constraints on v (self: the constraint whose change this is,
 * -1 if none). */
static inline __attribute__((always_inline)) void con_changed(iqueue *q, squeue *s, int v, int self,
                                                              int general) {
    csp *p = q->p;
    int ev = -1; /* read when a global asks */
    for (int k = p->vc_start[v]; k < p->vc_start[v + 1]; k++) {
        int c = p->vc_list[k];
        unsigned sched = general ? p->vc_nbr[k].sched : 0;
        if (!sched) {
            iq_push(q, c);
            continue;
        }
        if (ev < 0) ev = csp_event(p, v);
        push_global(q, s, sched, c, c, ev, self);
    }
}

static inline __attribute__((always_inline)) int con_run(iqueue *q, squeue *s, int c, int *self,
                                                         int general) {
    (void)s, (void)general;
    *self = c;
    return csp_propagate_con(q->p, q->p->cons[c]);
}

static const csp_qpolicy fifo_policy = {con_cap, con_seed, con_changed, iq_pop_fifo, con_run};
static const csp_qpolicy lifo_policy = {con_cap, con_seed, con_changed, iq_pop_lifo, con_run};

CSP_QUEUE_DEFINE(constraint_fifo, "constraint-fifo",
                 "the course's GAC-Enforce: FIFO of constraints, re-queued on any change",
                 fifo_policy);
CSP_QUEUE_DEFINE(constraint_lifo, "constraint-lifo",
                 "stack of constraints: the newest change is propagated first", lifo_policy);
