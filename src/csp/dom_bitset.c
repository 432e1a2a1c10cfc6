/* dom_bitset.c - the bitset representation: one bit per value of the
 * initial span [lo0, hi0], and the bounds kept apart.
 *
 * Words: w[0] min and max, w[1] size, w[2 + k] the bits of values
 * lo0 + 64k .. lo0 + 64k + 63.  Invariant: the domain is exactly the set
 * bits whose value lies in [min, max]; bits outside the bounds mean
 * nothing.  So moving a bound saves and writes w[0] alone (the size is
 * counted over the values passed), and only a hole inside the bounds
 * clears a bit (and saves its word). */

#include "../core/xmalloc.h"
#include "csp.h"

enum { HEAD = 2 };

static int bit_at(const csp_vdom *d, int64_t i) {
    return (int)(d->w[HEAD + (i >> 6)] >> (i & 63) & 1);
}

static void init(csp_vdom *d, const int *iv, size_t niv) {
    int64_t span = (int64_t)d->hi0 - d->lo0 + 1;
    d->nw = d->wcap = HEAD + (size_t)((span + 63) / 64);
    d->w = NEWN(d->nw, uint64_t);
    uint64_t size = 0;
    for (size_t k = 0; k < niv; k++)
        for (int64_t i = (int64_t)iv[2 * k] - d->lo0; i <= (int64_t)iv[2 * k + 1] - d->lo0; i++)
            d->w[HEAD + (i >> 6)] |= (uint64_t)1 << (i & 63), size++;
    d->w[0] = csp_vdom_bounds(iv[0], iv[2 * niv - 1]);
    d->w[1] = size;
}

static void destroy(csp_vdom *d) { FREEN(d->w, d->wcap); }

static int has(const csp_vdom *d, int a) { return bit_at(d, (int64_t)a - d->lo0); }

/* The first set bit at index >= i (one exists at or below the max). */
static int64_t first_from(const csp_vdom *d, int64_t i) {
    size_t k = (size_t)(i >> 6);
    uint64_t rest = d->w[HEAD + k] & (~(uint64_t)0 << (i & 63));
    while (!rest) rest = d->w[HEAD + ++k];
    return (int64_t)k * 64 + __builtin_ctzll(rest);
}

/* The last set bit at index <= i (one exists at or above the min). */
static int64_t last_to(const csp_vdom *d, int64_t i) {
    size_t k = (size_t)(i >> 6);
    uint64_t rest = d->w[HEAD + k] & (~(uint64_t)0 >> (63 - (i & 63)));
    while (!rest) rest = d->w[HEAD + --k];
    return (int64_t)k * 64 + 63 - __builtin_clzll(rest);
}

static int next(const csp_vdom *d, int a) {
    return (int)(d->lo0 + first_from(d, (int64_t)a - d->lo0 + 1));
}
static int prev(const csp_vdom *d, int a) {
    return (int)(d->lo0 + last_to(d, (int64_t)a - d->lo0 - 1));
}

/* Set bits with index in [i, j] (i <= j). */
static uint64_t count(const csp_vdom *d, int64_t i, int64_t j) {
    uint64_t n = 0;
    for (int64_t k = i >> 6; k <= j >> 6; k++) {
        uint64_t m = d->w[HEAD + k];
        if (k == i >> 6) m &= ~(uint64_t)0 << (i & 63);
        if (k == j >> 6) m &= ~(uint64_t)0 >> (63 - (j & 63));
        n += (uint64_t)__builtin_popcountll(m);
    }
    return n;
}

static void set_bounds(csp *p, int v, csp_vdom *d, int lo, int hi, uint64_t size) {
    csp_vdom_save(p, v, 0);
    csp_vdom_save(p, v, 1);
    d->w[0] = csp_vdom_bounds(lo, hi);
    d->w[1] = size;
}

static void remove_value(csp *p, int v, csp_vdom *d, int a) {
    int lo = csp_vdom_min(d), hi = csp_vdom_max(d);
    if (a == lo) {
        set_bounds(p, v, d, next(d, a), hi, d->w[1] - 1);
    } else if (a == hi) {
        set_bounds(p, v, d, lo, prev(d, a), d->w[1] - 1);
    } else {
        int64_t i = (int64_t)a - d->lo0;
        csp_vdom_save(p, v, HEAD + (size_t)(i >> 6));
        d->w[HEAD + (i >> 6)] &= ~((uint64_t)1 << (i & 63));
        csp_vdom_save(p, v, 1);
        d->w[1]--;
    }
}

static void remove_below(csp *p, int v, csp_vdom *d, int a) {
    int64_t lo = (int64_t)csp_vdom_min(d) - d->lo0, nlo = first_from(d, (int64_t)a - d->lo0);
    set_bounds(p, v, d, (int)(d->lo0 + nlo), csp_vdom_max(d), d->w[1] - count(d, lo, nlo - 1));
}

static void remove_above(csp *p, int v, csp_vdom *d, int a) {
    int64_t hi = (int64_t)csp_vdom_max(d) - d->lo0, nhi = last_to(d, (int64_t)a - d->lo0);
    set_bounds(p, v, d, csp_vdom_min(d), (int)(d->lo0 + nhi), d->w[1] - count(d, nhi + 1, hi));
}

static void keep(csp *p, int v, csp_vdom *d, int a) { set_bounds(p, v, d, a, a, 1); }

static csp_dom word(const csp_vdom *d, int64_t base) {
    /* bit b of the answer is bit index i0 + b: two words shifted */
    int64_t i0 = base - d->lo0, nwords = (int64_t)d->nw - HEAD;
    int64_t k0 = i0 >= 0 ? i0 / 64 : -((-i0 + 63) / 64);
    int sh = (int)(i0 - 64 * k0);
    uint64_t w0 = k0 >= 0 && k0 < nwords ? d->w[HEAD + k0] : 0;
    uint64_t w1 = k0 + 1 >= 0 && k0 + 1 < nwords ? d->w[HEAD + k0 + 1] : 0;
    csp_dom out = sh ? (w0 >> sh) | (w1 << (64 - sh)) : w0;
    return out & csp_range((int64_t)csp_vdom_min(d) - base, (int64_t)csp_vdom_max(d) - base);
}

static int run_end(const csp_vdom *d, int a) {
    int64_t i = (int64_t)a - d->lo0, hi = (int64_t)csp_vdom_max(d) - d->lo0;
    while (i < hi && bit_at(d, i + 1)) i++;
    return (int)(d->lo0 + i);
}

const csp_domain_ops csp_domain_bitset = {
    .name = "bitset",
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
