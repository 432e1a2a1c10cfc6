/* queue_arc.c - arc-fifo: a FIFO of (constraint, position) arcs, AC-3
 * proper.  When revising arc (c, pos) removes values from X, every arc
 * (c', pos') with X in c' and scope[pos'] != X is queued, except that a
 * binary c is not re-queued: a value of X without support in Y supported
 * no value of Y, so Y's supports in c are intact.  An n-ary c is
 * re-queued (its other variables may have lost supports).
 *
 * A global (csp_con_whole) is one arc, its first, whose revision
 * (csp_revise) is one propagate call; an expensive global waits on the second level instead
 * (queue.h), and an idempotent one is not re-queued for its own changes. */
#include "queue.h"

static void push_arcs_of(csp *p, iqueue *q, squeue *slow, int v, const csp_con *from) {
    for (int k = p->vc_start[v]; k < p->vc_start[v + 1]; k++) {
        csp_con *c = p->cons[p->vc_list[k]];
        unsigned sched = p->vc_nbr[k].sched;
        if (sched) {
            if (iq_asleep(p, sched, c->id, v, from ? from->id : -1)) continue;
            if (sched & CSP_SCHED_SLOW)
                sq_push(slow, c->id);
            else
                iq_push(q, p->arc_base[c->id]);
            continue;
        }
        if (c == from && c->arity == 2) continue;
        for (int pos = 0; pos < c->arity; pos++)
            if (c->scope[pos] != v) iq_push(q, p->arc_base[c->id] + pos);
    }
}

/* The constraint of arc a (binary search over arc_base). */
static int arc_con(const csp *p, int a) {
    int lo = 0, hi = p->ncons - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (p->arc_base[mid] <= a) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

static int arc_propagate(csp *p, int from_scratch) {
    iqueue q;
    squeue slow;
    iq_init(&q, p);
    sq_init(&slow, p);
    if (from_scratch)
        for (int c = 0; c < p->ncons; c++) {
            unsigned sched = csp_con_sched(p->cons[c]);
            if (sched & CSP_SCHED_SLOW)
                sq_push(&slow, c);
            else if (sched)
                iq_push(&q, p->arc_base[c]);
            else
                for (int a = p->arc_base[c]; a < p->arc_base[c + 1]; a++) iq_push(&q, a);
        }
    for (int v; (v = csp_pop_touched(p)) >= 0;) push_arcs_of(p, &q, &slow, v, NULL);
    int any = CSP_NOCHANGE;
    for (;;) {
        csp_con *c;
        int r;
        if (q.len) {
            int a = iq_pop_front(&q);
            c = p->cons[arc_con(p, a)];
            r = csp_revise(p, c, a - p->arc_base[c->id]); /* a global: its propagate */
        } else if (slow.len) {
            c = p->cons[sq_pop(&slow)];
            r = csp_propagate_con(p, c);
        } else {
            break;
        }
        if (r == CSP_WIPEOUT) return iq_wipeout2(&q, &slow);
        if (r == CSP_CHANGED) any = r;
        for (int v; (v = csp_pop_touched(p)) >= 0;) push_arcs_of(p, &q, &slow, v, c);
    }
    return any;
}

const csp_queue csp_queue_arc_fifo = {
    .name = "arc-fifo",
    .summary =
        "AC-3 FIFO of (constraint, variable) arcs; never re-queues the arc's own binary constraint",
    .propagate = arc_propagate,
};
