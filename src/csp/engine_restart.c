/* engine_restart.c - restarts, with nogoods recorded from them, a part of
 * the search engine (engine.h); the cutoff sequences and the text forms
 * are restart.c's.
 *
 * Restarts (cfg->restart, solver.h): the run's failed nodes are counted,
 * and when they reach the run's cutoff before any solution was found (or
 * under branch and bound, at any time), the stack is dropped and the
 * search starts again from the root's domains (stack[0].mark), the
 * constraint weights untouched; ties between variables are broken at
 * random from lim->seed for the duration of the search.
 *
 * Nogoods from restarts (cfg->nogood; nogood.h): each restart keeps the
 * branch it drops as a record of nogoods (the values each frame had
 * refuted), and every later node, the roots of the later runs included,
 * prunes what the records forbid before it goes on, so a run does not
 * explore again what an earlier one refuted: with them, the work of the
 * runs before the last adds to the proof instead of being lost.  Without
 * the option no line of it runs. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "engine.h"
#include "nogood.h"
#include "space.h"

/* Invariant: run is the number of the current run (from 1), cutoff its
 * failure cutoff and fails its failed nodes so far; ng holds a record of
 * every earlier run when nogoods is 1. */
typedef struct restart_state {
    uint64_t run, cutoff, fails;
    rng ties;
    int nogoods;
    csp_nogoods ng;
} restart_state;

static int restart_wanted(const csp *p, const csp_config *cfg) {
    (void)p;
    return cfg->restart.kind != CSP_RESTART_NONE;
}

static void *restart_open(csp_search *s) {
    restart_state *r = NEWN(1, restart_state);
    *r = (restart_state){0};
    r->run = 1;
    r->cutoff = csp_restart_cutoff(&s->cfg->restart, 1);
    r->nogoods = s->cfg->nogood;
    rng_seed(&r->ties, s->lim->seed);
    csp_space_set_ties(s->p, &r->ties);
    return r;
}

static void restart_close(void *st, csp_search *s) {
    restart_state *r = st;
    csp_space_set_ties(s->p, NULL);
    csp_nogoods_free(&r->ng);
    FREEN(r, 1);
}

static const char *restart_root_label(void *st, const csp_search *s, char *buf, size_t size) {
    (void)s;
    const restart_state *r = st;
    snprintf(buf, size, "run %llu: cutoff %llu failure%s", (unsigned long long)r->run,
             (unsigned long long)r->cutoff, r->cutoff == 1 ? "" : "s");
    return buf;
}

/* ---- nogoods -------------------------------------------------------------- */

/* 1 when value a of f's variable is still to be tried (the frame's
 * domain is the one it started from). */
static int untried(const csp_search *s, const csp_frame *f, int64_t a) {
    const csp *p = s->p;
    if (csp_is_bits(p, f->var)) return (f->left >> (a - p->offset[f->var])) & 1;
    if (a == f->first) return 1;
    for (int64_t v = f->next; v != CSP_NOVAL; v = csp_frame_next(s, f, v))
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
static void record_branch(csp_search *s, csp_nogoods *ng) {
    csp *p = s->p;
    const csp_frame *stack = s->stack;
    int depth = s->depth;
    size_t cap = (size_t)depth * CSP_MAX_VALUES;
    int64_t *vals = NEWN(cap, int64_t);
    size_t *nv = NEWN((size_t)depth, size_t);
    for (int k = depth - 1; k >= 0; k--) {
        const csp_frame *f = &stack[k];
        csp_undo(p, f->mark);
        nv[k] = 0;
        if (csp_size(p, f->var) > CSP_MAX_VALUES) continue;
        int64_t *out = vals + (size_t)k * CSP_MAX_VALUES;
        for (int64_t a = csp_min(p, f->var); a != CSP_NOVAL; a = csp_next(p, f->var, a))
            if ((a != f->cur || k == depth - 1) && !untried(s, f, a)) out[nv[k]++] = a;
    }
    csp_clear_touched(p);
    csp_nogoods_open(ng);
    for (int k = 0; k < depth; k++)
        csp_nogoods_step(ng, stack[k].var, stack[k].cur, vals + (size_t)k * CSP_MAX_VALUES, nv[k]);
    csp_nogoods_close(ng);
    FREEN(vals, cap);
    FREEN(nv, (size_t)depth);
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

static int restart_after_infer(void *st, csp_search *s, int var) {
    restart_state *r = st;
    return r->ng.nrec && nogood_fixpoint(s, var, &r->ng);
}

/* ---- the restart ---------------------------------------------------------- */

/* Counts a failure of the run; at the cutoff, drops the branch (kept as
 * a record with nogoods) and starts the next run from the root's domains
 * pruned by every record (kept by the next restarts: stack[0].mark is
 * above it). */
static void restart_on_fail(void *st, csp_search *s, int var) {
    (void)var;
    restart_state *r = st;
    if (!(r->cutoff && ++r->fails >= r->cutoff && (!s->found || s->optimising))) return;
    size_t root = s->stack[0].mark;
    if (r->nogoods) record_branch(s, &r->ng);
    csp_search_drop(s);
    int dead = r->nogoods && nogood_fixpoint(s, -1, &r->ng);
    INC(s->st, restarts);
    r->run++;
    r->cutoff = csp_restart_cutoff(&s->cfg->restart, r->run);
    r->fails = 0;
    csp_search_restarted(s);
    if (s->lim->trace)
        fprintf(s->lim->trace, "restart: run %llu, cutoff %llu failures\n",
                (unsigned long long)r->run, (unsigned long long)r->cutoff);
    if (s->hook) {
        char label[64];
        csp_search_tell_root(s, dead ? csp_space_failure(s->p) : CSP_NODE_BRANCH, root,
                             restart_root_label(r, s, label, sizeof label));
    }
    if (!dead) csp_search_push(s);
}

const csp_search_part csp_part_restart = {
    .name = "restart",
    .wanted = restart_wanted,
    .open = restart_open,
    .close = restart_close,
    .root_label = restart_root_label,
    .after_infer = restart_after_infer,
    .on_fail = restart_on_fail,
};
