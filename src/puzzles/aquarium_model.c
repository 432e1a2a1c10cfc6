/* aquarium_model.c - the two CSP models of the aquarium.
 *
 * "levels" (default): one variable per aquarium, its water level t = the
 * top water row, from its top row to its bottom row + 1 (= empty); cell
 * (r,c) of aquarium a is water iff r >= t_a.  The flooding rules hold by
 * construction; each row and column clue is one sum constraint over the
 * aquariums that meet it (aq_sum_ops, GAC).  The variables are created
 * biggest aquarium first: heuristics break ties by the lowest index, and
 * on generated 25x25 boards this cut gac+dom from 1.27M nodes to 118k.
 *
 * "cells": one 0/1 variable per cell; the flooding rules as binary
 * constraints (the cells of one aquarium in one row are equal, as two <=
 * along the row; the first cell of each of its rows is <= the first cell
 * of the row below), and each clue as a sum over its cells.  With bt this
 * is the blog's plain search over cells with checks; with fc/gac the
 * constraints cooperate.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "aquarium.h"

const char *const aq_models[] = {"levels", "cells", NULL};
enum { AQ_MODEL_LEVELS, AQ_MODEL_CELLS };

/* var_of[a] = the level variable of aquarium a: by size, biggest first,
 * ties by region id. */
typedef struct aq_key {
    int size, id;
} aq_key;

static int by_size(const void *a, const void *b) {
    const aq_key *x = a, *y = b;
    if (x->size != y->size) return x->size > y->size ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static int *level_vars(const aq_inst *in) {
    aq_key *key = NEWN((size_t)in->nreg, aq_key);
    int *var_of = NEWN((size_t)in->nreg, int);
    for (int a = 0; a < in->nreg; a++) key[a].id = a;
    for (int x = 0; x < in->rows * in->cols; x++) key[in->region[x]].size++;
    qsort(key, (size_t)in->nreg, sizeof *key, by_size);
    for (int v = 0; v < in->nreg; v++) var_of[key[v].id] = v;
    FREEN(key, (size_t)in->nreg);
    return var_of;
}

static void add_sum(csp *p, int target, int arity, const int *scope, int *const *tab,
                    const int *nvals) {
    size_t size;
    int *data = aq_sum_data(target, arity, tab, nvals, &size);
    csp_add_con(p, &aq_sum_ops, scope, arity, data, size);
    xfree(data, size);
}

/* One clue line (a row when is_row, else a column) over the level
 * variables: aquarium a contributes its cells of the line at rows >= t. */
static void add_level_line(csp *p, const aq_inst *in, const int *var_of, int line, int is_row,
                           int target) {
    int len = is_row ? in->cols : in->rows;
    int *scope = NEWN((size_t)in->nreg, int), *nvals = NEWN((size_t)in->nreg, int);
    int **tab = NEWN((size_t)in->nreg, int *);
    int *slot = NEWN((size_t)in->nreg, int);
    int arity = 0;
    for (int a = 0; a < in->nreg; a++) slot[a] = -1;
    for (int k = 0; k < len; k++) {
        int r = is_row ? line : k, c = is_row ? k : line;
        int a = in->region[r * in->cols + c];
        if (slot[a] < 0) {
            slot[a] = arity;
            scope[arity] = var_of[a];
            nvals[arity] = in->bottom[a] - in->top[a] + 2;
            tab[arity] = NEWN((size_t)nvals[arity], int);
            arity++;
        }
        int *f = tab[slot[a]];
        for (int b = 0; b < nvals[slot[a]]; b++)
            if (in->top[a] + b <= r) f[b]++;
    }
    add_sum(p, target, arity, scope, tab, nvals);
    for (int i = 0; i < arity; i++) FREEN(tab[i], (size_t)nvals[i]);
    FREEN(scope, (size_t)in->nreg);
    FREEN(nvals, (size_t)in->nreg);
    FREEN(tab, (size_t)in->nreg);
    FREEN(slot, (size_t)in->nreg);
}

/* One clue line over the cell variables (x_cell in 0/1, f = identity). */
static void add_cell_line(csp *p, const aq_inst *in, int line, int is_row, int target) {
    int len = is_row ? in->cols : in->rows;
    static int id[2] = {0, 1};
    int *scope = NEWN((size_t)len, int), *nvals = NEWN((size_t)len, int);
    int **tab = NEWN((size_t)len, int *);
    for (int k = 0; k < len; k++) {
        scope[k] = is_row ? line * in->cols + k : k * in->cols + line;
        nvals[k] = 2;
        tab[k] = id;
    }
    add_sum(p, target, len, scope, tab, nvals);
    FREEN(scope, (size_t)len);
    FREEN(nvals, (size_t)len);
    FREEN(tab, (size_t)len);
}

static void add_le(csp *p, int x, int y) {
    int scope[2] = {x, y};
    csp_add_con(p, &aq_le_ops, scope, 2, NULL, 0);
}

/* The flooding rules over the cells: within a row of an aquarium each cell
 * equals the next one of that aquarium; the first cell of a row is <= the
 * first cell of the next row of the same aquarium. */
static void add_flooding(csp *p, const aq_inst *in) {
    int *first = NEWN((size_t)in->nreg * (size_t)in->rows, int); /* first cell + 1 */
    for (int r = 0; r < in->rows; r++) {
        int *last = NEWN((size_t)in->nreg, int);
        for (int c = 0; c < in->cols; c++) {
            int x = r * in->cols + c, a = in->region[x];
            if (last[a]) {
                add_le(p, last[a] - 1, x);
                add_le(p, x, last[a] - 1);
            } else {
                first[a * in->rows + r] = x + 1;
            }
            last[a] = x + 1;
        }
        FREEN(last, (size_t)in->nreg);
    }
    for (int a = 0; a < in->nreg; a++)
        for (int r = in->top[a]; r < in->bottom[a]; r++)
            add_le(p, first[a * in->rows + r] - 1, first[a * in->rows + r + 1] - 1);
    FREEN(first, (size_t)in->nreg * (size_t)in->rows);
}

csp *aq_build(const void *inst, const puzzle_model *m, diag *d) {
    (void)d;
    const aq_inst *in = inst;
    int model = m->index;
    csp *p = csp_new();
    char name[48];
    int *var_of = NULL;
    if (model == AQ_MODEL_LEVELS) {
        var_of = level_vars(in);
        int *reg_of = NEWN((size_t)in->nreg, int);
        for (int a = 0; a < in->nreg; a++) reg_of[var_of[a]] = a;
        for (int v = 0; v < in->nreg; v++) {
            int a = reg_of[v];
            snprintf(name, sizeof name, "level%d", a);
            csp_add_var(p, in->top[a], in->bottom[a] + 1, name);
        }
        FREEN(reg_of, (size_t)in->nreg);
    } else {
        for (int x = 0; x < in->rows * in->cols; x++) {
            snprintf(name, sizeof name, "cell%d_%d", x / in->cols, x % in->cols);
            csp_add_var(p, 0, 1, name);
        }
        add_flooding(p, in);
    }
    for (int line = 0; line < in->rows + in->cols; line++) {
        int is_row = line < in->rows, k = is_row ? line : line - in->rows;
        int clue = is_row ? in->row_clue[k] : in->col_clue[k];
        if (clue < 0) continue;
        if (var_of)
            add_level_line(p, in, var_of, k, is_row, clue);
        else
            add_cell_line(p, in, k, is_row, clue);
    }
    if (var_of) FREEN(var_of, (size_t)in->nreg);
    return p;
}

size_t aq_decode(const void *inst, int model, const csp *p, int *sol) {
    const aq_inst *in = inst;
    int n = in->rows * in->cols;
    int *var_of = model == AQ_MODEL_LEVELS ? level_vars(in) : NULL;
    for (int x = 0; x < n; x++) {
        if (var_of) {
            int v = var_of[in->region[x]];
            sol[x] = x / in->cols >= csp_min(p, v);
        } else {
            sol[x] = csp_min(p, x);
        }
    }
    if (var_of) FREEN(var_of, (size_t)in->nreg);
    return (size_t)n;
}
