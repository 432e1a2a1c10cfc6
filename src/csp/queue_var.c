/* queue_var.c - variable-oriented queues (AC-3^v as measured by van
 * Dongen, used by ACE): a queue of changed variables; popping X revises
 * every other variable of every constraint on X.  variable-fifo pops in
 * arrival order, dom pops the variable with the smallest domain. */
#include "queue.h"

static int var_propagate(csp *p, int from_scratch, int by_dom) {
    iqueue q;
    iq_init(&q, p);
    if (from_scratch)
        for (int v = 0; v < p->nvars; v++) iq_push(&q, v);
    for (int v; (v = csp_pop_touched(p)) >= 0;) iq_push(&q, v);
    int any = CSP_NOCHANGE;
    while (q.len) {
        int x;
        if (by_dom) {
            int best = 0;
            for (int i = 1; i < q.len; i++)
                if (csp_dom_size(p->dom[iq_at(&q, i)]) < csp_dom_size(p->dom[iq_at(&q, best)]))
                    best = i;
            x = iq_take(&q, best);
        } else {
            x = iq_pop_front(&q);
        }
        for (int i = 0; i < csp_ncons_of(p, x); i++) {
            csp_con *c = csp_con_of(p, x, i);
            for (int pos = 0; pos < c->arity; pos++) {
                /* a unary constraint has no other variable: revise x */
                if (c->scope[pos] == x && c->arity > 1) continue;
                int r = csp_revise(p, c, pos);
                if (r == CSP_WIPEOUT) return iq_wipeout(&q);
                if (r == CSP_CHANGED) any = r;
            }
            for (int v; (v = csp_pop_touched(p)) >= 0;) iq_push(&q, v);
        }
    }
    return any;
}

static int fifo(csp *p, int from_scratch) { return var_propagate(p, from_scratch, 0); }
static int dom(csp *p, int from_scratch) { return var_propagate(p, from_scratch, 1); }

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
