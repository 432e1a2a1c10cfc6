/* aquarium_sum.c - the constraints of the aquarium models: a weighted sum
 * of table functions equal to a target (row and column clues, on level or
 * cell variables) with a GAC propagator, and x <= y on 0/1 variables.
 *
 * Why the sum propagator is exact (GAC).  With P_i the sums reachable by
 * positions 0..i-1 and S_i those reachable by i..arity-1 (each a set of
 * integers 0..target, one 64-bit mask), value b of x_i has a support iff
 * target - f_i(b) is in P_i + S_{i+1}.  Supports are whole tuples, so one
 * pass reaches the fixpoint.  Cost: O(arity * 64) word operations.
 */
#include <string.h>

#include "../core/xmalloc.h"
#include "aquarium.h"

int *aq_sum_data(int target, int arity, int *const *tab, const int *nvals, size_t *size) {
    size_t n = 2 + (size_t)arity;
    for (int i = 0; i < arity; i++) n += (size_t)nvals[i];
    int *data = NEWN(n, int);
    data[0] = target;
    data[1] = arity;
    int at = 2 + arity;
    for (int i = 0; i < arity; i++) {
        data[2 + i] = at;
        memcpy(data + at, tab[i], (size_t)nvals[i] * sizeof(int));
        at += nvals[i];
    }
    *size = n * sizeof(int);
    return data;
}

/* The contributions x_i can still make, as a set. */
static csp_dom contributions(const csp *p, const csp_con *c, int i) {
    const int *data = c->data;
    const int *f = data + data[2 + i];
    csp_dom set = 0;
    for (csp_dom d = csp_bits(p, c->scope[i]); d; d &= d - 1) set |= csp_bit(f[csp_dom_min(d)]);
    return set;
}

/* Prunes the unsupported values of position only (all when only < 0). */
static int sum_filter(csp *p, csp_con *c, int only) {
    const int *data = c->data;
    int target = data[0], arity = data[1];
    csp_dom cap = csp_range(0, target);
    /* pre[i] = sums reachable by 0..i-1; suf[i] = by i..arity-1 */
    csp_dom stack_pre[65], stack_suf[65], stack_con[64];
    csp_dom *pre = stack_pre, *suf = stack_suf, *con = stack_con;
    if (arity > 64) {
        pre = NEWN((size_t)arity + 1, csp_dom);
        suf = NEWN((size_t)arity + 1, csp_dom);
        con = NEWN((size_t)arity, csp_dom);
    }
    pre[0] = csp_bit(0);
    for (int i = 0; i < arity; i++) {
        con[i] = contributions(p, c, i);
        pre[i + 1] = csp_sumset(pre[i], con[i]) & cap;
    }
    suf[arity] = csp_bit(0);
    for (int i = arity; i-- > 0;) suf[i] = csp_sumset(suf[i + 1], con[i]) & cap;
    int result = (pre[arity] >> target) & 1 ? CSP_NOCHANGE : CSP_WIPEOUT;
    for (int i = 0; i < arity && result != CSP_WIPEOUT; i++) {
        int v = c->scope[i];
        if ((only >= 0 && i != only) || csp_dom_size(csp_bits(p, v)) < 2) continue;
        const int *f = data + data[2 + i];
        csp_dom others = csp_sumset(pre[i], suf[i + 1]) & cap, keep = 0;
        for (csp_dom d = csp_bits(p, v); d; d &= d - 1) {
            int b = csp_dom_min(d);
            CSP_COUNT_ADD(p, checks, 1);
            if (f[b] <= target && ((others >> (target - f[b])) & 1)) keep |= csp_bit(b);
        }
        int r = csp_restrict(p, v, keep);
        if (r != CSP_NOCHANGE) result = r;
    }
    if (arity > 64) {
        FREEN(pre, (size_t)arity + 1);
        FREEN(suf, (size_t)arity + 1);
        FREEN(con, (size_t)arity);
    }
    return result;
}

static int sum_revise(csp *p, csp_con *c, int pos) { return sum_filter(p, c, pos); }
static int sum_propagate(csp *p, csp_con *c) { return sum_filter(p, c, -1); }

static int sum_check(const csp *p, const csp_con *c, const int *vals) {
    const int *data = c->data;
    int target = data[0], arity = data[1];
    long sum = 0;
    for (int i = 0; i < arity; i++) sum += data[data[2 + i] + vals[i] - p->offset[c->scope[i]]];
    return sum == target;
}

/* bt's check of a line not fully decided yet: the water already there
 * must not exceed the clue, and the water still possible must reach it
 * (bounds, weaker than sum_filter's test). */
static int sum_partial(const csp *p, const csp_con *c) {
    const int *data = c->data;
    int target = data[0], arity = data[1];
    long lo = 0, hi = 0;
    for (int i = 0; i < arity; i++) {
        csp_dom set = contributions(p, c, i);
        if (!set) return 0; /* an empty domain */
        lo += csp_dom_min(set);
        hi += csp_dom_max(set);
    }
    return lo <= target && target <= hi;
}

const csp_con_ops aq_sum_ops = {
    .name = "aquarium-sum",
    .check = sum_check,
    .revise = sum_revise,
    .propagate = sum_propagate,
    .partial = sum_partial,
};

/* ---- x <= y on 0/1 variables ------------------------------------------- */

static int le_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p, (void)c;
    return vals[0] <= vals[1];
}

/* x may be 1 only if y may be 1; y may be 0 only if x may be 0. */
static int le_revise(csp *p, csp_con *c, int pos) {
    csp_dom x = csp_bits(p, c->scope[0]), y = csp_bits(p, c->scope[1]);
    CSP_COUNT_ADD(p, checks, 1);
    if (pos == 0) return (y & csp_bit(1)) ? CSP_NOCHANGE : csp_restrict(p, c->scope[0], csp_bit(0));
    return (x & csp_bit(0)) ? CSP_NOCHANGE : csp_restrict(p, c->scope[1], csp_bit(1));
}

const csp_con_ops aq_le_ops = {
    .name = "aquarium-le",
    .check = le_check,
    .revise = le_revise,
};
