/* convict.h - the convict's escape (rules and format: docs/puzzles.md): the
 * instance shared by the module (convict.c: parse, verify, print,
 * generate) and its own route search (convict_search.c).
 *
 * Cells are indexed r*cols+c.  A route is the sequence of cells from the
 * start to the exit; every open cell other than the start appears exactly
 * once, the exit last; the start may reappear (only under rule return).
 */
#ifndef SEARCHLAB_PUZZLES_CONVICT_H
#define SEARCHLAB_PUZZLES_CONVICT_H

#include "puzzle.h"

#define CVT_MAX_SIDE 64

typedef struct cvt_inst {
    int rows, cols;
    int start, exit;        /* cell indices; distinct, both open */
    int strict;             /* 1: rule strict (no return to the start) */
    unsigned char *blocked; /* rows*cols; 1 = wall cell that can't be entered */
    int nopen;              /* open cells, start and exit included */
} cvt_inst;

extern const puzzle puzzle_convict;
/* The strategies of the route search (NULL-terminated; the first is the
 * default). */
extern const puzzle_search *const cvt_searches[];
/* Counts routes up to limit with the default search (smart) within
 * node_limit nodes (0: none); -1 if the node limit stopped it first. */
long cvt_count_routes(const cvt_inst *in, long limit, uint64_t node_limit);

/* Longest possible route: every open cell once plus the returns to the
 * start (each return needs a fresh neighbour of the start to leave by,
 * so there are at most 4). */
static inline size_t cvt_route_cap(const cvt_inst *in) { return (size_t)in->nopen + 4; }

#endif
