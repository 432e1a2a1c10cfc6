/* alldiff_domain.c - the domain level of all-different: GAC by Regin's
 * matching (the definitions, references and invariants open alldiff.c). */
#include <string.h>

#include "alldiff_state.h"

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
    CSP_COUNT(p, augmentations);
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

int ad_domain_propagate(csp *p, csp_con *c) {
    const ad_state *s = c->data;
    if (s->wn > 1) return domain_filter(p, c, s->wn);
    return s->simple ? domain_filter1(p, c, 1) : domain_filter1(p, c, 0);
}
