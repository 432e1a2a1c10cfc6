/* store_bsdrb.c - baseline: the BSD red-black tree macros (libbsd-dev,
 * <bsd/sys/tree.h>) ordered by (x, y), compiled only when CMake finds the
 * header.  Same rectangle scan as the AVL store (lower bound + jumps). */
#include <bsd/sys/tree.h>

#include "core/xmalloc.h"
#include "store.h"

typedef struct rb_item {
    RB_ENTRY(rb_item) link;
    int32_t x, y;
    int colour;
} rb_item;

static int rb_cmp(const rb_item *a, const rb_item *b) {
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    return (a->y > b->y) - (a->y < b->y);
}

/* RB_GENERATE (not _STATIC: libbsd leaves its __unused marker empty, so
 * the unused static functions would warn); the tree's name carries the
 * module prefix so the generated external symbols do too. */
RB_HEAD(store_bsdrb_tree, rb_item);
RB_PROTOTYPE(store_bsdrb_tree, rb_item, link, rb_cmp)
RB_GENERATE(store_bsdrb_tree, rb_item, link, rb_cmp)

typedef struct rb_store {
    store base;
    struct store_bsdrb_tree head;
} rb_store;

static store *rb_create(void) {
    rb_store *r = NEWN(1, rb_store);
    RB_INIT(&r->head);
    return &r->base;
}

static void rb_destroy(store *s) {
    rb_store *r = (rb_store *)s;
    rb_item *it, *tmp;
    RB_FOREACH_SAFE(it, store_bsdrb_tree, &r->head, tmp) {
        RB_REMOVE(store_bsdrb_tree, &r->head, it);
        FREEN(it, 1);
    }
    FREEN(r, 1);
}

static rb_item *rb_lookup(const rb_store *r, int32_t x, int32_t y) {
    rb_item k = {.x = x, .y = y};
    return RB_FIND(store_bsdrb_tree, (struct store_bsdrb_tree *)&r->head, &k);
}

static int rb_get(const store *s, int32_t x, int32_t y) {
    rb_item *it = rb_lookup((const rb_store *)s, x, y);
    return it ? it->colour : STORE_EMPTY;
}

static int rb_put(store *s, int32_t x, int32_t y, int colour) {
    rb_store *r = (rb_store *)s;
    rb_item *it = NEWN(1, rb_item);
    it->x = x, it->y = y, it->colour = colour;
    rb_item *old = RB_INSERT(store_bsdrb_tree, &r->head, it);
    if (old) {
        FREEN(it, 1);
        int c = old->colour;
        old->colour = colour;
        return c;
    }
    s->count++;
    return STORE_EMPTY;
}

static int rb_erase(store *s, int32_t x, int32_t y) {
    rb_store *r = (rb_store *)s;
    rb_item *it = rb_lookup(r, x, y);
    if (!it) return STORE_EMPTY;
    int c = it->colour;
    RB_REMOVE(store_bsdrb_tree, &r->head, it);
    FREEN(it, 1);
    s->count--;
    return c;
}

static rb_item *rb_lower(const rb_store *r, int32_t x, int32_t y) {
    rb_item k = {.x = x, .y = y};
    return RB_NFIND(store_bsdrb_tree, (struct store_bsdrb_tree *)&r->head, &k);
}

static uint64_t rb_scan(const store *s, const plane_rect *rect, store_visit_fn visit, void *arg) {
    const rb_store *r = (const rb_store *)s;
    uint64_t steps = 1;
    rb_item *n = rb_lower(r, rect->x0, rect->y0);
    while (n && n->x <= rect->x1) {
        steps++;
        if (n->y < rect->y0) {
            n = rb_lower(r, n->x, rect->y0);
        } else if (n->y > rect->y1) {
            if (n->x == INT32_MAX) break;
            n = rb_lower(r, n->x + 1, rect->y0);
        } else {
            visit(arg, n->x, n->y, n->colour);
            n = RB_NEXT(store_bsdrb_tree, &r->head, n);
        }
    }
    return steps;
}

const store_ops store_bsdrb_ops = {
    .name = "bsdrb",
    .summary = "baseline: BSD red-black tree macros (libbsd-dev <bsd/sys/tree.h>)",
    .sorted_scan = 1,
    .create = rb_create,
    .destroy = rb_destroy,
    .get = rb_get,
    .put = rb_put,
    .erase = rb_erase,
    .scan = rb_scan,
};
