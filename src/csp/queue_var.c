/* queue_var.c - variable-oriented queues (AC-3^v as measured by van
 * Dongen, used by ACE): a queue of changed variables; popping X revises
 * every other variable of every constraint on X.  variable-fifo pops in
 * arrival order, dom pops the variable with the smallest domain.
 *
 * A global (csp_con_whole) on X is propagated once when X is popped (a
 * cheap one at once, an expensive one through the second level, queue.h).
 * p->qsrc[v] is the constraint whose changes alone queued v when that
 * constraint is an idempotent global, else -1; popping v then skips that
 * constraint, which is at its own fixpoint already. */
#include "queue.h"

/* The position of the smallest domain in q, the first one on ties; a
 * queued domain is never empty, so a singleton ends the scan. */
static inline __attribute__((always_inline)) int smallest(const csp *p, const iqueue *q) {
    int best = 0, best_size = csp_dom_size(p->dom[iq_at(q, 0)]);
    for (int i = 1; i < q->len && best_size > 1; i++) {
        int s = csp_dom_size(p->dom[iq_at(q, i)]);
        if (s < best_size) best = i, best_size = s;
    }
    return best;
}

/* Queues the touched variables, changed by constraint src (-1: any other
 * cause); without globals (globals 0) qsrc is never read, so not kept. */
static inline __attribute__((always_inline)) void push_touched(csp *p, iqueue *q, int src,
                                                               int globals) {
    for (int v; (v = csp_pop_touched(p)) >= 0;) {
        if (globals && src >= 0) {
            if (p->inq[v]) {
                if (p->qsrc[v] != src) p->qsrc[v] = -1;
                continue;
            }
            p->qsrc[v] = src;
        } else if (globals) {
            p->qsrc[v] = -1;
        }
        iq_push(q, v);
    }
}

/* Propagates the global c; its changes are queued with c as their source
 * when c is idempotent. */
static int run_global(csp *p, iqueue *q, csp_con *c, unsigned sched) {
    int r = csp_propagate_con(p, c);
    if (r != CSP_WIPEOUT) push_touched(p, q, sched & CSP_SCHED_IDEM ? c->id : -1, 1);
    return r;
}

/* globals: p->has_globals, a constant in each caller (see fc_infer):
 * without globals the second level stays empty and qsrc unused, and this
 * compiles to the loop the variable queues always ran. */
static inline __attribute__((always_inline)) int var_propagate(csp *p, int from_scratch, int by_dom,
                                                               int globals) {
    iqueue q;
    squeue slow;
    iq_init(&q, p);
    sq_init(&slow, p);
    if (from_scratch)
        for (int v = 0; v < p->nvars; v++) {
            if (globals) p->qsrc[v] = -1;
            iq_push(&q, v);
        }
    push_touched(p, &q, -1, globals);
    int any = CSP_NOCHANGE;
    while (q.len || (globals && slow.len)) {
        if (globals && !q.len) {
            csp_con *c = p->cons[sq_pop(&slow)];
            int r = run_global(p, &q, c, csp_con_sched(c));
            if (r == CSP_WIPEOUT) return iq_wipeout2(&q, &slow);
            if (r == CSP_CHANGED) any = r;
            continue;
        }
        int x = by_dom ? iq_take(&q, smallest(p, &q)) : iq_pop_front(&q);
        int self = globals ? p->qsrc[x] : -1;
        /* A built-in != supports every value of its other variable while
         * x has two values or more: it can prune only once x is a
         * singleton (Gecode's != waits for the same event).  Skipping
         * those revisions, without loading the constraint, keeps every
         * fixpoint, hence the search tree, as it was. */
        int single = csp_dom_single(p->dom[x]), bits = p->support == CSP_SUPPORT_BITS;
        for (int k = p->vc_start[x]; k < p->vc_start[x + 1]; k++) {
            int rel = p->vc_nbr[k].rel;
            if (rel == CSP_REL_NE && !single) continue;
            if (rel >= 0 && bits) { /* the same revise, from the index */
                int r = csp_revise_nbr(p, x, k);
                if (r == CSP_WIPEOUT) return globals ? iq_wipeout2(&q, &slow) : iq_wipeout(&q);
                if (r == CSP_CHANGED) any = r;
            } else if (globals && p->vc_nbr[k].sched) { /* a global */
                unsigned sched = p->vc_nbr[k].sched;
                int c = p->vc_list[k];
                if (iq_asleep(p, sched, c, x, self)) continue;
                if (sched & CSP_SCHED_SLOW) {
                    sq_push(&slow, c);
                    continue;
                }
                int r = run_global(p, &q, p->cons[c], sched);
                if (r == CSP_WIPEOUT) return iq_wipeout2(&q, &slow);
                if (r == CSP_CHANGED) any = r;
            } else {
                csp_con *c = p->cons[p->vc_list[k]];
                for (int pos = 0; pos < c->arity; pos++) {
                    /* a unary constraint has no other variable: revise x */
                    if (c->scope[pos] == x && c->arity > 1) continue;
                    int r = csp_revise(p, c, pos);
                    if (r == CSP_WIPEOUT) return globals ? iq_wipeout2(&q, &slow) : iq_wipeout(&q);
                    if (r == CSP_CHANGED) any = r;
                }
            }
            push_touched(p, &q, -1, globals);
        }
    }
    return any;
}

/* One function per (order, globals) pair, so that each is compiled on
 * its own: the path of models without globals is the loop it always was. */
static __attribute__((noinline)) int fifo_plain(csp *p, int from_scratch) {
    return var_propagate(p, from_scratch, 0, 0);
}
static __attribute__((noinline)) int fifo_globals(csp *p, int from_scratch) {
    return var_propagate(p, from_scratch, 0, 1);
}
static __attribute__((noinline)) int dom_plain(csp *p, int from_scratch) {
    return var_propagate(p, from_scratch, 1, 0);
}
static __attribute__((noinline)) int dom_globals(csp *p, int from_scratch) {
    return var_propagate(p, from_scratch, 1, 1);
}

static int fifo(csp *p, int from_scratch) {
    return p->has_globals ? fifo_globals(p, from_scratch) : fifo_plain(p, from_scratch);
}
static int dom(csp *p, int from_scratch) {
    return p->has_globals ? dom_globals(p, from_scratch) : dom_plain(p, from_scratch);
}

const csp_queue csp_queue_variable_fifo = {
    .name = "variable-fifo",
    .summary = "FIFO of changed variables (AC-3^v): revise the neighbours of each",
    .propagate = fifo,
};

const csp_queue csp_queue_dom = {
    .name = "dom",
    .summary = "queue of changed variables, smallest domain first",
    .propagate = dom,
};
