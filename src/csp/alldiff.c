/* alldiff.c - the all-different global (one constraint per group) and its
 * three propagators: value, bounds(Z) and domain consistency (this file:
 * the levels, the state, posting, the checks and the value level; the
 * bounds level is alldiff_hall.c, the domain level alldiff_domain.c).
 *
 * Definitions, over a group x_1..x_n with domains D_i:
 * - value: every value of a singleton domain is absent from the other
 *   domains, to a fixpoint (the GAC closure of the != clique).
 * - bounds(Z) (Bessiere et al.'s naming, as in Choi, Harvey, Lee, Stuckey
 *   2006): for every i, min D_i and max D_i each extend to an all-different
 *   tuple in which every other x_j takes an integer of [min D_j, max D_j]
 *   (holes ignored).  The propagator reaches the greatest such domains
 *   inside the current ones: it tightens every interval, snaps each new
 *   bound to the nearest domain value inside it, and repeats while a snap
 *   moved a bound (a hole made the new interval smaller than computed).
 * - domain (GAC): every value of every D_i extends to an all-different
 *   tuple of the D_j.
 *
 * Values.  The union of the group's values is mapped to compact indices
 * 0..nv-1: the spans [min, max] the variables had when the constraint was
 * posted are merged into disjoint blocks laid end to end, so bit b of
 * scope[i] is value index b + shift[i] (one add: a variable's span lies in
 * one block).  nv <= 64 n; it may exceed 64.  Invariant: domains only
 * shrink after posting, so every domain bit maps into 0..nv-1.  Sets of
 * values are bitsets of wv words (one spare word, so that the 64-bit
 * window of any variable reads two words without a bound test).
 *
 * Wide groups.  When some variable spans more than 64 values the value
 * map would be as large as the values' span, so the group's value-index
 * view is the values themselves: the set of seen values is a list, and
 * values are read and removed through the value-level interface (any
 * representation, any range).  The value and bounds propagators are the
 * same code over either view (seen_add, drop_seen, remove_value below);
 * domain there is value + bounds, two constraints: weaker than GAC, which
 * would need a matching over the union of the values.
 *
 * Bounds: Hall intervals, alldiff_hall.h (on values: the same for narrow
 * and wide groups).
 *
 * Domain: Regin, "A filtering algorithm for constraints of difference in
 * CSPs", AAAI 1994.  An edge (x, v) is in some maximum matching iff it is
 * matched, or lies on an even alternating cycle, or on an even alternating
 * path from a free value.  With every variable matched (else: failure),
 * contract each matched pair (x, m(x)) into the node x: edge x -> y iff
 * m(x) is in D_y (y != x).  Then (y, m(x)) survives iff x and y are in the
 * same strongly connected component (Tarjan, iterative with an explicit
 * stack) or x is reachable from a variable with a free value in its domain
 * (a breadth-first closure).  Pruning removes only unmatched edges, so the
 * matching stays valid and one call reaches the fixpoint.
 * Incrementality: the matching (mvar, mval, and the set mm of matched
 * values) lives in the constraint across calls and is never trailed.  Its
 * invariant is only "mvar and mval are inverse partial maps"; each call
 * first unmatches the variables whose matched value has left the domain
 * (after a prune, or after a backtrack and another branch), then searches
 * one augmenting path (BFS over alternating paths, free values first) per
 * unmatched variable.  After a backtrack domains grow, so the old matching
 * stays valid as it is.  Cost per call: O(n + E) plus O(E) per repair,
 * E = the sum of the domain sizes.
 * Groups of at most 64 positions (every Latin square up to 64 x 64) take
 * domain_filter1: the components from forward and backward bit-parallel
 * searches instead of Tarjan's walk, and only the blocks (Hall sets left by an
 * earlier call, kept in a stack of states) that hold a changed position
 * recomputed; its comment states the invariant.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "alldiff_state.h"
#include "globals.h"
#include "space.h"

const char *const csp_alldiff_names[] = {
#define NAME_(e, name, summary) #name,
    CSP_ALLDIFF_LEVELS(NAME_)
#undef NAME_
        NULL};

const char *const csp_alldiff_summaries[] = {
#define SUMMARY_(e, name, summary) summary,
    CSP_ALLDIFF_LEVELS(SUMMARY_)
#undef SUMMARY_
        NULL};

typedef struct span {
    int lo, hi, pos;
} span;

static int span_cmp(const void *a, const void *b) {
    const span *x = a, *y = b;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

/* The value map (see the top): shift[] and nv from the current domains. */
static int build_map(const csp *p, const int *vars, int n, int *shift) {
    span *sp = NEWN((size_t)n, span);
    for (int i = 0; i < n; i++) {
        csp_dom d = csp_bits(p, vars[i]);
        int o = p->offset[vars[i]];
        sp[i] = d ? (span){o + csp_dom_min(d), o + csp_dom_max(d), i} : (span){o, o, i};
    }
    qsort(sp, (size_t)n, sizeof *sp, span_cmp);
    int base = 0, start = sp[0].lo, end = sp[0].hi;
    for (int k = 0; k < n; k++) {
        if (sp[k].lo > end + 1) { /* a gap: a new block after the current one */
            base += end - start + 1;
            start = sp[k].lo;
            end = sp[k].hi;
        } else if (sp[k].hi > end) {
            end = sp[k].hi;
        }
        shift[sp[k].pos] = p->offset[vars[sp[k].pos]] - start + base;
    }
    FREEN(sp, (size_t)n);
    return base + end - start + 1;
}

/* Hands out consecutive pieces of one block. */
static int *take_i(int **cur, size_t k) {
    int *r = *cur;
    *cur += k;
    return r;
}
static uint64_t *take_w(uint64_t **cur, size_t k) {
    uint64_t *r = *cur;
    *cur += k;
    return r;
}

static void state_init(ad_state *s, const csp *p, const int *vars, int n, enum csp_alldiff level) {
    memset(s, 0, sizeof *s);
    s->n = n;
    if (level == CSP_ALLDIFF_BOUNDS) ad_hall_init(&s->hall, n);
    for (int i = 0; i < n; i++) s->wide |= !csp_narrow(p, vars[i]);
    if (s->wide) { /* the values themselves (see the top); level is value or bounds */
        s->seen = NEWN((size_t)n, int64_t);
        return;
    }
    int *shift = NEWN((size_t)n, int);
    s->nv = build_map(p, vars, n, shift);
    s->wv = s->nv / 64 + 2;
    s->wn = (n + 63) / 64;
    size_t un = (size_t)n, nv = (size_t)s->nv, wv = (size_t)s->wv;
    s->ni = un;
    s->nw = wv;
    if (level == CSP_ALLDIFF_DOMAIN) {
        s->ni += 11 * un + nv;
        s->ni += AD_STATES;
        s->nw += wv + un * (size_t)s->wn + 2 * (size_t)s->wn + 4 * un;
        if (n <= 64) s->nw += 2 * AD_STATES * un;
    }
    s->ibuf = NEWN(s->ni, int);
    s->wbuf = NEWN(s->nw, uint64_t);
    int *ic = s->ibuf;
    uint64_t *wc = s->wbuf;
    s->shift = take_i(&ic, un);
    memcpy(s->shift, shift, un * sizeof *shift);
    FREEN(shift, un);
    s->vmark = take_w(&wc, wv);
    if (level == CSP_ALLDIFF_DOMAIN) {
        s->mvar = take_i(&ic, un);
        s->mval = take_i(&ic, nv);
        int **arr[] = {&s->idx,   &s->low,   &s->comp, &s->stk,  &s->onstk,
                       &s->fnode, &s->fword, &s->qv,   &s->from, &s->vis};
        for (size_t a = 0; a < sizeof arr / sizeof *arr; a++) *arr[a] = take_i(&ic, un);
        s->mm = take_w(&wc, wv);
        s->row = take_w(&wc, un * (size_t)s->wn);
        s->reach = take_w(&wc, (size_t)s->wn);
        s->single = take_w(&wc, (size_t)s->wn);
        s->fbits = take_w(&wc, un);
        s->drop = take_w(&wc, un);
        s->dloc = take_w(&wc, un);
        s->compm = take_w(&wc, un);
        s->hnblk = take_i(&ic, AD_STATES);
        if (n <= 64) {
            s->hsnap = take_w(&wc, AD_STATES * un);
            s->hblk = take_w(&wc, AD_STATES * un);
        }
        for (int i = 0; i < n; i++) s->mvar[i] = -1;
        for (int k = 0; k < s->nv; k++) s->mval[k] = -1;
        s->simple = s->nv <= 64;
        for (int i = 0; i < n; i++) s->simple &= s->shift[i] == 0;
    }
    assert(ic == s->ibuf + s->ni && wc == s->wbuf + s->nw);
}

static void ad_destroy(void *data, size_t size) {
    (void)size;
    ad_state *s = data;
    if (s->wide) {
        FREEN(s->seen, (size_t)s->n);
    } else {
        FREEN(s->ibuf, s->ni);
        FREEN(s->wbuf, s->nw);
    }
    ad_hall_free(&s->hall);
}

/* ==== check, bt's partial check, fc's step =============================== */

/* All distinct.  Pairwise (O(n^2)): vals may hold any integers. */
int csp_alldiff_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    for (int i = 0; i < c->arity; i++)
        for (int j = i + 1; j < c->arity; j++)
            if (vals[i] == vals[j]) return 0;
    return 1;
}

/* ==== the value-index view ============================================== */

/* Adds the value of x (scope[i], one value) to the seen set; 0 when it
 * was there already (or x is empty). */
static int seen_add(const csp *p, ad_state *s, int i, int x) {
    if (s->wide) {
        int64_t a = csp_min(p, x);
        for (int k = 0; k < s->nseen; k++)
            if (s->seen[k] == a) return 0;
        s->seen[s->nseen++] = a;
        return 1;
    }
    csp_dom d = csp_bits(p, x);
    if (!d) return 0;
    int k = csp_dom_min(d) + s->shift[i];
    if (vtest(s->vmark, k)) return 0;
    vset(s->vmark, k);
    return 1;
}

static void seen_clear(ad_state *s) {
    if (s->wide)
        s->nseen = 0;
    else
        memset(s->vmark, 0, (size_t)s->wv * sizeof *s->vmark);
}

/* Removes the seen values from y (scope[j]). */
static int drop_seen(csp *p, const ad_state *s, int j, int y) {
    if (!s->wide) {
        csp_dom drop = csp_bits(p, y) & vwin(s->vmark, s->shift[j]);
        return drop ? csp_prune(p, y, drop) : CSP_NOCHANGE;
    }
    int r = CSP_NOCHANGE;
    for (int k = 0; k < s->nseen; k++) CSP_MERGE(r, csp_remove(p, y, s->seen[k]));
    return r;
}

/* Removes the value a from y. */
static int remove_value(csp *p, const ad_state *s, int y, int64_t a) {
    if (s->wide) return csp_remove(p, y, a);
    int64_t b = a - p->offset[y];
    if (b < 0 || b >= CSP_MAX_VALUES || !(csp_bits(p, y) >> b & 1)) return CSP_NOCHANGE;
    return csp_prune(p, y, csp_bit((int)b));
}

/* ==== bt's partial check, fc's step ====================================== */

/* bt: no two assigned variables of the group take the same value (what
 * the clique's checks find, in one O(n) pass). */
static int ad_partial(const csp *p, const csp_con *c) {
    ad_state *s = c->data;
    int ok = 1;
    for (int i = 0; i < c->arity && ok; i++)
        if (csp_space_assigned(p, c->scope[i])) ok = seen_add(p, s, i, c->scope[i]);
    seen_clear(s);
    return ok;
}

/* fc: scope[pos] was assigned; its value leaves the other domains (what
 * forward checking does on the clique). */
static int ad_on_assign(csp *p, csp_con *c, int pos) {
    ad_state *s = c->data;
    if (!csp_size(p, c->scope[pos])) return CSP_WIPEOUT;
    int64_t a = csp_min(p, c->scope[pos]);
    int r = CSP_NOCHANGE;
    for (int j = 0; j < c->arity; j++)
        if (j != pos) CSP_MERGE(r, remove_value(p, s, c->scope[j], a));
    return r;
}

/* ==== value ============================================================== */

/* Removes the singletons' values from the other domains, in rounds until
 * no new singleton appears.  The seen set holds the singletons' values; a
 * value already there when a singleton is added means two singletons are
 * equal. */
static int value_propagate(csp *p, csp_con *c) {
    ad_state *s = c->data;
    int n = c->arity, r = CSP_NOCHANGE;
    for (int i = 0; i < n; i++) {
        int x = c->scope[i];
        if (csp_single(p, x) && !seen_add(p, s, i, x)) goto wipeout;
    }
    for (int again = 1; again;) {
        again = 0;
        for (int j = 0; j < n; j++) {
            int y = c->scope[j];
            if (csp_single(p, y)) continue;
            int rj = drop_seen(p, s, j, y);
            if (rj == CSP_WIPEOUT) goto wipeout;
            if (rj == CSP_NOCHANGE) continue;
            r = CSP_CHANGED;
            if (csp_single(p, y)) { /* its value was not seen: it was not dropped */
                seen_add(p, s, j, y);
                again = 1;
            }
        }
    }
    seen_clear(s);
    return r;
wipeout:
    seen_clear(s);
    return CSP_WIPEOUT;
}

/* ==== bounds ============================================================= */

static int bounds_propagate(csp *p, csp_con *c) {
    ad_state *s = c->data;
    return ad_hall_propagate(p, c, &s->hall);
}

/* ==== the constraint tables ============================================== */

static const csp_con_ops value_ops = {
    .name = "alldiff-value",
    .check = csp_alldiff_check,
    .partial = ad_partial,
    .on_assign = ad_on_assign,
    .propagate = value_propagate,
    .destroy = ad_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX, /* only singletons' values are removed */
    .idempotent = 1,
};

static const csp_con_ops bounds_ops = {
    .name = "alldiff-bounds",
    .check = csp_alldiff_check,
    .partial = ad_partial,
    .on_assign = ad_on_assign,
    .propagate = bounds_propagate,
    .destroy = ad_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_BOUNDS, /* holes inside the bounds change nothing */
    .idempotent = 1,
};

static const csp_con_ops domain_ops = {
    .name = "alldiff-domain",
    .check = csp_alldiff_check,
    .partial = ad_partial,
    .on_assign = ad_on_assign,
    .propagate = ad_domain_propagate,
    .destroy = ad_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .idempotent = 1,
};

static const csp_con_ops *const level_ops[CSP_ALLDIFF_NLEVELS] = {
    [CSP_ALLDIFF_VALUE] = &value_ops,
    [CSP_ALLDIFF_BOUNDS] = &bounds_ops,
    [CSP_ALLDIFF_DOMAIN] = &domain_ops,
};

/* ==== posting ============================================================= */

static int repeats(const int *vars, int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (vars[i] == vars[j]) return 1;
    return 0;
}

static void post_group(csp *p, const int *grp, int n, enum csp_alldiff level) {
    ad_state s;
    state_init(&s, p, grp, n, level);
    csp_add_con(p, level_ops[level], grp, n, &s, sizeof s);
}

int csp_post_alldiff_groups(csp *p, const int *vars, int ngroups, int n, enum csp_alldiff level) {
    assert(level >= 0 && level < CSP_ALLDIFF_NLEVELS && ngroups >= 0);
    for (int g = 0; g < ngroups; g++)
        if (repeats(vars + (size_t)g * n, n)) return -1;
    if (n < 2) return 0;
    if (level == CSP_ALLDIFF_PAIRWISE) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                for (int g = 0; g < ngroups; g++) {
                    const int *grp = vars + (size_t)g * n;
                    csp_add_rel(p, grp[i], CSP_REL_NE, grp[j]);
                }
        return 0;
    }
    for (int g = 0; g < ngroups; g++) {
        const int *grp = vars + (size_t)g * n;
        int narrow = 1;
        for (int i = 0; i < n; i++) narrow &= csp_narrow(p, grp[i]);
        if (narrow || level != CSP_ALLDIFF_DOMAIN) {
            post_group(p, grp, n, level);
            continue;
        }
        post_group(p, grp, n, CSP_ALLDIFF_VALUE); /* wide: domain is value + bounds */
        post_group(p, grp, n, CSP_ALLDIFF_BOUNDS);
    }
    return 0;
}

int csp_post_alldiff(csp *p, const int *vars, int n, enum csp_alldiff level) {
    return csp_post_alldiff_groups(p, vars, 1, n, level);
}

/* ==== the registry's entries (globals.h) ================================== */

/* A group of 3 to 5 variables over about as many values as variables
 * (Hall sets and holes are frequent), at level. */
static void random_group_at(csp *p, rng *g, enum csp_alldiff level) {
    int n = 3 + (int)rng_below(g, 3), vars[5], lo = (int)rng_below(g, 7) - 3;
    int hi = lo + n - 1 + (int)rng_below(g, 3);
    for (int i = 0; i < n; i++) {
        int k = 1 + (int)rng_below(g, (uint64_t)(hi - lo + 1 < 6 ? hi - lo + 1 : 6));
        vars[i] = csp_random_var(p, g, k, lo, hi);
    }
    csp_post_alldiff(p, vars, n, level);
}
static void random_value(csp *p, rng *g) { random_group_at(p, g, CSP_ALLDIFF_VALUE); }
static void random_bounds(csp *p, rng *g) { random_group_at(p, g, CSP_ALLDIFF_BOUNDS); }
static void random_domain(csp *p, rng *g) { random_group_at(p, g, CSP_ALLDIFF_DOMAIN); }

const csp_global csp_global_alldiff_value = {
    "alldiff-value", "all different: an assigned value leaves the other domains",
    "sound: the fixpoint of the != clique (forward checking on each singleton)", CSP_LEVEL_SOUND,
    random_value};
const csp_global csp_global_alldiff_bounds = {
    "alldiff-bounds", "all different, by Hall intervals",
    "bounds(Z): Lopez-Ortiz, Quimper, Tromp, van Beek, IJCAI 2003", CSP_LEVEL_BOUNDS_Z,
    random_bounds};
const csp_global csp_global_alldiff_domain = {
    "alldiff-domain", "all different, by Regin's matching",
    "GAC: Regin, AAAI 1994 (incremental matching, SCCs); value + bounds on groups wider than 64 "
    "values per variable",
    CSP_LEVEL_GAC, random_domain};
