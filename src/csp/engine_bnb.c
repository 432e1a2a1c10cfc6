/* engine_bnb.c - branch and bound (p->nobj > 0) with solution-phase
 * saving (cfg->phase), a part of the search engine (engine.h).
 *
 * best[] is the objective of the last solution found (the incumbent).
 * After each undo the search cuts the domains to what can beat it (bound);
 * that cut is trailed above the frame's mark, so every node below it
 * starts from bounded domains, and the cut is made again after the next
 * undo, with the incumbent of that time.  A lexicographic objective's cut
 * is only as strong as its prefix reasoning, so a leaf is also checked
 * (improves) before it counts as a solution.  Solutions do not stop the
 * search; it ends optimal when the tree is exhausted.
 *
 * Solution-phase saving (cfg->phase; after Demirovic, Chu, Stuckey 2018):
 * each frame tries first the incumbent's value of its variable when it is
 * in the frame's domain, then the value heuristic's order without it.
 * Only the order of a frame's values changes, each is still tried once;
 * with restarts every run starts near the incumbent.  Before the first
 * solution the search is exactly the one without the option. */
#include "../core/xmalloc.h"
#include "engine.h"

/* Invariant: have_best is 1 once a solution was found, and best[] is
 * then the latest one's objective in obj_key order, saved[] (with
 * cfg->phase) its values: the phase tried first. */
typedef struct bnb_state {
    int have_best;
    int64_t *best;  /* nobj */
    int64_t *saved; /* nvars, with cfg->phase; else NULL */
} bnb_state;

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

static int bnb_wanted(const csp *p, const csp_config *cfg) {
    (void)cfg;
    return p->nobj > 0;
}

static void *bnb_open(csp_search *s) {
    bnb_state *b = NEWN(1, bnb_state);
    b->have_best = 0;
    b->best = NEWN((size_t)s->p->nobj, int64_t);
    b->saved = s->cfg->phase ? NEWN((size_t)s->p->nvars, int64_t) : NULL;
    s->optimising = 1;
    return b;
}

static void bnb_close(void *st, csp_search *s) {
    bnb_state *b = st;
    FREEN(b->best, (size_t)s->p->nobj);
    if (b->saved) FREEN(b->saved, (size_t)s->p->nvars);
    FREEN(b, 1);
}

static int64_t bnb_first_value(void *st, const csp_search *s, int v) {
    const bnb_state *b = st;
    return b->have_best && b->saved && csp_has(s->p, v, b->saved[v]) ? b->saved[v] : CSP_NOVAL;
}

/* After the undo of frame f with an incumbent: cut, and keep only the
 * frame's values that are still in the domain; 0 when none is left. */
static int bnb_reopen(void *st, csp_search *s, csp_frame *f) {
    bnb_state *b = st;
    csp *p = s->p;
    if (!b->have_best) return 1;
    if (bound(p, b->best) == CSP_WIPEOUT) return 0;
    if (f->first != CSP_NOVAL && !csp_has(p, f->var, f->first)) f->first = CSP_NOVAL;
    if (csp_is_bits(p, f->var))
        f->left &= p->word[f->var];
    else if (f->next != CSP_NOVAL && !csp_has(p, f->var, f->next))
        f->next = csp_frame_next(s, f, f->next);
    return csp_frame_more(p, f);
}

static int bnb_accept_leaf(void *st, const csp_search *s) {
    const bnb_state *b = st;
    return !b->have_best || improves(s->p, b->best); /* no better: a failure */
}

/* The new incumbent: the search goes on below its bound. */
static void bnb_on_solution(void *st, csp_search *s) {
    bnb_state *b = st;
    const csp *p = s->p;
    for (int k = 0; k < p->nobj; k++) b->best[k] = obj_key(p, k);
    b->have_best = 1;
    if (b->saved)
        for (int v = 0; v < p->nvars; v++) b->saved[v] = csp_min(p, v);
}

const csp_search_part csp_part_bnb = {
    .name = "bnb",
    .wanted = bnb_wanted,
    .open = bnb_open,
    .close = bnb_close,
    .first_value = bnb_first_value,
    .reopen = bnb_reopen,
    .accept_leaf = bnb_accept_leaf,
    .on_solution = bnb_on_solution,
};
