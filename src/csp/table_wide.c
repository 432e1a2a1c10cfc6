/* table_wide.c - the table constraint over variables of any width: the
 * Compact-Table of table.c (same reference) with a value -> index map per
 * position, read and pruned through the value-level interface, so that it
 * serves every domain representation and spans beyond 64 values
 * (csp_post_table dispatches here when a variable of the scope is wide).
 *
 * The static part: per position pos, its values vals[base[pos] + i],
 * i < k[pos] (the domain when posted, sorted), and per (pos, i) the
 * bit-set of the rows that hold that value or a star there
 * (sup + row[base[pos] + i] * nwords; row 0 of sup is all zeros, shared
 * by the values no row holds) and, for short tables, the same without the
 * stars (strict, same offsets).  Negative tables are made star-free and
 * distinct when posted (the counting filter of CT-neg needs it), as in
 * table.c.
 *
 * Invariants, between two calls of propagate on one branch:
 * - live[pos]: dense[base[pos] .. base[pos] + nlive[pos]) are the indices
 *   of the values of scope[pos] that the current table was computed for;
 *   the domain of scope[pos] is a subset of them (domains only shrink),
 *   so csp_size == nlive[pos] says nothing changed there;
 * - the current table (words[index[0..limit)], the others 0) is exactly
 *   the rows whose every value is live;
 * - nlive, limit, dirty and the words are reversible (csp_save_word);
 *   dense[] and index[] are permuted only inside their live prefix (a
 *   removed entry is swapped just past the end), so restoring the counts
 *   restores the sets.
 * - after a call that did not wipe out, every live value is supported
 *   (dirty = 0).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "table.h"

typedef struct wtab {
    int arity, positive, nwords, nrows;
    size_t *base; /* per position: its first entry in vals, row, residue, dense */
    int *k;       /* per position: its number of values */
    size_t nval;  /* sum of k */
    int *vals;    /* sorted per position */
    size_t *row;  /* per value: its bit-set's row in sup (0: the empty one) */
    size_t nsup;  /* rows of sup (and strict) */
    uint64_t *sup, *strict;
    int *residue;    /* per value: the word where a support was last found */
    int *dense;      /* per position: the live indices first */
    uint64_t *nlive; /* reversible, per position */
    uint64_t *words; /* the current table (reversible words) */
    int *index;      /* the non-zero words are words[index[0..limit)] */
    uint64_t limit, dirty;
    uint64_t *mask;      /* scratch, nwords */
    int64_t *drop;       /* scratch, maxk (the largest k) */
    unsigned char *mark; /* scratch, maxk, all 0 between calls */
    size_t maxk;
} wtab;

static size_t nw1(const wtab *t) { return t->nwords ? (size_t)t->nwords : 1; }

/* The index of value a at pos, or -1. */
static int index_of(const wtab *t, int pos, int64_t a) {
    const int *v = t->vals + t->base[pos];
    int lo = 0, hi = t->k[pos] - 1;
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

static const uint64_t *sup_of(const wtab *t, int pos, int i) {
    return t->sup + t->row[t->base[pos] + (size_t)i] * (size_t)t->nwords;
}
static const uint64_t *strict_of(const wtab *t, int pos, int i) {
    if (!t->strict) return sup_of(t, pos, i);
    return t->strict + t->row[t->base[pos] + (size_t)i] * (size_t)t->nwords;
}

/* ==== the current table ================================================ */

/* words &= mask on the non-zero words, saving what it changes. */
static void intersect(csp *p, wtab *t) {
    int limit = (int)t->limit;
    for (int i = limit - 1; i >= 0; i--) {
        int w = t->index[i];
        uint64_t now = t->words[w] & t->mask[w];
        if (now == t->words[w]) continue;
        csp_save_word(p, &t->words[w]);
        t->words[w] = now;
        if (!now) {
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

/* mask = OR of the bit-sets of the indices ids[0..n) at pos (strict:
 * without the stars), on the non-zero words; inverted when invert. */
static void mask_of(wtab *t, int pos, const int *ids, size_t n, int strict, int invert) {
    for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = 0;
    for (size_t j = 0; j < n; j++) {
        const uint64_t *s = strict ? strict_of(t, pos, ids[j]) : sup_of(t, pos, ids[j]);
        for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] |= s[t->index[i]];
    }
    if (invert)
        for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = ~t->mask[t->index[i]];
}

static void set_live(csp *p, wtab *t, int pos, size_t n) {
    csp_save_word(p, &t->nlive[pos]);
    t->nlive[pos] = n;
}

/* Brings the live sets and the current table up to date with the
 * domains; returns the number of positions that changed (the last of
 * them in *sole). */
static int update(csp *p, const csp_con *c, wtab *t, int *sole) {
    int changed = 0;
    for (int pos = 0; pos < t->arity; pos++) {
        int x = c->scope[pos];
        size_t was = t->nlive[pos], n = was;
        if ((uint64_t)csp_size(p, x) == was) continue;
        changed++, *sole = pos;
        int *d = t->dense + t->base[pos];
        const int *vals = t->vals + t->base[pos];
        for (size_t i = was; i-- > 0;)
            if (!csp_has(p, x, vals[d[i]])) {
                int e = d[i];
                d[i] = d[n - 1], d[n - 1] = e, n--;
            }
        set_live(p, t, pos, n);
        if (was - n < n) /* incremental: drop the rows of the removed values */
            mask_of(t, pos, d + n, was - n, 1, 1);
        else /* reset: keep the rows of the values left */
            mask_of(t, pos, d, n, 0, 0);
        intersect(p, t);
        if (t->positive && !t->limit) return changed;
    }
    return changed;
}

/* Removes the values of the live indices d[n..was) at pos from scope[pos]
 * (they are the dropped ones) and records the new live count. */
static int drop_values(csp *p, const csp_con *c, wtab *t, int pos, size_t n, size_t was) {
    const int *d = t->dense + t->base[pos], *vals = t->vals + t->base[pos];
    size_t m = was - n;
    /* in increasing order when cheap (one pass for ranges): the values of
     * the indices, as the indices are sorted by value; a sweep of the
     * marked indices when they are many, an insertion sort of a few */
    if (m * 16 >= (size_t)t->k[pos]) {
        for (size_t j = 0; j < m; j++) t->mark[d[n + j]] = 1;
        size_t o = 0;
        for (int i = 0; i < t->k[pos]; i++)
            if (t->mark[i]) t->mark[i] = 0, t->drop[o++] = vals[i];
    } else if (m <= 32) { /* a few: insertion */
        for (size_t j = 0; j < m; j++) {
            int64_t a = vals[d[n + j]];
            size_t i = j;
            for (; i > 0 && t->drop[i - 1] > a; i--) t->drop[i] = t->drop[i - 1];
            t->drop[i] = a;
        }
    } else { /* many values, few dropped: removed one by one (any order) */
        for (size_t j = 0; j < m; j++) t->drop[j] = vals[d[n + j]];
    }
    int r = csp_remove_values(p, c->scope[pos], t->drop, m);
    if (r != CSP_WIPEOUT) set_live(p, t, pos, n);
    return r;
}

/* The positive filter: keep the values whose rows meet the current table.
 * Position skip (-1: none) changed alone since a filter ran to its end:
 * the rows that left hold its removed values only, so each of its values
 * keeps its support (CT's rule). */
static int filter_positive(csp *p, const csp_con *c, wtab *t, int skip) {
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        if (pos == skip) continue;
        int *d = t->dense + t->base[pos];
        size_t was = t->nlive[pos], n = was;
        for (size_t i = was; i-- > 0;) {
            const uint64_t *s = sup_of(t, pos, d[i]);
            int *res = &t->residue[t->base[pos] + (size_t)d[i]];
            if (p->s.st) INC(p->s.st, checks);
            if (t->words[*res] & s[*res]) continue;
            int found = 0;
            for (int j = 0; j < (int)t->limit && !found; j++) {
                int w = t->index[j];
                if (t->words[w] & s[w]) *res = w, found = 1;
            }
            if (found) continue;
            int e = d[i];
            d[i] = d[n - 1], d[n - 1] = e, n--;
        }
        if (n == was) continue;
        /* the dropped values had no valid row: the table stays exact */
        CSP_MERGE(any, drop_values(p, c, t, pos, n, was));
    }
    return any;
}

static uint64_t valid_rows(const wtab *t) {
    uint64_t n = 0;
    for (int i = 0; i < (int)t->limit; i++) n += (uint64_t)csp_dom_size(t->words[t->index[i]]);
    return n;
}

/* The negative filter: drop a value when its valid conflicts cover every
 * combination of the other domains (rows distinct and star-free). */
static int filter_negative(csp *p, const csp_con *c, wtab *t) {
    uint64_t valid = valid_rows(t);
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        uint64_t others = 1; /* saturates above valid: nothing can be covered */
        for (int q = 0; q < t->arity && others <= valid; q++)
            if (q != pos) others *= (uint64_t)csp_size(p, c->scope[q]);
        if (others > valid) continue;
        int *d = t->dense + t->base[pos];
        size_t was = t->nlive[pos], n = was;
        for (size_t i = was; i-- > 0;) {
            const uint64_t *s = sup_of(t, pos, d[i]);
            uint64_t cnt = 0;
            for (int j = 0; j < (int)t->limit; j++)
                cnt += (uint64_t)csp_dom_size(t->words[t->index[j]] & s[t->index[j]]);
            if (p->s.st) INC(p->s.st, checks);
            if (cnt != others) continue;
            int e = d[i];
            d[i] = d[n - 1], d[n - 1] = e, n--;
        }
        if (n == was) continue;
        CSP_MERGE(any, drop_values(p, c, t, pos, n, was));
        /* the rows of the dropped values leave the table at once: the
         * counts of the next positions must see valid rows only */
        mask_of(t, pos, d, n, 0, 0);
        intersect(p, t);
        valid = valid_rows(t);
    }
    return any;
}

static int wtab_propagate(csp *p, csp_con *c) {
    wtab *t = c->data;
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

/* ==== checks ============================================================ */

/* 1 if some posted row agrees with vals where fixed[pos] (everywhere when
 * fixed is NULL). */
static int some_row(const wtab *t, const int *vals, const unsigned char *fixed) {
    for (int w = 0; w < t->nwords; w++) {
        uint64_t acc = ~(uint64_t)0;
        for (int pos = 0; pos < t->arity && acc; pos++) {
            if (fixed && !fixed[pos]) continue;
            int i = index_of(t, pos, vals[pos]);
            if (i < 0) return 0;
            acc &= sup_of(t, pos, i)[w];
        }
        if (acc) return 1;
    }
    return 0;
}

static int wtab_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const wtab *t = c->data;
    int in = some_row(t, vals, NULL);
    return t->positive ? in : !in;
}

/* bt's partial check of a positive table: some row agrees with the
 * variables already down to one value. */
static int wtab_partial(const csp *p, const csp_con *c) {
    const wtab *t = c->data;
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

/* Frees what was allocated (a post that gave up frees a part). */
#define FREE_IF_(ptr, n)                                                                           \
    do {                                                                                           \
        if (ptr) FREEN(ptr, n);                                                                    \
    } while (0)
static void wtab_destroy(void *data, size_t size) {
    (void)size;
    wtab *t = data;
    size_t n = (size_t)t->arity, nv = t->nval ? t->nval : 1, nw = nw1(t);
    FREE_IF_(t->drop, t->maxk);
    FREE_IF_(t->mark, t->maxk);
    FREE_IF_(t->base, n);
    FREE_IF_(t->k, n);
    FREE_IF_(t->nlive, n);
    FREE_IF_(t->vals, nv);
    FREE_IF_(t->row, nv);
    FREE_IF_(t->residue, nv);
    FREE_IF_(t->dense, nv);
    FREE_IF_(t->sup, xmul(t->nsup, nw));
    FREE_IF_(t->strict, xmul(t->nsup, nw));
    FREE_IF_(t->words, nw);
    FREE_IF_(t->index, nw);
    FREE_IF_(t->mask, nw);
}
#undef FREE_IF_

static const csp_con_ops wtab_pos_ops = {
    .name = "table-wide",
    .check = wtab_check,
    .propagate = wtab_propagate,
    .partial = wtab_partial,
    .destroy = wtab_destroy,
};

static const csp_con_ops wtab_neg_ops = {
    .name = "table-wide-negative",
    .check = wtab_check,
    .propagate = wtab_propagate,
    .destroy = wtab_destroy,
};

/* ==== posting ============================================================ */

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
static int add_tuple(const wtab *t, const int *tuple, irows *r, int expand) {
    int n = t->arity, *idx = NEWN((size_t)n, int), ok = 1, ret = 0;
    size_t combos = 1;
    for (int pos = 0; pos < n && ok; pos++) {
        if (tuple[pos] == CSP_TABLE_STAR) {
            idx[pos] = -1;
            if (expand) combos = xmul(combos, (size_t)t->k[pos]);
            if (combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
        } else if ((idx[pos] = index_of(t, pos, tuple[pos])) < 0) {
            ok = 0;
        }
    }
    if (ok && r->n + combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
    if (ok && !expand) {
        memcpy(irow_push(r), idx, (size_t)n * sizeof *idx);
    } else if (ok) { /* odometer over the starred positions */
        int *cur = NEWN((size_t)n, int);
        for (;;) {
            int *row = irow_push(r);
            for (int pos = 0; pos < n; pos++) row[pos] = idx[pos] < 0 ? cur[pos] : idx[pos];
            int pos = 0;
            for (; pos < n; pos++) {
                if (idx[pos] >= 0) continue;
                if (++cur[pos] < t->k[pos]) break;
                cur[pos] = 0;
            }
            if (pos == n) break;
        }
        FREEN(cur, (size_t)n);
    }
    FREEN(idx, (size_t)n);
    return ret;
}

/* Gives every value some row holds (or every value of a starred
 * position) its own bit-set row in sup; the others share row 0. */
static void number_rows(wtab *t, const irows *r) {
    t->nsup = 1;
    for (int pos = 0; pos < t->arity; pos++) {
        size_t b = t->base[pos];
        int star = 0;
        for (size_t j = 0; j < r->n && !star; j++) star = irow(r, j)[pos] < 0;
        for (size_t j = 0; j < r->n; j++) {
            int i = irow(r, j)[pos];
            if (i >= 0 && !t->row[b + (size_t)i]) t->row[b + (size_t)i] = t->nsup++;
        }
        for (int i = 0; star && i < t->k[pos]; i++)
            if (!t->row[b + (size_t)i]) t->row[b + (size_t)i] = t->nsup++;
    }
}

static void fill_bitsets(wtab *t, const irows *r) {
    size_t nw = nw1(t);
    t->sup = NEWN(xmul(t->nsup, nw), uint64_t);
    for (size_t j = 0; j < r->n * (size_t)(r->arity + 1) && !t->strict; j++)
        if (r->b[j] < 0) t->strict = NEWN(xmul(t->nsup, nw), uint64_t);
    for (size_t j = 0; j < r->n; j++) {
        const int *row = irow(r, j);
        uint64_t bit = (uint64_t)1 << (j % 64);
        size_t w = j / 64;
        for (int pos = 0; pos < t->arity; pos++) {
            size_t b = t->base[pos];
            if (row[pos] >= 0) {
                size_t s = t->row[b + (size_t)row[pos]] * nw + w;
                t->sup[s] |= bit;
                if (t->strict) t->strict[s] |= bit;
                continue;
            }
            for (int i = 0; i < t->k[pos]; i++) t->sup[t->row[b + (size_t)i] * nw + w] |= bit;
        }
    }
}

/* The value indices of the scope's current domains; 0 when their values
 * pass CSP_TABLE_WIDE_MAX_VALUES. */
static int index_values(const csp *p, const int *scope, wtab *t) {
    size_t n = (size_t)t->arity;
    t->maxk = 1;
    t->base = NEWN(n, size_t);
    t->k = NEWN(n, int);
    t->nlive = NEWN(n, uint64_t);
    for (int pos = 0; pos < t->arity; pos++) {
        int64_t size = csp_size(p, scope[pos]);
        if ((int64_t)t->nval + size > CSP_TABLE_WIDE_MAX_VALUES) return 0;
        t->base[pos] = t->nval;
        t->k[pos] = (int)size;
        t->nlive[pos] = (uint64_t)size;
        t->nval += (size_t)size;
        t->maxk = (size_t)size > t->maxk ? (size_t)size : t->maxk;
    }
    size_t nv = t->nval ? t->nval : 1;
    t->vals = NEWN(nv, int);
    t->row = NEWN(nv, size_t);
    t->residue = NEWN(nv, int);
    t->dense = NEWN(nv, int);
    t->drop = NEWN(t->maxk, int64_t);
    t->mark = NEWN(t->maxk, unsigned char);
    for (int pos = 0; pos < t->arity; pos++) {
        size_t j = t->base[pos];
        if (!t->k[pos]) continue; /* an empty given: no value to index */
        CSP_FOR_VALUES(p, scope[pos], a) {
            t->dense[j] = (int)(j - t->base[pos]);
            t->vals[j++] = (int)a;
        }
    }
    return 1;
}

int csp_post_table_wide(csp *p, const int *scope, int arity, const int *tuples, size_t ntuples,
                        int positive) {
    wtab t = {.arity = arity, .positive = positive};
    irows r = {.arity = arity};
    int ok = index_values(p, scope, &t);
    for (size_t j = 0; ok && j < ntuples; j++)
        ok = add_tuple(&t, tuples + j * (size_t)arity, &r, !positive) == 0;
    if (ok && !positive) irows_unique(&r); /* the counts need distinct rows */
    if (ok) {
        t.nrows = (int)r.n;
        t.nwords = (int)((r.n + 63) / 64);
        number_rows(&t, &r);
        ok = xmul(t.nsup, nw1(&t)) <= CSP_TABLE_WIDE_MAX_WORDS;
    }
    if (!ok) {
        if (r.b) FREEN(r.b, r.cap);
        wtab_destroy(&t, sizeof t);
        return -1;
    }
    fill_bitsets(&t, &r);
    if (r.b) FREEN(r.b, r.cap);
    size_t nw = nw1(&t);
    t.words = NEWN(nw, uint64_t);
    t.index = NEWN(nw, int);
    t.mask = NEWN(nw, uint64_t);
    for (int w = 0; w < t.nwords; w++) t.index[w] = w, t.words[w] = ~(uint64_t)0;
    if (t.nrows % 64) t.words[t.nwords - 1] = ((uint64_t)1 << (t.nrows % 64)) - 1;
    t.limit = (uint64_t)t.nwords;
    t.dirty = 1;
    return csp_add_con(p, positive ? &wtab_pos_ops : &wtab_neg_ops, scope, arity, &t, sizeof t);
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
