/* table.c - Compact-Table for positive and negative tables over variables
 * of any width (see table.h), one algorithm over a value-index view.
 *
 * The view.  Every position pos numbers the values of its variable when
 * the rows were built: a narrow position (the variable spans at most 64
 * values) numbers value a by its bit, a - offset[pos], and its live set is
 * the domain word itself; a wide position numbers its values by rank in
 * the sorted vals[base[pos] ..), and its live set is the prefix of dense[]
 * of nlive entries.  Each (pos, index) has a bit-set of the rows that hold
 * that value or a star there (sup + row[base[pos] + index] * nwords; row 0
 * of sup is all zeros, shared by the indices no row holds) and, when some
 * row has a star, the same without the stars (strict, same offsets).
 * Negative tables are made star-free and distinct when posted (the
 * counting filter of CT-neg needs it).  The narrow view costs one word
 * per position and reads the domain in one load, which keeps the path of
 * the puzzles' tables as fast as a bit-only table; the wide view serves
 * every representation and any span through the value-level interface.
 *
 * Invariants, between two calls of propagate on one branch of the search:
 * - live[pos] is the set of indices of scope[pos] that the current table
 *   was computed for (narrow: the bits; wide: the count of dense[]'s live
 *   prefix); the domain of scope[pos] is a subset of it, since domains
 *   only shrink on a branch;
 * - the current table (words[index[0..limit)], the other words being 0) is
 *   exactly the set of rows whose every value is live;
 * - live, limit, dirty and the words are reversible (csp_save_word);
 *   dense[] and index[] are permuted only inside their live prefix (a
 *   removed entry is swapped just past its end), so restoring the counts
 *   restores the sets;
 * - after a call that did not wipe out, every live value is supported
 *   (dirty = 0): a call with no domain changed since has nothing to do.
 */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"

/* The static part, shared by the constraints posted on the same rows and
 * the same domains (a <group> of XCSP3 posts thousands of them). */
struct csp_tuples {
    int arity, positive, refs;
    int nrows, nwords;
    unsigned char *narrow; /* per position: 1 for the bit view */
    int *k;                /* per position: its number of indices */
    size_t *base;          /* per position: its first entry in vals, row, residue, dense */
    size_t nval;           /* sum of k */
    int *offset;           /* per position: the value of bit 0 (narrow) */
    csp_dom *dom;          /* per position: the domain posted for (narrow) */
    int *vals;             /* per entry: the value (wide positions), sorted per position */
    size_t *row;           /* per entry: its bit-set's row in sup (0: the empty one) */
    size_t nsup;           /* rows of sup (and strict) */
    uint64_t *sup, *strict;
    /* scratch of one call, shared by the constraints on these rows */
    uint64_t *mask;      /* nwords */
    int64_t *drop;       /* maxk (the largest k of a wide position) */
    unsigned char *mark; /* maxk, all 0 between calls */
    size_t maxk;
};

/* One constraint: the shared rows and its own state. */
typedef struct table {
    csp_tuples *T;
    int arity, positive, nwords; /* copies of T's, read on every call */
    int *residue;                /* per entry: the word of the last support found */
    uint64_t *words;             /* the current table (reversible words) */
    int *index;                  /* the non-zero words are words[index[0..limit)] */
    uint64_t limit;              /* reversible */
    uint64_t dirty;              /* reversible: 1 until a propagation ran to its end */
    uint64_t *live;              /* reversible, per position (see the top) */
    int *dense;                  /* per entry of a wide position: the live indices first */
    uint64_t *mask;              /* T's scratch */
} table;

static size_t nw1(int nwords) { return nwords ? (size_t)nwords : 1; }

/* ==== the value-index view ================================================ */

/* The index of value a at pos, or -1. */
static int index_of(const csp_tuples *T, int pos, int64_t a) {
    if (T->narrow[pos]) {
        int64_t b = a - T->offset[pos];
        return b >= 0 && b < T->k[pos] && (T->dom[pos] >> b & 1) ? (int)b : -1;
    }
    const int *v = T->vals + T->base[pos];
    int lo = 0, hi = T->k[pos] - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid] == a) return mid;
        if (v[mid] < a)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* The indices of pos's posted domain in increasing order: the first, and
 * the one after i (-1 past the last). */
static int index_next(const csp_tuples *T, int pos, int i) {
    if (!T->narrow[pos]) return i + 1 < T->k[pos] ? i + 1 : -1;
    csp_dom rest = i + 1 >= CSP_MAX_VALUES ? 0 : T->dom[pos] & ~(csp_bit(i + 1) - 1);
    return rest ? csp_dom_min(rest) : -1;
}
static int index_first(const csp_tuples *T, int pos) { return index_next(T, pos, -1); }

static const uint64_t *sup_of(const table *t, int pos, int i) {
    return t->T->sup + t->T->row[t->T->base[pos] + (size_t)i] * (size_t)t->nwords;
}

/* The rows with exactly the value (pos, i): removing the value makes only
 * these invalid (a star row stays valid through its other values). */
static const uint64_t *strict_of(const table *t, int pos, int i) {
    if (!t->T->strict) return sup_of(t, pos, i);
    return t->T->strict + t->T->row[t->T->base[pos] + (size_t)i] * (size_t)t->nwords;
}

/* ==== the reversible sparse bit-set ======================================= */

/* words &= mask on the non-zero words, saving each word it changes. */
static void rs_intersect(csp *p, table *t) {
    int limit = (int)t->limit;
    for (int i = limit - 1; i >= 0; i--) {
        int w = t->index[i];
        uint64_t now = t->words[w] & t->mask[w];
        if (now == t->words[w]) continue;
        csp_save_word(p, &t->words[w]);
        t->words[w] = now;
        if (!now) { /* the last non-zero word takes its place */
            t->index[i] = t->index[limit - 1];
            t->index[limit - 1] = w;
            limit--;
        }
    }
    if ((uint64_t)limit != t->limit) {
        csp_save_word(p, &t->limit);
        t->limit = (uint64_t)limit;
    }
}

/* The mask on the non-zero words only (the others are 0 in the table
 * anyway): cleared, OR-ed with a value's bit-set, inverted. */
static void mask_clear(table *t) {
    for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = 0;
}
static void mask_or(table *t, const uint64_t *s) {
    for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] |= s[t->index[i]];
}
static void mask_invert(table *t) {
    for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = ~t->mask[t->index[i]];
}

/* mask = the rows of the indices ids[0..n) of a wide position (strict:
 * without the stars); inverted when invert. */
static void mask_ids(table *t, int pos, const int *ids, size_t n, int strict, int invert) {
    mask_clear(t);
    for (size_t j = 0; j < n; j++)
        mask_or(t, strict ? strict_of(t, pos, ids[j]) : sup_of(t, pos, ids[j]));
    if (invert) mask_invert(t);
}

/* The same for the bits of d at a narrow position. */
static void mask_bits(table *t, int pos, csp_dom d, int strict, int invert) {
    mask_clear(t);
    for (; d; d &= d - 1) {
        int b = csp_dom_min(d);
        mask_or(t, strict ? strict_of(t, pos, b) : sup_of(t, pos, b));
    }
    if (invert) mask_invert(t);
}

static void set_live(csp *p, table *t, int pos, uint64_t live) {
    csp_save_word(p, &t->live[pos]);
    t->live[pos] = live;
}

/* Brings live[pos] up to date with the domain and drops the rows of the
 * values that left from the current table; returns 1 if any left. */
static int update_pos(csp *p, const csp_con *c, table *t, int pos) {
    int x = c->scope[pos];
    if (t->T->narrow[pos]) {
        csp_dom d = csp_bits(p, x), removed = t->live[pos] & ~d;
        if (d == t->live[pos]) return 0;
        if (csp_dom_size(removed) < csp_dom_size(d)) /* incremental: drop the removed rows */
            mask_bits(t, pos, removed, 1, 1);
        else /* reset: keep the rows of the values left */
            mask_bits(t, pos, d, 0, 0);
        set_live(p, t, pos, d);
    } else {
        size_t was = t->live[pos], n = was;
        if ((uint64_t)csp_size(p, x) == was) return 0;
        int *d = t->dense + t->T->base[pos];
        const int *vals = t->T->vals + t->T->base[pos];
        for (size_t i = was; i-- > 0;)
            if (!csp_has(p, x, vals[d[i]])) {
                int e = d[i];
                d[i] = d[n - 1], d[n - 1] = e, n--;
            }
        set_live(p, t, pos, n);
        if (was - n < n)
            mask_ids(t, pos, d + n, was - n, 1, 1);
        else
            mask_ids(t, pos, d, n, 0, 0);
    }
    rs_intersect(p, t);
    return 1;
}

/* Brings the current table up to date with the domains; returns the
 * number of positions that changed (the last of them in *sole). */
static int update(csp *p, const csp_con *c, table *t, int *sole) {
    int changed = 0;
    for (int pos = 0; pos < t->arity; pos++) {
        if (!update_pos(p, c, t, pos)) continue;
        changed++, *sole = pos;
        if (t->positive && !t->limit) break;
    }
    return changed;
}

/* Removes the values of the live indices d[n..was) of a wide position
 * from scope[pos] (they are the dropped ones) and records the new live
 * count. */
static int drop_values(csp *p, const csp_con *c, table *t, int pos, size_t n, size_t was) {
    csp_tuples *T = t->T;
    const int *d = t->dense + T->base[pos], *vals = T->vals + T->base[pos];
    size_t m = was - n;
    /* in increasing order when cheap (one pass for ranges): the values of
     * the indices, as the indices are sorted by value; a sweep of the
     * marked indices when they are many, an insertion sort of a few */
    if (m * 16 >= (size_t)T->k[pos]) {
        for (size_t j = 0; j < m; j++) T->mark[d[n + j]] = 1;
        size_t o = 0;
        for (int i = 0; i < T->k[pos]; i++)
            if (T->mark[i]) T->mark[i] = 0, T->drop[o++] = vals[i];
    } else if (m <= 32) {
        for (size_t j = 0; j < m; j++) {
            int64_t a = vals[d[n + j]];
            size_t i = j;
            for (; i > 0 && T->drop[i - 1] > a; i--) T->drop[i] = T->drop[i - 1];
            T->drop[i] = a;
        }
    } else { /* many values, few dropped: removed one by one (any order) */
        for (size_t j = 0; j < m; j++) T->drop[j] = vals[d[n + j]];
    }
    int r = csp_remove_values(p, c->scope[pos], T->drop, m);
    if (r != CSP_WIPEOUT) set_live(p, t, pos, n);
    return r;
}

/* Removes the dropped values of pos (narrow: the bits drop; wide: the
 * live indices d[n..was)) and makes live[pos] the domain left. */
static int prune_pos(csp *p, const csp_con *c, table *t, int pos, csp_dom drop, size_t n,
                     size_t was) {
    if (!t->T->narrow[pos]) return drop_values(p, c, t, pos, n, was);
    int x = c->scope[pos], r = csp_prune(p, x, drop);
    if (r != CSP_WIPEOUT) set_live(p, t, pos, csp_bits(p, x));
    return r;
}

/* 1 if (pos, i) has a row in the current table (its residue first). */
static inline int supported(csp *p, table *t, int pos, int i) {
    const uint64_t *s = sup_of(t, pos, i);
    int *res = &t->residue[t->T->base[pos] + (size_t)i];
    CSP_COUNT(p, checks);
    if (t->words[*res] & s[*res]) return 1;
    for (int j = 0; j < (int)t->limit; j++) {
        int w = t->index[j];
        if (t->words[w] & s[w]) return *res = w, 1;
    }
    return 0;
}

/* The number of rows of the current table that hold (pos, i). */
static uint64_t count_rows(csp *p, const table *t, int pos, int i) {
    const uint64_t *s = sup_of(t, pos, i);
    uint64_t n = 0;
    CSP_COUNT(p, checks);
    for (int j = 0; j < (int)t->limit; j++)
        n += (uint64_t)csp_dom_size(t->words[t->index[j]] & s[t->index[j]]);
    return n;
}

/* The values of pos that pass keep (supported, or not covered) stay; the
 * others are pruned.  keep(p, t, pos, i, arg). */
typedef int keep_fn(csp *p, table *t, int pos, int i, uint64_t arg);

/* Inlined into each filter, so that keep is a direct (inlined) call. */
static inline __attribute__((always_inline)) int filter_pos(csp *p, const csp_con *c, table *t,
                                                            int pos, keep_fn *keep, uint64_t arg) {
    csp_dom drop = 0;
    size_t was = 0, n = 0;
    if (t->T->narrow[pos]) {
        for (csp_dom d = csp_bits(p, c->scope[pos]); d; d &= d - 1)
            if (!keep(p, t, pos, csp_dom_min(d), arg)) drop |= csp_bit(csp_dom_min(d));
        if (!drop) return CSP_NOCHANGE;
    } else {
        int *d = t->dense + t->T->base[pos];
        was = n = t->live[pos];
        for (size_t i = was; i-- > 0;) {
            if (keep(p, t, pos, d[i], arg)) continue;
            int e = d[i];
            d[i] = d[n - 1], d[n - 1] = e, n--;
        }
        if (n == was) return CSP_NOCHANGE;
    }
    return prune_pos(p, c, t, pos, drop, n, was);
}

static int keep_supported(csp *p, table *t, int pos, int i, uint64_t arg) {
    (void)arg;
    return supported(p, t, pos, i);
}

/* The positive filter: keep the values whose rows meet the current table.
 * Position skip (-1: none) changed alone since a filter ran to its end:
 * the rows that left hold its removed values only, so each of its values
 * keeps its support (CT's rule).  The dropped values had no valid row:
 * the table stays exact. */
static int filter_positive(csp *p, const csp_con *c, table *t, int skip) {
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        if (pos == skip) continue;
        CSP_MERGE(any, filter_pos(p, c, t, pos, keep_supported, 0));
    }
    return any;
}

static int keep_uncovered(csp *p, table *t, int pos, int i, uint64_t others) {
    return count_rows(p, t, pos, i) != others;
}

static uint64_t valid_rows(const table *t) {
    uint64_t n = 0;
    for (int i = 0; i < (int)t->limit; i++) n += (uint64_t)csp_dom_size(t->words[t->index[i]]);
    return n;
}

/* The negative filter: drop a value when its valid conflicts cover every
 * combination of the other domains (rows distinct and star-free). */
static int filter_negative(csp *p, const csp_con *c, table *t) {
    uint64_t valid = valid_rows(t);
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        uint64_t others = 1; /* saturates above valid: nothing can be covered */
        for (int q = 0; q < t->arity && others <= valid; q++)
            if (q != pos) others *= (uint64_t)csp_size(p, c->scope[q]);
        if (others > valid) continue;
        int r = filter_pos(p, c, t, pos, keep_uncovered, others);
        if (r == CSP_WIPEOUT) return r;
        if (r == CSP_NOCHANGE) continue;
        any = CSP_CHANGED;
        /* the rows of the dropped values leave the table at once: the
         * counts of the next positions must see valid rows only */
        if (t->T->narrow[pos])
            mask_bits(t, pos, (csp_dom)t->live[pos], 0, 0);
        else
            mask_ids(t, pos, t->dense + t->T->base[pos], t->live[pos], 0, 0);
        rs_intersect(p, t);
        valid = valid_rows(t);
    }
    return any;
}

static int table_propagate(csp *p, csp_con *c) {
    table *t = c->data;
    if (t->positive && !t->limit) return CSP_WIPEOUT;
    int sole = -1, changed = update(p, c, t, &sole);
    if (t->positive && !t->limit) return CSP_WIPEOUT;
    if (!changed && !t->dirty) return CSP_NOCHANGE;
    int skip = changed == 1 && !t->dirty ? sole : -1;
    int r = t->positive ? filter_positive(p, c, t, skip) : filter_negative(p, c, t);
    if (r != CSP_WIPEOUT && t->dirty) {
        csp_save_word(p, &t->dirty);
        t->dirty = 0;
    }
    return r;
}

/* ==== checks ============================================================== */

/* 1 if some row of the posted table agrees with vals at the positions
 * where fixed[pos] (every position when fixed is NULL). */
static int some_row(const table *t, const int *vals, const unsigned char *fixed) {
    const uint64_t *s[64];
    int n = 0;
    if (t->arity > 64) { /* rare: check position by position without the cache */
        for (int w = 0; w < t->nwords; w++) {
            uint64_t acc = ~(uint64_t)0;
            for (int pos = 0; pos < t->arity && acc; pos++) {
                if (fixed && !fixed[pos]) continue;
                int i = index_of(t->T, pos, vals[pos]);
                if (i < 0) return 0;
                acc &= sup_of(t, pos, i)[w];
            }
            if (acc) return 1;
        }
        return 0;
    }
    for (int pos = 0; pos < t->arity; pos++) {
        if (fixed && !fixed[pos]) continue;
        int i = index_of(t->T, pos, vals[pos]);
        if (i < 0) return 0;
        s[n++] = sup_of(t, pos, i);
    }
    for (int w = 0; w < t->nwords; w++) {
        uint64_t acc = ~(uint64_t)0;
        for (int i = 0; i < n && acc; i++) acc &= s[i][w];
        if (acc) return 1;
    }
    return 0;
}

static int table_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const table *t = c->data;
    int in = some_row(t, vals, NULL);
    return t->positive ? in : !in;
}

/* bt's partial check of a positive table: some row agrees with the
 * variables already down to one value. */
static int table_partial(const csp *p, const csp_con *c) {
    const table *t = c->data;
    size_t n = (size_t)t->arity;
    int small[16] = {0};
    unsigned char fsmall[16] = {0};
    int *vals = n <= 16 ? small : NEWN(n, int);
    unsigned char *fixed = n <= 16 ? fsmall : NEWN(n, unsigned char);
    for (int pos = 0; pos < t->arity; pos++) {
        fixed[pos] = (unsigned char)csp_single(p, c->scope[pos]);
        vals[pos] = fixed[pos] ? csp_min(p, c->scope[pos]) : 0;
    }
    int ok = some_row(t, vals, fixed);
    if (n > 16) {
        FREEN(vals, n);
        FREEN(fixed, n);
    }
    return ok;
}

/* Frees what was allocated (a build that gave up frees a part). */
#define FREE_IF_(ptr, n)                                                                           \
    do {                                                                                           \
        if (ptr) FREEN(ptr, n);                                                                    \
    } while (0)
static void tuples_free(csp_tuples *T) {
    size_t n = (size_t)T->arity, nv = T->nval ? T->nval : 1, nw = nw1(T->nwords);
    FREE_IF_(T->narrow, n);
    FREE_IF_(T->k, n);
    FREE_IF_(T->base, n);
    FREE_IF_(T->offset, n);
    FREE_IF_(T->dom, n);
    FREE_IF_(T->vals, nv);
    FREE_IF_(T->row, nv);
    FREE_IF_(T->sup, xmul(T->nsup, nw));
    FREE_IF_(T->strict, xmul(T->nsup, nw));
    FREE_IF_(T->mask, nw);
    FREE_IF_(T->drop, T->maxk);
    FREE_IF_(T->mark, T->maxk);
    FREEN(T, 1);
}

void csp_tuples_release(csp_tuples *T) {
    if (T && --T->refs == 0) tuples_free(T);
}

static void table_destroy(void *data, size_t size) {
    (void)size;
    table *t = data;
    size_t nv = t->T->nval ? t->T->nval : 1, nw = nw1(t->nwords);
    FREEN(t->residue, nv);
    FREEN(t->words, nw);
    FREEN(t->index, nw);
    FREEN(t->live, (size_t)t->arity);
    FREE_IF_(t->dense, nv);
    csp_tuples_release(t->T);
}
#undef FREE_IF_

static const csp_con_ops table_pos_ops = {
    .name = "table",
    .check = table_check,
    .propagate = table_propagate,
    .partial = table_partial,
    .destroy = table_destroy,
};

static const csp_con_ops table_neg_ops = {
    .name = "table-negative",
    .check = table_check,
    .propagate = table_propagate,
    .destroy = table_destroy,
};

/* ==== building the rows =================================================== */

/* Rows of value indices (-1: a star), each stored after its arity so that
 * qsort's comparison needs no context. */
typedef struct irows {
    int *b;
    size_t n, cap;
    int arity;
} irows;

static int *irow(const irows *r, size_t i) { return r->b + i * (size_t)(r->arity + 1) + 1; }

static int *irow_push(irows *r) {
    GROW(&r->b, &r->cap, (r->n + 1) * (size_t)(r->arity + 1));
    int *row = r->b + r->n++ * (size_t)(r->arity + 1);
    row[0] = r->arity;
    return row + 1;
}

static int cmp_irow(const void *a, const void *b) {
    const int *x = a, *y = b;
    for (int i = 1; i <= x[0]; i++)
        if (x[i] != y[i]) return (x[i] > y[i]) - (x[i] < y[i]);
    return 0;
}

/* Sorts the rows and keeps the distinct ones. */
static void irows_unique(irows *r) {
    size_t w = (size_t)r->arity + 1, m = 0;
    if (r->n < 2) return;
    qsort(r->b, r->n, w * sizeof *r->b, cmp_irow);
    for (size_t i = 0; i < r->n; i++)
        if (!m || cmp_irow(r->b + (m - 1) * w, r->b + i * w)) {
            if (m != i) memmove(r->b + m * w, r->b + i * w, w * sizeof *r->b);
            m++;
        }
    r->n = m;
}

/* Adds the rows of one tuple (dropped when a value is out of its domain;
 * with expand, each star replaced by every index of its position).
 * Returns -1 when the rows would pass CSP_TABLE_MAX_TUPLES. */
static int add_tuple(const csp_tuples *T, const int *tuple, irows *r, int expand) {
    int n = T->arity, one[16], *idx = n <= 16 ? one : NEWN((size_t)n, int), ok = 1, ret = 0;
    size_t combos = 1;
    for (int pos = 0; pos < n && ok; pos++)
        if (tuple[pos] == CSP_TABLE_STAR)
            idx[pos] = -1;
        else if ((idx[pos] = index_of(T, pos, tuple[pos])) < 0)
            ok = 0;
    for (int pos = 0; pos < n && ok && expand; pos++) {
        if (idx[pos] >= 0) continue;
        size_t k = 0;
        for (int i = index_first(T, pos); i >= 0; i = index_next(T, pos, i)) k++;
        combos = xmul(combos, k);
        if (combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
    }
    if (ok && r->n + combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
    if (ok && !expand) {
        memcpy(irow_push(r), idx, (size_t)n * sizeof *idx);
    } else if (ok) { /* odometer over the starred positions */
        int *cur = NEWN((size_t)n, int);
        for (int pos = 0; pos < n; pos++) cur[pos] = idx[pos] < 0 ? index_first(T, pos) : idx[pos];
        for (;;) {
            memcpy(irow_push(r), cur, (size_t)n * sizeof *cur);
            int pos = 0;
            for (; pos < n; pos++) {
                if (idx[pos] >= 0) continue;
                if ((cur[pos] = index_next(T, pos, cur[pos])) >= 0) break;
                cur[pos] = index_first(T, pos);
            }
            if (pos == n) break;
        }
        FREEN(cur, (size_t)n);
    }
    if (idx != one) FREEN(idx, (size_t)n);
    return ret;
}

/* Gives every index some row holds (or every index of a starred
 * position's domain) its own bit-set row in sup; the others share row 0. */
static void number_rows(csp_tuples *T, const irows *r) {
    T->nsup = 1;
    for (int pos = 0; pos < T->arity; pos++) {
        size_t b = T->base[pos];
        int star = 0;
        for (size_t j = 0; j < r->n && !star; j++) star = irow(r, j)[pos] < 0;
        for (size_t j = 0; j < r->n; j++) {
            int i = irow(r, j)[pos];
            if (i >= 0 && !T->row[b + (size_t)i]) T->row[b + (size_t)i] = T->nsup++;
        }
        for (int i = star ? index_first(T, pos) : -1; i >= 0; i = index_next(T, pos, i))
            if (!T->row[b + (size_t)i]) T->row[b + (size_t)i] = T->nsup++;
    }
}

static void fill_bitsets(csp_tuples *T, const irows *r) {
    size_t nw = nw1(T->nwords);
    T->sup = NEWN(xmul(T->nsup, nw), uint64_t);
    for (size_t j = 0; j < r->n * (size_t)(r->arity + 1) && !T->strict; j++)
        if (r->b[j] < 0) T->strict = NEWN(xmul(T->nsup, nw), uint64_t);
    for (size_t j = 0; j < r->n; j++) {
        const int *row = irow(r, j);
        uint64_t bit = (uint64_t)1 << (j % 64);
        size_t w = j / 64;
        for (int pos = 0; pos < T->arity; pos++) {
            size_t b = T->base[pos];
            if (row[pos] >= 0) {
                size_t s = T->row[b + (size_t)row[pos]] * nw + w;
                T->sup[s] |= bit;
                if (T->strict) T->strict[s] |= bit;
                continue;
            }
            for (int i = index_first(T, pos); i >= 0; i = index_next(T, pos, i))
                T->sup[T->row[b + (size_t)i] * nw + w] |= bit;
        }
    }
}

/* The view of the scope's current domains (see the top); 0 when the
 * values of its wide positions pass CSP_TABLE_WIDE_MAX_VALUES. */
static int index_values(const csp *p, const int *scope, csp_tuples *T) {
    size_t n = (size_t)T->arity;
    T->maxk = 1;
    T->narrow = NEWN(n, unsigned char);
    T->k = NEWN(n, int);
    T->base = NEWN(n, size_t);
    T->offset = NEWN(n, int);
    T->dom = NEWN(n, csp_dom);
    int64_t wide = 0;
    for (int pos = 0; pos < T->arity; pos++) {
        int x = scope[pos];
        T->base[pos] = T->nval;
        T->offset[pos] = p->offset[x];
        if ((T->narrow[pos] = (unsigned char)csp_narrow(p, x))) {
            csp_dom d = T->dom[pos] = csp_bits(p, x);
            T->k[pos] = d ? csp_dom_max(d) + 1 : 0;
        } else {
            int64_t size = csp_size(p, x);
            if ((wide += size) > CSP_TABLE_WIDE_MAX_VALUES) return 0;
            T->k[pos] = (int)size;
            T->maxk = (size_t)size > T->maxk ? (size_t)size : T->maxk;
        }
        T->nval += (size_t)T->k[pos];
    }
    size_t nv = T->nval ? T->nval : 1;
    T->vals = NEWN(nv, int);
    T->row = NEWN(nv, size_t);
    T->drop = NEWN(T->maxk, int64_t);
    T->mark = NEWN(T->maxk, unsigned char);
    for (int pos = 0; pos < T->arity; pos++) {
        size_t j = T->base[pos];
        if (T->narrow[pos] || !T->k[pos]) continue;
        CSP_FOR_VALUES(p, scope[pos], a) T->vals[j++] = (int)a;
    }
    return 1;
}

csp_tuples *csp_tuples_new(const csp *p, const int *scope, int arity, const int *tuples,
                           size_t ntuples, int positive) {
    csp_tuples *T = NEWN(1, csp_tuples);
    T->arity = arity, T->positive = positive, T->refs = 1;
    irows r = {.arity = arity};
    int ok = index_values(p, scope, T), wide = 0;
    for (int pos = 0; pos < arity; pos++) wide |= !T->narrow[pos];
    for (size_t j = 0; ok && j < ntuples; j++)
        ok = add_tuple(T, tuples + j * (size_t)arity, &r, !positive) == 0;
    if (ok && !positive) irows_unique(&r); /* the counts need distinct rows */
    if (ok) {
        T->nrows = (int)r.n;
        T->nwords = (int)((r.n + 63) / 64);
        number_rows(T, &r);
        ok = !wide || xmul(T->nsup, nw1(T->nwords)) <= CSP_TABLE_WIDE_MAX_WORDS;
    }
    if (ok) {
        fill_bitsets(T, &r);
        T->mask = NEWN(nw1(T->nwords), uint64_t);
    }
    if (r.b) FREEN(r.b, r.cap);
    if (!ok) tuples_free(T);
    return ok ? T : NULL;
}

int csp_tuples_fit(const csp_tuples *T, const csp *p, const int *scope, int arity) {
    if (arity != T->arity) return 0;
    for (int pos = 0; pos < arity; pos++) {
        int x = scope[pos];
        if (csp_narrow(p, x) != T->narrow[pos] || p->offset[x] != T->offset[pos]) return 0;
        if (T->narrow[pos] ? csp_bits(p, x) != T->dom[pos] : csp_size(p, x) != T->k[pos]) return 0;
        if (T->narrow[pos]) continue;
        const int *v = T->vals + T->base[pos];
        CSP_FOR_VALUES(p, x, a) if (*v++ != a) return 0;
    }
    return 1;
}

int csp_post_tuples(csp *p, const int *scope, csp_tuples *T) {
    table t = {.T = T, .arity = T->arity, .positive = T->positive, .nwords = T->nwords};
    size_t nw = nw1(T->nwords), nv = T->nval ? T->nval : 1;
    T->refs++;
    t.residue = NEWN(nv, int);
    t.words = NEWN(nw, uint64_t);
    t.index = NEWN(nw, int);
    t.live = NEWN((size_t)T->arity, uint64_t);
    t.mask = T->mask;
    for (int w = 0; w < T->nwords; w++) t.index[w] = w, t.words[w] = ~(uint64_t)0;
    if (T->nrows % 64) t.words[nw - 1] = ((uint64_t)1 << (T->nrows % 64)) - 1;
    t.limit = (uint64_t)T->nwords;
    t.dirty = 1;
    for (int pos = 0; pos < T->arity; pos++) {
        t.live[pos] = T->narrow[pos] ? T->dom[pos] : (uint64_t)T->k[pos];
        if (T->narrow[pos]) continue;
        if (!t.dense) t.dense = NEWN(nv, int);
        for (int i = 0; i < T->k[pos]; i++) t.dense[T->base[pos] + (size_t)i] = i;
    }
    return csp_add_con(p, T->positive ? &table_pos_ops : &table_neg_ops, scope, T->arity, &t,
                       sizeof t);
}

int csp_post_table(csp *p, const int *scope, int arity, const int *tuples, size_t ntuples,
                   int positive) {
    csp_tuples *T = csp_tuples_new(p, scope, arity, tuples, ntuples, positive);
    if (!T) return -1;
    int c = csp_post_tuples(p, scope, T);
    csp_tuples_release(T);
    return c;
}

/* ==== the registry's entry ============================================== */

/* A variable of k (2..24) values in -150..150 spanning more than 64. */
static int wide_var(csp *p, rng *g, int k) {
    int vals[24], n = 2;
    vals[0] = -150 + (int)rng_below(g, 120);
    vals[1] = vals[0] + CSP_MAX_VALUES + (int)rng_below(g, 100);
    while (n < k) { /* distinct values strictly between the two */
        int a = vals[0] + 1 + (int)rng_below(g, (uint64_t)(vals[1] - vals[0] - 1)), dup = 0;
        for (int i = 0; i < n; i++) dup |= vals[i] == a;
        if (dup) continue;
        vals[n++] = a;
    }
    for (int i = 1; i < n; i++) /* sorted */
        for (int j = i; j > 0 && vals[j - 1] > vals[j]; j--) {
            int e = vals[j];
            vals[j] = vals[j - 1], vals[j - 1] = e;
        }
    return csp_add_var_values(p, vals, (size_t)n, NULL);
}

/* 2 or 3 variables (the last narrow at times, the first of up to 24
 * values at times: a few values dropped of many), and a positive or
 * negative table of random rows over their values and a few others,
 * with stars at times, of up to 130 rows (three words of bit-set). */
static void random_table_wide(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 2), scope[3], tuples[3 * 130];
    for (int i = 0; i < n; i++)
        scope[i] = i == n - 1 && rng_below(g, 3) == 0 ? csp_random_var(p, g, 3, -2, 3)
                   : i == 0 && rng_below(g, 3) == 0   ? wide_var(p, g, 6 + (int)rng_below(g, 19))
                                                      : wide_var(p, g, 2 + (int)rng_below(g, 4));
    int positive = rng_below(g, 3) != 0, stars = rng_below(g, 2) == 0;
    size_t ntuples = 1 + rng_below(g, rng_below(g, 4) ? 24 : 130); /* at times 3 words */
    for (size_t j = 0; j < ntuples; j++)
        for (int i = 0; i < n; i++) {
            int *e = &tuples[j * (size_t)n + (size_t)i], x = scope[i];
            if (stars && rng_below(g, 5) == 0) {
                *e = CSP_TABLE_STAR;
                continue;
            }
            int64_t a = csp_min(p, x); /* a value of x, or now and then one outside */
            for (uint64_t s = rng_below(g, (uint64_t)csp_size(p, x)); s; s--) a = csp_next(p, x, a);
            *e = rng_below(g, 10) == 0 ? (int)a + 1 : (int)a;
        }
    csp_post_table(p, scope, n, tuples, ntuples, positive);
}

const csp_global csp_global_table_wide = {
    "table-wide", "the scope's tuple is (positive) or is not (negative) one of a table's rows",
    "GAC: Compact-Table (Demeulenaere et al. CP 2016) with a value -> index map per position, "
    "stars in positive rows (CT*), the counting filter for conflicts (CT-neg)",
    CSP_LEVEL_GAC, random_table_wide};
