/* alldiff_state.h - what the files of the all-different global share
 * (alldiff.c: the levels, the state, posting, check, bt's and fc's steps,
 * the value level; alldiff_domain.c: the domain level, Regin's matching):
 * the state of one group, and the value sets' bit helpers.  Internal to
 * src/csp. */
#ifndef SEARCHLAB_CSP_ALLDIFF_STATE_H
#define SEARCHLAB_CSP_ALLDIFF_STATE_H

#include "alldiff.h"
#include "alldiff_hall.h"

/* The states the domain level keeps for groups of n <= 64 (domain_filter1):
 * enough for the ancestors a depth-first search backtracks to. */
enum { AD_STATES = 16 };

typedef struct ad_state {
    int n, nv, wv, wn;
    int wide;      /* some variable spans more than 64 values: the view is values */
    int64_t *seen; /* wide, n: the seen values (seen[0..nseen)), empty between calls */
    int nseen;
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

/* The domain level's propagator (alldiff_domain.c). */
int ad_domain_propagate(csp *p, csp_con *c);

#endif
