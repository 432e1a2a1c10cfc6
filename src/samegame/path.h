/* path.h - path finders: one interface, one table per algorithm.
 *
 * A query asks for a path between two cells: homogeneous (`o`: every
 * marble of the start's colour, least length) or variable (`c`: least
 * variability, then least length).  Every finder returns the optimal
 * (variability, length) and the cells it expanded; the path it returns is
 * optimal but is the spec's canonical one only for the canonical finders
 * (path_canonical: bfs for `o`, dijkstra for `c`), which the protocol
 * uses for printing.
 */
#ifndef SEARCHLAB_PLANE_PATH_H
#define SEARCHLAB_PLANE_PATH_H

#include <stddef.h>
#include <stdint.h>

#include "cell.h"
#include "store.h"

enum { PATH_ONE_COLOUR = 1, PATH_VARIABLE = 2 };

typedef struct path_query {
    cell from, to;
    int mode; /* PATH_ONE_COLOUR or PATH_VARIABLE */
} path_query;

typedef struct path_result {
    int found;
    uint64_t variability, length; /* length in cells */
    uint64_t expanded;            /* cells taken off the frontier */
    cell *cells;                  /* the path, from `from` to `to` (owned) */
    size_t ncells, cap;
} path_result;

typedef struct path_ops {
    const char *name;
    const char *summary;
    int modes; /* the query modes it answers (PATH_ONE_COLOUR | PATH_VARIABLE) */
    /* Answers q on s into r (r->cells reused, grown as needed). */
    void (*find)(const store *s, const path_query *q, path_result *r);
} path_ops;

void path_result_init(path_result *r);
void path_result_free(path_result *r);

/* Every finder of this build, NULL-terminated. */
extern const path_ops *const path_registry[];
/* The finder called name, or NULL. */
const path_ops *path_lookup(const char *name);
/* The finder whose path is the spec's canonical one for mode. */
const path_ops *path_canonical(int mode);

#endif
