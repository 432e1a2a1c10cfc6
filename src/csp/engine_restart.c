/* engine_restart.c - the restart meta-engine (engine.h), which wraps the
 * depth-first engine (with branch and bound when the model has an
 * objective) as Gecode's RBS wraps DFS or BAB, and the nogoods it records
 * from its restarts; the cutoff sequences and the text forms are
 * restart.c's.
 *
 * Restarts (cfg->restart, solver.h): the wrapper gives the engine a
 * failure cutoff per run (csp_search.fail_limit); the engine counts the
 * run's failed nodes and leaves its loop when they reach it before any
 * solution was found (or under branch and bound, at any time), the stack
 * as it was at that failure.  The wrapper then drops the stack, starts
 * the next run from the root's domains (stack[0].mark) and runs the
 * engine again, until a run ends without a cut.  The constraint weights
 * are untouched; ties between variables are broken at random from
 * lim->seed for the duration of the search.
 *
 * Nogoods from restarts (cfg->nogood; nogood.h): each restart keeps the
 * branch it drops as a record of nogoods (the values each frame had
 * refuted), and every later node, the roots of the later runs included,
 * prunes what the records forbid before it goes on, so a run does not
 * explore again what an earlier one refuted: with them, the work of the
 * runs before the last adds to the proof instead of being lost.  The
 * records are the state of a part (csp_part_nogood: its after_infer is
 * the pruning after every node, as Gecode posts nogoods as a propagator),
 * which the wrapper fills at each restart.  Without the option no line
 * of it runs. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "engine.h"
#include "nogood.h"
#include "space.h"

/* ---- nogoods -------------------------------------------------------------- */

/* The nogoods part's state: a record of every earlier run. */
typedef struct nogood_state {
    csp_nogoods ng;
} nogood_state;

static int nogood_wanted(const csp *p, const csp_config *cfg) {
    (void)p;
    return cfg->restart.kind != CSP_RESTART_NONE && cfg->nogood;
}

static void *nogood_open(csp_search *s) {
    (void)s;
    nogood_state *n = NEWN(1, nogood_state);
    *n = (nogood_state){0};
    return n;
}

static void nogood_close(void *st, csp_search *s) {
    (void)s;
    nogood_state *n = st;
    csp_nogoods_free(&n->ng);
    FREEN(n, 1);
}

/* At a restart, before the stack is dropped: the branch stack[0..depth)
 * as a record (nogood.h), whose last frame's value has just failed.  Each
 * frame is undone to its mark on the way up, so that its domain is the
 * one it started from: its refuted values are those not left to try but
 * the one in progress (the last frame's failed too).  A variable of more
 * than CSP_MAX_VALUES values keeps its decision and no refuted value
 * (weaker, as sound).  A frame whose variable was a singleton when it was
 * chosen, and refutes nothing, is left out: its decision x = c followed
 * from the decisions above it (propagation removes only values that no
 * solution, better than the incumbent of the time, extending them takes),
 * so the nogoods stay true without it, and a record is as long as its
 * real choices, not its forced steps (SteelMillSlab: thousands of
 * auxiliary variables fixed per descent, each a frame). */
static void record_branch(csp_search *s, csp_nogoods *ng) {
    csp *p = s->p;
    const csp_frame *stack = s->stack;
    int depth = s->depth;
    size_t cap = (size_t)depth * CSP_MAX_VALUES;
    int64_t *vals = NEWN(cap, int64_t);
    size_t *nv = NEWN((size_t)depth, size_t);
    unsigned char *forced = NEWN((size_t)depth, unsigned char);
    for (int k = depth - 1; k >= 0; k--) {
        const csp_frame *f = &stack[k];
        csp_undo(p, f->mark);
        nv[k] = 0;
        forced[k] = csp_size(p, f->var) == 1;
        if (csp_size(p, f->var) > CSP_MAX_VALUES) continue;
        int64_t *out = vals + (size_t)k * CSP_MAX_VALUES;
        for (int64_t a = csp_min(p, f->var); a != CSP_NOVAL; a = csp_next(p, f->var, a))
            if ((a != f->cur || k == depth - 1 || f->refuted) && !csp_frame_untried(s, f, a))
                out[nv[k]++] = a;
    }
    csp_clear_touched(p);
    csp_nogoods_open(ng);
    for (int k = 0; k < depth; k++)
        if (!forced[k] || nv[k]) /* a refuted frame decided nothing: no decision to hold */
            csp_nogoods_step(ng, stack[k].var, stack[k].refuted ? CSP_NOVAL : stack[k].cur,
                             vals + (size_t)k * CSP_MAX_VALUES, nv[k]);
    csp_nogoods_close(ng);
    FREEN(vals, cap);
    FREEN(nv, (size_t)depth);
    FREEN(forced, (size_t)depth);
}

/* Prunes by the records and propagates (var as csp_search_infer takes
 * it), until neither changes anything; 1 on a wipe-out. */
static int nogood_fixpoint(csp_search *s, int var, const csp_nogoods *ng) {
    for (;;) {
        int r = csp_nogoods_prune(s->p, ng);
        if (r != CSP_CHANGED) return r == CSP_WIPEOUT;
        if (csp_search_infer(s, var) == CSP_WIPEOUT) return 1;
    }
}

static int nogood_after_infer(void *st, csp_search *s, int var) {
    nogood_state *n = st;
    return n->ng.nrec && nogood_fixpoint(s, var, &n->ng);
}

const csp_search_part csp_part_nogood = {
    .name = "nogood",
    .wanted = nogood_wanted,
    .open = nogood_open,
    .close = nogood_close,
    .after_infer = nogood_after_infer,
};

/* ---- the restart meta-engine ---------------------------------------------- */

/* Invariant: run is the number of the current run (from 1) and cutoff
 * its failure cutoff (the engine's fail_limit); ng is the nogoods part's
 * records (NULL: no nogoods). */
typedef struct restart_state {
    uint64_t run, cutoff;
    rng ties;
    csp_nogoods *ng;
} restart_state;

static const char *run_label(const restart_state *r, char *buf, size_t size) {
    snprintf(buf, size, "run %llu: cutoff %llu failure%s", (unsigned long long)r->run,
             (unsigned long long)r->cutoff, r->cutoff == 1 ? "" : "s");
    return buf;
}

/* The run was cut: drops the branch (kept as a record with nogoods) and
 * starts the next run from the root's domains pruned by every record
 * (kept by the next restarts: stack[0].mark is above it). */
static void restart(csp_search *s, restart_state *r) {
    size_t root = s->stack[0].mark;
    if (r->ng) record_branch(s, r->ng);
    csp_search_drop(s);
    int dead = r->ng && nogood_fixpoint(s, -1, r->ng);
    INC(s->st, restarts);
    r->run++;
    r->cutoff = csp_restart_cutoff(&s->cfg->restart, r->run);
    s->fail_limit = r->cutoff, s->run_fails = 0, s->stop = CSP_SEARCH_GO;
    csp_search_restarted(s);
    if (s->lim->trace)
        fprintf(s->lim->trace, "restart: run %llu, cutoff %llu failures\n",
                (unsigned long long)r->run, (unsigned long long)r->cutoff);
    if (s->hook) {
        char label[64];
        csp_search_tell_root(s, dead ? csp_space_failure(s->p) : CSP_NODE_BRANCH, root,
                             run_label(r, label, sizeof label));
    }
    if (!dead) csp_search_push(s);
}

run_status csp_restart_run(csp_search *s, int empty) {
    restart_state r = {.run = 1, .cutoff = csp_restart_cutoff(&s->cfg->restart, 1)};
    nogood_state *n = csp_search_part_state(s, &csp_part_nogood);
    r.ng = n ? &n->ng : NULL;
    rng_seed(&r.ties, s->lim->seed);
    csp_space_set_ties(s->p, &r.ties);
    s->fail_limit = r.cutoff, s->run_fails = 0;
    char label[64];
    csp_search_start(s, empty, s->hook ? run_label(&r, label, sizeof label) : NULL);
    for (csp_search_loop(s); s->stop == CSP_SEARCH_CUT; csp_search_loop(s)) restart(s, &r);
    csp_space_set_ties(s->p, NULL);
    s->fail_limit = 0;
    return csp_search_end(s);
}
