/* table.c - Compact-Table for positive and negative tables (see table.h).
 *
 * Invariants, between two calls of propagate on one branch of the search:
 * - last[pos] is the domain of scope[pos] that the current table was
 *   computed for, and the current table (words[index[0..limit)], the other
 *   words being 0) is exactly the set of rows whose every value lies in
 *   last[]; both are reversible words, so they hold after backtracking too;
 * - the domains only shrink between calls on one branch, so last[pos]
 *   contains the domain of scope[pos];
 * - after a call that did not wipe out, every value left is supported
 *   (dirty = 0): a call with no domain changed since has nothing to do.
 * index[] itself is not saved: operations below a level only permute
 * index[0..limit) for the limit of that level, so after the limit is
 * restored, index[0..limit) is again the same set of words.
 */
#include "table.h"

#include <string.h>

#include "../core/xmalloc.h"

/* The static part, shared by the constraints posted on the same rows and
 * the same domains (a <group> of XCSP3 posts thousands of them). */
struct csp_tuples {
    int arity, positive, refs;
    int nrows, nwords;
    int *span;        /* per position: bits 0..span-1 may hold a value */
    size_t *base;     /* per position: (position, bit 0) in sup/residue, in rows of nwords */
    size_t nsup;      /* sum of the spans */
    uint64_t *sup;    /* sup[(base[pos] + bit) * nwords + w]: rows holding (pos, bit) or a star */
    uint64_t *strict; /* the same without the stars (NULL: no star, strict = sup) */
    int *offset;      /* the domains the rows were built for (csp_tuples_fit) */
    csp_dom *dom;
    uint64_t *mask; /* scratch of one call, nwords */
};

/* One constraint: the shared rows and its own state. */
typedef struct table {
    csp_tuples *T;
    int arity, positive, nwords; /* copies of T's, read on every call */
    int *residue;                /* residue[base[pos] + bit]: the word of the last support found */
    uint64_t *words;             /* the current table (reversible words) */
    int *index;                  /* the non-zero words are words[index[0..limit)] */
    uint64_t limit;              /* reversible */
    uint64_t dirty;              /* reversible: 1 until a propagation ran to its end */
    csp_dom *last;               /* reversible, per position */
    uint64_t *mask;              /* T's scratch */
} table;

/* ==== the reversible sparse bit-set ======================================= */

static int rs_empty(const table *t) { return t->limit == 0; }

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

static const uint64_t *sup_of(const table *t, int pos, int bit) {
    return t->T->sup + (t->T->base[pos] + (size_t)bit) * (size_t)t->nwords;
}

/* The rows with exactly the value (pos, bit): removing the value makes
 * only these invalid (a star row stays valid through its other values). */
static const uint64_t *strict_of(const table *t, int pos, int bit) {
    if (!t->T->strict) return sup_of(t, pos, bit);
    return t->T->strict + (t->T->base[pos] + (size_t)bit) * (size_t)t->nwords;
}

/* mask = OR of the bit-sets of the values in d at pos (non-zero words only:
 * the others are 0 in the table anyway); strict: without the stars. */
static void mask_of(table *t, int pos, csp_dom d, int strict) {
    for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = 0;
    for (; d; d &= d - 1) {
        const uint64_t *s =
            strict ? strict_of(t, pos, csp_dom_min(d)) : sup_of(t, pos, csp_dom_min(d));
        for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] |= s[t->index[i]];
    }
}

/* ==== propagation ========================================================= */

/* Brings the current table up to date with the domains; returns 1 if it
 * changed anything (or CSP_WIPEOUT through *wiped when it became empty). */
static int update(csp *p, const csp_con *c, table *t, int *wiped) {
    int changed = 0;
    for (int pos = 0; pos < t->arity; pos++) {
        csp_dom d = csp_bits(p, c->scope[pos]), removed = t->last[pos] & ~d;
        if (d == t->last[pos]) continue;
        changed = 1;
        if (csp_dom_size(removed) <
            csp_dom_size(d)) { /* incremental: drop the removed values' rows */
            mask_of(t, pos, removed, 1);
            for (int i = 0; i < (int)t->limit; i++) t->mask[t->index[i]] = ~t->mask[t->index[i]];
        } else { /* reset: keep the remaining values' rows */
            mask_of(t, pos, d, 0);
        }
        rs_intersect(p, t);
        csp_save_word(p, &t->last[pos]);
        t->last[pos] = d;
        if (rs_empty(t)) {
            *wiped = t->positive;
            if (*wiped) return 1;
        }
    }
    return changed;
}

/* The positive filter: keep the values whose rows meet the current table. */
static int filter_positive(csp *p, const csp_con *c, table *t) {
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        int x = c->scope[pos];
        csp_dom drop = 0;
        for (csp_dom d = csp_bits(p, x); d; d &= d - 1) {
            int b = csp_dom_min(d);
            const uint64_t *s = sup_of(t, pos, b);
            int *res = &t->residue[t->T->base[pos] + (size_t)b];
            if (p->s.st) INC(p->s.st, checks);
            if (t->words[*res] & s[*res]) continue;
            int found = 0;
            for (int i = 0; i < (int)t->limit && !found; i++) {
                int w = t->index[i];
                if (t->words[w] & s[w]) *res = w, found = 1;
            }
            if (!found) drop |= csp_bit(b);
        }
        if (!drop) continue;
        int r = csp_prune(p, x, drop);
        if (r == CSP_WIPEOUT) return r;
        any = CSP_CHANGED;
        /* the dropped values had no valid row: the table stays exact */
        csp_save_word(p, &t->last[pos]);
        t->last[pos] = csp_bits(p, x);
    }
    return any;
}

/* The negative filter: drop a value when its valid conflicts cover every
 * combination of the other domains (rows are distinct and star-free). */
static int filter_negative(csp *p, const csp_con *c, table *t) {
    uint64_t valid = 0;
    for (int i = 0; i < (int)t->limit; i++) valid += (uint64_t)csp_dom_size(t->words[t->index[i]]);
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < t->arity; pos++) {
        uint64_t others = 1; /* saturates above valid: no value can be covered */
        for (int q = 0; q < t->arity && others <= valid; q++)
            if (q != pos) others *= (uint64_t)csp_dom_size(csp_bits(p, c->scope[q]));
        if (others > valid) continue;
        int x = c->scope[pos];
        csp_dom drop = 0;
        for (csp_dom d = csp_bits(p, x); d; d &= d - 1) {
            int b = csp_dom_min(d);
            const uint64_t *s = sup_of(t, pos, b);
            uint64_t n = 0;
            for (int i = 0; i < (int)t->limit; i++)
                n += (uint64_t)csp_dom_size(t->words[t->index[i]] & s[t->index[i]]);
            if (p->s.st) INC(p->s.st, checks);
            if (n == others) drop |= csp_bit(b);
        }
        if (!drop) continue;
        int r = csp_prune(p, x, drop);
        if (r == CSP_WIPEOUT) return r;
        any = CSP_CHANGED;
        /* the rows with a dropped value leave the table at once: the
         * counts of the next positions must see valid rows only */
        mask_of(t, pos, csp_bits(p, x), 0);
        rs_intersect(p, t);
        csp_save_word(p, &t->last[pos]);
        t->last[pos] = csp_bits(p, x);
        valid = 0;
        for (int i = 0; i < (int)t->limit; i++)
            valid += (uint64_t)csp_dom_size(t->words[t->index[i]]);
    }
    return any;
}

static int table_propagate(csp *p, csp_con *c) {
    table *t = c->data;
    if (t->positive && rs_empty(t)) return CSP_WIPEOUT;
    int wiped = 0;
    int changed = update(p, c, t, &wiped);
    if (wiped) return CSP_WIPEOUT;
    if (!changed && !t->dirty) return CSP_NOCHANGE;
    int r = t->positive ? filter_positive(p, c, t) : filter_negative(p, c, t);
    if (r != CSP_WIPEOUT && t->dirty) {
        csp_save_word(p, &t->dirty);
        t->dirty = 0;
    }
    return r;
}

/* ==== checks ============================================================== */

/* 1 if some row of the posted table agrees with vals at the positions
 * where fixed[pos] (every position when fixed is NULL). */
static int some_row(const csp *p, const csp_con *c, const table *t, const int *vals,
                    const unsigned char *fixed) {
    const uint64_t *s[64];
    int n = 0;
    if (t->arity > 64) { /* rare: check position by position without the cache */
        for (int w = 0; w < t->nwords; w++) {
            uint64_t acc = ~(uint64_t)0;
            for (int pos = 0; pos < t->arity && acc; pos++) {
                if (fixed && !fixed[pos]) continue;
                int b = vals[pos] - p->offset[c->scope[pos]];
                if (b < 0 || b >= t->T->span[pos]) return 0;
                acc &= sup_of(t, pos, b)[w];
            }
            if (acc) return 1;
        }
        return 0;
    }
    for (int pos = 0; pos < t->arity; pos++) {
        if (fixed && !fixed[pos]) continue;
        int b = vals[pos] - p->offset[c->scope[pos]];
        if (b < 0 || b >= t->T->span[pos]) return 0;
        s[n++] = sup_of(t, pos, b);
    }
    for (int w = 0; w < t->nwords; w++) {
        uint64_t acc = ~(uint64_t)0;
        for (int i = 0; i < n && acc; i++) acc &= s[i][w];
        if (acc) return 1;
    }
    return 0;
}

static int table_check(const csp *p, const csp_con *c, const int *vals) {
    const table *t = c->data;
    int in = t->nwords > 0 && some_row(p, c, t, vals, NULL);
    return t->positive ? in : !in;
}

/* bt's partial check of a positive table: some row agrees with the
 * variables already down to one value. */
static int table_partial(const csp *p, const csp_con *c) {
    const table *t = c->data;
    int small[16] = {0};
    unsigned char fsmall[16] = {0};
    int *vals = t->arity <= 16 ? small : NEWN((size_t)t->arity, int);
    unsigned char *fixed = t->arity <= 16 ? fsmall : NEWN((size_t)t->arity, unsigned char);
    for (int pos = 0; pos < t->arity; pos++) {
        csp_dom d = csp_bits(p, c->scope[pos]);
        fixed[pos] = (unsigned char)csp_dom_single(d);
        vals[pos] = fixed[pos] ? csp_value(p, c->scope[pos], csp_dom_min(d)) : 0;
    }
    int ok = t->nwords > 0 && some_row(p, c, t, vals, fixed);
    if (t->arity > 16) {
        FREEN(vals, (size_t)t->arity);
        FREEN(fixed, (size_t)t->arity);
    }
    return ok;
}

static void tuples_free(csp_tuples *T) {
    size_t nw = (size_t)T->nwords;
    FREEN(T->span, (size_t)T->arity);
    FREEN(T->base, (size_t)T->arity);
    FREEN(T->offset, (size_t)T->arity);
    FREEN(T->dom, (size_t)T->arity);
    FREEN(T->sup, xmul(T->nsup, nw ? nw : 1));
    if (T->strict) FREEN(T->strict, xmul(T->nsup, nw ? nw : 1));
    FREEN(T->mask, nw ? nw : 1);
    FREEN(T, 1);
}

void csp_tuples_release(csp_tuples *T) {
    if (T && --T->refs == 0) tuples_free(T);
}

static void table_destroy(void *data, size_t size) {
    (void)size;
    table *t = data;
    size_t nw = (size_t)t->nwords;
    FREEN(t->residue, t->T->nsup ? t->T->nsup : 1);
    FREEN(t->words, nw ? nw : 1);
    FREEN(t->index, nw ? nw : 1);
    FREEN(t->last, (size_t)t->arity);
    csp_tuples_release(t->T);
}

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

/* ==== posting ============================================================= */

/* Row r of rows (arity bytes of bits; 0xff = star). */
typedef struct rows {
    unsigned char *b;
    size_t n, cap;
    int arity;
} rows;

static unsigned char *row_at(const rows *r, size_t i) { return r->b + i * (size_t)r->arity; }

static unsigned char *row_push(rows *r) {
    GROW(&r->b, &r->cap, (r->n + 1) * (size_t)r->arity);
    return row_at(r, r->n++);
}

/* Bottom-up merge sort of row indices by their bytes (no recursion, no
 * global comparison context), then the distinct ones are kept in place. */
static void rows_unique(rows *r) {
    size_t n = r->n;
    if (n < 2) return;
    size_t *a = NEWN(n, size_t), *tmp = NEWN(n, size_t);
    for (size_t i = 0; i < n; i++) a[i] = i;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n,
                   hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = memcmp(row_at(r, a[j]), row_at(r, a[i]), (size_t)r->arity) < 0 ? a[j++]
                                                                                          : a[i++];
            while (i < mid) tmp[k++] = a[i++];
            while (j < hi) tmp[k++] = a[j++];
        }
        size_t *s = a;
        a = tmp, tmp = s;
    }
    unsigned char *out = NEWN(r->cap ? r->cap : 1, unsigned char);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!m || memcmp(out + (m - 1) * (size_t)r->arity, row_at(r, a[i]), (size_t)r->arity)) {
            memcpy(out + m * (size_t)r->arity, row_at(r, a[i]), (size_t)r->arity);
            m++;
        }
    FREEN(r->b, r->cap ? r->cap : 1);
    r->b = out;
    r->n = m;
    FREEN(a, n);
    FREEN(tmp, n);
}

/* Adds the rows of one tuple: its values as bits, dropped when one is out
 * of its domain; with expand, every star is replaced by each value of its
 * domain.  Returns -1 when the rows would pass CSP_TABLE_MAX_TUPLES. */
static int add_tuple(const csp *p, const int *scope, const int *tuple, rows *r, int expand) {
    int n = r->arity;
    unsigned char one[64], *bits = n <= 64 ? one : NEWN((size_t)n, unsigned char);
    int ok = 1, ret = 0;
    size_t combos = 1;
    for (int i = 0; i < n && ok; i++) {
        int x = scope[i];
        if (tuple[i] == CSP_TABLE_STAR) {
            bits[i] = 0xff;
            if (expand) {
                combos = xmul(combos, (size_t)csp_dom_size(csp_bits(p, x)));
                if (combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
            }
            continue;
        }
        long b = (long)tuple[i] - p->offset[x];
        if (b < 0 || b >= CSP_MAX_VALUES || !(csp_bits(p, x) >> b & 1))
            ok = 0;
        else
            bits[i] = (unsigned char)b;
    }
    if (ok && r->n + combos > CSP_TABLE_MAX_TUPLES) ret = -1, ok = 0;
    if (ok && !expand) {
        memcpy(row_push(r), bits, (size_t)n);
    } else if (ok) { /* odometer over the starred positions */
        csp_dom *left = NEWN((size_t)n, csp_dom);
        for (int i = 0; i < n; i++) left[i] = bits[i] == 0xff ? csp_bits(p, scope[i]) : 0;
        for (;;) {
            unsigned char *row = row_push(r);
            for (int i = 0; i < n; i++)
                row[i] = bits[i] == 0xff ? (unsigned char)csp_dom_min(left[i]) : bits[i];
            int i = 0;
            for (; i < n; i++) {
                if (bits[i] != 0xff) continue;
                left[i] &= left[i] - 1;
                if (left[i]) break;
                left[i] = csp_bits(p, scope[i]);
            }
            if (i == n) break;
        }
        FREEN(left, (size_t)n);
    }
    if (bits != one) FREEN(bits, (size_t)n);
    return ret;
}

csp_tuples *csp_tuples_new(const csp *p, const int *scope, int arity, const int *tuples,
                           size_t ntuples, int positive) {
    for (int pos = 0; pos < arity; pos++) /* the bit-sets hold one word per variable */
        if (!csp_narrow(p, scope[pos])) return NULL;
    rows r = {.arity = arity};
    for (size_t k = 0; k < ntuples; k++)
        if (add_tuple(p, scope, tuples + k * (size_t)arity, &r, !positive) < 0) {
            FREEN(r.b, r.cap ? r.cap : 1);
            return NULL;
        }
    if (!positive) rows_unique(&r); /* the counts need distinct rows */
    csp_tuples *T = NEWN(1, csp_tuples);
    T->arity = arity, T->positive = positive, T->refs = 1, T->nrows = (int)r.n;
    T->nwords = (int)((r.n + 63) / 64);
    size_t nw = (size_t)T->nwords;
    T->span = NEWN((size_t)arity, int);
    T->base = NEWN((size_t)arity, size_t);
    T->offset = NEWN((size_t)arity, int);
    T->dom = NEWN((size_t)arity, csp_dom);
    for (int pos = 0; pos < arity; pos++) {
        csp_dom d = csp_bits(p, scope[pos]);
        T->span[pos] = d ? csp_dom_max(d) + 1 : 0;
        T->base[pos] = T->nsup;
        T->nsup += (size_t)T->span[pos];
        T->offset[pos] = p->offset[scope[pos]];
        T->dom[pos] = d;
    }
    T->sup = NEWN(xmul(T->nsup, nw ? nw : 1), uint64_t);
    for (size_t k = 0; k < r.n * (size_t)arity && !T->strict; k++)
        if (r.b[k] == 0xff) T->strict = NEWN(xmul(T->nsup, nw ? nw : 1), uint64_t);
    T->mask = NEWN(nw ? nw : 1, uint64_t);
    for (size_t k = 0; k < r.n; k++) {
        const unsigned char *row = row_at(&r, k);
        uint64_t bit = (uint64_t)1 << (k % 64);
        size_t w = k / 64;
        for (int pos = 0; pos < arity; pos++) {
            if (row[pos] != 0xff) {
                T->sup[(T->base[pos] + row[pos]) * nw + w] |= bit;
                if (T->strict) T->strict[(T->base[pos] + row[pos]) * nw + w] |= bit;
                continue;
            }
            for (csp_dom d = T->dom[pos]; d; d &= d - 1)
                T->sup[(T->base[pos] + (size_t)csp_dom_min(d)) * nw + w] |= bit;
        }
    }
    FREEN(r.b, r.cap ? r.cap : 1);
    return T;
}

int csp_tuples_fit(const csp_tuples *T, const csp *p, const int *scope, int arity) {
    if (arity != T->arity) return 0;
    for (int pos = 0; pos < arity; pos++)
        if (p->offset[scope[pos]] != T->offset[pos] || csp_bits(p, scope[pos]) != T->dom[pos])
            return 0;
    return 1;
}

int csp_post_tuples(csp *p, const int *scope, csp_tuples *T) {
    table t = {.T = T, .arity = T->arity, .positive = T->positive, .nwords = T->nwords};
    size_t nw = (size_t)T->nwords;
    T->refs++;
    t.residue = NEWN(T->nsup ? T->nsup : 1, int);
    t.words = NEWN(nw ? nw : 1, uint64_t);
    t.index = NEWN(nw ? nw : 1, int);
    t.last = NEWN((size_t)T->arity, csp_dom);
    t.mask = T->mask;
    for (int w = 0; w < T->nwords; w++) {
        t.index[w] = w;
        t.words[w] = ~(uint64_t)0;
    }
    if (T->nrows % 64) t.words[nw - 1] = ((uint64_t)1 << (T->nrows % 64)) - 1;
    t.limit = (uint64_t)T->nwords;
    t.dirty = 1;
    memcpy(t.last, T->dom, (size_t)T->arity * sizeof *t.last);
    return csp_add_con(p, T->positive ? &table_pos_ops : &table_neg_ops, scope, T->arity, &t,
                       sizeof t);
}

int csp_post_table(csp *p, const int *scope, int arity, const int *tuples, size_t ntuples,
                   int positive) {
    for (int pos = 0; pos < arity; pos++)
        if (!csp_narrow(p, scope[pos]))
            return csp_post_table_wide(p, scope, arity, tuples, ntuples, positive);
    csp_tuples *T = csp_tuples_new(p, scope, arity, tuples, ntuples, positive);
    if (!T) return -1;
    int c = csp_post_tuples(p, scope, T);
    csp_tuples_release(T);
    return c;
}
