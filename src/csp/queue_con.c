/* queue_con.c - constraint-oriented queues: constraint-fifo is the
 * course's GAC-Enforce (after a value leaves V, push every constraint on V
 * not already queued, the one being revised included); constraint-lifo
 * pops the newest constraint first. */
#include "queue.h"

static void push_cons_of(iqueue *q, int v) {
    for (int i = 0; i < csp_ncons_of(q->p, v); i++) iq_push(q, q->p->vc_list[q->p->vc_start[v] + i]);
}

static int con_propagate(csp *p, int from_scratch, int lifo) {
    iqueue q;
    iq_init(&q, p);
    if (from_scratch)
        for (int c = 0; c < p->ncons; c++) iq_push(&q, c);
    for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(&q, v);
    int any = CSP_NOCHANGE;
    while (q.len) {
        csp_con *c = p->cons[lifo ? iq_pop_back(&q) : iq_pop_front(&q)];
        int r = csp_propagate_con(p, c);
        if (r == CSP_WIPEOUT) return iq_wipeout(&q);
        if (r == CSP_CHANGED) any = r;
        for (int v; (v = csp_pop_touched(p)) >= 0;) push_cons_of(&q, v);
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
