/* path_bfs.c - breadth-first search for one-colour paths: neighbours in
 * the order right, left, up, down, and a cell's predecessor fixed when it
 * is first reached, which is the spec's canonical `o` path. */
#include "core/xmalloc.h"
#include "path_impl.h"

static void bfs_find(const store *s, const path_query *q, path_result *r) {
    path_space w;
    if (path_begin(&w, s, q, r)) return;
    /* the node table itself is the FIFO queue: nodes are added in the
     * order they are reached, so node `head` is the next to expand */
    for (size_t head = 0; head < w.n; head++) {
        r->expanded++;
        cell nb[4];
        int n = cell_neighbours(w.nodes[head].c, nb);
        for (int i = 0; i < n; i++) {
            size_t before = w.n;
            uint32_t j = path_node_at(&w, nb[i]);
            if (j == PATH_NO_NODE || w.n == before) continue; /* no marble, or seen */
            w.nodes[j].v = 0;
            w.nodes[j].l = w.nodes[head].l + 1;
            w.nodes[j].pred = (uint32_t)head;
            if (nb[i].x == q->to.x && nb[i].y == q->to.y) {
                path_trace(&w, j, r);
                path_end(&w);
                return;
            }
        }
    }
    path_end(&w);
}

const path_ops path_bfs_ops = {
    .name = "bfs",
    .summary = "breadth-first search; one-colour paths only (c queries use dijkstra)",
    .modes = PATH_ONE_COLOUR,
    .find = bfs_find,
};
