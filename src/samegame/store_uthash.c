/* store_uthash.c - baseline: uthash (Debian uthash-dev) keyed by (x, y),
 * compiled only when CMake finds uthash.h.  Same scan policy as the hash
 * store: probe the rectangle or walk every marble. */
#include "core/xmalloc.h"
#include "store.h"

/* route uthash's allocations through the counted allocator */
#define uthash_malloc(sz) xmalloc(sz)
#define uthash_free(ptr, sz) xfree((ptr), (sz))
#include <uthash.h>

typedef struct ut_key {
    int32_t x, y;
} ut_key;

typedef struct ut_item {
    ut_key key;
    int colour;
    UT_hash_handle hh;
} ut_item;

typedef struct ut_store {
    store base;
    ut_item *head;
} ut_store;

static store *ut_create(void) { return &NEWN(1, ut_store)->base; }

static void ut_destroy(store *s) {
    ut_store *u = (ut_store *)s;
    ut_item *it, *tmp;
    HASH_ITER(hh, u->head, it, tmp) {
        HASH_DEL(u->head, it);
        FREEN(it, 1);
    }
    FREEN(u, 1);
}

static ut_item *ut_find(const ut_store *u, int32_t x, int32_t y) {
    ut_key k = {x, y};
    ut_item *it;
    HASH_FIND(hh, u->head, &k, sizeof k, it);
    return it;
}

static int ut_get(const store *s, int32_t x, int32_t y) {
    ut_item *it = ut_find((const ut_store *)s, x, y);
    return it ? it->colour : STORE_EMPTY;
}

static int ut_put(store *s, int32_t x, int32_t y, int colour) {
    ut_store *u = (ut_store *)s;
    ut_item *it = ut_find(u, x, y);
    if (it) {
        int old = it->colour;
        it->colour = colour;
        return old;
    }
    it = NEWN(1, ut_item); /* zeroed, so the key's padding is too */
    it->key.x = x, it->key.y = y, it->colour = colour;
    HASH_ADD(hh, u->head, key, sizeof it->key, it);
    s->count++;
    return STORE_EMPTY;
}

static int ut_erase(store *s, int32_t x, int32_t y) {
    ut_store *u = (ut_store *)s;
    ut_item *it = ut_find(u, x, y);
    if (!it) return STORE_EMPTY;
    int old = it->colour;
    HASH_DEL(u->head, it);
    FREEN(it, 1);
    s->count--;
    return old;
}

static uint64_t ut_scan(const store *s, const plane_rect *r, store_visit_fn visit, void *arg) {
    const ut_store *u = (const ut_store *)s;
    if (store_probe_cheaper(r, s->count)) return store_scan_by_probe(s, r, visit, arg);
    ut_item *it, *tmp;
    uint64_t steps = 0;
    HASH_ITER(hh, u->head, it, tmp) {
        steps++;
        if (cell_in_rect(it->key.x, it->key.y, r)) visit(arg, it->key.x, it->key.y, it->colour);
    }
    return steps;
}

const store_ops store_uthash_ops = {
    .name = "uthash",
    .summary = "baseline: uthash (uthash-dev) hash table",
    .sorted_scan = 0,
    .create = ut_create,
    .destroy = ut_destroy,
    .get = ut_get,
    .put = ut_put,
    .erase = ut_erase,
    .scan = ut_scan,
};
