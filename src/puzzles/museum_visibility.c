/* museum_visibility.c - the visibility constraint of one museum room: its
 * check and the course's partial check (for bt) and its exact propagator
 * (for fc and gac).
 *
 * Why the propagator is exact (GAC).  The room sees 1 + L + R + U + D
 * rooms, one term per arm, and the arms share no wall.  The count an arm
 * can still give is the set of k such that its k nearest walls can be
 * open and its (k+1)-th can be a wall (or k is the arm's length).  A wall
 * value is supported iff, with that value fixed, its arm's set contains
 * some k with M-1-k in the sum-set of the three other arms: that is
 * exactly "some setting of the other walls gives M".  Supports are whole
 * tuples, so removing unsupported values never removes the support of a
 * kept one: one pass reaches the fixpoint.  Counts are at most 2n-2, so
 * the sets are 64-bit masks (n <= MUS_MAX_N).
 */
#include "museum.h"

/* Possible counts of an arm whose walls are the variables vars[0..len-1],
 * with position fix (or -1) restricted to the single bit fixbit. */
static csp_dom arm_counts(const csp *p, const int *vars, int len, int fix, int fixbit) {
    csp_dom set = 0;
    for (int k = 0; k <= len; k++) {
        if (k == len) {
            set |= csp_bit(k);
            break;
        }
        csp_dom dk = csp_bits(p, vars[k]);
        if (k == fix) dk &= csp_bit(fixbit);
        if (dk & csp_bit(1)) set |= csp_bit(k); /* a wall at k stops the arm */
        if (!(dk & csp_bit(0))) break;          /* k can't be open: no longer k */
    }
    return set;
}

/* Prunes every unsupported value of scope position `only` (all positions
 * when only < 0). */
static int vis_filter(csp *p, csp_con *c, int only) {
    const mus_vis_data *vd = c->data;
    int t = vd->target - 1;
    if (t < 0 || t >= CSP_MAX_VALUES) return CSP_WIPEOUT;
    const int *arm[4];
    csp_dom set[4];
    int at = 0;
    for (int a = 0; a < 4; a++) {
        arm[a] = c->scope + at;
        set[a] = arm_counts(p, arm[a], vd->len[a], -1, 0);
        at += vd->len[a];
    }
    if (!((csp_sumset(csp_sumset(set[0], set[1]), csp_sumset(set[2], set[3])) >> t) & 1))
        return CSP_WIPEOUT;
    int result = CSP_NOCHANGE;
    at = 0;
    for (int a = 0; a < 4; a++) {
        csp_dom others = csp_bit(0);
        for (int b = 0; b < 4; b++)
            if (b != a) others = csp_sumset(others, set[b]);
        for (int q = 0; q < vd->len[a]; q++, at++) {
            int v = arm[a][q];
            if ((only >= 0 && at != only) || csp_dom_size(csp_bits(p, v)) < 2) continue;
            csp_dom keep = 0;
            for (int bit = 0; bit < 2; bit++) {
                csp_dom ks = arm_counts(p, arm[a], vd->len[a], q, bit);
                CSP_COUNT_ADD(p, checks, 1);
                for (; ks; ks &= ks - 1) {
                    int k = csp_dom_min(ks);
                    if (k <= t && ((others >> (t - k)) & 1)) {
                        keep |= csp_bit(bit);
                        break;
                    }
                }
            }
            int r = csp_restrict(p, v, keep);
            if (r == CSP_WIPEOUT) return r;
            if (r == CSP_CHANGED) result = CSP_CHANGED;
        }
    }
    return result;
}

static int vis_revise(csp *p, csp_con *c, int pos) { return vis_filter(p, c, pos); }
static int vis_propagate(csp *p, csp_con *c) { return vis_filter(p, c, -1); }

/* vals[i] is 0 (open) or 1 (wall) for scope[i]. */
static int vis_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const mus_vis_data *vd = c->data;
    int seen = 1, at = 0;
    for (int a = 0; a < 4; a++) {
        int k = 0;
        while (k < vd->len[a] && vals[at + k] == 0) k++;
        seen += k;
        at += vd->len[a];
    }
    return seen == vd->target;
}

/* The course's check on a partly decided room ("DFS + constraints"): the
 * rooms it surely sees (the decided open walls nearest to it, arm by
 * arm) must not exceed its number, and once every arm is closed by a
 * decided wall or the border the count must be exact.  A wall is decided
 * when its domain is one value.  Weaker than vis_filter's test (it never
 * asks whether enough rooms can still be seen), as the course's DFS is. */
static int vis_partial(const csp *p, const csp_con *c) {
    const mus_vis_data *vd = c->data;
    int seen = 1, closed = 1, at = 0;
    for (int a = 0; a < 4; a++) {
        int k = 0;
        while (k < vd->len[a] && csp_bits(p, c->scope[at + k]) == csp_bit(0)) k++;
        seen += k;
        if (k < vd->len[a] && csp_bits(p, c->scope[at + k]) != csp_bit(1)) closed = 0;
        at += vd->len[a];
    }
    return seen <= vd->target && (!closed || seen == vd->target);
}

const csp_con_ops mus_visibility_ops = {
    .name = "museum-visibility",
    .check = vis_check,
    .revise = vis_revise,
    .propagate = vis_propagate,
    .partial = vis_partial,
};
