/* dom_sparse.c - the sparse-set representation with its bounds (Le
 * Clement, Schaus, Deville, "Sparse-sets for domain implementation",
 * 2013): the values in an array `dense`, each one's position in `index`.
 *
 * aux = dense[0..n0) (values - lo0 of the n0 initial values) then
 * index[0..span) (the position of each value - lo0 in dense; n0 for a
 * value that was never in the domain).  Words: w[0] min and max, w[1]
 * the size.  Invariant: the domain is exactly dense[0..size).  A removal
 * swaps the value with dense[size - 1] and shrinks size, so the arrays
 * need no restoring: after the trail gives size back, dense[0..size) is
 * again the set it was (the swaps since only permuted inside it and moved
 * removed values to positions >= the size of their time). */
#include "../core/xmalloc.h"
#include "csp.h"

static int *dense(const csp_vdom *d) { return d->aux; }
static int *pos_of(const csp_vdom *d) {
    return d->aux + (d->naux - (size_t)((int64_t)d->hi0 - d->lo0 + 1));
}

static void init(csp_vdom *d, const int *iv, size_t niv) {
    size_t n0 = 0, span = (size_t)((int64_t)d->hi0 - d->lo0 + 1);
    for (size_t k = 0; k < niv; k++) n0 += (size_t)((int64_t)iv[2 * k + 1] - iv[2 * k] + 1);
    d->naux = n0 + span;
    d->aux = NEWN(d->naux, int);
    int *ds = dense(d), *ix = pos_of(d);
    for (size_t i = 0; i < span; i++) ix[i] = (int)n0;
    size_t n = 0;
    for (size_t k = 0; k < niv; k++)
        for (int64_t a = iv[2 * k]; a <= iv[2 * k + 1]; a++) {
            ds[n] = (int)(a - d->lo0);
            ix[a - d->lo0] = (int)n++;
        }
    d->nw = d->wcap = 2;
    d->w = NEWN(2, uint64_t);
    d->w[0] = csp_vdom_bounds(iv[0], iv[2 * niv - 1]);
    d->w[1] = n;
}

static void destroy(csp_vdom *d) {
    FREEN(d->w, d->wcap);
    FREEN(d->aux, d->naux);
}

static int has(const csp_vdom *d, int a) {
    return (uint64_t)pos_of(d)[(int64_t)a - d->lo0] < d->w[1];
}

/* The smallest value > a (one exists): walk up at most size steps (it
 * ends there whenever max - a <= size), else take the smallest of dense
 * above a, a scan of size values: at most twice the cheaper of the two,
 * and a whole iteration over a domain with holes walks its span once
 * instead of scanning dense for each value. */
static int next(const csp_vdom *d, int a) {
    uint64_t size = d->w[1], steps = 0;
    for (int64_t b = (int64_t)a + 1, max = csp_vdom_max(d); b <= max && steps <= size; b++, steps++)
        if (has(d, (int)b)) return (int)b;
    int64_t best = INT64_MAX, rel = (int64_t)a - d->lo0;
    for (uint64_t i = 0; i < size; i++)
        if (dense(d)[i] > rel && dense(d)[i] < best) best = dense(d)[i];
    return (int)(best + d->lo0);
}

/* The largest value < a (one exists), the same way down. */
static int prev(const csp_vdom *d, int a) {
    uint64_t size = d->w[1], steps = 0;
    for (int64_t b = (int64_t)a - 1, min = csp_vdom_min(d); b >= min && steps <= size; b--, steps++)
        if (has(d, (int)b)) return (int)b;
    int64_t best = INT64_MIN, rel = (int64_t)a - d->lo0;
    for (uint64_t i = 0; i < size; i++)
        if (dense(d)[i] < rel && dense(d)[i] > best) best = dense(d)[i];
    return (int)(best + d->lo0);
}

/* Swaps value rel (in the set) to the last place and shrinks the size
 * (w[1] saved by the caller). */
static void drop(csp_vdom *d, int rel) {
    int *ds = dense(d), *ix = pos_of(d);
    int i = ix[rel], last = (int)d->w[1] - 1, other = ds[last];
    ds[i] = other, ix[other] = i;
    ds[last] = rel, ix[rel] = last;
    d->w[1]--;
}

static void set_bounds(csp *p, int v, csp_vdom *d, int lo, int hi) {
    if (d->w[0] == csp_vdom_bounds(lo, hi)) return;
    csp_vdom_save(p, v, 0);
    d->w[0] = csp_vdom_bounds(lo, hi);
}

static void remove_value(csp *p, int v, csp_vdom *d, int a) {
    int lo = csp_vdom_min(d), hi = csp_vdom_max(d);
    csp_vdom_save(p, v, 1);
    drop(d, (int)((int64_t)a - d->lo0));
    /* the new bound is searched among the values left, bounds still old */
    if (a == lo)
        set_bounds(p, v, d, next(d, a), hi);
    else if (a == hi)
        set_bounds(p, v, d, lo, prev(d, a));
}

static void remove_below(csp *p, int v, csp_vdom *d, int a) {
    int64_t lo = csp_vdom_min(d), rel = (int64_t)a - d->lo0;
    csp_vdom_save(p, v, 1);
    if ((uint64_t)(a - lo) < d->w[1]) {
        for (int64_t b = lo; b < a; b++)
            if (has(d, (int)b)) drop(d, (int)(b - d->lo0));
    } else {
        for (int64_t i = (int64_t)d->w[1] - 1; i >= 0; i--)
            if (dense(d)[i] < rel) drop(d, dense(d)[i]);
    }
    set_bounds(p, v, d, has(d, a) ? a : next(d, a), csp_vdom_max(d));
}

static void remove_above(csp *p, int v, csp_vdom *d, int a) {
    int64_t hi = csp_vdom_max(d), rel = (int64_t)a - d->lo0;
    csp_vdom_save(p, v, 1);
    if ((uint64_t)(hi - a) < d->w[1]) {
        for (int64_t b = hi; b > a; b--)
            if (has(d, (int)b)) drop(d, (int)(b - d->lo0));
    } else {
        for (int64_t i = (int64_t)d->w[1] - 1; i >= 0; i--)
            if (dense(d)[i] > rel) drop(d, dense(d)[i]);
    }
    set_bounds(p, v, d, csp_vdom_min(d), has(d, a) ? a : prev(d, a));
}

static void keep(csp *p, int v, csp_vdom *d, int a) {
    int *ds = dense(d), *ix = pos_of(d), rel = (int)((int64_t)a - d->lo0);
    int i = ix[rel], other = ds[0];
    ds[0] = rel, ix[rel] = 0;
    ds[i] = other, ix[other] = i;
    csp_vdom_save(p, v, 1);
    d->w[1] = 1;
    set_bounds(p, v, d, a, a);
}

static csp_dom word(const csp_vdom *d, int64_t base) {
    csp_dom out = 0;
    int64_t lo = csp_vdom_min(d), hi = csp_vdom_max(d);
    if (d->w[1] <= 64) {
        for (uint64_t i = 0; i < d->w[1]; i++) {
            int64_t b = dense(d)[i] + d->lo0 - base;
            if (b >= 0 && b < 64) out |= (csp_dom)1 << b;
        }
        return out;
    }
    for (int b = 0; b < 64; b++)
        if (base + b >= lo && base + b <= hi && has(d, (int)(base + b))) out |= (csp_dom)1 << b;
    return out;
}

static int run_end(const csp_vdom *d, int a) {
    int hi = csp_vdom_max(d);
    while (a < hi && has(d, a + 1)) a++;
    return a;
}

const csp_domain_ops csp_domain_sparse = {
    .name = "sparse",
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
};
