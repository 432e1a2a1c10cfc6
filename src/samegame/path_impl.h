/* path_impl.h - what the path finders share (internal to src/samegame): the
 * node table (cell -> node, with key and predecessor), the endpoint
 * checks, path tracing and a binary heap on (k0, k1, k2, seq) keys. */
#ifndef SEARCHLAB_PLANE_PATH_IMPL_H
#define SEARCHLAB_PLANE_PATH_IMPL_H

#include "cellmap.h"
#include "path.h"

#define PATH_NO_NODE UINT32_MAX

typedef struct path_node {
    cell c;
    int colour;
    uint64_t v, l; /* best key so far */
    uint32_t pred; /* PATH_NO_NODE for the start */
    int done;      /* expanded */
} path_node;

typedef struct path_space {
    const store *s;
    const path_query *q;
    int colour;    /* the start's colour */
    cellmap index; /* cell -> node */
    path_node *nodes;
    size_t n, cap;
} path_space;

/* Checks the endpoints and handles the trivial cases: returns 1 when r is
 * final (no path, or from == to); otherwise 0 with w ready and node 0 the
 * start (key (0, 1)). */
int path_begin(path_space *w, const store *s, const path_query *q, path_result *r);
void path_end(path_space *w);
/* The node of cell c, added (with an infinite key) when new; PATH_NO_NODE
 * when c holds no marble or, for a one-colour query, a marble of another
 * colour. */
uint32_t path_node_at(path_space *w, cell c);
/* Fills r with the path ending at node t (found = 1). */
void path_trace(path_space *w, uint32_t t, path_result *r);

typedef struct path_entry {
    uint64_t k[3], seq;
    uint32_t node;
} path_entry;

typedef struct path_heap {
    path_entry *v;
    size_t n, cap;
} path_heap;

void path_heap_push(path_heap *h, path_entry e);
path_entry path_heap_pop(path_heap *h); /* h->n > 0 */
void path_heap_free(path_heap *h);

/* Best-first search on (variability, length): Dijkstra when astar == 0,
 * else A* with the Manhattan distance (and, for variable paths, one more
 * change whenever the colour differs from the target's). */
void path_best_first(const store *s, const path_query *q, path_result *r, int astar);

#endif
