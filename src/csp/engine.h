/* engine.h - the depth-first search engine (engine_dfs.c), the parts
 * that plug into it (branch and bound with solution-phase saving,
 * engine_bnb.c; last-conflict reasoning, engine_lc.c; the nogoods'
 * pruning after each node, engine_restart.c) and the restart meta-engine
 * that wraps it (engine_restart.c: runs, cutoffs, the nogoods' records),
 * as Gecode's RBS wraps a DFS or BAB engine.  Internal to the csp module:
 * csp_solve (search.c) composes a search from these, the rest of the
 * program sees only solver.h.
 *
 * The engine owns the stack of frames and the counts of the search; it
 * reaches the model and the propagation state only through the space API
 * (space.h) and the inference of cfg->strategy.  A part is one const
 * table of hooks (csp_search_part), each optional, called at fixed points
 * of a node (below) with the part's own state; the parts a search uses
 * are those of csp_search_parts whose `wanted` says so, in that array's
 * order.  With no part wanted (plain DFS) every hook point is a loop over
 * nothing: the nodes, counters and trees are those of the plain search.
 *
 * Invariant: stack[k] holds the variable assigned at depth k+1, the
 * values not yet tried for it, and the trail mark taken before its first
 * value; undoing to that mark restores the domains its frame started
 * from, so every value is tried on the same domains.  stack[0].mark is
 * the trail after the root inference: a restart (the wrapper's) undoes
 * to it. */
#ifndef SEARCHLAB_CSP_ENGINE_H
#define SEARCHLAB_CSP_ENGINE_H

#include "solver.h"

/* One choice: the variable, the values not tried yet, and the trail
 * mark its values start from.  A bits variable keeps its values left as
 * bits (the heuristic's select picks one: the path it always had); any
 * other keeps the next value to try (CSP_NOVAL: none left), which the
 * heuristic's next computes on the domain the frame started from.
 * first: a part's value tried before any other (first_value: the saved
 * phase; in left for a bits variable), CSP_NOVAL once tried or without
 * one; skip: that value, which next steps over (the heuristic's order
 * less the value tried first; CSP_NOVAL for a bits variable, whose left
 * drops it); cur: the value being tried (set with each decision, read by
 * a restart's nogoods). */
typedef struct csp_frame {
    int var;
    csp_dom left;
    int64_t next, first, skip, cur;
    size_t mark;
    /* binary branching (cfg->binary): 1 once the frame is the right
     * branch of its variable, "not any value tried", the child above it
     * choosing another variable (its var is then unassigned) */
    int refuted;
} csp_frame;

typedef struct csp_search csp_search;

/* Why the engine's loop stops (csp_search.stop): it goes on; the search
 * is over (a callback, the first solution); the run was cut (a wrapper
 * resumes it). */
enum { CSP_SEARCH_GO = 0, CSP_SEARCH_OVER = 1, CSP_SEARCH_CUT = 2 };

/* The hooks of one part, in the order a node meets them; every one but
 * name and wanted may be NULL.  st is what open returned.
 * - open/close: make and free the part's state (close before the space
 *   is closed, so a part may undo what it set in the space).
 * - choose: the variable to branch on before the heuristic's, -1: none.
 * - first_value: the value of v to try first, CSP_NOVAL: none.
 * - reopen: after the undo to frame f's mark, before its next value: 0
 *   when none of f's values can lead anywhere (the frame is emptied).
 * - after_infer: after a node's inference succeeded: 1 on a wipe-out.
 * - accept_leaf: on a complete assignment that propagation and the
 *   budgeted checks accept: 0 to count it as a failure instead.
 * - on_fail: after a failed node was counted and told (may restart).
 * - on_restart: the search dropped its stack and starts a new run.
 * - on_success: node var = value did not fail.
 * - on_solution: after a solution was counted and told. */
typedef struct csp_search_part {
    const char *name;
    int (*wanted)(const csp *p, const csp_config *cfg);
    void *(*open)(csp_search *s);
    void (*close)(void *st, csp_search *s);
    int (*choose)(void *st, const csp_search *s);
    int64_t (*first_value)(void *st, const csp_search *s, int v);
    int (*reopen)(void *st, csp_search *s, csp_frame *f);
    int (*after_infer)(void *st, csp_search *s, int var);
    int (*accept_leaf)(void *st, const csp_search *s);
    void (*on_fail)(void *st, csp_search *s, int var);
    void (*on_restart)(void *st, csp_search *s);
    void (*on_success)(void *st, csp_search *s, int var);
    void (*on_solution)(void *st, csp_search *s);
} csp_search_part;

extern const csp_search_part csp_part_bnb, csp_part_lc, csp_part_nogood;
/* Every part, in the order their hooks run (NULL-terminated). */
extern const csp_search_part *const csp_search_parts[];
enum { CSP_SEARCH_MAX_PARTS = 4 };

/* The state of one search (csp_solve's, for its duration). */
struct csp_search {
    csp *p;
    const csp_config *cfg;
    const csp_limits *lim;
    const csp_search_hook *hook; /* lim->hook */
    stats *st;
    csp_on_solution cb;
    void *ctx;
    csp_frame *stack; /* stack_cap frames (nvars + 1, grown by binary branching) */
    size_t stack_cap;
    int depth;      /* frames in use */
    int nrefuted;   /* frames of depth that are refuted (binary branching): not assigned */
    int nassigned;  /* variables the instance fixed (no frame) */
    int optimising; /* 1: branch and bound (its part sets it): solutions do not stop it */
    int stop;       /* CSP_SEARCH_GO, _OVER or _CUT (below) */
    /* A wrapper's stop (the restart meta-engine's cutoff): with
     * fail_limit > 0 the engine counts the failed nodes of the run in
     * run_fails and, when they reach it while no solution was found (or
     * under branch and bound, at any time), sets stop to CSP_SEARCH_CUT
     * and leaves csp_search_loop with the stack as it was at that
     * failure. */
    uint64_t fail_limit, run_fails;
    run_status status;
    size_t mark0;          /* the trail when the search began */
    uint64_t nodes, found; /* own counts: limits hold without statistics */
    /* Counting (lim->all, no objective; select_var): a bitset over the
     * variables whose bits hold every unassigned singleton (and stale
     * ones, cleared when met), from the trail read up to single_seen;
     * SIZE_MAX after an undo: rebuilt by a scan at the next choice. */
    uint64_t *single;
    size_t single_seen;
    int nparts; /* the parts in use (csp_search_parts, wanted) */
    const csp_search_part *part[CSP_SEARCH_MAX_PARTS];
    void *part_st[CSP_SEARCH_MAX_PARTS];
};

/* ---- the engine (engine_dfs.c) ------------------------------------------ */

/* Runs the search from the root to its end (stop, exhaustion or a
 * limit); returns its status.  The space is open (space.h); empty: a
 * given value left a domain empty (the root fails).  The same as
 * csp_search_start, csp_search_loop and csp_search_end in a row. */
run_status csp_search_run(csp_search *s, int empty);
/* The root: its inference, the hook's depth-0 event (labelled: NULL for
 * none) and the first choice. */
void csp_search_start(csp_search *s, int empty, const char *label);
/* The nodes, until the stack is empty, the search stops, a limit is
 * hit (status set) or the run is cut (stop CSP_SEARCH_CUT: fail_limit
 * reached). */
void csp_search_loop(csp_search *s);
/* The status of the search that csp_search_loop left. */
run_status csp_search_end(csp_search *s);
/* The restart meta-engine (engine_restart.c; cfg->restart not none):
 * runs the engine with a failure cutoff per run, restarting at each cut
 * from the root's domains, until a run ends uncut; returns the status as
 * csp_search_run does. */
run_status csp_restart_run(csp_search *s, int empty);
/* The state of part (open), NULL when the search does not use it. */
void *csp_search_part_state(const csp_search *s, const csp_search_part *part);
/* One inference call: the root's (var < 0) or after var's decision,
 * timed when cfg->timing. */
int csp_search_infer(csp_search *s, int var);
/* Opens the next choice: picks a variable (the parts' choose, else the
 * heuristic's by tiers), marks it assigned and pushes its frame, whose
 * domain is restored from the current trail mark. */
void csp_search_push(csp_search *s);
/* Drops every frame: unassigns their variables and undoes the trail to
 * stack[0].mark (the root's domains).  The stack must not be empty. */
void csp_search_drop(csp_search *s);
/* The parts' on_restart, after a part dropped the stack for a new run. */
void csp_search_restarted(csp_search *s);
/* The heuristic's value after prev for f's (non-bits) variable, f->skip
 * stepped over. */
static inline int64_t csp_frame_next(const csp_search *s, const csp_frame *f, int64_t prev) {
    int64_t v = s->cfg->val->next(s->p, f->var, prev);
    return v != CSP_NOVAL && v == f->skip ? s->cfg->val->next(s->p, f->var, v) : v;
}
/* 1 when the frame has a value left to try. */
static inline int csp_frame_more(const csp *p, const csp_frame *f) {
    return f->first != CSP_NOVAL || (csp_is_bits(p, f->var) ? f->left != 0 : f->next != CSP_NOVAL);
}
/* 1 when value a of f's variable is still to be tried, f's domain being
 * the one it started from (or a part's cut of it): in f->left for a bits
 * variable, else f->first or the heuristic's order from f->next on. */
static inline int csp_frame_untried(const csp_search *s, const csp_frame *f, int64_t a) {
    const csp *p = s->p;
    if (csp_is_bits(p, f->var)) return (f->left >> (a - p->offset[f->var])) & 1;
    if (a == f->first) return 1;
    for (int64_t v = f->next; v != CSP_NOVAL; v = csp_frame_next(s, f, v))
        if (v == a) return 1;
    return 0;
}
/* Reports a root (depth 0) to the hook, labelled (NULL: none). */
void csp_search_tell_root(const csp_search *s, csp_node_kind kind, size_t mark, const char *label);

#endif
