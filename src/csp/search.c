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
 * Nogoods from restarts (cfg->nogood, with restarts only; nogood.h):
 * each restart keeps the branch it drops as a record of nogoods (the
 * values each frame had refuted), and every later node, the roots of the
 * later runs included, prunes what the records forbid before it goes on,
 * so a run does not explore again what an earlier one refuted: with
 * them, the work of the runs before the last adds to the proof instead
 * of being lost.  Without the option no line of it runs.
 *
 * Solution-phase saving (cfg->phase, branch and bound only; after
 * Demirovic, Chu, Stuckey 2018): each frame tries first the incumbent's
 * value of its variable when it is in the frame's domain, then the value
 * heuristic's order without it.  Only the order of a frame's values
 * changes, each is still tried once; with restarts every run starts near
 * the incumbent.  Without an objective (or before the first solution)
 * the search is exactly the one without the option.
 *
 * lim->hook, when set, hears of the root and of every counted node with
 * its outcome (solver.h); without it the loop pays one branch per node. */
#include <string.h>

#include "../core/clock.h"
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "nogood.h"
#include "solver.h"

/* One choice: the variable, the values not tried yet, and the trail
 * mark its values start from.  A bits variable keeps its values left as
 * bits (the heuristic's select picks one: the path it always had); any
 * other keeps the next value to try (CSP_NOVAL: none left), which the
 * heuristic's next computes on the domain the frame started from.
 * first: the saved phase's value, tried before any other (in left for a
 * bits variable), CSP_NOVAL once tried or without one; skip: that value,
 * which next steps over (the heuristic's order less the value tried
 * first; CSP_NOVAL for a bits variable, whose left drops it); cur: the
 * value being tried (set with each decision, read by a restart's
 * nogoods). */
typedef struct frame {
    int var;
    csp_dom left;
    int64_t next, first, skip, cur;
    size_t mark;
} frame;

/* 1 when the frame has a value left to try. */
static inline int frame_more(const csp *p, const frame *f) {
    return f->first != CSP_NOVAL || (csp_is_bits(p, f->var) ? f->left != 0 : f->next != CSP_NOVAL);
}

/* The heuristic's value after prev for f's (non-bits) variable, f->skip
 * stepped over. */
static inline int64_t frame_next(const csp *p, const csp_config *cfg, const frame *f,
                                 int64_t prev) {
    int64_t v = cfg->val->next(p, f->var, prev);
    return v != CSP_NOVAL && v == f->skip ? cfg->val->next(p, f->var, v) : v;
}

/* Runs one inference call, timed when cfg->timing. */
static inline __attribute__((always_inline)) int infer(csp *p, const csp_config *cfg, int var,
                                                       stats *st) {
    INC(st, inference_calls);
    if (!cfg->timing)
        return var < 0 ? cfg->strategy->root(p, cfg->queue)
                       : cfg->strategy->infer(p, var, cfg->queue);
    uint64_t t0 = clock_ns();
    int r = var < 0 ? cfg->strategy->root(p, cfg->queue) : cfg->strategy->infer(p, var, cfg->queue);
    ADD(st, inference_ns, clock_ns() - t0);
    return r;
}

static void trace_node(FILE *out, const csp *p, int depth, int var, int value, int failed) {
    fprintf(out, "%*s", 2 * (depth - 1), "");
    if (p->names[var])
        fprintf(out, "%s", p->names[var]);
    else
        fprintf(out, "x%d", var);
    fprintf(out, " = %d%s\n", value, failed ? "  fail" : "");
}

/* The kind of a failed node: a failure when a check refuted it, a
 * wipe-out when propagation did (only read when there is a hook, so the
 * flag is cleared here, and at the start of each search). */
static csp_node_kind failure_kind(csp *p) {
    csp_node_kind k = p->s.check_failed ? CSP_NODE_FAILURE : CSP_NODE_WIPEOUT;
    p->s.check_failed = 0;
    return k;
}

/* The values the heuristic has left for f's variable (the frame's next
 * one onwards): only a hook asks. */
static int values_left(const csp *p, const csp_config *cfg, const frame *f) {
    int n = 0;
    for (int64_t next = f->next; next != CSP_NOVAL; next = frame_next(p, cfg, f, next)) n++;
    return n;
}

/* Reports one node to the hook (only called when there is one). */
static void tell(const csp_search_hook *hook, const csp *p, int depth, int var, int value, int left,
                 csp_node_kind kind, size_t mark) {
    csp_node_event e = {depth, var, value, left, kind, p, mark, NULL};
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
 * (lc < 0: none), else the heuristic's, in the lowest tier that has an
 * unassigned variable (some variable is unassigned).  A variable of a
 * later tier that propagation has already fixed goes first: taking it
 * costs one node and no choice, and fc propagates only from the
 * variables the search assigns (an auxiliary variable's constraints
 * would otherwise wait for the last tier). */
static int select_var(csp *p, const csp_config *cfg, int lc) {
    if (lc >= 0 && !p->s.assigned[lc]) return lc;
    if (!p->tier) return cfg->var->select(p);
    for (int v = 0; v < p->nvars; v++)
        if (p->tier[v] && !p->s.assigned[v] && csp_single(p, v)) return v;
    int v = -1;
    for (p->s.tier_now = 0; v < 0 && p->s.tier_now < p->ntiers; p->s.tier_now++)
        v = cfg->var->select(p);
    return v;
}

/* ---- branch and bound (p->nobj > 0) --------------------------------------
 *
 * best[] is the objective of the last solution found (the incumbent).
 * After each undo the search cuts the domains to what can beat it (bound);
 * that cut is trailed above the frame's mark, so every node below it
 * starts from bounded domains, and the cut is made again after the next
 * undo, with the incumbent of that time.  A lexicographic objective's cut
 * is only as strong as its prefix reasoning, so a leaf is also checked
 * (improves) before it counts as a solution. */

/* The objective's value in the sense's order: minimising. */
static int64_t obj_key(const csp *p, int k) {
    return p->obj_sense * (int64_t)csp_min(p, p->obj[k]);
}

/* Cuts the objective's domains to the values that can beat best (in the
 * minimising order of obj_key): x_0 <= best_0, and while the prefix is
 * fixed to best's, the next one too; strictly at the last.  Returns
 * CSP_WIPEOUT when nothing can. */
static int bound(csp *p, const int64_t *best) {
    for (int k = 0; k < p->nobj; k++) {
        int x = p->obj[k], last = k == p->nobj - 1;
        int64_t lim = p->obj_sense * best[k] - (last ? p->obj_sense : 0); /* in real values */
        int r = p->obj_sense > 0 ? csp_remove_above(p, x, lim) : csp_remove_below(p, x, lim);
        if (r == CSP_WIPEOUT) return r;
        if (last || !csp_single(p, x) || obj_key(p, k) != best[k]) return CSP_CHANGED;
    }
    return CSP_CHANGED;
}

/* 1 when the (complete) assignment beats best. */
static int improves(const csp *p, const int64_t *best) {
    for (int k = 0; k < p->nobj; k++) {
        int64_t v = obj_key(p, k);
        if (v != best[k]) return v < best[k];
    }
    return 0;
}

/* After the undo of frame f with an incumbent: cut, and keep only the
 * frame's values that are still in the domain; 0 when none is left. */
static int bound_frame(csp *p, const csp_config *cfg, frame *f, const int64_t *best) {
    if (bound(p, best) == CSP_WIPEOUT) return 0;
    if (f->first != CSP_NOVAL && !csp_has(p, f->var, f->first)) f->first = CSP_NOVAL;
    if (csp_is_bits(p, f->var))
        f->left &= p->word[f->var];
    else if (f->next != CSP_NOVAL && !csp_has(p, f->var, f->next))
        f->next = frame_next(p, cfg, f, f->next);
    return frame_more(p, f);
}

/* 1 when every budgeted constraint (csp_con_ops.budgeted) holds on the
 * complete assignment: propagation alone does not promise it. */
static int budgeted_hold(csp *p) {
    for (int c = 0; p->has_budgeted && c < p->ncons; c++)
        if (p->cons[c]->ops->budgeted && !csp_check(p, p->cons[c])) return 0;
    return 1;
}

/* Opens the next choice: picks a variable (select_var), marks it
 * assigned and pushes its frame, whose domain is restored from mark;
 * phase (NULL: none) the saved solution's values, tried first. */
static inline void push_choice(csp *p, const csp_config *cfg, int lc, const int64_t *phase,
                               frame *stack, int *depth, size_t mark) {
    int v = select_var(p, cfg, lc);
    p->s.assigned[v] = 1;
    int64_t first = phase && csp_has(p, v, phase[v]) ? phase[v] : CSP_NOVAL;
    frame *f = &stack[(*depth)++];
    if (csp_is_bits(p, v)) {
        *f = (frame){v, p->word[v], 0, first, CSP_NOVAL, CSP_NOVAL, mark};
    } else {
        *f = (frame){v, 0, CSP_NOVAL, first, first, CSP_NOVAL, mark};
        f->next = frame_next(p, cfg, f, CSP_NOVAL);
    }
}

/* ---- nogoods from restarts (cfg->nogood) ------------------------------- */

/* 1 when value a of f's variable is still to be tried (the frame's
 * domain is the one it started from). */
static int untried(const csp *p, const csp_config *cfg, const frame *f, int64_t a) {
    if (csp_is_bits(p, f->var)) return (f->left >> (a - p->offset[f->var])) & 1;
    if (a == f->first) return 1;
    for (int64_t v = f->next; v != CSP_NOVAL; v = frame_next(p, cfg, f, v))
        if (v == a) return 1;
    return 0;
}

/* At a restart, before the stack is dropped: the branch stack[0..depth)
 * as a record (nogood.h), whose last frame's value has just failed.  Each
 * frame is undone to its mark on the way up, so that its domain is the
 * one it started from: its refuted values are those not left to try but
 * the one in progress (the last frame's failed too).  A variable of more
 * than CSP_MAX_VALUES values keeps its decision and no refuted value
 * (weaker, as sound). */
static void record_branch(csp *p, const csp_config *cfg, const frame *stack, int depth,
                          csp_nogoods *ng) {
    size_t cap = (size_t)depth * CSP_MAX_VALUES;
    int64_t *vals = NEWN(cap, int64_t);
    size_t *nv = NEWN((size_t)depth, size_t);
    for (int k = depth - 1; k >= 0; k--) {
        const frame *f = &stack[k];
        csp_undo(p, f->mark);
        nv[k] = 0;
        if (csp_size(p, f->var) > CSP_MAX_VALUES) continue;
        int64_t *out = vals + (size_t)k * CSP_MAX_VALUES;
        for (int64_t a = csp_min(p, f->var); a != CSP_NOVAL; a = csp_next(p, f->var, a))
            if ((a != f->cur || k == depth - 1) && !untried(p, cfg, f, a)) out[nv[k]++] = a;
    }
    csp_clear_touched(p);
    csp_nogoods_open(ng);
    for (int k = 0; k < depth; k++)
        csp_nogoods_step(ng, stack[k].var, stack[k].cur, vals + (size_t)k * CSP_MAX_VALUES, nv[k]);
    csp_nogoods_close(ng);
    FREEN(vals, cap);
    FREEN(nv, (size_t)depth);
}

/* Prunes by the records and propagates (var as infer takes it), until
 * neither changes anything; 1 on a wipe-out. */
static int nogood_fixpoint(csp *p, const csp_config *cfg, int var, const csp_nogoods *ng,
                           stats *st) {
    for (;;) {
        int r = csp_nogoods_prune(p, ng);
        if (r != CSP_CHANGED) return r == CSP_WIPEOUT;
        if (infer(p, cfg, var, st) == CSP_WIPEOUT) return 1;
    }
}

run_status csp_solve(csp *p, const csp_config *cfg, const csp_limits *lim, csp_on_solution cb,
                     void *ctx, stats *st) {
    csp_finalize(p);
    if (cfg->domain != p->domain && csp_mark(p) == 0) csp_use_domains(p, cfg->domain);
    uint64_t start = clock_ns();
    /* the time limit is CPU time (a loaded machine must not decide it) */
    uint64_t from = lim->start_ns ? lim->start_ns : clock_cpu_ns();
    uint64_t deadline = lim->timeout_s > 0 ? from + (uint64_t)(lim->timeout_s * 1e9) : 0;
    p->s.st = st;
    p->s.deadline = deadline, p->s.recheck = 0, p->s.poll = 1, p->s.expired = 0;
    p->s.support =
        cfg->support == CSP_SUPPORT_BITS && !p->all_bits ? CSP_SUPPORT_BITS_MIXED : cfg->support;
    size_t mark0 = csp_mark(p);
    csp_clear_touched(p);
    p->s.check_failed = 0;

    int nassigned = 0, empty = 0;
    for (int v = 0; v < p->nvars; v++) {
        p->s.assigned[v] = p->given[v];
        nassigned += p->given[v];
        empty |= csp_size(p, v) == 0; /* a given outside its domain (csp_fix) */
    }
    frame *stack = NEWN((size_t)p->nvars + 1, frame);
    int depth = 0;
    run_status status = STATUS_UNSAT;
    int stop = 0;
    /* branch and bound: the incumbent's objective (obj_key order) */
    int bnb = p->nobj > 0, have_best = 0;
    int64_t *best = bnb ? NEWN((size_t)p->nobj, int64_t) : NULL;
    /* phase saving: the incumbent's values, read once there is one */
    int64_t *saved = bnb && cfg->phase ? NEWN((size_t)p->nvars, int64_t) : NULL;
    const int64_t *phase = NULL;
    uint64_t found = 0, nodes = 0; /* own counts: limits hold even with SEARCHLAB_NO_STATS */

    /* restarts: run `run` stops at `cutoff` failed nodes (0: never) */
    int restarts = cfg->restart.kind != CSP_RESTART_NONE;
    uint64_t run = 1, cutoff = restarts ? csp_restart_cutoff(&cfg->restart, 1) : 0, run_fails = 0;
    rng ties;
    if (restarts) {
        rng_seed(&ties, lim->seed);
        p->s.ties = &ties;
    }
    int lc = -1;          /* the last conflict's variable (cfg->lc), -1: none */
    csp_nogoods ng = {0}; /* the restarts' records (cfg->nogood) */
    int nogoods = restarts && cfg->nogood;

    const csp_search_hook *hook = lim->hook;
    int root_failed = empty || infer(p, cfg, -1, st) == CSP_WIPEOUT ||
                      (nassigned == p->nvars && !budgeted_hold(p));
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
            stop = 1; /* the only assignment: optimal too */
        } else {
            push_choice(p, cfg, lc, phase, stack, &depth, csp_mark(p));
        }
    }
    while (depth > 0 && !stop) {
        frame *f = &stack[depth - 1];
        csp_undo(p, f->mark);
        csp_clear_touched(p);
        if (have_best && !bound_frame(p, cfg, f, best)) {
            csp_clear_touched(p); /* nothing here can beat the incumbent */
            f->left = 0, f->next = f->first = CSP_NOVAL;
        }
        if (!frame_more(p, f)) { /* every value of f->var tried: backtrack */
            p->s.assigned[f->var] = 0;
            depth--;
            continue;
        }
        if (lim->node_limit && nodes >= lim->node_limit) {
            status = STATUS_NODE_LIMIT;
            break;
        }
        if (deadline && (p->s.expired || ((nodes & 255) == 0 && csp_deadline_passed(p)))) {
            status = STATUS_TIMEOUT;
            break;
        }
        int var = f->var, value, left;
        if (csp_is_bits(p, var)) {
            int bit = f->first != CSP_NOVAL ? (int)(f->first - p->offset[var])
                                            : cfg->val->select(p, var, f->left);
            f->first = CSP_NOVAL;
            f->left &= ~csp_bit(bit);
            value = csp_value(p, var, bit);
            left = hook ? csp_dom_size(f->left) : f->left != 0; /* a count only for the hook */
            csp_assign(p, var, bit);                            /* leaves var in p->s.touched */
        } else {
            /* the domain is the frame's again: the heuristic's next value
             * after this one is known before the decision changes it */
            if (f->first != CSP_NOVAL) {
                value = (int)f->first;
                f->first = CSP_NOVAL;
            } else {
                value = (int)f->next;
                f->next = frame_next(p, cfg, f, value);
            }
            left = f->next == CSP_NOVAL ? 0 : hook ? values_left(p, cfg, f) : 1;
            csp_decide(p, var, value); /* leaves var in p->s.touched */
        }
        f->cur = value;
        nodes++;
        INC(st, nodes);
        if (left) INC(st, decisions);
        MAXTO(st, max_depth, nassigned + depth);
        int failed = infer(p, cfg, var, st) == CSP_WIPEOUT;
        if (!failed && ng.nrec) failed = nogood_fixpoint(p, cfg, var, &ng, st);
        int leaf = !failed && nassigned + depth == p->nvars;
        if (leaf && (!budgeted_hold(p) || (have_best && !improves(p, best))))
            failed = 1; /* a budgeted constraint violated, or no better: a failure */
        if (lim->trace) trace_node(lim->trace, p, depth, var, value, failed);
        if (failed) {
            INC(st, fails);
            if (hook) tell(hook, p, depth, var, value, left, failure_kind(p), f->mark);
            if (cfg->lc) lc = var;
            if (cutoff && ++run_fails >= cutoff && (!found || bnb)) {
                /* restart: back to the root's domains (stack[0].mark), the
                 * constraint weights untouched */
                size_t root = stack[0].mark;
                if (nogoods) record_branch(p, cfg, stack, depth, &ng);
                for (int k = 0; k < depth; k++) p->s.assigned[stack[k].var] = 0;
                depth = 0;
                csp_undo(p, root);
                csp_clear_touched(p);
                /* the new run starts from the root pruned by every record
                 * (kept by the next restarts: stack[0].mark is above it) */
                int dead = nogoods && nogood_fixpoint(p, cfg, -1, &ng, st);
                INC(st, restarts);
                run++;
                cutoff = csp_restart_cutoff(&cfg->restart, run);
                run_fails = 0;
                lc = -1;
                if (lim->trace)
                    fprintf(lim->trace, "restart: run %llu, cutoff %llu failures\n",
                            (unsigned long long)run, (unsigned long long)cutoff);
                if (hook)
                    tell_run(hook, p, run, cutoff, dead ? failure_kind(p) : CSP_NODE_BRANCH, root);
                if (!dead) push_choice(p, cfg, lc, phase, stack, &depth, csp_mark(p));
            }
            continue;
        }
        if (var == lc) lc = -1; /* the last conflict's variable got a value */
        if (leaf) {
            INC(st, solutions);
            found++;
            if (hook) tell(hook, p, depth, var, value, left, CSP_NODE_SOLUTION, f->mark);
            if (bnb) { /* the new incumbent: the search goes on below its bound */
                for (int k = 0; k < p->nobj; k++) best[k] = obj_key(p, k);
                have_best = 1;
                if (saved) {
                    for (int v = 0; v < p->nvars; v++) saved[v] = csp_min(p, v);
                    phase = saved;
                }
            }
            if ((cb && !cb(ctx, p)) || (!lim->all && !bnb)) stop = 1;
            continue;
        }
        if (hook) tell(hook, p, depth, var, value, left, CSP_NODE_BRANCH, f->mark);
        push_choice(p, cfg, lc, phase, stack, &depth, csp_mark(p));
    }
    /* a propagation cut by the deadline failed without a proof */
    if (p->s.expired && status == STATUS_UNSAT) status = STATUS_TIMEOUT;
    if (status == STATUS_UNSAT && found)
        status = bnb && depth == 0 ? STATUS_OPTIMAL : STATUS_SOLVED;
    if (best) FREEN(best, (size_t)p->nobj);
    if (saved) FREEN(saved, (size_t)p->nvars);
    csp_nogoods_free(&ng);

    csp_undo(p, mark0);
    csp_clear_touched(p);
    p->s.ties = NULL;
    p->s.deadline = 0, p->s.expired = 0;
    memset(p->s.assigned, 0, (size_t)p->nvars);
    FREEN(stack, (size_t)p->nvars + 1);
    ADD(st, total_ns, clock_ns() - start);
    p->s.st = NULL;
    return status;
}
