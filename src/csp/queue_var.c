/* queue_var.c - variable-oriented queues (AC-3^v as measured by van
 * Dongen, used by ACE): a queue of changed variables; popping X revises
 * every other variable of every constraint on X.  variable-fifo pops in
 * arrival order, dom pops the variable with the smallest domain.
 *
 * A global (csp_con_whole) on X is propagated once when X is popped (a
 * cheap one at once, an expensive one through the second level, queue.h),
 * if the events X had since it was queued (ev[X]) wake it.  src[v] is
 * the constraint whose changes alone queued v when that constraint is an
 * idempotent global, else -1; popping v then skips that constraint, which
 * is at its own fixpoint already. */
#include "queue.h"

static int var_cap(const csp *p) { return p->nvars; }

static inline __attribute__((always_inline)) void var_seed(iqueue *q, squeue *s, int general) {
    (void)s;
    csp *p = q->p;
    for (int v = 0; v < p->nvars; v++) {
        if (general) {
            q->x->src[v] = -1;
            q->x->ev[v] = CSP_EV_DOM | CSP_EV_BND | (csp_single(p, v) ? CSP_EV_FIX : 0);
        }
        iq_push(q, v);
    }
}

/* Queues v, changed by constraint self (-1: any other cause); without
 * globals src and ev are never read, so not kept. */
static inline __attribute__((always_inline)) void var_changed(iqueue *q, squeue *s, int v, int self,
                                                              int general) {
    (void)s;
    if (general) {
        csp *p = q->p;
        csp_qscratch *x = q->x;
        /* self, when there is one, is a global (the driver's second
         * level, or var_run's) */
        int src = self >= 0 && p->cons[self]->ops->idempotent ? self : -1;
        int ev = csp_event(p, v);
        if (x->in[v]) {
            if (x->src[v] != src) x->src[v] = -1;
            x->ev[v] |= (unsigned char)ev;
            return;
        }
        x->src[v] = src;
        x->ev[v] = (unsigned char)ev;
    }
    iq_push(q, v);
}

/* The position of the smallest domain in q, the first one on ties; a
 * queued domain is never empty, so a singleton ends the scan. */
static inline __attribute__((always_inline)) int smallest(const iqueue *q, int general) {
    const csp *p = q->p;
#define SIZE_(v) (general ? csp_size(p, (v)) : (int64_t)csp_dom_size(p->word[(v)]))
    int best = 0;
    int64_t best_size = SIZE_(iq_at(q, 0));
    for (int i = 1; i < q->len && best_size > 1; i++) {
        int64_t sz = SIZE_(iq_at(q, i));
        if (sz < best_size) best = i, best_size = sz;
    }
#undef SIZE_
    return best;
}

static inline __attribute__((always_inline)) int pop_smallest(iqueue *q, int general) {
    return iq_take(q, smallest(q, general));
}

/* Drains the touched variables into the queue (changed by self). */
static inline __attribute__((always_inline)) void drain(iqueue *q, squeue *s, int self,
                                                        int general) {
    CSP_DRAIN_TOUCHED(q->p, v, var_changed(q, s, v, self, general));
}

static inline __attribute__((always_inline)) int var_run(iqueue *q, squeue *s, int x, int *self,
                                                         int general) {
    csp *p = q->p;
    int skip = general ? q->x->src[x] : -1, ev = general ? q->x->ev[x] : 0;
    /* A built-in != supports every value of its other variable while x
     * has two values or more: it can prune only once x is a singleton
     * (Gecode's != waits for the same event).  Skipping those revisions,
     * without loading the constraint, keeps every fixpoint, hence the
     * search tree, as it was. */
    int single = general ? csp_single(p, x) : csp_dom_single(p->word[x]);
    int support = csp_support_mode(p), bits = support == CSP_SUPPORT_BITS || support == CSP_SUPPORT_BITS_MIXED;
    int any = CSP_NOCHANGE;
    *self = -1; /* every change is drained here */
    for (int k = p->vc_start[x]; k < p->vc_start[x + 1]; k++) {
        int rel = p->vc_nbr[k].rel, r = CSP_NOCHANGE, from = -1;
        if (rel == CSP_REL_NE && !single) continue;
        if (rel >= 0 && bits) { /* the same revise, from the index */
            r = csp_revise_nbr_(p, x, k, !general);
        } else if (general && p->vc_nbr[k].sched) { /* a global */
            unsigned sched = p->vc_nbr[k].sched;
            int c = p->vc_list[k];
            if (iq_asleep(sched, ev, c, skip)) continue;
            if (sched & CSP_SCHED_SLOW) {
                sq_push(q, s, c);
                continue;
            }
            r = csp_propagate_con(p, p->cons[c]);
            from = c;
        } else {
            csp_con *c = p->cons[p->vc_list[k]];
            for (int pos = 0; pos < c->arity && r != CSP_WIPEOUT; pos++) {
                /* a unary constraint has no other variable: revise x */
                if (c->scope[pos] == x && c->arity > 1) continue;
                int rp = csp_revise(p, c, pos);
                if (rp != CSP_NOCHANGE) r = rp;
            }
        }
        if (r == CSP_WIPEOUT) return r;
        if (r == CSP_CHANGED) any = r;
        drain(q, s, from, general);
    }
    return any;
}

static const csp_qpolicy fifo_policy = {var_cap, var_seed, var_changed, iq_pop_fifo, var_run};
static const csp_qpolicy dom_policy = {var_cap, var_seed, var_changed, pop_smallest, var_run};

CSP_QUEUE_DEFINE(variable_fifo, "variable-fifo",
                 "FIFO of changed variables (AC-3^v): revise the neighbours of each", fifo_policy);
CSP_QUEUE_DEFINE(dom, "dom", "queue of changed variables, smallest domain first", dom_policy);
