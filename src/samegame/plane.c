/* plane.c - the plane: changes with block-count upkeep, and the move. */
#include "plane.h"

#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

const char *const plane_count_names[] = {"incremental", "full", NULL};

enum { BUDGET_SLACK = 1024 };

void plane_init(plane *p, const store_ops *ops, plane_count_mode mode) {
    memset(p, 0, sizeof *p);
    p->st = store_create(ops);
    colour_table_init(&p->colours);
    p->count_mode = mode;
    p->blocks = 0;
    p->blocks_valid = 1; /* the empty plane has no block */
    p->budget = BUDGET_SLACK;
    blocks_work_init(&p->work);
}

void plane_free(plane *p) {
    store_destroy(p->st);
    colour_table_free(&p->colours);
    blocks_work_free(&p->work);
    if (p->old_cap) FREEN(p->old, p->old_cap);
    if (p->moved_cap) FREEN(p->moved, p->moved_cap);
    if (p->changes_cap) FREEN(p->changes, p->changes_cap);
    if (p->cells_cap) FREEN(p->cells, p->cells_cap);
    memset(p, 0, sizeof *p);
}

/* Blocks touching p->cells[0..k-1] and their neighbours, spending from the
 * budget; marks the count stale when the budget runs out. */
static int64_t local_blocks(plane *p, size_t k) {
    uint64_t spent = 0;
    int64_t b = blocks_around(p->st, p->cells, k, &p->work, p->budget, &spent);
    p->count_visits += spent;
    p->budget = spent < p->budget ? p->budget - spent : 0;
    if (b < 0) p->blocks_valid = 0;
    return b;
}

void plane_apply(plane *p, const marble *changes, size_t k) {
    /* keep only the cells whose content really changes */
    size_t n = 0;
    GROW(&p->cells, &p->cells_cap, k);
    for (size_t i = 0; i < k; i++)
        if (store_get(p->st, changes[i].x, changes[i].y) != changes[i].colour)
            p->cells[n++] = (cell){changes[i].x, changes[i].y};
    if (n == 0) return;
    if (p->count_mode == PLANE_COUNT_FULL || n > p->budget) p->blocks_valid = 0;
    int64_t before = p->blocks_valid ? local_blocks(p, n) : 0;
    for (size_t i = 0; i < k; i++) {
        if (changes[i].colour == STORE_EMPTY)
            store_erase(p->st, changes[i].x, changes[i].y);
        else
            store_put(p->st, changes[i].x, changes[i].y, changes[i].colour);
    }
    if (!p->blocks_valid) return;
    int64_t after = local_blocks(p, n);
    if (p->blocks_valid) p->blocks = p->blocks - (uint64_t)before + (uint64_t)after;
}

uint64_t plane_blocks(plane *p) {
    if (!p->blocks_valid) {
        p->blocks = blocks_count_all(p->st, &p->count_visits);
        p->blocks_valid = 1;
    }
    p->budget = store_count(p->st) + BUDGET_SLACK;
    return p->blocks;
}

/* ---- the move ---------------------------------------------------------- */

typedef struct marbles {
    marble **v;
    size_t *cap, n;
} marbles;

static void push_marble(void *arg, int32_t x, int32_t y, int colour) {
    marbles *m = arg;
    GROW(m->v, m->cap, m->n + 1);
    (*m->v)[m->n++] = (marble){x, y, colour};
}

void plane_move(plane *p, int32_t x, int32_t y, const plane_rect *base) {
    /* 1. the marbles of the base, in (x, y) order */
    marbles old = {&p->old, &p->old_cap, 0};
    store_scan(p->st, base, push_marble, &old);
    if (!p->st->ops->sorted_scan && old.n > 1) qsort(p->old, old.n, sizeof *p->old, marble_cmp_xy);

    /* 2. the block of (x, y), taken in the whole plane, marked in work.seen */
    blocks_work_reset(&p->work);
    int colour = store_get(p->st, x, y);
    if (colour != STORE_EMPTY)
        blocks_walk(p->st, (cell){x, y}, colour, &p->work, UINT64_MAX, &p->count_visits);

    /* 3. where the survivors go: each column drops to y0, y0+1, ...; the
     *    non-empty columns close up to x0, x0+1, ...  Coordinates stay
     *    inside the base, so int64 arithmetic never leaves int32. */
    size_t moved = 0;
    int64_t col = (int64_t)base->x0 - 1, row = 0;
    int have_col = 0;
    int32_t last_x = 0;
    for (size_t i = 0; i < old.n; i++) {
        const marble *m = &p->old[i];
        if (colour != STORE_EMPTY && cellmap_get(&p->work.seen, m->x, m->y) != CELLMAP_NONE)
            continue;
        if (!have_col || m->x != last_x) {
            col++;
            row = base->y0;
            last_x = m->x;
            have_col = 1;
        }
        GROW(&p->moved, &p->moved_cap, moved + 1);
        p->moved[moved++] = (marble){(int32_t)col, (int32_t)row++, m->colour};
    }

    /* 4. the change: merge the two (x, y)-sorted lists; a cell only in the
     *    old list empties, a cell in the new list takes its new colour */
    size_t i = 0, j = 0, k = 0;
    while (i < old.n || j < moved) {
        int c = i == old.n ? 1 : j == moved ? -1 : marble_cmp_xy(&p->old[i], &p->moved[j]);
        GROW(&p->changes, &p->changes_cap, k + 1);
        if (c < 0) {
            p->changes[k++] = (marble){p->old[i].x, p->old[i].y, STORE_EMPTY};
            i++;
        } else {
            p->changes[k++] = p->moved[j++];
            if (c == 0) i++;
        }
    }
    plane_apply(p, p->changes, k);
}
