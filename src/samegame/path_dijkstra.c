/* path_dijkstra.c - best-first search on the key (variability, length):
 * Dijkstra (the spec's canonical `c` path) and A*.
 *
 * Dijkstra's ties: heap entries are ordered by (v, l, 0, seq) with seq the
 * push counter, so equal keys leave in the order they entered (FIFO); a
 * predecessor is set only on a strict improvement; neighbours are
 * examined right, left, up, down.  That is the spec's rule word for word.
 * A* orders by (v + hv, l + hl, hl, seq): hl is the Manhattan distance to
 * the target and hv is 1 when the cell's colour differs from the
 * target's (at least one more change to come), both consistent, so the
 * lexicographic sum is a consistent heuristic and the first pop of the
 * target is optimal.
 */
#include <stdlib.h>

#include "core/xmalloc.h"
#include "path_impl.h"

static uint64_t manhattan(cell a, cell b) {
    uint64_t dx = a.x > b.x ? (uint64_t)((int64_t)a.x - b.x) : (uint64_t)((int64_t)b.x - a.x);
    uint64_t dy = a.y > b.y ? (uint64_t)((int64_t)a.y - b.y) : (uint64_t)((int64_t)b.y - a.y);
    return dx + dy;
}

static path_entry entry(const path_space *w, uint32_t i, uint64_t seq, int astar,
                        int target_colour) {
    const path_node *n = &w->nodes[i];
    path_entry e = {{n->v, n->l, 0}, seq, i};
    if (astar) {
        uint64_t hl = manhattan(n->c, w->q->to);
        e.k[0] += w->q->mode == PATH_VARIABLE && n->colour != target_colour;
        e.k[1] += hl;
        e.k[2] = hl;
    }
    return e;
}

void path_best_first(const store *s, const path_query *q, path_result *r, int astar) {
    path_space w;
    if (path_begin(&w, s, q, r)) return;
    int target_colour = store_get(s, q->to.x, q->to.y);
    path_heap h = {NULL, 0, 0};
    uint64_t seq = 0;
    path_heap_push(&h, entry(&w, 0, seq++, astar, target_colour));
    while (h.n) {
        path_entry e = path_heap_pop(&h);
        path_node *u = &w.nodes[e.node];
        /* a node is pushed again on each strict improvement, so an entry
         * is current only when its key is still the node's key */
        if (u->done) continue;
        path_entry now = entry(&w, e.node, e.seq, astar, target_colour);
        if (now.k[0] != e.k[0] || now.k[1] != e.k[1]) continue;
        u->done = 1;
        r->expanded++;
        if (u->c.x == q->to.x && u->c.y == q->to.y) {
            path_trace(&w, e.node, r);
            break;
        }
        cell nb[4];
        int n = cell_neighbours(u->c, nb);
        for (int i = 0; i < n; i++) {
            uint32_t j = path_node_at(&w, nb[i]);
            if (j == PATH_NO_NODE) continue;
            path_node *a = &w.nodes[e.node], *b = &w.nodes[j]; /* path_node_at may move nodes */
            uint64_t v = a->v + (a->colour != b->colour), l = a->l + 1;
            if (v < b->v || (v == b->v && l < b->l)) {
                b->v = v;
                b->l = l;
                b->pred = e.node;
                path_heap_push(&h, entry(&w, j, seq++, astar, target_colour));
            }
        }
    }
    path_heap_free(&h);
    path_end(&w);
}

static void dijkstra_find(const store *s, const path_query *q, path_result *r) {
    path_best_first(s, q, r, 0);
}

const path_ops path_dijkstra_ops = {
    .name = "dijkstra",
    .summary = "Dijkstra on (variability, length), FIFO ties: the canonical c path",
    .modes = PATH_ONE_COLOUR | PATH_VARIABLE,
    .find = dijkstra_find,
};
