/* xcsp_checker.c - the generic checker constraint: any parsed XCSP3
 * constraint posted as its family's check over its distinct variables,
 * so that every form is solvable before it has a propagator of its own.
 * bt checks it once its scope is complete; fc revises its last
 * unassigned variable (one check per value: exact); gac revises each
 * variable by a depth-first search for a support of each value over the
 * other domains, every leaf a check.  That search is exact within a
 * budget of XCSP_CHECKER_BUDGET units per call (a leaf costs 1 + arity /
 * 16 units); a call that runs out keeps the values it could not decide:
 * sound (a value is removed only when it surely has no support), weaker
 * on huge scopes, and no scope can hang the search.  A constraint whose
 * revise once ran out of budget is lazy from then on: it is revised only
 * when the other domains' product fits the budget (then the search is
 * exact and bounded), so that a huge scope costs one budget, not one per
 * revise.  Skipping a revise is sound: a budgeted constraint is checked on
 * every complete assignment (csp_con_ops.budgeted). */
#include "../core/xmalloc.h"
#include "xcsp_family.h"
#include "xcsp_model.h"

#define XCSP_CHECKER_BUDGET (1L << 16)

/* lazy: 0, then 1 for good once a revise ran out of budget (a heuristic
 * state, not reversible: it changes which revisions run, never a result). */
typedef struct checker {
    const xcsp_inst *in;
    const xcsp_con *c;
    xcsp_check_fn check;
    int lazy;
} checker;

static int chk_check(const csp *p, const csp_con *k, const int *vals) {
    (void)p;
    const checker *ck = k->data;
    return ck->check(ck->in, ck->c, vals);
}

enum { SMALL = 32 };

/* The budget units of one check over a scope of n variables. */
static long leaf_cost(int n) { return 1 + n / 16; }

/* Searches a support of tuple[pos] (set) over the other positions: 1
 * found, 0 none, -1 out of budget.  cur[level]: the value of level's
 * position tried last (CSP_NOVAL: none yet). */
static int support(csp *p, const checker *ck, const csp_con *k, int pos, int *tuple, int *order,
                   int64_t *cur, long *budget) {
    int n = k->arity, m = 0;
    long cost = leaf_cost(n);
    for (int q = 0; q < n; q++)
        if (q != pos) order[m++] = q;
    if (!m) {
        *budget -= cost;
        CSP_COUNT(p, checks);
        return ck->check(ck->in, ck->c, tuple);
    }
    int level = 0;
    cur[0] = CSP_NOVAL;
    while (level >= 0) {
        if (*budget <= 0) return -1;
        int q = order[level], v = k->scope[q];
        cur[level] = cur[level] == CSP_NOVAL ? csp_min(p, v) : csp_next(p, v, cur[level]);
        if (cur[level] == CSP_NOVAL) { /* this level is exhausted: back up */
            level--;
            continue;
        }
        tuple[q] = (int)cur[level];
        if (level < m - 1) {
            cur[++level] = CSP_NOVAL;
            continue;
        }
        *budget -= cost;
        CSP_COUNT(p, checks);
        if (ck->check(ck->in, ck->c, tuple)) return 1;
    }
    return 0;
}

/* 1 when the leaves over the positions other than pos, each costing cost,
 * fit in budget (the search for every value's support then finishes). */
static int space_fits(const csp *p, const csp_con *k, int pos, long cost, long budget) {
    long leaves = cost;
    for (int q = 0; q < k->arity && leaves <= budget; q++)
        if (q != pos) leaves *= csp_size(p, k->scope[q]);
    return leaves <= budget;
}

static int chk_revise(csp *p, csp_con *k, int pos) {
    checker *ck = k->data;
    int n = k->arity, x = k->scope[pos];
    if (ck->lazy && !space_fits(p, k, pos, leaf_cost(n), XCSP_CHECKER_BUDGET)) return CSP_NOCHANGE;
    int small_t[SMALL], small_o[SMALL];
    int64_t small_c[SMALL];
    int *tuple = n <= SMALL ? small_t : NEWN((size_t)n, int);
    int *order = n <= SMALL ? small_o : NEWN((size_t)n, int);
    int64_t *cur = n <= SMALL ? small_c : NEWN((size_t)n, int64_t);
    long budget = XCSP_CHECKER_BUDGET;
    int64_t *gone = NULL;
    size_t ngone = 0, cap = 0;
    CSP_FOR_VALUES(p, x, val) {
        if (budget <= 0) break; /* out of budget (a huge domain): keep the values left */
        tuple[pos] = (int)val;
        int r = support(p, ck, k, pos, tuple, order, cur, &budget);
        if (r < 0) break; /* out of budget: keep the values left */
        if (!r) {
            GROW(&gone, &cap, ngone + 1);
            gone[ngone++] = val;
        }
    }
    if (budget <= 0) ck->lazy = 1;
    if (tuple != small_t) {
        FREEN(tuple, (size_t)n);
        FREEN(order, (size_t)n);
        FREEN(cur, (size_t)n);
    }
    int r = csp_remove_values(p, x, gone, ngone);
    if (gone) FREEN(gone, cap);
    return r;
}

static const csp_con_ops checker_ops = {
    .name = "xcsp-checker",
    .check = chk_check,
    .revise = chk_revise,
    .budgeted = 1, /* a revise stops after its budget of checks */
};

int xcsp_post_checker_on(xcsp_model *m, const xcsp_con *c, xcsp_check_fn check, const int *scope,
                         int arity) {
    checker ck = {m->in, c, check, 0};
    csp_add_con(m->p, &checker_ops, scope, arity, &ck, sizeof ck);
    return 0;
}

int xcsp_post_checker(xcsp_model *m, const xcsp_con *c) {
    return xcsp_post_checker_on(m, c, XCSP_FAMILY(c)->check, c->scope, c->arity);
}
