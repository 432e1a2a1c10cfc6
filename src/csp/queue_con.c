/* queue_con.c - constraint-oriented queues: constraint-fifo is the
 * course's GAC-Enforce (after a value leaves V, push every constraint on V
 * not already queued, the one being revised included); constraint-lifo
 * pops the newest constraint first.  Expensive globals wait on the second
 * level (queue.h); an idempotent global is not re-queued for its own
 * changes. */
#include "queue.h"

/* Queues the constraints on v (self: the constraint whose change this is,
 * -1 if none); globals as in var_propagate (queue_var.c). */
static inline __attribute__((always_inline)) void push_cons_of(iqueue *q, squeue *slow, int v,
                                                               int self, int globals) {
    csp *p = q->p;
    for (int k = p->vc_start[v]; k < p->vc_start[v + 1]; k++) {
        int c = p->vc_list[k];
        unsigned sched = globals ? p->vc_nbr[k].sched : 0;
        if (!sched)
            iq_push(q, c);
        else if (iq_asleep(p, sched, c, v, self))
            continue;
        else if (sched & CSP_SCHED_SLOW)
            sq_push(slow, c);
        else
            iq_push(q, c);
    }
}

static inline __attribute__((always_inline)) int con_propagate(csp *p, int from_scratch, int lifo,
                                                               int globals) {
    iqueue q;
    squeue slow;
    iq_init(&q, p);
    sq_init(&slow, p);
    if (from_scratch)
        for (int c = 0; c < p->ncons; c++) {
            if (globals && (csp_con_sched(p->cons[c]) & CSP_SCHED_SLOW))
                sq_push(&slow, c);
            else
                iq_push(&q, c);
        }
    for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(&q, &slow, v, -1, globals);
    int any = CSP_NOCHANGE;
    while (q.len || (globals && slow.len)) {
        int id = q.len ? (lifo ? iq_pop_back(&q) : iq_pop_front(&q)) : sq_pop(&slow);
        int r = csp_propagate_con(p, p->cons[id]);
        if (r == CSP_WIPEOUT) return globals ? iq_wipeout2(&q, &slow) : iq_wipeout(&q);
        if (r == CSP_CHANGED) any = r;
        for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(&q, &slow, v, id, globals);
    }
    return any;
}

/* One function per (order, globals) pair, each compiled on its own: the
 * path of models without globals is the loop it always was. */
static __attribute__((noinline)) int fifo_plain(csp *p, int s) { return con_propagate(p, s, 0, 0); }
static __attribute__((noinline)) int fifo_glob(csp *p, int s) { return con_propagate(p, s, 0, 1); }
static __attribute__((noinline)) int lifo_plain(csp *p, int s) { return con_propagate(p, s, 1, 0); }
static __attribute__((noinline)) int lifo_glob(csp *p, int s) { return con_propagate(p, s, 1, 1); }

static int fifo(csp *p, int s) { return p->has_globals ? fifo_glob(p, s) : fifo_plain(p, s); }
static int lifo(csp *p, int s) { return p->has_globals ? lifo_glob(p, s) : lifo_plain(p, s); }

const csp_queue csp_queue_constraint_fifo = {
    .name = "constraint-fifo",
    .summary = "the course's GAC-Enforce: FIFO of constraints, re-queued on any change",
    .propagate = fifo,
};

const csp_queue csp_queue_constraint_lifo = {
    .name = "constraint-lifo",
    .summary = "stack of constraints: the newest change is propagated first",
    .propagate = lifo,
};
