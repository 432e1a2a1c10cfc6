/* path.c - the path finder registry and the parts every finder shares. */
#include "path.h"

#include <string.h>

#include "core/registry.h"
#include "core/xmalloc.h"
#include "path_impl.h"

extern const path_ops path_bfs_ops, path_dijkstra_ops, path_astar_ops, path_01bfs_ops;

const path_ops *const path_registry[] = {&path_bfs_ops, &path_dijkstra_ops, &path_astar_ops,
                                         &path_01bfs_ops, NULL};

const path_ops *path_lookup(const char *name) {
    return REGISTRY_FIND(path_ops, path_registry, name);
}

const path_ops *path_canonical(int mode) {
    return mode == PATH_ONE_COLOUR ? &path_bfs_ops : &path_dijkstra_ops;
}

void path_result_init(path_result *r) { memset(r, 0, sizeof *r); }

void path_result_free(path_result *r) {
    if (r->cap) FREEN(r->cells, r->cap);
    path_result_init(r);
}

static void set_single(path_result *r, cell c) {
    GROW(&r->cells, &r->cap, 1);
    r->cells[0] = c;
    r->ncells = 1;
    r->found = 1;
    r->variability = 0;
    r->length = 1;
}

int path_begin(path_space *w, const store *s, const path_query *q, path_result *r) {
    r->found = 0;
    r->variability = r->length = r->expanded = 0;
    r->ncells = 0;
    int a = store_get(s, q->from.x, q->from.y);
    int b = store_get(s, q->to.x, q->to.y);
    if (a == STORE_EMPTY || b == STORE_EMPTY) return 1;
    if (q->mode == PATH_ONE_COLOUR && a != b) return 1;
    if (q->from.x == q->to.x && q->from.y == q->to.y) {
        set_single(r, q->from);
        return 1;
    }
    memset(w, 0, sizeof *w);
    w->s = s;
    w->q = q;
    w->colour = a;
    cellmap_init(&w->index);
    uint32_t start = path_node_at(w, q->from);
    w->nodes[start].v = 0;
    w->nodes[start].l = 1;
    return 0;
}

void path_end(path_space *w) {
    cellmap_free(&w->index);
    if (w->cap) FREEN(w->nodes, w->cap);
}

uint32_t path_node_at(path_space *w, cell c) {
    uint32_t i = cellmap_get(&w->index, c.x, c.y);
    if (i != CELLMAP_NONE) return i;
    int colour = store_get(w->s, c.x, c.y);
    if (colour == STORE_EMPTY) return PATH_NO_NODE;
    if (w->q->mode == PATH_ONE_COLOUR && colour != w->colour) return PATH_NO_NODE;
    GROW(&w->nodes, &w->cap, w->n + 1);
    i = (uint32_t)w->n++;
    w->nodes[i] = (path_node){c, colour, UINT64_MAX, UINT64_MAX, PATH_NO_NODE, 0};
    cellmap_put(&w->index, c.x, c.y, i);
    return i;
}

void path_trace(path_space *w, uint32_t t, path_result *r) {
    size_t n = 0;
    for (uint32_t i = t; i != PATH_NO_NODE; i = w->nodes[i].pred) n++;
    GROW(&r->cells, &r->cap, n);
    r->ncells = n;
    for (uint32_t i = t; i != PATH_NO_NODE; i = w->nodes[i].pred) r->cells[--n] = w->nodes[i].c;
    r->found = 1;
    r->variability = w->nodes[t].v;
    r->length = w->nodes[t].l;
}

/* ---- binary heap ------------------------------------------------------- */

static int less(const path_entry *a, const path_entry *b) {
    for (int i = 0; i < 3; i++)
        if (a->k[i] != b->k[i]) return a->k[i] < b->k[i];
    return a->seq < b->seq;
}

void path_heap_push(path_heap *h, path_entry e) {
    GROW(&h->v, &h->cap, h->n + 1);
    size_t i = h->n++;
    while (i > 0 && less(&e, &h->v[(i - 1) / 2])) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = e;
}

path_entry path_heap_pop(path_heap *h) {
    path_entry top = h->v[0], last = h->v[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && less(&h->v[c + 1], &h->v[c])) c++;
        if (!less(&h->v[c], &last)) break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n) h->v[i] = last;
    return top;
}

void path_heap_free(path_heap *h) {
    if (h->cap) FREEN(h->v, h->cap);
    memset(h, 0, sizeof *h);
}
