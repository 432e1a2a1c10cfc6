/* store.h - the sparse store interface: a set of marbles on the integer
 * plane, one colour id per occupied cell.
 *
 * Each implementation is one file defining one `const store_ops` table;
 * store_registry lists them (the optional library baselines only when
 * CMake found their headers).  An implementation's instance struct
 * starts with `store base`, so a `store *` can be cast to it.
 *
 * Costs (n marbles, k marbles visited by a scan, A the area of the
 * scanned rectangle):                 get/put/erase      scan(rect)
 *   hash    (open addressing, here)   O(1) expected      O(min(A, n))
 *   tree    (AVL, here)               O(log n)           O((k + columns) log n)
 *   uthash  (uthash-dev baseline)     O(1) expected      O(min(A, n))
 *   bsdrb   (libbsd RB_* baseline)    O(log n)           O((k + columns) log n)
 * A hash store cannot enumerate a rectangle by itself: it either probes
 * every cell of the rectangle or walks its whole table, whichever is
 * cheaper (store_probe_cheaper), so a column strip over a huge plane
 * costs it O(n) where the trees pay only for what lies inside.
 */
#ifndef SEARCHLAB_PLANE_STORE_H
#define SEARCHLAB_PLANE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "cell.h"

#define STORE_EMPTY (-1)

typedef struct store store;
typedef struct store_ops store_ops;

/* Called once per marble by a scan; it must not modify the store. */
typedef void (*store_visit_fn)(void *arg, int32_t x, int32_t y, int colour);

struct store_ops {
    const char *name;
    const char *summary;
    int sorted_scan; /* 1: scan visits marbles in (x, y) order */
    store *(*create)(void);
    void (*destroy)(store *s);
    /* The colour at (x, y), or STORE_EMPTY. */
    int (*get)(const store *s, int32_t x, int32_t y);
    /* Puts colour (>= 0) at (x, y); returns the old colour or STORE_EMPTY. */
    int (*put)(store *s, int32_t x, int32_t y, int colour);
    /* Empties (x, y); returns the old colour or STORE_EMPTY. */
    int (*erase)(store *s, int32_t x, int32_t y);
    /* Calls visit for every marble inside r; returns the number of
     * elementary steps taken (probes, nodes or slots touched). */
    uint64_t (*scan)(const store *s, const plane_rect *r, store_visit_fn visit, void *arg);
};

/* The part every instance starts with. */
struct store {
    const store_ops *ops;
    size_t count;  /* marbles held */
    uint64_t nops; /* operations and scan steps so far (stats store_ops) */
};

store *store_create(const store_ops *ops);
void store_destroy(store *s);

static inline int store_get(const store *s, int32_t x, int32_t y) {
    ((store *)s)->nops++;
    return s->ops->get(s, x, y);
}
static inline int store_put(store *s, int32_t x, int32_t y, int colour) {
    s->nops++;
    return s->ops->put(s, x, y, colour);
}
static inline int store_erase(store *s, int32_t x, int32_t y) {
    s->nops++;
    return s->ops->erase(s, x, y);
}
static inline void store_scan(const store *s, const plane_rect *r, store_visit_fn visit,
                              void *arg) {
    ((store *)s)->nops += s->ops->scan(s, r, visit, arg);
}
static inline size_t store_count(const store *s) { return s->count; }

/* For hash stores: 1 if probing each cell of r costs less than walking a
 * table of `slots` slots. */
int store_probe_cheaper(const plane_rect *r, size_t slots);
/* Scans r by probing each of its cells with ops->get, in (x, y) order;
 * only call it when store_probe_cheaper said so.  Returns the probes. */
uint64_t store_scan_by_probe(const store *s, const plane_rect *r, store_visit_fn visit, void *arg);

/* Every store of this build, NULL-terminated; the first is the default. */
extern const store_ops *const store_registry[];
/* The store called name, or NULL. */
const store_ops *store_find(const char *name);

#endif
