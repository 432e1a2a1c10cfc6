/* order.c - variable ordering (lex, dom, dom/deg, dom/wdeg) and value
 * ordering (lex).  Ties go to the lowest index, so every heuristic is
 * deterministic, except in a search with restarts (p->ties set): there a
 * tie goes to one of the tied variables chosen uniformly at random
 * (reservoir sampling over the scan), so that each run sees another tree.
 *
 * deg is the dynamic degree: the constraints on the variable that still
 * have another unassigned variable; wdeg weighs each such constraint by
 * its weight (1 + the wipe-outs and check failures it caused).  A
 * variable with degree 0 compares as if its ratio were infinite. */
#include "../core/rng.h"
#include "solver.h"

static int var_lex(const csp *p) {
    for (int v = 0; v < p->nvars; v++)
        if (!p->assigned[v]) return v;
    return -1;
}

/* 1 when the tie just found (the ntie-th equal candidate, counting the
 * best so far as the first) should replace the best: never without
 * p->ties, else with probability 1/ntie, which leaves each of the tied
 * candidates chosen with the same probability. */
static int take_tie(const csp *p, uint64_t *ntie) {
    return p->ties && rng_below(p->ties, ++*ntie) == 0;
}

static int var_dom(const csp *p) {
    int best = -1, best_size = CSP_MAX_VALUES + 1;
    uint64_t ntie = 1;
    for (int v = 0; v < p->nvars; v++) {
        if (p->assigned[v]) continue;
        int s = csp_dom_size(p->dom[v]);
        if (s < best_size)
            best = v, best_size = s, ntie = 1;
        else if (s == best_size && take_tie(p, &ntie))
            best = v;
        if (s == 1) break; /* a singleton is forced: no tie worth breaking */
    }
    return best;
}

/* Sum of the weights (or count, when weighted is 0) of the constraints
 * on v with another unassigned variable. */
static uint64_t degree(const csp *p, int v, int weighted) {
    uint64_t d = 0;
    for (int i = 0; i < csp_ncons_of(p, v); i++) {
        const csp_con *c = csp_con_of(p, v, i);
        for (int k = 0; k < c->arity; k++)
            if (c->scope[k] != v && !p->assigned[c->scope[k]]) {
                d += weighted ? c->weight : 1;
                break;
            }
    }
    return d;
}

static int var_ratio(const csp *p, int weighted) {
    int best = -1;
    uint64_t best_dom = 0, best_deg = 0, ntie = 1;
    for (int v = 0; v < p->nvars; v++) {
        if (p->assigned[v]) continue;
        uint64_t dom = (uint64_t)csp_dom_size(p->dom[v]), deg = degree(p, v, weighted);
        /* dom/deg < best_dom/best_deg, cross-multiplied; deg 0 is infinite */
        int better = best < 0 || (deg > 0 && (best_deg == 0 || dom * best_deg < best_dom * deg));
        if (better) {
            best = v, best_dom = dom, best_deg = deg, ntie = 1;
        } else if (p->ties && (deg == 0 ? best_deg == 0 : dom * best_deg == best_dom * deg) &&
                   take_tie(p, &ntie)) {
            best = v;
        }
    }
    return best;
}

static int var_domdeg(const csp *p) { return var_ratio(p, 0); }
static int var_domwdeg(const csp *p) { return var_ratio(p, 1); }

const csp_var_heur csp_var_lex = {"lex", "the lowest-numbered unassigned variable", var_lex};
const csp_var_heur csp_var_dom = {"dom", "smallest current domain first", var_dom};
const csp_var_heur csp_var_domdeg = {"dom/deg", "smallest domain / dynamic degree", var_domdeg};
const csp_var_heur csp_var_domwdeg = {
    "dom/wdeg", "smallest domain / weighted degree (failure-driven)", var_domwdeg};

static int val_lex(const csp *p, int var, csp_dom left) {
    (void)p, (void)var;
    return csp_dom_min(left);
}

const csp_val_heur csp_val_lex = {"lex", "smallest value first", val_lex};
