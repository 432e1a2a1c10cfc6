/* path_astar.c - A* on (variability, length) with the Manhattan distance
 * (path_best_first in path_dijkstra.c holds the search). */
#include "path_impl.h"

static void astar_find(const store *s, const path_query *q, path_result *r) {
    path_best_first(s, q, r, 1);
}

const path_ops path_astar_ops = {
    .name = "astar",
    .summary = "A*, Manhattan heuristic, lexicographic (variability, length)",
    .modes = PATH_ONE_COLOUR | PATH_VARIABLE,
    .find = astar_find,
};
