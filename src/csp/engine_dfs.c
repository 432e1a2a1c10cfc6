/* engine_dfs.c - the depth-first search engine: an explicit stack of
 * frames (engine.h's invariant), one node per value tried, the hook
 * points where the parts (branch and bound, last conflict, nogoods) plug
 * in, and the failure cutoff a wrapper (the restart meta-engine) stops a
 * run with.  With no part and no cutoff, the search, its counters and
 * its trees are exactly those of plain DFS.
 *
 * lim->hook, when set, hears of the root and of every counted node with
 * its outcome (solver.h); without it the loop pays one branch per node. */
#include <stdint.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "changes.h"
#include "engine.h"
#include "space.h"

/* ---- the parts' hook points (each a loop over the parts in use) ------- */

#define EACH_PART(s, i) for (int i = 0; i < (s)->nparts; i++)
#define PART_HAS(s, i, hook) ((s)->part[i]->hook != NULL)

static int parts_choose(const csp_search *s) {
    EACH_PART(s, i) {
        if (!PART_HAS(s, i, choose)) continue;
        int v = s->part[i]->choose(s->part_st[i], s);
        if (v >= 0) return v;
    }
    return -1;
}

static int64_t parts_first_value(const csp_search *s, int v) {
    EACH_PART(s, i) {
        if (!PART_HAS(s, i, first_value)) continue;
        int64_t a = s->part[i]->first_value(s->part_st[i], s, v);
        if (a != CSP_NOVAL) return a;
    }
    return CSP_NOVAL;
}

static int parts_reopen(csp_search *s, csp_frame *f) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, reopen) && !s->part[i]->reopen(s->part_st[i], s, f)) return 0;
    }
    return 1;
}

static int parts_after_infer(csp_search *s, int var) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, after_infer) && s->part[i]->after_infer(s->part_st[i], s, var)) return 1;
    }
    return 0;
}

static int parts_accept_leaf(const csp_search *s) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, accept_leaf) && !s->part[i]->accept_leaf(s->part_st[i], s)) return 0;
    }
    return 1;
}

static void parts_on_fail(csp_search *s, int var) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, on_fail)) s->part[i]->on_fail(s->part_st[i], s, var);
    }
}

static void parts_on_success(csp_search *s, int var) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, on_success)) s->part[i]->on_success(s->part_st[i], s, var);
    }
}

static void parts_on_solution(csp_search *s) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, on_solution)) s->part[i]->on_solution(s->part_st[i], s);
    }
}

void *csp_search_part_state(const csp_search *s, const csp_search_part *part) {
    EACH_PART(s, i) {
        if (s->part[i] == part) return s->part_st[i];
    }
    return NULL;
}

void csp_search_restarted(csp_search *s) {
    EACH_PART(s, i) {
        if (PART_HAS(s, i, on_restart)) s->part[i]->on_restart(s->part_st[i], s);
    }
}

/* ---- inference, the hook, the trace ------------------------------------- */

/* Inlined on the per-node path (the old single-function search had it
 * inline too); csp_search_infer is the same for the parts. */
static inline __attribute__((always_inline)) int infer(csp_search *s, int var) {
    csp *p = s->p;
    const csp_config *cfg = s->cfg;
    INC(s->st, inference_calls);
    if (!cfg->timing)
        return var < 0 ? cfg->strategy->root(p, cfg->queue)
                       : cfg->strategy->infer(p, var, cfg->queue);
    uint64_t t0 = clock_ns();
    int r = var < 0 ? cfg->strategy->root(p, cfg->queue) : cfg->strategy->infer(p, var, cfg->queue);
    ADD(s->st, inference_ns, clock_ns() - t0);
    return r;
}

int csp_search_infer(csp_search *s, int var) { return infer(s, var); }

static void trace_node(FILE *out, const csp *p, int depth, int var, int value, int failed) {
    fprintf(out, "%*s", 2 * (depth - 1), "");
    if (p->names[var])
        fprintf(out, "%s", p->names[var]);
    else
        fprintf(out, "x%d", var);
    fprintf(out, " = %d%s\n", value, failed ? "  fail" : "");
}

/* The values the heuristic has left for f's variable (the frame's next
 * one onwards): only a hook asks. */
static int values_left(const csp_search *s, const csp_frame *f) {
    int n = 0;
    for (int64_t next = f->next; next != CSP_NOVAL; next = csp_frame_next(s, f, next)) n++;
    return n;
}

/* Reports one node to the hook (only called when there is one). */
static void tell(const csp_search *s, int var, int value, int left, csp_node_kind kind,
                 size_t mark) {
    csp_node_event e = {s->depth, var, value, left, kind, s->p, mark, NULL};
    s->hook->on_node(s->hook->ctx, &e);
}

void csp_search_tell_root(const csp_search *s, csp_node_kind kind, size_t mark, const char *label) {
    csp_node_event e = {0, -1, 0, 0, kind, s->p, mark, label};
    s->hook->on_node(s->hook->ctx, &e);
}

/* ---- choices ------------------------------------------------------------ */

/* The variable to branch on: a part's (last conflict) when it has one,
 * else the heuristic's, in the lowest tier that has an unassigned
 * variable (some variable is unassigned).  A variable of a later tier
 * that propagation has already fixed goes first: taking it costs one node
 * and no choice, and fc propagates only from the variables the search
 * assigns (an auxiliary variable's constraints would otherwise wait for
 * the last tier).  When every solution is counted (lim->all, no
 * objective), a singleton goes before the heuristic's choice (not before
 * last conflict's: measured, BIBD's count took 35 times longer): branching elsewhere first would
 * assign it again in each subtree, and a count visits every subtree (MisteryShopper-04: 34.6M nodes
 * against 4.0M, docs/xcsp.md).  A search for one solution or an optimum keeps the heuristic's
 * order, where a singleton first was measured slower (BoardColoration-8-10: 5 times). */
/* Counting's singleton first: the lowest-numbered unassigned singleton,
 * -1 if none.  The candidates (csp_search.single) gain the variables
 * the trail changed since the last choice; a full scan rebuilds them
 * after an undo (backtracks are few beside the nodes that assign a
 * singleton: BIBD's count, 397,083 nodes and 29,846 failures). */
static int first_single(csp_search *s) {
    csp *p = s->p;
    uint64_t *w = s->single;
    size_t nw = ((size_t)p->nvars + 63) / 64, now = csp_mark(p);
    if (s->single_seen > now) {
        memset(w, 0, nw * sizeof *w);
        for (int v = 0; v < p->nvars; v++)
            if (!csp_space_assigned(p, v) && csp_single(p, v)) w[v >> 6] |= (uint64_t)1 << (v & 63);
    } else {
        for (size_t i = s->single_seen; i < now; i++) {
            int v = csp_change_var(p, i);
            if (v >= 0 && csp_single(p, v)) w[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    }
    s->single_seen = now;
    for (size_t k = 0; k < nw; k++)
        while (w[k]) {
            int v = (int)(k * 64) + __builtin_ctzll(w[k]);
            w[k] &= w[k] - 1; /* taken, or stale */
            if (!csp_space_assigned(p, v) && csp_single(p, v)) return v;
        }
    return -1;
}

static inline int select_var(csp_search *s) {
    csp *p = s->p;
    int v = s->nparts ? parts_choose(s) : -1;
    if (v >= 0) return v;
    if (s->single && !s->optimising && (v = first_single(s)) >= 0) /* counting (above) */
        return v;
    if (!p->tier) return s->cfg->var->select(p);
    for (v = 0; v < p->nvars; v++)
        if (p->tier[v] && !csp_space_assigned(p, v) && csp_single(p, v)) return v;
    v = -1;
    for (int t = 0; v < 0 && t < p->ntiers; t++) {
        csp_space_set_tier(p, t);
        v = s->cfg->var->select(p);
    }
    return v;
}

/* Pushes the frame of variable v (marked assigned), whose domain is
 * restored from the current trail mark.  The stack grows only under
 * binary branching, where a refuted frame's variable may get a frame
 * again above it. */
static inline __attribute__((always_inline)) void push_var(csp_search *s, int v) {
    csp *p = s->p;
    size_t mark = csp_mark(p);
    if ((size_t)s->depth == s->stack_cap) GROW(&s->stack, &s->stack_cap, s->stack_cap + 1);
    csp_space_set_assigned(p, v, 1);
    int64_t first = s->nparts ? parts_first_value(s, v) : CSP_NOVAL;
    csp_frame *f = &s->stack[s->depth++];
    if (csp_is_bits(p, v)) {
        *f = (csp_frame){v, p->word[v], 0, first, CSP_NOVAL, CSP_NOVAL, mark, 0};
    } else {
        *f = (csp_frame){v, 0, CSP_NOVAL, first, first, CSP_NOVAL, mark, 0};
        f->next = csp_frame_next(s, f, CSP_NOVAL);
    }
}

/* Inlined into node (once per node); csp_search_push is the same for
 * the parts. */
static inline __attribute__((always_inline)) void push(csp_search *s) {
    push_var(s, select_var(s));
}

void csp_search_push(csp_search *s) { push(s); }

/* Undoes the trail to mark; the singleton candidates are rebuilt at the
 * next choice when entries they were read from are undone. */
static void undo(csp_search *s, size_t mark) {
    csp_undo(s->p, mark);
    if (mark < s->single_seen) s->single_seen = SIZE_MAX;
}

void csp_search_drop(csp_search *s) {
    size_t root = s->stack[0].mark;
    for (int k = 0; k < s->depth; k++) csp_space_set_assigned(s->p, s->stack[k].var, 0);
    s->depth = 0, s->nrefuted = 0;
    undo(s, root);
    csp_clear_touched(s->p);
}

/* ---- one node ----------------------------------------------------------- */

/* 1 when every budgeted constraint (csp_con_ops.budgeted) holds on the
 * complete assignment: propagation alone does not promise it. */
static int budgeted_hold(csp *p) {
    for (int c = 0; p->has_budgeted && c < p->ncons; c++)
        if (p->cons[c]->ops->budgeted && !csp_check(p, p->cons[c])) return 0;
    return 1;
}

/* Binary branching's right branch (cfg->binary; ACE's and Gecode's
 * default, with which last conflict is a backjump, Lecoutre et al.
 * 2009): frame f has tried some values and has others left; instead of
 * deciding the next one at once, the values tried leave f's variable x
 * (trailed above the frame's mark and the parts' cut), propagation runs,
 * and the variable heuristic (last conflict first) chooses again.  A
 * wipe-out ends the frame (every value of x refuted: a failure, counted,
 * told to the parts, the run's cutoff checked).  When the choice is x
 * again or x is left a singleton, the refutation is undone and the frame
 * goes on as d-way (returns 1); otherwise the frame becomes refuted (its
 * variable unassigned, a frame of the variable chosen pushed above it)
 * and returns 0.  Only for a strategy that propagates any change (any_change: gac)
 * and x of at most CSP_MAX_VALUES values; else returns 1. */
static int refute(csp_search *s, csp_frame *f) {
    csp *p = s->p;
    int x = f->var;
    if (!s->cfg->strategy->any_change || f->cur == CSP_NOVAL || csp_size(p, x) > CSP_MAX_VALUES)
        return 1;
    size_t m = csp_mark(p);
    int failed = 0;
    if (csp_is_bits(p, x)) {
        failed = csp_restrict(p, x, f->left) == CSP_WIPEOUT;
    } else {
        int64_t out[CSP_MAX_VALUES];
        int n = 0;
        for (int64_t a = csp_min(p, x); a != CSP_NOVAL; a = csp_next(p, x, a))
            if (!csp_frame_untried(s, f, a)) out[n++] = a;
        for (int i = 0; i < n && !failed; i++) failed = csp_remove(p, x, out[i]) == CSP_WIPEOUT;
    }
    failed = failed || infer(s, x) == CSP_WIPEOUT;
    if (!failed && s->nparts) failed = parts_after_infer(s, x);
    if (s->lim->trace) {
        fprintf(s->lim->trace, "%*s", 2 * (s->depth - 1), "");
        fprintf(s->lim->trace, "%s refuted%s\n", p->names[x] ? p->names[x] : "?",
                failed ? "  fail" : "");
    }
    if (failed) {
        INC(s->st, fails);
        undo(s, f->mark);
        csp_clear_touched(p);
        csp_space_set_assigned(p, x, 0);
        s->depth--;
        if (s->nparts) parts_on_fail(s, x);
        if (s->depth > 0 && s->fail_limit && ++s->run_fails >= s->fail_limit &&
            (!s->found || s->optimising))
            s->stop = CSP_SEARCH_CUT;
        return 0;
    }
    csp_space_set_assigned(p, x, 0);
    int v = csp_single(p, x) ? x : select_var(s);
    if (v == x) { /* x again: d-way on the frame's domain */
        csp_space_set_assigned(p, x, 1);
        undo(s, m);
        csp_clear_touched(p);
        return 1;
    }
    f->refuted = 1;
    s->nrefuted++;
    push_var(s, v);
    return 0;
}

/* Restores frame f's domain and lets the parts cut it; 0 when the frame
 * has no value left (f's variable is then unassigned and popped), when
 * binary branching failed it or pushed a frame above it (refute), or
 * when f was refuted (its child has explored every value of its
 * variable's right branch: f is done). */
static int reopen(csp_search *s, csp_frame *f) {
    csp *p = s->p;
    undo(s, f->mark);
    csp_clear_touched(p);
    if (f->refuted) { /* its variable is unassigned already */
        s->nrefuted--;
        s->depth--;
        return 0;
    }
    if (s->nparts && !parts_reopen(s, f)) {
        csp_clear_touched(p); /* nothing here can lead anywhere */
        f->left = 0, f->next = f->first = CSP_NOVAL;
    }
    if (csp_frame_more(p, f)) return s->cfg->binary ? refute(s, f) : 1;
    csp_space_set_assigned(p, f->var, 0); /* every value of f->var tried: backtrack */
    s->depth--;
    return 0;
}

/* 1 (and the status set) when a node or time limit stops the search. */
static int limit_hit(csp_search *s) {
    if (s->lim->node_limit && s->nodes >= s->lim->node_limit) {
        s->status = STATUS_NODE_LIMIT;
        return 1;
    }
    if (csp_space_timed(s->p) &&
        (csp_space_expired(s->p) || ((s->nodes & 255) == 0 && csp_space_deadline_passed(s->p)))) {
        s->status = STATUS_TIMEOUT;
        return 1;
    }
    return 0;
}

/* Takes f's next value and decides it; returns the value, *left 1 when
 * values are left after it (their count when there is a hook). */
static int decide(csp_search *s, csp_frame *f, int *left) {
    csp *p = s->p;
    int var = f->var, value;
    if (csp_is_bits(p, var)) {
        int bit = f->first != CSP_NOVAL ? (int)(f->first - p->offset[var])
                                        : s->cfg->val->select(p, var, f->left);
        f->first = CSP_NOVAL;
        f->left &= ~csp_bit(bit);
        value = csp_value(p, var, bit);
        *left = s->hook ? csp_dom_size(f->left) : f->left != 0; /* a count only for the hook */
        csp_assign(p, var, bit);                                /* leaves var touched */
    } else {
        /* the domain is the frame's again: the heuristic's next value
         * after this one is known before the decision changes it */
        if (f->first != CSP_NOVAL) {
            value = (int)f->first;
            f->first = CSP_NOVAL;
        } else {
            value = (int)f->next;
            f->next = csp_frame_next(s, f, value);
        }
        *left = f->next == CSP_NOVAL ? 0 : s->hook ? values_left(s, f) : 1;
        csp_decide(p, var, value); /* leaves var touched */
    }
    f->cur = value;
    return value;
}

/* A solution: counted, told, the parts' and the callback's say. */
static void solution(csp_search *s, csp_frame *f, int var, int value, int left) {
    INC(s->st, solutions);
    s->found++;
    if (s->hook) tell(s, var, value, left, CSP_NODE_SOLUTION, f->mark);
    if (s->nparts) parts_on_solution(s);
    if ((s->cb && !s->cb(s->ctx, s->p)) || (!s->lim->all && !s->optimising))
        s->stop = CSP_SEARCH_OVER;
}

/* The node f->var = (its next value): decision, inference, outcome. */
static void node(csp_search *s, csp_frame *f) {
    csp *p = s->p;
    int var = f->var, left, value = decide(s, f, &left);
    s->nodes++;
    INC(s->st, nodes);
    if (left) INC(s->st, decisions);
    MAXTO(s->st, max_depth, s->nassigned + s->depth - s->nrefuted);
    int failed = infer(s, var) == CSP_WIPEOUT;
    if (!failed && s->nparts) failed = parts_after_infer(s, var);
    int leaf = !failed && s->nassigned + s->depth - s->nrefuted == p->nvars;
    if (leaf && (!budgeted_hold(p) || (s->nparts && !parts_accept_leaf(s))))
        failed = 1; /* a budgeted constraint violated, or a part's veto: a failure */
    if (s->lim->trace) trace_node(s->lim->trace, p, s->depth, var, value, failed);
    if (failed) {
        INC(s->st, fails);
        if (s->hook) tell(s, var, value, left, csp_space_failure(p), f->mark);
        if (s->nparts) parts_on_fail(s, var);
        if (s->fail_limit && ++s->run_fails >= s->fail_limit && (!s->found || s->optimising))
            s->stop = CSP_SEARCH_CUT; /* the wrapper's cutoff: the run stops here */
        return;
    }
    if (s->nparts) parts_on_success(s, var);
    if (leaf) {
        solution(s, f, var, value, left);
        return;
    }
    if (s->hook) tell(s, var, value, left, CSP_NODE_BRANCH, f->mark);
    push(s);
}

/* ---- the search --------------------------------------------------------- */

/* The root: its inference, the hook's event, and the first choice (or
 * the one solution when the instance fixed every variable). */
void csp_search_start(csp_search *s, int empty, const char *label) {
    s->status = STATUS_UNSAT;
    csp *p = s->p;
    int complete = s->nassigned == p->nvars;
    int failed = empty || csp_search_infer(s, -1) == CSP_WIPEOUT || (complete && !budgeted_hold(p));
    if (s->hook) {
        csp_node_kind kind = failed     ? csp_space_failure(p)
                             : complete ? CSP_NODE_SOLUTION
                                        : CSP_NODE_BRANCH;
        csp_search_tell_root(s, kind, s->mark0, label);
    }
    if (failed) return;
    if (complete) {
        INC(s->st, solutions);
        s->found++;
        if (s->cb) s->cb(s->ctx, p);
        s->stop = CSP_SEARCH_OVER; /* the only assignment: optimal too */
        return;
    }
    csp_search_push(s);
}

void csp_search_loop(csp_search *s) {
    while (s->depth > 0 && !s->stop) {
        csp_frame *f = &s->stack[s->depth - 1];
        if (!reopen(s, f)) continue;
        if (limit_hit(s)) break;
        node(s, f);
    }
}

run_status csp_search_end(csp_search *s) {
    /* a propagation cut by the deadline failed without a proof */
    if (csp_space_expired(s->p) && s->status == STATUS_UNSAT) s->status = STATUS_TIMEOUT;
    if (s->status == STATUS_UNSAT && s->found)
        s->status = s->optimising && s->depth == 0 ? STATUS_OPTIMAL : STATUS_SOLVED;
    return s->status;
}

run_status csp_search_run(csp_search *s, int empty) {
    csp_search_start(s, empty, NULL);
    csp_search_loop(s);
    return csp_search_end(s);
}
