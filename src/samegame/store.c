/* store.c - the store registry and the helpers shared by the stores. */
#include "store.h"

#include "core/registry.h"

#include <string.h>

extern const store_ops store_hash_ops, store_tree_ops;
#ifdef SEARCHLAB_HAVE_UTHASH
extern const store_ops store_uthash_ops;
#endif
#ifdef SEARCHLAB_HAVE_BSD_TREE
extern const store_ops store_bsdrb_ops;
#endif

const store_ops *const store_registry[] = {
    &store_hash_ops,
    &store_tree_ops,
#ifdef SEARCHLAB_HAVE_UTHASH
    &store_uthash_ops,
#endif
#ifdef SEARCHLAB_HAVE_BSD_TREE
    &store_bsdrb_ops,
#endif
    NULL,
};

const store_ops *store_find(const char *name) {
    return REGISTRY_FIND(store_ops, store_registry, name);
}

store *store_create(const store_ops *ops) {
    store *s = ops->create();
    s->ops = ops;
    s->count = 0;
    s->nops = 0;
    return s;
}

void store_destroy(store *s) {
    if (s) s->ops->destroy(s);
}

int store_probe_cheaper(const plane_rect *r, size_t slots) {
    /* widths are at most 2^32, so compare without forming the product */
    uint64_t w = (uint64_t)((int64_t)r->x1 - r->x0) + 1;
    uint64_t h = (uint64_t)((int64_t)r->y1 - r->y0) + 1;
    uint64_t limit = (uint64_t)slots + 1;
    return w <= limit && h <= limit / w;
}

uint64_t store_scan_by_probe(const store *s, const plane_rect *r, store_visit_fn visit, void *arg) {
    uint64_t probes = 0;
    for (int64_t x = r->x0; x <= r->x1; x++)
        for (int64_t y = r->y0; y <= r->y1; y++) {
            probes++;
            int c = s->ops->get(s, (int32_t)x, (int32_t)y);
            if (c != STORE_EMPTY) visit(arg, (int32_t)x, (int32_t)y, c);
        }
    return probes;
}
