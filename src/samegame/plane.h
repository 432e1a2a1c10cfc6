/* plane.h - the Same Game plane: a store of marbles, the colour table,
 * the move, and the block count kept up to date incrementally.
 *
 * Every change goes through plane_apply, which keeps the block count: it
 * counts the blocks touching the changed cells and their neighbours
 * before and after the change (blocks elsewhere cannot change), so the
 * count moves by (after - before).  That local work is capped: once the
 * work since the last plane_blocks exceeds the marbles in the plane (plus
 * a constant), the count is marked stale and the next plane_blocks counts
 * from scratch, so incremental upkeep never costs more than about one
 * extra full count between two queries.  docs/samegame.md has the
 * measurements.  The plane owns its store and colour table.
 */
#ifndef SEARCHLAB_PLANE_PLANE_H
#define SEARCHLAB_PLANE_PLANE_H

#include <stddef.h>
#include <stdint.h>

#include "blocks.h"
#include "cell.h"
#include "colour.h"
#include "store.h"

typedef enum plane_count_mode {
    PLANE_COUNT_INCREMENTAL, /* local recount around each change (default) */
    PLANE_COUNT_FULL         /* recount from scratch at the first n after a change */
} plane_count_mode;
/* Their names by value, NULL-terminated (`count=` of the strategy and
 * `samegame --count`). */
extern const char *const plane_count_names[];

typedef struct plane {
    store *st;
    colour_table colours;
    plane_count_mode count_mode;
    uint64_t blocks; /* the block count, when blocks_valid */
    int blocks_valid;
    uint64_t budget;       /* local counting work left before giving up */
    uint64_t count_visits; /* marbles visited by block counting (stats) */
    blocks_work work;
    /* scratch vectors of plane_move */
    marble *old, *moved, *changes;
    size_t old_cap, moved_cap, changes_cap;
    cell *cells;
    size_t cells_cap;
} plane;

void plane_init(plane *p, const store_ops *ops, plane_count_mode mode);
void plane_free(plane *p);

/* Sets each changes[i] cell to its colour (STORE_EMPTY empties it), as one
 * change; the cells must be distinct. */
void plane_apply(plane *p, const marble *changes, size_t k);
/* The move of the spec: removes the block of (x, y) inside base, then
 * stabilises base.  base must satisfy x0 <= x1, y0 <= y1. */
void plane_move(plane *p, int32_t x, int32_t y, const plane_rect *base);
/* The number of blocks in the plane. */
uint64_t plane_blocks(plane *p);

#endif
