/* museum.h - museum walls (rules and format: docs/puzzles.md): the instance, the
 * spec's wall indexing, and the room visibility constraint shared by
 * museum.c (parse, models, verify, print, generate) and
 * museum_visibility.c (the constraint's check and exact propagator).
 *
 * Wall vector: 2n(n-1) entries in the spec's order (vertical walls
 * i + k*n, then horizontal walls n(n-1) + j + k*n); 1 = wall, 0 = open.
 */
#ifndef SEARCHLAB_PUZZLES_MUSEUM_H
#define SEARCHLAB_PUZZLES_MUSEUM_H

#include "puzzle.h"

/* Largest n: a room sees at most 2n-1 rooms, and the propagator keeps the
 * possible counts of a room in one 64-bit set. */
#define MUS_MAX_N 32
#define MUS_MAX_NUMBER 1000000

typedef struct mus_inst {
    int n;
    int *m; /* n*n numbers, row-major, each >= 1 (gallery: 0, a room without a number) */
} mus_inst;

static inline int mus_nwalls(int n) { return 2 * n * (n - 1); }

enum { MUS_LEFT, MUS_RIGHT, MUS_UP, MUS_DOWN };

/* Fills walls[] with the wall indices on one arm (MUS_LEFT..MUS_DOWN) of
 * room (i,j), nearest first; returns how many (0 at the border). */
static inline int mus_arm(int n, int i, int j, int arm, int *walls) {
    int len = 0, h = n * (n - 1);
    switch (arm) {
    case MUS_LEFT:
        for (int k = j - 1; k >= 0; k--) walls[len++] = i + k * n;
        break;
    case MUS_RIGHT:
        for (int k = j; k <= n - 2; k++) walls[len++] = i + k * n;
        break;
    case MUS_UP:
        for (int k = i - 1; k >= 0; k--) walls[len++] = h + j + k * n;
        break;
    default:
        for (int k = i; k <= n - 2; k++) walls[len++] = h + j + k * n;
        break;
    }
    return len;
}

/* The visibility constraint of one room.  Its scope is the walls of the
 * room's four arms, nearest first, arm after arm (left, right, up, down);
 * len[] says how many walls each arm has.  Variables are 0/1 (bit 0 =
 * open, bit 1 = wall). */
typedef struct mus_vis_data {
    int target; /* the room's number M[i][j] */
    int len[4];
} mus_vis_data;

/* Shared with gallery.c (museum.c): */
/* Reads the board "n, then n rows of n numbers" (free_rooms: '.' for a
 * room without a number, m = 0); what names the puzzle in messages.  NULL
 * with d. */
mus_inst *mus_read(lexer *lx, diag *d, const char *what, int free_rooms);
void mus_destroy(void *inst);
/* Rooms seen from (i,j) with the walls w, itself included. */
int mus_seen(int n, const int *w, int i, int j);
/* The verifier: 0/1 walls, each numbered room seeing its number (a room
 * of number 0 sees anything). */
int mus_verify(const void *inst, const int *sol, size_t len, char *why, size_t why_size);
/* The drawing ('.' in a room without a number) and the JSON wall string. */
void mus_draw(const mus_inst *in, const int *w, FILE *out);
void mus_print_json(const void *inst, const int *sol, size_t len, FILE *out);
int mus_size(const void *inst);
size_t mus_sol_cap(const void *inst);

extern const csp_con_ops mus_visibility_ops;
extern const puzzle puzzle_museum;

#endif
