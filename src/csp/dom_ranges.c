/* dom_ranges.c - the range-list representation: the domain as sorted,
 * disjoint, non-adjacent intervals, for huge domains with few holes.
 *
 * Words: w[0] min and max, w[1] size, w[2] first | end << 32, and the
 * intervals at w[HEAD + i] (lo in the low 32 bits, hi in the high 32)
 * for first <= i < end.  Invariant: those intervals are the domain, in
 * order; min is the lo of the first and max the hi of the last.  Bounds
 * move by moving first or end and editing one interval; a hole splits an
 * interval, shifting the ones after it by one place (each saved); many
 * values removed at once (csp_remove_values: remove_sorted) rewrite the
 * list in one pass.  w may grow (the trail restores by index). */
#include "../core/xmalloc.h"
#include "csp.h"

enum { HEAD = 3 };

static int lo_of(uint64_t iv) { return (int)(int32_t)(uint32_t)iv; }
static int hi_of(uint64_t iv) { return (int)(int32_t)(uint32_t)(iv >> 32); }
static size_t first_of(const csp_vdom *d) { return (size_t)(uint32_t)d->w[2]; }
static size_t end_of(const csp_vdom *d) { return (size_t)(d->w[2] >> 32); }
static uint64_t iv_at(const csp_vdom *d, size_t i) { return d->w[HEAD + i]; }

static void init(csp_vdom *d, const int *iv, size_t niv) {
    d->wcap = HEAD + niv + 4;
    d->w = NEWN(d->wcap, uint64_t);
    d->nw = HEAD + niv;
    uint64_t size = 0;
    for (size_t k = 0; k < niv; k++) {
        d->w[HEAD + k] = csp_vdom_bounds(iv[2 * k], iv[2 * k + 1]);
        size += (uint64_t)((int64_t)iv[2 * k + 1] - iv[2 * k] + 1);
    }
    d->w[0] = csp_vdom_bounds(iv[0], iv[2 * niv - 1]);
    d->w[1] = size;
    d->w[2] = (uint64_t)niv << 32;
}

static void destroy(csp_vdom *d) { FREEN(d->w, d->wcap); }

/* The first interval (index in [first, end]) whose hi >= a. */
static size_t find(const csp_vdom *d, int64_t a) {
    size_t lo = first_of(d), hi = end_of(d);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (hi_of(iv_at(d, mid)) < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int has(const csp_vdom *d, int a) {
    size_t i = find(d, a);
    return i < end_of(d) && lo_of(iv_at(d, i)) <= a;
}

static int next(const csp_vdom *d, int a) {
    size_t i = find(d, (int64_t)a + 1); /* exists: a < max */
    int lo = lo_of(iv_at(d, i));
    return lo > a ? lo : a + 1;
}

static int prev(const csp_vdom *d, int a) {
    size_t i = find(d, a); /* the interval holding a, or the first after it */
    if (i < end_of(d) && lo_of(iv_at(d, i)) < a) return a - 1;
    return hi_of(iv_at(d, i - 1));
}

/* Writes interval i (saved first). */
static void put(csp *p, int v, csp_vdom *d, size_t i, uint64_t iv) {
    csp_vdom_save(p, v, HEAD + i);
    d->w[HEAD + i] = iv;
}

static void set_span(csp *p, int v, csp_vdom *d, size_t first, size_t end) {
    csp_vdom_save(p, v, 2);
    d->w[2] = (uint64_t)first | (uint64_t)end << 32;
}

/* w[0] from the first and last intervals, and the size. */
static void set_head(csp *p, int v, csp_vdom *d, uint64_t size) {
    uint64_t b = csp_vdom_bounds(lo_of(iv_at(d, first_of(d))), hi_of(iv_at(d, end_of(d) - 1)));
    if (b != d->w[0]) {
        csp_vdom_save(p, v, 0);
        d->w[0] = b;
    }
    csp_vdom_save(p, v, 1);
    d->w[1] = size;
}

static void remove_value(csp *p, int v, csp_vdom *d, int a) {
    size_t i = find(d, a), first = first_of(d), end = end_of(d);
    int lo = lo_of(iv_at(d, i)), hi = hi_of(iv_at(d, i));
    if (lo == hi) { /* the interval goes */
        if (i == first) {
            set_span(p, v, d, first + 1, end);
        } else if (i + 1 == end) {
            set_span(p, v, d, first, end - 1);
        } else {
            for (size_t j = i; j + 1 < end; j++) put(p, v, d, j, iv_at(d, j + 1));
            set_span(p, v, d, first, end - 1);
        }
    } else if (a == lo) {
        put(p, v, d, i, csp_vdom_bounds(lo + 1, hi));
    } else if (a == hi) {
        put(p, v, d, i, csp_vdom_bounds(lo, hi - 1));
    } else { /* split: the intervals after i move up one place */
        if (HEAD + end + 1 > d->nw) {
            if (HEAD + end + 1 > d->wcap) {
                size_t cap = d->wcap * 2;
                d->w = xrealloc(d->w, d->wcap * sizeof *d->w, cap * sizeof *d->w);
                d->wcap = cap;
            }
            d->w[d->nw++] = 0;
        }
        for (size_t j = end; j > i + 1; j--) put(p, v, d, j, iv_at(d, j - 1));
        put(p, v, d, i, csp_vdom_bounds(lo, a - 1));
        put(p, v, d, i + 1, csp_vdom_bounds(a + 1, hi));
        set_span(p, v, d, first, end + 1);
    }
    set_head(p, v, d, d->w[1] - 1);
}

static void remove_below(csp *p, int v, csp_vdom *d, int a) {
    size_t i = find(d, a), first = first_of(d);
    uint64_t gone = 0;
    for (size_t j = first; j < i; j++)
        gone += (uint64_t)((int64_t)hi_of(iv_at(d, j)) - lo_of(iv_at(d, j)) + 1);
    int lo = lo_of(iv_at(d, i));
    if (lo < a) {
        gone += (uint64_t)((int64_t)a - lo);
        put(p, v, d, i, csp_vdom_bounds(a, hi_of(iv_at(d, i))));
    }
    if (i != first) set_span(p, v, d, i, end_of(d));
    set_head(p, v, d, d->w[1] - gone);
}

static void remove_above(csp *p, int v, csp_vdom *d, int a) {
    size_t i = find(d, a), end = end_of(d);     /* the interval holding a, or the first after it */
    if (i < end && lo_of(iv_at(d, i)) > a) i--; /* the last interval with lo <= a */
    uint64_t gone = 0;
    for (size_t j = i + 1; j < end; j++)
        gone += (uint64_t)((int64_t)hi_of(iv_at(d, j)) - lo_of(iv_at(d, j)) + 1);
    int hi = hi_of(iv_at(d, i));
    if (hi > a) {
        gone += (uint64_t)((int64_t)hi - a);
        put(p, v, d, i, csp_vdom_bounds(lo_of(iv_at(d, i)), a));
    }
    if (i + 1 != end) set_span(p, v, d, first_of(d), i + 1);
    set_head(p, v, d, d->w[1] - gone);
}

static void keep(csp *p, int v, csp_vdom *d, int a) {
    size_t i = find(d, a);
    put(p, v, d, i, csp_vdom_bounds(a, a));
    set_span(p, v, d, i, i + 1);
    set_head(p, v, d, 1);
}

static csp_dom word(const csp_vdom *d, int64_t base) {
    csp_dom out = 0;
    for (size_t i = find(d, base); i < end_of(d); i++) {
        int64_t lo = lo_of(iv_at(d, i)), hi = hi_of(iv_at(d, i));
        if (lo > base + 63) break;
        out |= csp_range(lo - base, hi - base);
    }
    return out;
}

static int run_end(const csp_vdom *d, int a) { return hi_of(iv_at(d, find(d, a))); }

/* Intervals first..end-1 of d become out[0..nout): each changed word
 * saved once on the trail, the span moved when the count changed. */
static void rewrite_from(csp *p, int v, csp_vdom *d, size_t first, size_t end, const uint64_t *out,
                         size_t nout) {
    if (HEAD + first + nout > d->wcap) {
        size_t cap = 2 * (HEAD + first + nout);
        d->w = xrealloc(d->w, d->wcap * sizeof *d->w, cap * sizeof *d->w);
        d->wcap = cap;
    }
    while (d->nw < HEAD + first + nout) d->w[d->nw++] = 0; /* saved as 0 below: restored to 0 */
    for (size_t j = 0; j < nout; j++)
        if (iv_at(d, first + j) != out[j]) put(p, v, d, first + j, out[j]);
    if (first + nout != end) set_span(p, v, d, first, first + nout);
}

/* The intervals minus vals (increasing, all in d), rewritten in place
 * from first on: each written word saved once, so one call costs
 * O(intervals + n) time and trail, where removing value by value would
 * shift the intervals after each split (quadratic in the holes made). */
static void remove_sorted(csp *p, int v, csp_vdom *d, const int64_t *vals, size_t n) {
    size_t first = first_of(d), end = end_of(d), k = 0, nout = 0;
    uint64_t *out = NEWN(end - first + n, uint64_t);
    for (size_t i = first; i < end; i++) {
        int64_t lo = lo_of(iv_at(d, i)), hi = hi_of(iv_at(d, i));
        for (; k < n && vals[k] <= hi; k++) { /* vals[k] in lo..hi */
            if (vals[k] > lo) out[nout++] = csp_vdom_bounds((int)lo, (int)(vals[k] - 1));
            lo = vals[k] + 1;
        }
        if (lo <= hi) out[nout++] = csp_vdom_bounds((int)lo, (int)hi);
    }
    rewrite_from(p, v, d, first, end, out, nout);
    FREEN(out, end - first + n);
    set_head(p, v, d, d->w[1] - n);
}

/* The intervals minus the runs iv (sorted, disjoint), rewritten in
 * place from first on as remove_sorted does: O(intervals + n) time and
 * trail whatever the width of the runs. */
static void remove_runs(csp *p, int v, csp_vdom *d, const int64_t *iv, size_t n, uint64_t gone) {
    size_t first = first_of(d), end = end_of(d), k = 0, nout = 0;
    uint64_t *out = NEWN(end - first + n, uint64_t);
    for (size_t i = first; i < end; i++) {
        int64_t lo = lo_of(iv_at(d, i)), hi = hi_of(iv_at(d, i)), cur = lo;
        while (k < n && iv[2 * k + 1] < lo) k++;
        for (size_t j = k; j < n && iv[2 * j] <= hi; j++) {
            if (iv[2 * j] > cur) out[nout++] = csp_vdom_bounds((int)cur, (int)(iv[2 * j] - 1));
            if (iv[2 * j + 1] + 1 > cur) cur = iv[2 * j + 1] + 1;
            if (iv[2 * j + 1] > hi) break; /* the run goes on into the next interval */
        }
        if (cur <= hi) out[nout++] = csp_vdom_bounds((int)cur, (int)hi);
    }
    rewrite_from(p, v, d, first, end, out, nout);
    FREEN(out, end - first + n);
    set_head(p, v, d, d->w[1] - gone);
}

const csp_domain_ops csp_domain_ranges = {
    .name = "ranges",
    .init = init,
    .destroy = destroy,
    .has = has,
    .next = next,
    .prev = prev,
    .remove = remove_value,
    .remove_below = remove_below,
    .remove_above = remove_above,
    .keep = keep,
    .word = word,
    .run_end = run_end,
    .remove_sorted = remove_sorted,
    .remove_runs = remove_runs,
};
