/* path_01bfs.c - 0-1 BFS with layering: variability is the 0/1 weight
 * (a colour change costs 1) and length the tie-break.
 *
 * Layer v holds the cells whose least variability is v.  It is fed by two
 * FIFO queues whose lengths never decrease: `seed` (cells reached from
 * layer v-1 by a colour change, in the order layer v-1 was expanded) and
 * `same` (cells reached inside layer v without a change).  Taking the
 * front with the smaller length expands layer v in (length) order, so
 * every cell leaves with its least (v, l) key: no heap, O(cells) work.
 * For one-colour queries only `same` is ever used and this is BFS.
 */
#include <string.h>

#include "core/xmalloc.h"
#include "path_impl.h"

typedef struct item {
    uint32_t node;
    uint64_t l; /* the length it was pushed with */
} item;

typedef struct fifo {
    item *v;
    size_t head, n, cap;
} fifo;

static void fifo_push(fifo *f, uint32_t node, uint64_t l) {
    if (f->head > 0 && f->n == f->cap) { /* reuse the consumed front */
        memmove(f->v, f->v + f->head, (f->n - f->head) * sizeof *f->v);
        f->n -= f->head;
        f->head = 0;
    }
    GROW(&f->v, &f->cap, f->n + 1);
    f->v[f->n++] = (item){node, l};
}

static void fifo_free(fifo *f) {
    if (f->cap) FREEN(f->v, f->cap);
}

static void zero_one_find(const store *s, const path_query *q, path_result *r) {
    path_space w;
    if (path_begin(&w, s, q, r)) return;
    fifo queues[3] = {{0}}; /* same, seed, next layer's seed */
    fifo *same = &queues[0], *seed = &queues[1], *next = &queues[2];
    fifo_push(same, 0, 1);
    for (;;) {
        int have_same = same->head < same->n, have_seed = seed->head < seed->n;
        if (!have_same && !have_seed) {
            if (next->head == next->n) break; /* no path */
            fifo *t = seed;                   /* the next layer */
            seed = next;
            next = t;
            next->head = next->n = 0;
            continue;
        }
        fifo *f = !have_seed                                       ? same
                  : !have_same                                     ? seed
                  : same->v[same->head].l <= seed->v[seed->head].l ? same
                                                                   : seed;
        item it = f->v[f->head++];
        uint32_t i = it.node;
        /* skip entries superseded by a later strict improvement */
        if (w.nodes[i].done || w.nodes[i].l != it.l) continue;
        w.nodes[i].done = 1;
        r->expanded++;
        if (w.nodes[i].c.x == q->to.x && w.nodes[i].c.y == q->to.y) {
            path_trace(&w, i, r);
            break;
        }
        cell nb[4];
        int n = cell_neighbours(w.nodes[i].c, nb);
        for (int k = 0; k < n; k++) {
            uint32_t j = path_node_at(&w, nb[k]);
            if (j == PATH_NO_NODE) continue;
            path_node *a = &w.nodes[i], *b = &w.nodes[j];
            int change = a->colour != b->colour;
            uint64_t v = a->v + (uint64_t)change, l = a->l + 1;
            if (v < b->v || (v == b->v && l < b->l)) {
                b->v = v;
                b->l = l;
                b->pred = i;
                fifo_push(change ? next : same, j, l);
            }
        }
    }
    for (int k = 0; k < 3; k++) fifo_free(&queues[k]);
    path_end(&w);
}

const path_ops path_01bfs_ops = {
    .name = "01bfs",
    .summary = "0-1 BFS with length layering (two FIFO queues per variability layer)",
    .modes = PATH_ONE_COLOUR | PATH_VARIABLE,
    .find = zero_one_find,
};
