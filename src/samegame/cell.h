/* cell.h - a cell of the integer plane and the 4-neighbourhood in the
 * spec's order (right, left, up, down), without overflow at the edges. */
#ifndef SEARCHLAB_PLANE_CELL_H
#define SEARCHLAB_PLANE_CELL_H

#include <stdint.h>

typedef struct cell {
    int32_t x, y;
} cell;

/* A marble: a cell and its colour id (colour.h). */
typedef struct marble {
    int32_t x, y;
    int colour;
} marble;

/* A rectangle [x0,x1] x [y0,y1]; x0 <= x1 and y0 <= y1. */
typedef struct plane_rect {
    int32_t x0, x1, y0, y1;
} plane_rect;

/* The rectangle holding the whole plane. */
#define PLANE_RECT_ALL ((plane_rect){INT32_MIN, INT32_MAX, INT32_MIN, INT32_MAX})

/* Writes the neighbours of c that exist (a cell at INT32_MAX has no right
 * neighbour) into out in the order right, left, up, down; returns how
 * many (2 to 4). */
static inline int cell_neighbours(cell c, cell out[4]) {
    int n = 0;
    if (c.x < INT32_MAX) out[n++] = (cell){c.x + 1, c.y};
    if (c.x > INT32_MIN) out[n++] = (cell){c.x - 1, c.y};
    if (c.y < INT32_MAX) out[n++] = (cell){c.x, c.y + 1};
    if (c.y > INT32_MIN) out[n++] = (cell){c.x, c.y - 1};
    return n;
}

static inline int cell_in_rect(int32_t x, int32_t y, const plane_rect *r) {
    return x >= r->x0 && x <= r->x1 && y >= r->y0 && y <= r->y1;
}

/* Orders marbles by (x, y) (for qsort). */
int marble_cmp_xy(const void *a, const void *b);

#endif
