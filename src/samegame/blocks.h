/* blocks.h - connected same-colour components ("blocks") of the marbles
 * in a store: the breadth-first walk shared by the move and the block
 * count, a from-scratch count and a count restricted to a region.
 *
 * Every walk uses an explicit queue (no recursion) and a caller-owned
 * visited set, and adds the marbles it visits to *visits.
 */
#ifndef SEARCHLAB_PLANE_BLOCKS_H
#define SEARCHLAB_PLANE_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include "cell.h"
#include "cellmap.h"
#include "store.h"

/* Scratch space reused between walks (owned by the caller). */
typedef struct blocks_work {
    cellmap seen;
    cell *queue;
    size_t queue_cap;
    cell *touched; /* the cells marked in seen since the last reset */
    size_t ntouched, touched_cap;
} blocks_work;

void blocks_work_init(blocks_work *w);
void blocks_work_free(blocks_work *w);
/* Empties w->seen in time proportional to what was marked since the last
 * reset (not to the table's capacity, which a full count made large). */
void blocks_work_reset(blocks_work *w);

/* Walks the block of the marble at start (colour `colour`), marking its
 * cells in w->seen (value 1) and leaving them in w->queue[0..size-1];
 * returns size, or 0 as soon as more than `limit` marbles were visited
 * (the walk is then incomplete).  start must not be marked yet. */
size_t blocks_walk(const store *s, cell start, int colour, blocks_work *w, uint64_t limit,
                   uint64_t *visits);

/* The number of blocks in the whole store, counted from scratch. */
uint64_t blocks_count_all(const store *s, uint64_t *visits);

/* The number of distinct blocks holding a marble at one of cells[0..k-1]
 * or at one of their neighbours; -1 when more than `limit` marbles would
 * have to be visited (*visits then holds what was spent). */
int64_t blocks_around(const store *s, const cell *cells, size_t k, blocks_work *w, uint64_t limit,
                      uint64_t *visits);

#endif
