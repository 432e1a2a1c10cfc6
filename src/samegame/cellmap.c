/* cellmap.c - open addressing with linear probing (see cellmap.h). */
#include "cellmap.h"

#include <string.h>

#include "cell.h"
#include "core/xmalloc.h"

/* splitmix64's finaliser: every key bit reaches the low bits used as the
 * slot, so rows and columns of neighbouring cells spread out. */
static inline size_t home(const cellmap *m, uint64_t k) {
    k ^= k >> 30;
    k *= 0xbf58476d1ce4e5b9u;
    k ^= k >> 27;
    k *= 0x94d049bb133111ebu;
    k ^= k >> 31;
    return (size_t)k & (m->cap - 1);
}

void cellmap_init(cellmap *m) { memset(m, 0, sizeof *m); }

void cellmap_free(cellmap *m) {
    if (m->cap) {
        FREEN(m->keys, m->cap);
        FREEN(m->vals, m->cap);
    }
    cellmap_init(m);
}

void cellmap_clear(cellmap *m) {
    if (m->cap) memset(m->vals, 0xff, m->cap * sizeof *m->vals);
    m->count = 0;
}

size_t cellmap_bytes(const cellmap *m) { return m->cap * (sizeof *m->keys + sizeof *m->vals); }

static void rehash(cellmap *m, size_t cap) {
    cellmap old = *m;
    m->keys = NEWN(cap, uint64_t);
    m->vals = xmalloc(xmul(cap, sizeof *m->vals));
    memset(m->vals, 0xff, cap * sizeof *m->vals);
    m->cap = cap;
    m->count = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.vals[i] != CELLMAP_NONE) {
            size_t j = home(m, old.keys[i]);
            while (m->vals[j] != CELLMAP_NONE) j = (j + 1) & (cap - 1);
            m->keys[j] = old.keys[i];
            m->vals[j] = old.vals[i];
            m->count++;
        }
    if (old.cap) {
        FREEN(old.keys, old.cap);
        FREEN(old.vals, old.cap);
    }
}

uint32_t cellmap_get(const cellmap *m, int32_t x, int32_t y) {
    if (!m->count) return CELLMAP_NONE;
    uint64_t k = cellmap_key(x, y);
    for (size_t j = home(m, k);; j = (j + 1) & (m->cap - 1)) {
        if (m->vals[j] == CELLMAP_NONE) return CELLMAP_NONE;
        if (m->keys[j] == k) return m->vals[j];
    }
}

uint32_t cellmap_put(cellmap *m, int32_t x, int32_t y, uint32_t v) {
    if (2 * (m->count + 1) > m->cap) rehash(m, m->cap ? xmul(m->cap, 2) : 16);
    uint64_t k = cellmap_key(x, y);
    size_t j = home(m, k);
    while (m->vals[j] != CELLMAP_NONE) {
        if (m->keys[j] == k) {
            uint32_t old = m->vals[j];
            m->vals[j] = v;
            return old;
        }
        j = (j + 1) & (m->cap - 1);
    }
    m->keys[j] = k;
    m->vals[j] = v;
    m->count++;
    return CELLMAP_NONE;
}

uint32_t cellmap_erase(cellmap *m, int32_t x, int32_t y) {
    if (!m->count) return CELLMAP_NONE;
    uint64_t k = cellmap_key(x, y);
    size_t mask = m->cap - 1, j = home(m, k);
    while (m->keys[j] != k || m->vals[j] == CELLMAP_NONE) {
        if (m->vals[j] == CELLMAP_NONE) return CELLMAP_NONE;
        j = (j + 1) & mask;
    }
    uint32_t old = m->vals[j];
    /* Backward shift: pull later members of the run into the hole when
     * the hole lies on their probe path (between home and slot). */
    size_t hole = j;
    for (size_t i = (j + 1) & mask; m->vals[i] != CELLMAP_NONE; i = (i + 1) & mask) {
        size_t h = home(m, m->keys[i]);
        if (((i - h) & mask) >= ((i - hole) & mask)) {
            m->keys[hole] = m->keys[i];
            m->vals[hole] = m->vals[i];
            hole = i;
        }
    }
    m->vals[hole] = CELLMAP_NONE;
    m->count--;
    return old;
}

int marble_cmp_xy(const void *a, const void *b) {
    const marble *p = a, *q = b;
    if (p->x != q->x) return p->x < q->x ? -1 : 1;
    return (p->y > q->y) - (p->y < q->y);
}
