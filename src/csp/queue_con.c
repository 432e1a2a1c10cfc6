/* queue_con.c - constraint-oriented queues: constraint-fifo is the
 * course's GAC-Enforce (after a value leaves V, push every constraint on V
 * not already queued, the one being revised included); constraint-lifo
 * pops the newest constraint first.  Expensive globals wait on the second
 * level (queue.h); an idempotent global is not re-queued for its own
 * changes. */
#include "queue.h"

/* Queues the constraints on v (self: the constraint whose change this is,
 * -1 if none). */
static void push_cons_of(csp *p, iqueue *q, iqueue *slow, int v, int self) {
    for (int k = p->vc_start[v]; k < p->vc_start[v + 1]; k++) {
        int c = p->vc_list[k];
        unsigned sched = p->vc_nbr[k].sched;
        if (!sched)
            iq_push(q, c);
        else if (!iq_asleep(p, sched, c, v, self))
            iq_push(sched & CSP_SCHED_SLOW ? slow : q, c);
    }
}

static int con_propagate(csp *p, int from_scratch, int lifo) {
    iqueue q, slow;
    iq_init(&q, p);
    iq_init_slow(&slow, p);
    if (from_scratch)
        for (int c = 0; c < p->ncons; c++)
            iq_push(csp_con_sched(p->cons[c]) & CSP_SCHED_SLOW ? &slow : &q, c);
    for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(p, &q, &slow, v, -1);
    int any = CSP_NOCHANGE;
    for (;;) {
        int id;
        if (q.len)
            id = lifo ? iq_pop_back(&q) : iq_pop_front(&q);
        else if (slow.len)
            id = iq_pop_front(&slow);
        else
            break;
        int r = csp_propagate_con(p, p->cons[id]);
        if (r == CSP_WIPEOUT) return iq_wipeout(p, &q, &slow);
        if (r == CSP_CHANGED) any = r;
        for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(p, &q, &slow, v, id);
    }
    return any;
}

static int fifo(csp *p, int from_scratch) { return con_propagate(p, from_scratch, 0); }
static int lifo(csp *p, int from_scratch) { return con_propagate(p, from_scratch, 1); }

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
