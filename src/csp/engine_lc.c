/* engine_lc.c - last-conflict reasoning (cfg->lc; Lecoutre, Sais, Tabary,
 * Vidal 2009), a part of the search engine (engine.h): the variable whose
 * assignment failed last is branched on next, before the heuristic's
 * choice, until it gets a value that does not fail.  With d-way branching
 * the failing variable's other values are tried in its own frame anyway;
 * what lc adds is that, after the search backtracks above it, that
 * variable comes back first instead of the heuristic's pick, so the
 * culprit of a conflict is found near the conflict.  A restart forgets
 * it. */
#include "../core/xmalloc.h"
#include "engine.h"
#include "space.h"

/* Invariant: var is the variable of the last failed node since it last
 * got a value that did not fail (and since the last restart); -1: none. */
typedef struct lc_state {
    int var;
} lc_state;

static int lc_wanted(const csp *p, const csp_config *cfg) {
    (void)p;
    return cfg->lc;
}

static void *lc_open(csp_search *s) {
    (void)s;
    lc_state *lc = NEWN(1, lc_state);
    lc->var = -1;
    return lc;
}

static void lc_close(void *st, csp_search *s) {
    (void)s;
    FREEN((lc_state *)st, 1);
}

static int lc_choose(void *st, const csp_search *s) {
    int v = ((lc_state *)st)->var;
    return v >= 0 && !csp_space_assigned(s->p, v) ? v : -1;
}

static void lc_on_fail(void *st, csp_search *s, int var) {
    (void)s;
    ((lc_state *)st)->var = var;
}

static void lc_on_restart(void *st, csp_search *s) {
    (void)s;
    ((lc_state *)st)->var = -1;
}

static void lc_on_success(void *st, csp_search *s, int var) {
    (void)s;
    lc_state *lc = st;
    if (var == lc->var) lc->var = -1; /* the last conflict's variable got a value */
}

const csp_search_part csp_part_lc = {
    .name = "lc",
    .wanted = lc_wanted,
    .open = lc_open,
    .close = lc_close,
    .choose = lc_choose,
    .on_fail = lc_on_fail,
    .on_restart = lc_on_restart,
    .on_success = lc_on_success,
};
