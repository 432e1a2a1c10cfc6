/* queue_arc.c - arc-fifo: a FIFO of (constraint, position) arcs, AC-3
 * proper.  When revising arc (c, pos) removes values from X, every arc
 * (c', pos') with X in c' and scope[pos'] != X is queued, except that a
 * binary c is not re-queued: a value of X without support in Y supported
 * no value of Y, so Y's supports in c are intact.  An n-ary c is
 * re-queued (its other variables may have lost supports). */
#include "queue.h"

static void push_arcs_of(iqueue *q, int v, const csp_con *from) {
    csp *p = q->p;
    for (int i = 0; i < csp_ncons_of(p, v); i++) {
        csp_con *c = csp_con_of(p, v, i);
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
    iq_init(&q, p);
    if (from_scratch)
        for (int a = 0; a < p->narcs; a++) iq_push(&q, a);
    for (int v; (v = csp_pop_touched(p)) >= 0;) push_arcs_of(&q, v, NULL);
    int any = CSP_NOCHANGE;
    while (q.len) {
        int a = iq_pop_front(&q);
        csp_con *c = p->cons[arc_con(p, a)];
        int r = csp_revise(p, c, a - p->arc_base[c->id]);
        if (r == CSP_WIPEOUT) return iq_wipeout(&q);
        if (r == CSP_CHANGED) any = r;
        for (int v; (v = csp_pop_touched(p)) >= 0;) push_arcs_of(&q, v, c);
    }
    return any;
}

const csp_queue csp_queue_arc_fifo = {
    .name = "arc-fifo",
    .summary = "AC-3 FIFO of (constraint, variable) arcs; never re-queues the arc's own binary constraint",
    .propagate = arc_propagate,
};
