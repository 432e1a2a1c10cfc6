/* store_hash.c - the open-addressing hash store (cellmap.h): O(1)
 * expected point operations; a rectangle scan probes its cells or walks
 * the whole table, whichever is cheaper. */
#include "cellmap.h"
#include "core/xmalloc.h"
#include "store.h"

typedef struct hash_store {
    store base;
    cellmap map;
} hash_store;

static store *hash_create(void) {
    hash_store *h = NEWN(1, hash_store);
    cellmap_init(&h->map);
    return &h->base;
}

static void hash_destroy(store *s) {
    hash_store *h = (hash_store *)s;
    cellmap_free(&h->map);
    FREEN(h, 1);
}

static int hash_get(const store *s, int32_t x, int32_t y) {
    uint32_t v = cellmap_get(&((const hash_store *)s)->map, x, y);
    return v == CELLMAP_NONE ? STORE_EMPTY : (int)v;
}

static int hash_put(store *s, int32_t x, int32_t y, int colour) {
    hash_store *h = (hash_store *)s;
    uint32_t old = cellmap_put(&h->map, x, y, (uint32_t)colour);
    s->count = h->map.count;
    return old == CELLMAP_NONE ? STORE_EMPTY : (int)old;
}

static int hash_erase(store *s, int32_t x, int32_t y) {
    hash_store *h = (hash_store *)s;
    uint32_t old = cellmap_erase(&h->map, x, y);
    s->count = h->map.count;
    return old == CELLMAP_NONE ? STORE_EMPTY : (int)old;
}

static uint64_t hash_scan(const store *s, const plane_rect *r, store_visit_fn visit, void *arg) {
    const cellmap *m = &((const hash_store *)s)->map;
    if (store_probe_cheaper(r, m->cap)) return store_scan_by_probe(s, r, visit, arg);
    for (size_t i = 0; i < m->cap; i++) {
        if (m->vals[i] == CELLMAP_NONE) continue;
        int32_t x = cellmap_key_x(m->keys[i]), y = cellmap_key_y(m->keys[i]);
        if (cell_in_rect(x, y, r)) visit(arg, x, y, (int)m->vals[i]);
    }
    return m->cap;
}

const store_ops store_hash_ops = {
    .name = "hash",
    .summary = "open-addressing hash map (linear probing), written here",
    .sorted_scan = 0,
    .create = hash_create,
    .destroy = hash_destroy,
    .get = hash_get,
    .put = hash_put,
    .erase = hash_erase,
    .scan = hash_scan,
};
