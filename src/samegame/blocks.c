/* blocks.c - breadth-first walks over same-colour components. */
#include "blocks.h"

#include "core/xmalloc.h"

void blocks_work_init(blocks_work *w) {
    cellmap_init(&w->seen);
    w->queue = w->touched = NULL;
    w->queue_cap = w->ntouched = w->touched_cap = 0;
}

void blocks_work_free(blocks_work *w) {
    cellmap_free(&w->seen);
    if (w->queue_cap) FREEN(w->queue, w->queue_cap);
    if (w->touched_cap) FREEN(w->touched, w->touched_cap);
    blocks_work_init(w);
}

void blocks_work_reset(blocks_work *w) {
    if (w->ntouched * 4 < w->seen.cap)
        for (size_t i = 0; i < w->ntouched; i++)
            cellmap_erase(&w->seen, w->touched[i].x, w->touched[i].y);
    else
        cellmap_clear(&w->seen);
    w->ntouched = 0;
}

static void mark(blocks_work *w, cell c) {
    cellmap_put(&w->seen, c.x, c.y, 1);
    GROW(&w->touched, &w->touched_cap, w->ntouched + 1);
    w->touched[w->ntouched++] = c;
}

size_t blocks_walk(const store *s, cell start, int colour, blocks_work *w, uint64_t limit,
                   uint64_t *visits) {
    size_t head = 0, tail = 0;
    GROW(&w->queue, &w->queue_cap, 1);
    w->queue[tail++] = start;
    mark(w, start);
    uint64_t spent = 1;
    if (spent > limit) {
        *visits += spent;
        return 0;
    }
    while (head < tail) {
        cell nb[4];
        int n = cell_neighbours(w->queue[head++], nb);
        for (int i = 0; i < n; i++) {
            if (cellmap_get(&w->seen, nb[i].x, nb[i].y) != CELLMAP_NONE) continue;
            if (store_get(s, nb[i].x, nb[i].y) != colour) continue;
            if (++spent > limit) {
                *visits += spent;
                return 0;
            }
            mark(w, nb[i]);
            GROW(&w->queue, &w->queue_cap, tail + 1);
            w->queue[tail++] = nb[i];
        }
    }
    *visits += spent;
    return tail;
}

typedef struct all_marbles {
    marble *v;
    size_t n, cap;
} all_marbles;

static void collect(void *arg, int32_t x, int32_t y, int colour) {
    all_marbles *a = arg;
    GROW(&a->v, &a->cap, a->n + 1);
    a->v[a->n++] = (marble){x, y, colour};
}

uint64_t blocks_count_all(const store *s, uint64_t *visits) {
    all_marbles a = {NULL, 0, 0};
    plane_rect all = PLANE_RECT_ALL;
    store_scan(s, &all, collect, &a);
    blocks_work w;
    blocks_work_init(&w);
    uint64_t blocks = 0;
    for (size_t i = 0; i < a.n; i++) {
        if (cellmap_get(&w.seen, a.v[i].x, a.v[i].y) != CELLMAP_NONE) continue;
        blocks_walk(s, (cell){a.v[i].x, a.v[i].y}, a.v[i].colour, &w, UINT64_MAX, visits);
        blocks++;
    }
    blocks_work_free(&w);
    if (a.cap) FREEN(a.v, a.cap);
    return blocks;
}

int64_t blocks_around(const store *s, const cell *cells, size_t k, blocks_work *w, uint64_t limit,
                      uint64_t *visits) {
    blocks_work_reset(w);
    int64_t blocks = 0;
    uint64_t spent = 0;
    for (size_t i = 0; i < k; i++) {
        cell region[5];
        region[0] = cells[i];
        int n = 1 + cell_neighbours(cells[i], region + 1);
        for (int j = 0; j < n; j++) {
            if (cellmap_get(&w->seen, region[j].x, region[j].y) != CELLMAP_NONE) continue;
            int colour = store_get(s, region[j].x, region[j].y);
            if (colour == STORE_EMPTY) continue;
            size_t size =
                blocks_walk(s, region[j], colour, w, limit > spent ? limit - spent : 0, &spent);
            if (size == 0) {
                *visits += spent;
                return -1;
            }
            blocks++;
        }
    }
    *visits += spent;
    return blocks;
}
