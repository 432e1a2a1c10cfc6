/* alldiff.c - the all-different global (one constraint per group) and its
 * three propagators: value, bounds(Z) and domain consistency.
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
 * Bounds: Hall intervals, alldiff_hall.h (the same for wide groups).
 *
 * Groups where some variable spans more than 64 values are posted by
 * alldiff_wide.c (value, bounds; domain there is value + bounds).
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
#include "alldiff.h"
#include "alldiff_hall.h"
#include "globals.h"
#include "../core/rng.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"

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

/* ==== state ============================================================== */

/* The states the domain level keeps for groups of n <= 64 (domain_filter1):
 * enough for the ancestors a depth-first search backtracks to. */
enum { AD_STATES = 16 };

typedef struct ad_state {
    int n, nv, wv, wn;
    int *shift;      /* n: value index of bit b of scope[i] is b + shift[i] */
    uint64_t *vmark; /* wv: scratch value set, all zero between calls */
    /* bounds: the Hall interval scan (alldiff_hall.h) */
    ad_hall hall;
    /* domain: the matching (kept across calls) */
    int *mvar;    /* n: value index matched to position i, or -1 */
    int *mval;    /* nv: position matched to value k, or -1 */
    uint64_t *mm; /* wv: the matched values */
    /* domain: scratch of one call */
    uint64_t *row;    /* n * wn: row x = {y != x : m(x) in D_y} */
    uint64_t *reach;  /* wn: reachable from a free value */
    uint64_t *single; /* wn: positions with a singleton domain */
    uint64_t *fbits;  /* n: Tarjan frames' neighbours left in the word */
    csp_dom *drop;    /* n: bits to remove per position */
    csp_dom *dloc;    /* n: the domains read once per call (domain_filter1) */
    uint64_t *compm;  /* n: each position's component (domain_filter1) */
    /* domain, n <= 64 (domain_filter1): the states the last calls left,
     * a stack of at most AD_STATES in a ring (the oldest is overwritten):
     * state j's domains hsnap[j*n..], its blocks (Hall sets, as position
     * masks) hblk[j*n..], hnblk[j] of them */
    csp_dom *hsnap;
    uint64_t *hblk;
    int *hnblk;
    int hfirst, hcount;
    int simple; /* every shift 0 and nv <= 64 (domain_filter1) */
    int *idx, *low, *comp, *stk, *onstk, *fnode, *fword, *qv, *from, *vis;
    int stamp; /* vis[y] == stamp: y visited by this augmenting search */
    /* the two owned blocks everything above is carved from */
    int *ibuf;
    uint64_t *wbuf;
    size_t ni, nw;
} ad_state;

static inline int vtest(const uint64_t *m, int k) { return (int)(m[k >> 6] >> (k & 63) & 1); }
static inline void vset(uint64_t *m, int k) { m[k >> 6] |= (uint64_t)1 << (k & 63); }
static inline void vclear(uint64_t *m, int k) { m[k >> 6] &= ~((uint64_t)1 << (k & 63)); }

/* Bits s..s+63 of the value set m, as a domain of a variable whose bit 0
 * is value index s (-63 <= s <= nv - 1). */
static inline csp_dom vwin(const uint64_t *m, int s) {
    if (s < 0) return m[0] << -s;
    int w = s >> 6, r = s & 63;
    return r ? m[w] >> r | m[w + 1] << (64 - r) : m[w];
}

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
    if (level == CSP_ALLDIFF_BOUNDS) ad_hall_init(&s->hall, n);
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
    FREEN(s->ibuf, s->ni);
    FREEN(s->wbuf, s->nw);
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

/* bt: no two assigned variables of the group take the same value (what
 * the clique's checks find, in one O(n) pass). */
static int ad_partial(const csp *p, const csp_con *c) {
    ad_state *s = c->data;
    int ok = 1;
    for (int i = 0; i < c->arity && ok; i++) {
        int v = c->scope[i];
        if (!p->s.assigned[v]) continue;
        if (!csp_bits(p, v)) {
            ok = 0;
            break;
        }
        int k = csp_dom_min(csp_bits(p, v)) + s->shift[i];
        if (vtest(s->vmark, k)) ok = 0;
        vset(s->vmark, k);
    }
    memset(s->vmark, 0, (size_t)s->wv * sizeof *s->vmark);
    return ok;
}

/* fc: scope[pos] was assigned; its value leaves the other domains (what
 * forward checking does on the clique). */
static int ad_on_assign(csp *p, csp_con *c, int pos) {
    csp_dom dx = csp_bits(p, c->scope[pos]);
    if (!dx) return CSP_WIPEOUT;
    int val = csp_value(p, c->scope[pos], csp_dom_min(dx)), r = CSP_NOCHANGE;
    for (int j = 0; j < c->arity; j++) {
        int y = c->scope[j], b = val - p->offset[y];
        if (j == pos || b < 0 || b >= CSP_MAX_VALUES || !(csp_bits(p, y) >> b & 1)) continue;
        if (csp_prune(p, y, csp_bit(b)) == CSP_WIPEOUT) return CSP_WIPEOUT;
        r = CSP_CHANGED;
    }
    return r;
}

/* ==== value ============================================================== */

/* Removes the singletons' values from the other domains, in rounds until
 * no new singleton appears.  vmark holds the singletons' values; a value
 * already there when a singleton is added means two singletons are equal. */
static int value_propagate(csp *p, csp_con *c) {
    ad_state *s = c->data;
    int n = c->arity, r = CSP_NOCHANGE;
    uint64_t *seen = s->vmark;
    for (int i = 0; i < n; i++) {
        csp_dom d = csp_bits(p, c->scope[i]);
        if (!d) goto wipeout;
        if (!csp_dom_single(d)) continue;
        int k = csp_dom_min(d) + s->shift[i];
        if (vtest(seen, k)) goto wipeout;
        vset(seen, k);
    }
    for (int again = 1; again;) {
        again = 0;
        for (int j = 0; j < n; j++) {
            int y = c->scope[j];
            csp_dom d = csp_bits(p, y);
            if (csp_dom_single(d)) continue;
            csp_dom drop = d & vwin(seen, s->shift[j]);
            if (!drop) continue;
            if (csp_prune(p, y, drop) == CSP_WIPEOUT) goto wipeout;
            r = CSP_CHANGED;
            if (csp_dom_single(csp_bits(p, y))) { /* its value was not seen: it was not dropped */
                vset(seen, csp_dom_min(csp_bits(p, y)) + s->shift[j]);
                again = 1;
            }
        }
    }
    memset(seen, 0, (size_t)s->wv * sizeof *seen);
    return r;
wipeout:
    memset(seen, 0, (size_t)s->wv * sizeof *seen);
    return CSP_WIPEOUT;
}

/* ==== bounds ============================================================= */

static int bounds_propagate(csp *p, csp_con *c) {
    ad_state *s = c->data;
    return ad_hall_propagate(p, c, &s->hall);
}

/* ==== domain ============================================================= */

static void unmatch(ad_state *s, int i) {
    int k = s->mvar[i];
    s->mval[k] = -1;
    vclear(s->mm, k);
    s->mvar[i] = -1;
}

/* Matches position root (unmatched) by an augmenting path: breadth-first
 * over alternating paths, taking a free value as soon as a visited
 * variable has one.  Returns 0 when there is none (no matching covers
 * every variable: failure). */
static int augment(csp *p, const csp_con *c, ad_state *s, int root) {
    if (p->s.st) INC(p->s.st, augmentations);
    if (++s->stamp == 0x7fffffff) {
        memset(s->vis, 0, (size_t)s->n * sizeof *s->vis);
        s->stamp = 1;
    }
    int head = 0, tail = 0;
    s->qv[tail++] = root;
    s->vis[root] = s->stamp;
    while (head < tail) {
        int y = s->qv[head++];
        csp_dom d = csp_bits(p, c->scope[y]), fr = d & ~vwin(s->mm, s->shift[y]);
        if (fr) { /* flip the path root .. y; y takes the free value */
            int k = csp_dom_min(fr) + s->shift[y];
            vset(s->mm, k);
            for (;;) {
                int old = s->mvar[y];
                s->mvar[y] = k;
                s->mval[k] = y;
                if (y == root) return 1;
                k = old; /* y's old value goes to the variable that wanted it */
                y = s->from[y];
            }
        }
        for (; d; d &= d - 1) { /* every value of d is matched */
            int z = s->mval[csp_dom_min(d) + s->shift[y]];
            if (s->vis[z] != s->stamp) {
                s->vis[z] = s->stamp;
                s->from[z] = y;
                s->qv[tail++] = z;
            }
        }
    }
    return 0;
}

/* Tarjan's SCCs of the contracted graph restricted to the positions
 * outside s->reach (no edge leaves reach, so those components are the
 * graph's own), iteratively: each frame is (node, word, neighbours left
 * in that word).  A singleton position has no incoming edge (its only
 * value is its own) and is in no row: it is its own component, marked -1
 * without a visit. */
static inline __attribute__((always_inline)) void tarjan(ad_state *s, int wn) {
    int n = s->n, counter = 0, sp = 0, ncomp = 0;
    const uint64_t *reach = s->reach;
    for (int v = 0; v < n; v++) s->idx[v] = -1;
    for (int root = 0; root < n; root++) {
        if (vtest(s->single, root)) {
            s->comp[root] = -1;
            continue;
        }
        if (s->idx[root] >= 0 || vtest(reach, root)) continue;
        int fp = 0;
        s->idx[root] = s->low[root] = counter++;
        s->stk[sp++] = root;
        s->onstk[root] = 1;
        s->fnode[fp] = root;
        s->fword[fp] = 0;
        s->fbits[fp++] = s->row[(size_t)root * wn] & ~reach[0];
        while (fp > 0) {
            int f = fp - 1, v = s->fnode[f];
            while (!s->fbits[f] && ++s->fword[f] < wn)
                s->fbits[f] = s->row[(size_t)v * wn + s->fword[f]] & ~reach[s->fword[f]];
            if (s->fbits[f]) {
                int u = s->fword[f] * 64 + csp_dom_min(s->fbits[f]);
                s->fbits[f] &= s->fbits[f] - 1;
                if (s->idx[u] < 0) {
                    s->idx[u] = s->low[u] = counter++;
                    s->stk[sp++] = u;
                    s->onstk[u] = 1;
                    s->fnode[fp] = u;
                    s->fword[fp] = 0;
                    s->fbits[fp++] = s->row[(size_t)u * wn] & ~reach[0];
                } else if (s->onstk[u] && s->idx[u] < s->low[v]) {
                    s->low[v] = s->idx[u];
                }
                continue;
            }
            fp--;
            if (s->low[v] == s->idx[v]) { /* v roots a component: pop it */
                int w;
                do {
                    w = s->stk[--sp];
                    s->onstk[w] = 0;
                    s->comp[w] = ncomp;
                } while (w != v);
                ncomp++;
            }
            if (fp > 0 && s->low[v] < s->low[s->fnode[fp - 1]])
                s->low[s->fnode[fp - 1]] = s->low[v];
        }
    }
}

/* wn: words of a set of positions, the constant 1 in the common case
 * (n <= 64) so that the word loops vanish there. */
static inline __attribute__((always_inline)) int domain_filter(csp *p, csp_con *c, int wn) {
    ad_state *s = c->data;
    int n = s->n;
    /* 1. repair the matching: drop the pairs whose value left the domain,
     *    then augment each unmatched position */
    for (int i = 0; i < n; i++) {
        int k = s->mvar[i];
        if (k >= 0 && !(csp_bits(p, c->scope[i]) >> (k - s->shift[i]) & 1)) unmatch(s, i);
    }
    for (int i = 0; i < n; i++)
        if (s->mvar[i] < 0 && !augment(p, c, s, i)) return CSP_WIPEOUT;
    /* 2. the contracted graph, and the positions with a free value */
    memset(s->row, 0, (size_t)n * wn * sizeof *s->row);
    memset(s->reach, 0, (size_t)wn * sizeof *s->reach);
    memset(s->single, 0, (size_t)wn * sizeof *s->single);
    int nq = 0;
    for (int y = 0; y < n; y++) {
        csp_dom d = csp_bits(p, c->scope[y]), m = vwin(s->mm, s->shift[y]);
        if (csp_dom_single(d)) { /* its value is matched to it: no edge, no seed */
            vset(s->single, y);
            continue;
        }
        if (d & ~m) {
            vset(s->reach, y);
            s->qv[nq++] = y;
        }
        uint64_t ybit = (uint64_t)1 << (y & 63);
        size_t yw = (size_t)(y >> 6);
        for (csp_dom e = d & m & ~csp_bit(s->mvar[y] - s->shift[y]); e; e &= e - 1)
            s->row[(size_t)s->mval[csp_dom_min(e) + s->shift[y]] * wn + yw] |= ybit;
    }
    /* 3. close the free-value seeds under the edges */
    while (nq > 0) {
        int y = s->qv[--nq];
        for (int w = 0; w < wn; w++) {
            uint64_t fresh = s->row[(size_t)y * wn + w] & ~s->reach[w];
            s->reach[w] |= fresh;
            for (; fresh; fresh &= fresh - 1) s->qv[nq++] = w * 64 + csp_dom_min(fresh);
        }
    }
    /* 4. components of the rest */
    tarjan(s, wn);
    /* 5. (z, m(x)) with x unreachable survives only inside x's component */
    for (int x = 0; x < n; x++) {
        if (vtest(s->reach, x)) continue;
        int k = s->mvar[x];
        for (int w = 0; w < wn; w++)
            for (uint64_t e = s->row[(size_t)x * wn + w]; e; e &= e - 1) {
                int z = w * 64 + csp_dom_min(e);
                if (vtest(s->reach, z) || s->comp[z] != s->comp[x])
                    s->drop[z] |= csp_bit(k - s->shift[z]);
            }
    }
    int r = CSP_NOCHANGE;
    for (int z = 0; z < n; z++)
        if (s->drop[z]) {
            csp_prune(p, c->scope[z], s->drop[z]); /* never empties: m(z) stays */
            s->drop[z] = 0;
            r = CSP_CHANGED;
        }
    return r;
}

/* The ring slot of the top state (hcount > 0). */
static inline size_t ad_top(const ad_state *s) {
    return ((unsigned)s->hfirst + (unsigned)s->hcount - 1) % AD_STATES;
}

/* domain_filter for groups of at most 64 positions (wn == 1), the
 * Latin-square case, with two changes.
 * - Components: the contracted graph over the positions that matter
 *   (neither singleton nor reachable from a free value: the set act) is
 *   kept as bit rows and bit columns, and each component is found by a
 *   forward then a backward bit-parallel search (step 4): O(a) word
 *   operations when the positions looked at stay one component, instead
 *   of Tarjan's walk with a branch per edge and four arrays per node.
 *   (y, m(x)) survives iff y lies in x's component.
 * - Blocks (Gent, Miguel, Nightingale 2008, "SCC splitting"): when a
 *   call ends with no free value in the group, each component S it found
 *   is a Hall set: the domains of S hold exactly the values matched to S,
 *   and no other position holds one of them.  While the domains stay
 *   inside the ones that call left (its state: those domains, snap, and
 *   the blocks), S is a sub-problem of its own: a later call recomputes
 *   only the blocks holding a changed position (the region) and leaves
 *   the others, at their fixpoint already, alone.  The states form a
 *   stack (each call that ends well pushes one); a call first pops the
 *   states whose domains the current ones have outgrown (a backtrack
 *   undid them), so it starts from the deepest ancestor's state; with
 *   none left (the first call, a backtrack past the oldest kept, free
 *   values) it takes the whole group.  Invariant making the region
 *   sound: every call since a state was pushed ran on domains inside its
 *   snap, so the matching (never restored) still maps each of its blocks
 *   onto the block's own values, and an augmenting path started in the
 *   region stays there. */
/* simple: a constant, 1 when every shift is 0 and the values fit one
 * word (a Latin square's rows: a domain bit is its value index). */
#define SH(i) (simple ? 0 : s->shift[i])
static inline __attribute__((always_inline)) int domain_filter1(csp *p, csp_con *c, int simple) {
    ad_state *s = c->data;
    int n = s->n;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    csp_dom *dom = s->dloc;
    /* 0. the deepest state whose domains hold the current ones (the
     *    domains are read in the same pass as the top state's test) */
    const uint64_t *blk = NULL;
    int nblk = 0;
    uint64_t changed = 0, grew = 0;
    const csp_dom *words = p->all_bits ? p->word : NULL; /* read directly when all are bits */
#define DOM_(v) (words ? words[(v)] : csp_bits(p, (v)))
    if (s->hcount == 0) {
        for (int i = 0; i < n; i++) dom[i] = DOM_(c->scope[i]);
    } else {
        const csp_dom *snap = s->hsnap + ad_top(s) * (size_t)n;
        for (int i = 0; i < n; i++) {
            csp_dom d = DOM_(c->scope[i]);
            dom[i] = d;
            grew |= d & ~snap[i];
            changed |= (uint64_t)(d != snap[i]) << i;
        }
        if (grew) { /* a backtrack undid the top state: an older one? */
            while (grew && --s->hcount > 0) {
                snap = s->hsnap + ad_top(s) * (size_t)n;
                grew = 0;
                for (int i = 0; i < n; i++) grew |= dom[i] & ~snap[i];
            }
            changed = 0;
            for (int i = 0; i < n && !grew; i++) changed |= (uint64_t)(dom[i] != snap[i]) << i;
        }
        if (!grew) {
            blk = s->hblk + ad_top(s) * (size_t)n;
            nblk = s->hnblk[ad_top(s)];
        }
    }
    uint64_t region = all;
    if (blk) {
        if (!changed) return CSP_NOCHANGE; /* the fixpoint that call left */
        region = changed;
        for (int b = 0; b < nblk; b++)
            if (blk[b] & changed) region |= blk[b];
    }
    /* 1. repair the matching (as domain_filter) */
    for (uint64_t rs = region; rs; rs &= rs - 1) {
        int i = csp_dom_min(rs), k = s->mvar[i];
        if (k >= 0 && !(dom[i] >> (k - SH(i)) & 1)) unmatch(s, i);
    }
    for (uint64_t rs = region; rs; rs &= rs - 1) {
        int i = csp_dom_min(rs);
        if (s->mvar[i] < 0 && !augment(p, c, s, i)) return CSP_WIPEOUT;
    }
    /* 2. the contracted graph over the region, its edges both ways (row
     *    x: the y that x -> y; col y: the x that x -> y); seeds with a free
     *    value */
    uint64_t *row = s->row, *col = s->fbits, single = 0, reach = 0;
    int nq = 0;
    for (uint64_t rs = region; rs; rs &= rs - 1) row[csp_dom_min(rs)] = 0;
    for (uint64_t rs = region; rs; rs &= rs - 1) {
        int y = csp_dom_min(rs);
        csp_dom d = dom[y], m = simple ? s->mm[0] : vwin(s->mm, s->shift[y]);
        if (csp_dom_single(d)) {
            single |= (uint64_t)1 << y;
            continue;
        }
        if (d & ~m) {
            reach |= (uint64_t)1 << y;
            s->qv[nq++] = y;
        }
        uint64_t in = 0;
        for (csp_dom e = d & m & ~csp_bit(s->mvar[y] - SH(y)); e; e &= e - 1) {
            int x = s->mval[csp_dom_min(e) + SH(y)];
            row[x] |= (uint64_t)1 << y;
            in |= (uint64_t)1 << x;
        }
        col[y] = in;
    }
    /* 3. close the seeds under the edges */
    while (nq > 0)
        for (uint64_t fresh = row[s->qv[--nq]] & ~reach; fresh; fresh &= fresh - 1) {
            reach |= fresh & -fresh;
            s->qv[nq++] = csp_dom_min(fresh);
        }
    /* 4. the components of act: from the lowest position x left, F = the
     *    positions x reaches, then the positions of F that reach x (F is
     *    closed forward, so a path to x from F stays in F): x's component.
     *    Each search is a bit-parallel BFS over the rows (columns), so a
     *    component costs O(|F|) word operations: O(a) when the region
     *    stays one component, the common case. */
    uint64_t act = region & ~single & ~reach, *cm = s->compm;
    /* the components go straight into the next state's slot (a full ring
     * gives up its oldest state for it, never the top one) */
    if (s->hcount == AD_STATES) s->hfirst = (s->hfirst + 1) % AD_STATES, s->hcount--;
    size_t j = ((unsigned)s->hfirst + (unsigned)s->hcount) % AD_STATES;
    uint64_t *comps = s->hblk + j * (size_t)n;
    int ncomp = 0;
    for (uint64_t left = act; left;) {
        int x = csp_dom_min(left);
        uint64_t f = (uint64_t)1 << x, fr = f, b = f;
        while (fr) {
            uint64_t nw = row[csp_dom_min(fr)] & left & ~f;
            fr = (fr & (fr - 1)) | nw;
            f |= nw;
        }
        for (fr = b; fr;) {
            uint64_t nw = col[csp_dom_min(fr)] & f & ~b;
            fr = (fr & (fr - 1)) | nw;
            b |= nw;
        }
        for (uint64_t e = b; e; e &= e - 1) cm[csp_dom_min(e)] = b;
        comps[ncomp++] = b;
        left &= ~b;
    }
    /* 5. (y, m(x)) with x in act survives iff y is in x's component; with
     *    x a singleton never (its value is taken); with x reachable from a
     *    free value always */
    int r = CSP_NOCHANGE;
    for (uint64_t xs = act | single; xs; xs &= xs - 1) {
        int x = csp_dom_min(xs);
        uint64_t bad = row[x] & ~(act >> x & 1 ? cm[x] : 0);
        for (int k = s->mvar[x]; bad; bad &= bad - 1) {
            int z = csp_dom_min(bad);
            s->drop[z] |= csp_bit(k - SH(z));
        }
    }
    /* every drop is in the region: the rows hold region positions only */
    for (uint64_t rs = region; rs; rs &= rs - 1) {
        int z = csp_dom_min(rs);
        if (s->drop[z]) {
            csp_prune(p, c->scope[z], s->drop[z]); /* never empties: m(z) stays */
            dom[z] = DOM_(c->scope[z]);
            s->drop[z] = 0;
            r = CSP_CHANGED;
        }
    }
    if (reach) return r; /* free values: no Hall sets to keep */
    /* 6. push this call's state: its domains, and its blocks (the
     *    components, already in its slot, then the blocks outside the
     *    region) */
    memcpy(s->hsnap + j * (size_t)n, dom, (size_t)n * sizeof *dom);
    for (int b = 0; b < nblk; b++) /* blk is the top's slot, never j's */
        if (!(blk[b] & region)) comps[ncomp++] = blk[b];
    s->hnblk[j] = ncomp;
    s->hcount++;
    return r;
#undef DOM_
}

#undef SH

static int domain_propagate(csp *p, csp_con *c) {
    const ad_state *s = c->data;
    if (s->wn > 1) return domain_filter(p, c, s->wn);
    return s->simple ? domain_filter1(p, c, 1) : domain_filter1(p, c, 0);
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
    .propagate = domain_propagate,
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
        if (!narrow) {
            csp_post_alldiff_wide(p, grp, n, level);
            continue;
        }
        ad_state s;
        state_init(&s, p, grp, n, level);
        csp_add_con(p, level_ops[level], grp, n, &s, sizeof s);
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
    "the fixpoint of the != clique (forward checking on each singleton)", CSP_LEVEL_SOUND,
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
