/* test_store.c - every store against a plain list of marbles: random
 * puts, erases, gets and rectangle scans, at the int32 edges too. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "samegame/store.h"

enum { MAXREF = 4096 };

typedef struct ref {
    marble m[MAXREF];
    int n;
} ref;

static int ref_find(const ref *r, int32_t x, int32_t y) {
    for (int i = 0; i < r->n; i++)
        if (r->m[i].x == x && r->m[i].y == y) return i;
    return -1;
}

typedef struct seen {
    marble v[MAXREF];
    int n;
} seen;

static void visit(void *arg, int32_t x, int32_t y, int colour) {
    seen *s = arg;
    if (s->n < MAXREF) s->v[s->n++] = (marble){x, y, colour};
}

/* coordinates from a small window or at the int32 edges */
static int32_t coord(rng *g) {
    static const int32_t edge[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX - 1, INT32_MAX};
    if (rng_below(g, 4) == 0) return edge[rng_below(g, 7)];
    return (int32_t)rng_below(g, 24) - 12;
}

static void check_scan(const store *s, const ref *r, plane_rect rect) {
    static seen got;
    got.n = 0;
    store_scan(s, &rect, visit, &got);
    int want = 0;
    for (int i = 0; i < r->n; i++) want += cell_in_rect(r->m[i].x, r->m[i].y, &rect);
    CHECK_MSG(got.n == want, "%s: scan [%d,%d]x[%d,%d] visited %d, want %d", s->ops->name, rect.x0,
              rect.x1, rect.y0, rect.y1, got.n, want);
    for (int i = 0; i < got.n; i++) {
        int j = ref_find(r, got.v[i].x, got.v[i].y);
        CHECK(j >= 0 && r->m[j].colour == got.v[i].colour &&
              cell_in_rect(got.v[i].x, got.v[i].y, &rect));
        if (s->ops->sorted_scan && i > 0) CHECK(marble_cmp_xy(&got.v[i - 1], &got.v[i]) < 0);
    }
}

static void random_ops(const store_ops *ops, uint64_t seed, int steps) {
    static ref r;
    r.n = 0;
    rng g;
    rng_seed(&g, seed);
    store *s = store_create(ops);
    for (int step = 0; step < steps; step++) {
        int32_t x = coord(&g), y = coord(&g);
        int j = ref_find(&r, x, y), op = (int)rng_below(&g, 10);
        if (op < 5) {
            int c = (int)rng_below(&g, 5);
            int old = store_put(s, x, y, c);
            CHECK(old == (j >= 0 ? r.m[j].colour : STORE_EMPTY));
            if (j >= 0)
                r.m[j].colour = c;
            else if (r.n < MAXREF)
                r.m[r.n++] = (marble){x, y, c};
        } else if (op < 8) {
            int old = store_erase(s, x, y);
            CHECK(old == (j >= 0 ? r.m[j].colour : STORE_EMPTY));
            if (j >= 0) r.m[j] = r.m[--r.n];
        } else if (op < 9) {
            CHECK(store_get(s, x, y) == (j >= 0 ? r.m[j].colour : STORE_EMPTY));
        } else {
            int32_t a = coord(&g), b = coord(&g), c = coord(&g), d = coord(&g);
            check_scan(s, &r,
                       (plane_rect){a < b ? a : b, a < b ? b : a, c < d ? c : d, c < d ? d : c});
        }
        CHECK(store_count(s) == (size_t)r.n);
    }
    check_scan(s, &r, PLANE_RECT_ALL);
    /* empty it again through erase */
    for (int i = r.n - 1; i >= 0; i--) CHECK(store_erase(s, r.m[i].x, r.m[i].y) == r.m[i].colour);
    CHECK(store_count(s) == 0);
    store_destroy(s);
}

/* A column strip over a huge plane: the trees visit only what is inside. */
static void strip_scan(const store_ops *ops) {
    store *s = store_create(ops);
    for (int i = 0; i < 1000; i++) store_put(s, i % 100, i / 100, 1);
    static seen got;
    got.n = 0;
    plane_rect strip = {10, 11, INT32_MIN, INT32_MAX};
    s->nops = 0;
    store_scan(s, &strip, visit, &got);
    CHECK(got.n == 20);
    if (ops->sorted_scan)
        CHECK_MSG(s->nops < 100, "%s: %llu steps", ops->name, (unsigned long long)s->nops);
    store_destroy(s);
}

int main(void) {
    size_t mem0 = xmem_current();
    for (int i = 0; store_registry[i]; i++) {
        for (uint64_t seed = 1; seed <= 20; seed++) random_ops(store_registry[i], seed, 600);
        strip_scan(store_registry[i]);
        CHECK(store_find(store_registry[i]->name) == store_registry[i]);
    }
    CHECK(store_find("nope") == NULL);
    /* probing is chosen only for small rectangles, without overflow */
    CHECK(store_probe_cheaper(&(plane_rect){0, 3, 0, 3}, 16));
    CHECK(!store_probe_cheaper(&(plane_rect){0, 4, 0, 3}, 16));
    CHECK(!store_probe_cheaper(&PLANE_RECT_ALL, SIZE_MAX / 2));
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
