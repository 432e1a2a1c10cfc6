/* search.c - depth-first search over a csp with an explicit stack, with
 * restarts and last-conflict reasoning as options.
 *
 * Invariant: stack[k] holds the variable assigned at depth k+1, the
 * values not yet tried for it, and the trail mark taken before its first
 * value; undoing to that mark restores the domains its frame started
 * from, so every value is tried on the same domains.  stack[0].mark is
 * the trail after the root inference: a restart undoes to it.
 *
 * Restarts (cfg->restart, solver.h): the run's failed nodes are counted,
 * and when they reach the run's cutoff before any solution was found,
 * the stack is dropped and the search starts again from the root's
 * domains.  Without restarts no line of that runs, so the search, its
 * counters and its trees are exactly those of plain DFS.
 *
 * Last conflict (cfg->lc; Lecoutre, Sais, Tabary, Vidal 2009): the
 * variable whose assignment failed last is branched on next, before the
 * heuristic's choice, until it gets a value that does not fail.  With
 * d-way branching the failing variable's other values are tried in its
 * own frame anyway; what lc adds is that, after the search backtracks
 * above it, that variable comes back first instead of the heuristic's
 * pick, so the culprit of a conflict is found near the conflict.
 *
 * lim->hook, when set, hears of the root and of every counted node with
 * its outcome (solver.h); without it the loop pays one branch per node. */
#include <string.h>

#include "../core/clock.h"
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "solver.h"

typedef struct frame {
    int var;
    csp_dom left;
    size_t mark;
} frame;

/* Runs one inference call, timed when cfg->timing. */
static int infer(csp *p, const csp_config *cfg, int var, stats *st) {
    INC(st, inference_calls);
    if (!cfg->timing)
        return var < 0 ? cfg->strategy->root(p, cfg->queue)
                       : cfg->strategy->infer(p, var, cfg->queue);
    uint64_t t0 = clock_ns();
    int r = var < 0 ? cfg->strategy->root(p, cfg->queue) : cfg->strategy->infer(p, var, cfg->queue);
    ADD(st, inference_ns, clock_ns() - t0);
    return r;
}

static void trace_node(FILE *out, const csp *p, int depth, int var, int bit, int failed) {
    fprintf(out, "%*s", 2 * (depth - 1), "");
    if (p->names[var])
        fprintf(out, "%s", p->names[var]);
    else
        fprintf(out, "x%d", var);
    fprintf(out, " = %d%s\n", csp_value(p, var, bit), failed ? "  fail" : "");
}

/* The kind of a failed node: a failure when a check refuted it, a
 * wipe-out when propagation did (only read when there is a hook, so the
 * flag is cleared here, and at the start of each search). */
static csp_node_kind failure_kind(csp *p) {
    csp_node_kind k = p->check_failed ? CSP_NODE_FAILURE : CSP_NODE_WIPEOUT;
    p->check_failed = 0;
    return k;
}

/* Reports one node to the hook (only called when there is one). */
static void tell(const csp_search_hook *hook, const csp *p, int depth, int var, int bit,
                 csp_dom left, csp_node_kind kind, size_t mark) {
    csp_node_event e = {
        depth, var, var < 0 ? 0 : csp_value(p, var, bit), csp_dom_size(left), kind, p, mark, NULL};
    hook->on_node(hook->ctx, &e);
}

/* Reports the root of run `run` of a search with restarts. */
static void tell_run(const csp_search_hook *hook, const csp *p, uint64_t run, uint64_t cutoff,
                     csp_node_kind kind, size_t mark) {
    char label[64];
    snprintf(label, sizeof label, "run %llu: cutoff %llu failure%s", (unsigned long long)run,
             (unsigned long long)cutoff, cutoff == 1 ? "" : "s");
    csp_node_event e = {0, -1, 0, 0, kind, p, mark, label};
    hook->on_node(hook->ctx, &e);
}

/* The variable to branch on: the last conflict's while it is unassigned
 * (lc < 0: none), else the heuristic's. */
static int select_var(const csp *p, const csp_config *cfg, int lc) {
    return lc >= 0 && !p->assigned[lc] ? lc : cfg->var->select(p);
}

/* Opens the next choice: picks a variable (select_var), marks it
 * assigned and pushes its frame, whose domain is restored from mark. */
static inline void push_choice(csp *p, const csp_config *cfg, int lc, frame *stack, int *depth,
                               size_t mark) {
    int v = select_var(p, cfg, lc);
    p->assigned[v] = 1;
    stack[(*depth)++] = (frame){v, p->dom[v], mark};
}

run_status csp_solve(csp *p, const csp_config *cfg, const csp_limits *lim, csp_on_solution cb,
                     void *ctx, stats *st) {
    csp_finalize(p);
    uint64_t start = clock_ns();
    /* the time limit is CPU time (a loaded machine must not decide it) */
    uint64_t deadline = lim->timeout_s > 0 ? clock_cpu_ns() + (uint64_t)(lim->timeout_s * 1e9) : 0;
    p->st = st;
    p->support = cfg->support;
    size_t mark0 = csp_mark(p);
    csp_clear_touched(p);
    p->check_failed = 0;

    int nassigned = 0;
    for (int v = 0; v < p->nvars; v++) {
        p->assigned[v] = p->given[v];
        nassigned += p->given[v];
    }
    frame *stack = NEWN((size_t)p->nvars + 1, frame);
    int depth = 0;
    run_status status = STATUS_UNSAT;
    int stop = 0;
    uint64_t found = 0, nodes = 0; /* own counts: limits hold even with SEARCHLAB_NO_STATS */

    /* restarts: run `run` stops at `cutoff` failed nodes (0: never) */
    int restarts = cfg->restart.kind != CSP_RESTART_NONE;
    uint64_t run = 1, cutoff = restarts ? csp_restart_cutoff(&cfg->restart, 1) : 0, run_fails = 0;
    rng ties;
    if (restarts) {
        rng_seed(&ties, lim->seed);
        p->ties = &ties;
    }
    int lc = -1; /* the last conflict's variable (cfg->lc), -1: none */

    const csp_search_hook *hook = lim->hook;
    int root_failed = infer(p, cfg, -1, st) == CSP_WIPEOUT;
    if (hook) {
        csp_node_kind kind = root_failed             ? failure_kind(p)
                             : nassigned == p->nvars ? CSP_NODE_SOLUTION
                                                     : CSP_NODE_BRANCH;
        if (restarts)
            tell_run(hook, p, run, cutoff, kind, mark0);
        else
            tell(hook, p, 0, -1, 0, 0, kind, mark0);
    }
    if (!root_failed) {
        if (nassigned == p->nvars) {
            INC(st, solutions);
            found++;
            if (cb) cb(ctx, p);
        } else {
            push_choice(p, cfg, lc, stack, &depth, csp_mark(p));
        }
    }
    while (depth > 0 && !stop) {
        frame *f = &stack[depth - 1];
        csp_undo(p, f->mark);
        csp_clear_touched(p);
        if (!f->left) { /* every value of f->var tried: backtrack */
            p->assigned[f->var] = 0;
            depth--;
            continue;
        }
        if (lim->node_limit && nodes >= lim->node_limit) {
            status = STATUS_NODE_LIMIT;
            break;
        }
        if (deadline && (nodes & 255) == 0 && clock_cpu_ns() >= deadline) {
            status = STATUS_TIMEOUT;
            break;
        }
        int var = f->var, bit = cfg->val->select(p, var, f->left);
        f->left &= ~csp_bit(bit);
        nodes++;
        INC(st, nodes);
        if (f->left) INC(st, decisions);
        MAXTO(st, max_depth, nassigned + depth);
        csp_assign(p, var, bit); /* leaves var in p->touched */
        int failed = infer(p, cfg, var, st) == CSP_WIPEOUT;
        if (lim->trace) trace_node(lim->trace, p, depth, var, bit, failed);
        if (failed) {
            INC(st, fails);
            if (hook) tell(hook, p, depth, var, bit, f->left, failure_kind(p), f->mark);
            if (cfg->lc) lc = var;
            if (cutoff && ++run_fails >= cutoff && !found) {
                /* restart: back to the root's domains (stack[0].mark), the
                 * constraint weights untouched */
                size_t root = stack[0].mark;
                for (int k = 0; k < depth; k++) p->assigned[stack[k].var] = 0;
                depth = 0;
                csp_undo(p, root);
                csp_clear_touched(p);
                INC(st, restarts);
                run++;
                cutoff = csp_restart_cutoff(&cfg->restart, run);
                run_fails = 0;
                lc = -1;
                if (lim->trace)
                    fprintf(lim->trace, "restart: run %llu, cutoff %llu failures\n",
                            (unsigned long long)run, (unsigned long long)cutoff);
                if (hook) tell_run(hook, p, run, cutoff, CSP_NODE_BRANCH, root);
                push_choice(p, cfg, lc, stack, &depth, root);
            }
            continue;
        }
        if (var == lc) lc = -1; /* the last conflict's variable got a value */
        if (nassigned + depth == p->nvars) {
            INC(st, solutions);
            found++;
            if (hook) tell(hook, p, depth, var, bit, f->left, CSP_NODE_SOLUTION, f->mark);
            if ((cb && !cb(ctx, p)) || !lim->all) stop = 1;
            continue;
        }
        if (hook) tell(hook, p, depth, var, bit, f->left, CSP_NODE_BRANCH, f->mark);
        push_choice(p, cfg, lc, stack, &depth, csp_mark(p));
    }
    if (status == STATUS_UNSAT && found) status = STATUS_SOLVED;

    csp_undo(p, mark0);
    csp_clear_touched(p);
    p->ties = NULL;
    memset(p->assigned, 0, (size_t)p->nvars);
    FREEN(stack, (size_t)p->nvars + 1);
    ADD(st, total_ns, clock_ns() - start);
    p->st = NULL;
    return status;
}
