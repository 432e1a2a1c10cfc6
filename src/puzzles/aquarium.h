/* aquarium.h - aquarium (rules and format: docs/puzzles.md): the instance shared
 * by aquarium.c (parsers, verifier, printers, generator),
 * aquarium_model.c (the "levels" and "cells" CSP models) and
 * aquarium_sum.c (the constraints those models use).
 *
 * A solution is one 0/1 per cell, row-major (1 = water).
 */
#ifndef SEARCHLAB_PUZZLES_AQUARIUM_H
#define SEARCHLAB_PUZZLES_AQUARIUM_H

#include "puzzle.h"

/* Largest side: a level variable has one value per row of its aquarium
 * plus "empty" (at most 64 values), and clue sums fit in 64-bit sets. */
#define AQ_MAX_SIDE 63

typedef struct aq_inst {
    int rows, cols;
    int nreg;
    int *region;   /* rows*cols region ids 0..nreg-1, each region 4-connected */
    int *row_clue; /* rows entries; -1 = no clue */
    int *col_clue; /* cols entries; -1 = no clue */
    int *solution; /* rows*cols 0/1 from the file's solution section, or NULL */
    /* per region (filled by aq_finish): its top and bottom rows */
    int *top, *bottom;
} aq_inst;

extern const puzzle puzzle_aquarium;

/* The instance's life (aquarium.c). */
aq_inst *aq_new(int rows, int cols);
void aq_destroy(void *inst);
/* Sets nreg and (re)computes top and bottom from region[], and checks
 * that every region is 4-connected; -1 with d (naming the cell's label
 * from L and where, when given) if not. */
typedef struct aq_labels aq_labels;
int aq_finish(aq_inst *in, int nreg, const aq_labels *L, const token *where, const lexer *lx,
              diag *d);
/* The generator (aquarium_gen.c). */
int aq_generate(const puzzle_gen *g, FILE *out, diag *d);

/* The two models (aquarium_model.c). */
extern const char *const aq_models[];
csp *aq_build(const void *inst, const puzzle_model *m, diag *d);
size_t aq_decode(const void *inst, int model, const csp *p, int *sol);

/* Sum constraint: sum over scope positions i of f_i(bit of x_i) == target.
 * The data block is built by aq_sum_data: ints {target, arity,
 * start_0..start_{arity-1}, tables...} with f_i(b) = data[start_i + b].
 * Its propagator is GAC (a reachable-sums dynamic programme, exact since
 * every f_i and target are at most 63). */
extern const csp_con_ops aq_sum_ops;
/* Builds the data block for a sum with the given per-position tables
 * (tab[i] has nvals[i] entries); *size gets its size in bytes; free with
 * xfree(data, size). */
int *aq_sum_data(int target, int arity, int *const *tab, const int *nvals, size_t *size);
/* x <= y on 0/1 variables (scope {x, y}): "water above implies water
 * below" and, used both ways, "one state per row of an aquarium". */
extern const csp_con_ops aq_le_ops;

#endif
