/* strategy.c - the three inference strategies: bt (check the constraints
 * an assignment completes, and the partial check of the incomplete ones),
 * fc (forward checking: revise every constraint left with one unassigned
 * variable; check or partially check the others, so fc does at least
 * what bt does) and gac (maintain generalised arc consistency with a
 * queue policy).
 *
 * A constraint left with no unassigned variable is checked by fc too:
 * n-ary constraints are only revised when one variable is left, so the
 * last assignment of a scope may complete it unchecked (root givens).
 * A constraint with its own forward-checking step (on_assign: globals
 * such as all-different) gets that step instead, for each assigned
 * variable of its scope. */
#include "space.h"

/* Number of unassigned variables of c; *pos is the last one's position. */
static int unassigned(const csp *p, const csp_con *c, int *pos) {
    int n = 0;
    for (int i = 0; i < c->arity; i++)
        if (!csp_space_assigned(p, c->scope[i])) n++, *pos = i;
    return n;
}

/* bits: every variable is bits (a constant in the plain paths). */
static inline __attribute__((always_inline)) int check_complete(csp *p, csp_con *c, int bits) {
    int pos;
    if (unassigned(p, c, &pos) == 0 && !csp_check_(p, c, bits)) {
        csp_weight_bump(p, c->id);
        csp_space_check_failed(p);
        return CSP_WIPEOUT;
    }
    return CSP_NOCHANGE;
}

/* The partial check of an incomplete constraint, when it has one (the
 * course's "DFS + constraints"). */
static int check_partial(csp *p, csp_con *c) {
    if (!c->ops->partial) return CSP_NOCHANGE;
    CSP_COUNT(p, checks);
    if (c->ops->partial(p, c)) return CSP_NOCHANGE;
    csp_weight_bump(p, c->id);
    csp_space_check_failed(p);
    return CSP_WIPEOUT;
}

/* ---- bt --------------------------------------------------------------- */

static inline __attribute__((always_inline)) int bt_con(csp *p, csp_con *c, int bits) {
    int pos;
    return unassigned(p, c, &pos) == 0 ? check_complete(p, c, bits) : check_partial(p, c);
}

static int bt_root(csp *p, const csp_queue *q) {
    (void)q;
    for (int c = 0; c < p->ncons; c++)
        if (bt_con(p, p->cons[c], 0) == CSP_WIPEOUT) return CSP_WIPEOUT;
    return CSP_NOCHANGE;
}

static inline __attribute__((always_inline)) int bt_infer_(csp *p, int var, int bits) {
    for (int i = 0; i < csp_ncons_of(p, var); i++)
        if (bt_con(p, csp_con_of(p, var, i), bits) == CSP_WIPEOUT) return CSP_WIPEOUT;
    return CSP_NOCHANGE;
}

static int bt_infer(csp *p, int var, const csp_queue *q) {
    (void)q;
    return p->all_bits ? bt_infer_(p, var, 1) : bt_infer_(p, var, 0);
}

const csp_strategy csp_strategy_bt = {
    .name = "bt",
    .summary = "plain DFS: check each constraint an assignment completes (and partial checks)",
    .root = bt_root,
    .infer = bt_infer,
};

/* ---- fc --------------------------------------------------------------- */

/* fc's step for a constraint with its own (on_assign) after var's
 * assignment (var < 0: at the root, for each assigned variable).  Out of
 * line, so that fc_con's path for the other constraints stays as short as
 * it was. */
static __attribute__((noinline)) int fc_own_step(csp *p, csp_con *c, int var) {
    if (var >= 0) return csp_on_assign(p, c, csp_pos(c, var)); /* var is in c's scope, once */
    int r = CSP_NOCHANGE;
    for (int i = 0; i < c->arity && r != CSP_WIPEOUT; i++) {
        if (!csp_space_assigned(p, c->scope[i])) continue;
        int ri = csp_on_assign(p, c, i);
        if (ri != CSP_NOCHANGE) r = ri;
    }
    return r;
}

/* fc's treatment of c after var's assignment (var < 0: at the root);
 * globals: 0 when the model has no globals and only bits variables
 * (p->general), a constant in each caller so that the tests vanish from
 * the old models' path. */
static inline __attribute__((always_inline)) int fc_con(csp *p, csp_con *c, int var, int globals) {
    int pos;
    if (globals && c->rel < 0 && c->ops->on_assign) return fc_own_step(p, c, var);
    int n = unassigned(p, c, &pos);
    if (n == 1) return csp_revise(p, c, pos);
    if (n == 0) return check_complete(p, c, !globals);
    return check_partial(p, c); /* fc does at least what bt does */
}

static int fc_root(csp *p, const csp_queue *q) {
    (void)q;
    int r = CSP_NOCHANGE;
    for (int c = 0; c < p->ncons && r != CSP_WIPEOUT; c++) r = fc_con(p, p->cons[c], -1, 1);
    csp_clear_touched(p);
    return r;
}

static inline __attribute__((always_inline)) int fc_infer_(csp *p, int var, int globals) {
    int r = CSP_NOCHANGE;
    for (int i = 0; i < csp_ncons_of(p, var) && r != CSP_WIPEOUT; i++)
        r = fc_con(p, csp_con_of(p, var, i), var, globals);
    csp_clear_touched(p);
    return r;
}

static int fc_infer(csp *p, int var, const csp_queue *q) {
    (void)q;
    return p->general ? fc_infer_(p, var, 1) : fc_infer_(p, var, 0);
}

const csp_strategy csp_strategy_fc = {
    .name = "fc",
    .summary = "forward checking: prune the one unassigned variable of each touched constraint",
    .root = fc_root,
    .infer = fc_infer,
};

/* ---- gac -------------------------------------------------------------- */

static int gac_root(csp *p, const csp_queue *q) { return csp_propagate(p, q, 1); }

static int gac_infer(csp *p, int var, const csp_queue *q) {
    (void)var; /* the assignment left var in p->touched */
    return csp_propagate(p, q, 0);
}

const csp_strategy csp_strategy_gac = {
    .name = "gac",
    .summary = "maintain generalised arc consistency (MAC) with a queue policy",
    .root = gac_root,
    .infer = gac_infer,
    .any_change = 1,
};
