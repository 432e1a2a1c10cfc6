/* order.c - variable ordering (lex, dom, dom/deg, dom/wdeg, dom/wdeg-cacd) and value
 * ordering (lex, max).  Ties go to the lowest index, so every heuristic is
 * deterministic, except in a search with restarts (p->ties set): there a
 * tie goes to one of the tied variables chosen uniformly at random
 * (reservoir sampling over the scan), so that each run sees another tree.
 *
 * deg is the dynamic degree: the constraints on the variable that still
 * have another unassigned variable; wdeg weighs each such constraint by
 * its weight (1 + the wipe-outs and check failures it caused: the
 * space's part weights.h, which this heuristic reads and propagation
 * bumps).  A
 * variable with degree 0 compares as if its ratio were infinite.
 *
 * With branching tiers (p->tier) each heuristic chooses among the
 * variables of tier csp_space_tier(p); engine_dfs.c's select_var tries the tiers
 * in order. */
#include "../core/rng.h"
#include "space.h"

/* 1 when v is not a candidate: assigned, or (tiered: a constant of each
 * copy, so the plain loops stay as they were) outside the current tier. */
static inline __attribute__((always_inline)) int skip(const csp *p, int v, int tiered) {
    return csp_space_assigned(p, v) || (tiered && p->tier[v] != csp_space_tier(p));
}

static inline __attribute__((always_inline)) int var_lex_(const csp *p, int tiered) {
    for (int v = 0; v < p->nvars; v++)
        if (!skip(p, v, tiered)) return v;
    return -1;
}

static int var_lex(const csp *p) { return p->tier ? var_lex_(p, 1) : var_lex_(p, 0); }

/* The size of v's domain: the plain copies (bits 1: every variable is
 * bits) count the word, as they always did. */
static inline __attribute__((always_inline)) int64_t size_of(const csp *p, int v, int bits) {
    return bits ? csp_dom_size(p->word[v]) : csp_size(p, v);
}

/* 1 when the tie just found (the ntie-th equal candidate, counting the
 * best so far as the first) should replace the best: never without
 * p->ties, else with probability 1/ntie, which leaves each of the tied
 * candidates chosen with the same probability. */
static int take_tie(const csp *p, uint64_t *ntie) {
    return csp_space_ties(p) && rng_below(csp_space_ties(p), ++*ntie) == 0;
}

static inline __attribute__((always_inline)) int var_dom_(const csp *p, int bits, int tiered) {
    int best = -1;
    int64_t best_size = INT64_MAX;
    uint64_t ntie = 1;
    for (int v = 0; v < p->nvars; v++) {
        if (skip(p, v, tiered)) continue;
        int64_t s = size_of(p, v, bits);
        if (s < best_size)
            best = v, best_size = s, ntie = 1;
        else if (s == best_size && take_tie(p, &ntie))
            best = v;
        if (s == 1) break; /* a singleton is forced: no tie worth breaking */
    }
    return best;
}

static int var_dom(const csp *p) {
    return p->tier ? var_dom_(p, 0, 1) : p->all_bits ? var_dom_(p, 1, 0) : var_dom_(p, 0, 0);
}

/* Sum of the weights (or count, when weighted is 0) of the constraints
 * on v with another unassigned variable. */
static inline __attribute__((always_inline)) uint64_t degree(const csp *p, int v, int weighted) {
    uint64_t d = 0;
    const uint64_t *w = p->weights.w; /* weights.h: read once, not per constraint */
    for (int e = p->vc_start[v]; e < p->vc_start[v + 1]; e++) {
        int id = p->vc_list[e];
        const csp_con *c = p->cons[id];
        for (int k = 0; k < c->arity; k++)
            if (c->scope[k] != v && !csp_space_assigned(p, c->scope[k])) {
                d += weighted ? w[id] : 1;
                break;
            }
    }
    return d;
}

__extension__ typedef unsigned __int128 u128;

/* dom/deg < best_dom/best_deg, cross-multiplied (in 128 bits: sizes
 * pass 2^32 and weights grow); deg 0 is infinite. */
static int ratio_less(uint64_t dom, uint64_t deg, uint64_t best_dom, uint64_t best_deg) {
    return deg > 0 && (best_deg == 0 || (u128)dom * best_deg < (u128)best_dom * deg);
}

static inline __attribute__((always_inline)) int var_ratio(const csp *p, int weighted, int bits,
                                                           int tiered) {
    int best = -1;
    uint64_t best_dom = 0, best_deg = 0, ntie = 1;
    for (int v = 0; v < p->nvars; v++) {
        if (skip(p, v, tiered)) continue;
        uint64_t dom = (uint64_t)size_of(p, v, bits), deg = degree(p, v, weighted);
        int better = best < 0 || ratio_less(dom, deg, best_dom, best_deg);
        if (better) {
            best = v, best_dom = dom, best_deg = deg, ntie = 1;
        } else if (csp_space_ties(p) &&
                   (deg == 0 ? best_deg == 0 : (u128)dom * best_deg == (u128)best_dom * deg) &&
                   take_tie(p, &ntie)) {
            best = v;
        }
    }
    return best;
}

static int var_domdeg(const csp *p) {
    return p->tier       ? var_ratio(p, 0, 0, 1)
           : p->all_bits ? var_ratio(p, 0, 1, 0)
                         : var_ratio(p, 0, 0, 0);
}
static int var_domwdeg(const csp *p) {
    return p->tier       ? var_ratio(p, 1, 0, 1)
           : p->all_bits ? var_ratio(p, 1, 1, 0)
                         : var_ratio(p, 1, 0, 0);
}

/* wdeg^ca.cd: the greatest score / |dom| (weights.h's variable scores,
 * which csp_weight_bump_vars fills); before any failure every score is 0
 * and the smallest domain goes first.  Ties: the smaller domain, then as
 * the others. */
static int var_domcacd(const csp *p) {
    int best = -1, tiered = p->tier != NULL;
    double best_score = -1;
    int64_t best_size = INT64_MAX;
    uint64_t ntie = 1;
    const double *vw = p->weights.vw;
    for (int v = 0; v < p->nvars; v++) {
        if (skip(p, v, tiered)) continue;
        int64_t size = csp_size(p, v);
        double score = vw && v < p->weights.nvw ? vw[v] / (double)size : 0;
        if (best < 0 || score > best_score || (score == best_score && size < best_size))
            best = v, best_score = score, best_size = size, ntie = 1;
        else if (score == best_score && size == best_size && take_tie(p, &ntie))
            best = v;
    }
    return best;
}

const csp_var_heur csp_var_lex = {"lex", "the lowest-numbered unassigned variable", var_lex, 0};
const csp_var_heur csp_var_dom = {"dom", "smallest current domain first", var_dom, 0};
const csp_var_heur csp_var_domdeg = {"dom/deg", "smallest domain / dynamic degree", var_domdeg, 0};
const csp_var_heur csp_var_domwdeg = {
    "dom/wdeg", "smallest domain / weighted degree (failure-driven)", var_domwdeg, 0};
const csp_var_heur csp_var_domcacd = {
    "dom/wdeg-cacd",
    "wdeg^ca.cd: greatest failure score / domain, each failure shared among the constraint's "
    "unassigned variables by their domain sizes",
    var_domcacd, 1};

static int lex_select(const csp *p, int var, csp_dom left) {
    (void)p, (void)var;
    return csp_dom_min(left);
}

static int64_t lex_next(const csp *p, int var, int64_t prev) {
    return prev == CSP_NOVAL ? csp_min(p, var) : csp_next(p, var, prev);
}

const csp_val_heur csp_val_lex = {"lex", "smallest value first", lex_select, lex_next};

/* lex's mirror: the values from the largest down.  csp_prev, like
 * csp_next, takes a prev no longer in the domain (branch and bound's
 * reopen cuts the frame's domain) and gives the largest value below it. */
static int max_select(const csp *p, int var, csp_dom left) {
    (void)p, (void)var;
    return csp_dom_max(left);
}

static int64_t max_next(const csp *p, int var, int64_t prev) {
    return prev == CSP_NOVAL ? csp_max(p, var) : csp_prev(p, var, prev);
}

const csp_val_heur csp_val_max = {"max", "largest value first", max_select, max_next};
