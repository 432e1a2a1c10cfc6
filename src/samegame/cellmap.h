/* cellmap.h - an open-addressing hash map from cells to 32-bit values.
 *
 * Linear probing with backward-shift deletion (no tombstones), so the
 * invariant is the classic one: every key sits in the probe run that
 * starts at its home slot, with no empty slot in between.  The load
 * factor stays at most 1/2.  The value CELLMAP_NONE marks an empty slot,
 * so it cannot be stored.  Used by the hash store, the path finders
 * (cell -> node) and the block counter (visited sets).
 */
#ifndef SEARCHLAB_PLANE_CELLMAP_H
#define SEARCHLAB_PLANE_CELLMAP_H

#include <stddef.h>
#include <stdint.h>

#define CELLMAP_NONE UINT32_MAX

typedef struct cellmap {
    uint64_t *keys; /* (uint32 x << 32) | uint32 y */
    uint32_t *vals; /* CELLMAP_NONE: slot empty */
    size_t cap;     /* 0 or a power of two */
    size_t count;
} cellmap;

static inline uint64_t cellmap_key(int32_t x, int32_t y) {
    return ((uint64_t)(uint32_t)x << 32) | (uint32_t)y;
}
static inline int32_t cellmap_key_x(uint64_t k) { return (int32_t)(uint32_t)(k >> 32); }
static inline int32_t cellmap_key_y(uint64_t k) { return (int32_t)(uint32_t)k; }

/* An empty map (no allocation until the first insertion). */
void cellmap_init(cellmap *m);
void cellmap_free(cellmap *m);
/* Removes every key, keeping the capacity. */
void cellmap_clear(cellmap *m);
/* The value at (x, y), or CELLMAP_NONE. */
uint32_t cellmap_get(const cellmap *m, int32_t x, int32_t y);
/* Sets (x, y) to v (v != CELLMAP_NONE); returns the old value or
 * CELLMAP_NONE when the key is new. */
uint32_t cellmap_put(cellmap *m, int32_t x, int32_t y, uint32_t v);
/* Removes (x, y); returns its value or CELLMAP_NONE. */
uint32_t cellmap_erase(cellmap *m, int32_t x, int32_t y);
/* Bytes held by the table. */
size_t cellmap_bytes(const cellmap *m);

#endif
