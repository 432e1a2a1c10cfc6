/* aquarium_gen.c - the aquarium generator: random 4-connected regions and
 * random water levels give a planted solution and its clues; while the
 * solver finds another solution, the aquarium at a cell where the two
 * differ is merged with a neighbouring one (one level for both), which
 * removes that ambiguity.  Merges only shrink the number of regions, so
 * the loop ends.  The search for a second solution is gac with dom/wdeg
 * (which finishes on 30x30 boards where dom may not) under a node limit;
 * puzzle_count_solutions confirms uniqueness at the end.
 */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "aquarium.h"

/* Grows nreg regions from random seeds, one random frontier cell at a
 * time, so every region is 4-connected. */
static void random_regions(rng *rg, int R, int C, int nreg, int *region) {
    int n = R * C, *cells = NEWN((size_t)n, int), assigned = nreg;
    for (int x = 0; x < n; x++) region[x] = -1, cells[x] = x;
    rng_shuffle(rg, cells, n);
    for (int a = 0; a < nreg; a++) region[cells[a]] = a;
    while (assigned < n) {
        int x = (int)rng_below(rg, (uint64_t)n);
        if (region[x] >= 0) continue;
        int r = x / C, c = x % C, k = (int)rng_below(rg, 4);
        int nb[4] = {r > 0 ? x - C : -1, r + 1 < R ? x + C : -1, c > 0 ? x - 1 : -1,
                     c + 1 < C ? x + 1 : -1};
        for (int i = 0; i < 4; i++) {
            int y = nb[(k + i) % 4];
            if (y >= 0 && region[y] >= 0) {
                region[x] = region[y];
                assigned++;
                break;
            }
        }
    }
    FREEN(cells, (size_t)n);
}

/* ---- looking for a second solution -------------------------------------- */

typedef struct other_ctx {
    const aq_inst *in;
    const int *planted;
    int *sol;
    int found;
} other_ctx;

static int on_solution(void *vc, const csp *p) {
    other_ctx *c = vc;
    size_t n = aq_decode(c->in, 0, p, c->sol);
    c->found = memcmp(c->sol, c->planted, n * sizeof *c->sol) != 0;
    return !c->found;
}

/* 0 if planted is the only solution, 1 with another one in other, -1 if
 * the node limit stopped the search. */
static int find_other(const aq_inst *in, const int *planted, int *other) {
    csp_config cfg;
    csp_config_default(&cfg);
    cfg.var = csp_find_var("dom/wdeg");
    diag d;
    puzzle_model m = {0}; /* the levels model */
    csp *p = aq_build(in, &m, &d);
    other_ctx c = {in, planted, other, 0};
    csp_limits lim = {.all = 1, .node_limit = 20000};
    stats st = {0};
    run_status s = csp_solve(p, &cfg, &lim, on_solution, &c, &st);
    csp_free(p);
    return c.found ? 1 : s == STATUS_NODE_LIMIT || s == STATUS_TIMEOUT ? -1 : 0;
}

/* ---- merging ------------------------------------------------------------ */

/* Level (top water row, or bottom + 1) of each region in sol. */
static void levels_of(const aq_inst *in, const int *sol, int *level) {
    for (int a = 0; a < in->nreg; a++) level[a] = in->bottom[a] + 1;
    for (int x = 0; x < in->rows * in->cols; x++)
        if (sol[x] && x / in->cols < level[in->region[x]]) level[in->region[x]] = x / in->cols;
}

/* Merges region a with a random neighbouring region, giving the union the
 * level of one of the two; renumbers regions 0..nreg-2.  0 if a has no
 * neighbour. */
static int merge(aq_inst *in, int *sol, int a, rng *rg) {
    int R = in->rows, C = in->cols, n = R * C, nb_count = 0, b = -1;
    for (int x = 0; x < n; x++) {
        if (in->region[x] != a) continue;
        int r = x / C, c = x % C;
        int nb[4] = {r > 0 ? x - C : -1, r + 1 < R ? x + C : -1, c > 0 ? x - 1 : -1,
                     c + 1 < C ? x + 1 : -1};
        for (int k = 0; k < 4; k++) /* reservoir choice among neighbouring cells */
            if (nb[k] >= 0 && in->region[nb[k]] != a && rng_below(rg, (uint64_t)++nb_count) == 0)
                b = in->region[nb[k]];
    }
    if (b < 0) return 0;
    int *level = NEWN((size_t)in->nreg, int);
    levels_of(in, sol, level);
    int keep = rng_below(rg, 2) ? level[a] : level[b], nreg = in->nreg;
    FREEN(level, (size_t)nreg);
    for (int x = 0; x < n; x++) {
        if (in->region[x] == b) in->region[x] = a;
        if (in->region[x] == a) sol[x] = x / C >= keep;
        if (in->region[x] == nreg - 1) in->region[x] = b; /* keep ids dense (b is free) */
    }
    aq_finish(in, nreg - 1, NULL, NULL, NULL, NULL);
    return 1;
}

static void set_clues(aq_inst *in, const int *sol) {
    memset(in->row_clue, 0, (size_t)in->rows * sizeof *in->row_clue);
    memset(in->col_clue, 0, (size_t)in->cols * sizeof *in->col_clue);
    for (int x = 0; x < in->rows * in->cols; x++)
        in->row_clue[x / in->cols] += sol[x], in->col_clue[x % in->cols] += sol[x];
}

static void write_instance(const aq_inst *in, const int *sol, const puzzle_gen *g, double fill,
                           double per_cell, int merges, FILE *out) {
    int R = in->rows, C = in->cols;
    fprintf(out,
            "# aquarium, generated: searchlab gen aquarium --size %d --cols %d --seed %llu "
            "--density %g --density2 %g\n# %d aquariums after %d merges for uniqueness\n"
            "size %d %d\ncols",
            R, C, (unsigned long long)g->seed, fill, per_cell, in->nreg, merges, R, C);
    for (int c = 0; c < C; c++) fprintf(out, " %d", in->col_clue[c]);
    fputs("\nrows", out);
    for (int r = 0; r < R; r++) fprintf(out, " %d", in->row_clue[r]);
    fputs("\nregions\n", out);
    for (int x = 0; x < R * C; x++)
        fprintf(out, "%d%c", in->region[x] + 1, x % C == C - 1 ? '\n' : ' ');
    fputs("solution\n", out);
    for (int x = 0; x < R * C; x++)
        fprintf(out, "%c%s", sol[x] ? '~' : '.', x % C == C - 1 ? "\n" : "");
}

/* size x cols (default square), 2 to AQ_MAX_SIDE; density: chance that
 * each row of an aquarium, from the bottom up, is under water (default
 * 0.5); density2: aquariums per cell before the merges (default 0.25, a
 * mean size of 4). */
int aq_generate(const puzzle_gen *g, FILE *out, diag *d) {
    int R = g->size, C = g->cols > 0 ? g->cols : g->size;
    if (R < 2 || C < 2 || R > AQ_MAX_SIDE || C > AQ_MAX_SIDE)
        return diag_set(d, "aquarium boards are 2..%d x 2..%d", AQ_MAX_SIDE, AQ_MAX_SIDE);
    double fill = g->density < 0 ? 0.5 : g->density;
    double per_cell = g->density2 < 0 ? 0.25 : g->density2;
    if (fill > 1 || per_cell > 1)
        return diag_set(d, "aquarium: density and density2 are fractions from 0 to 1");
    rng rg;
    rng_seed(&rg, g->seed);
    int n = R * C, nreg = (int)(n * per_cell + 0.5), merges = 0;
    if (nreg < 1) nreg = 1;
    aq_inst *in = aq_new(R, C);
    int *sol = NEWN((size_t)n, int), *other = NEWN((size_t)n, int);
    random_regions(&rg, R, C, nreg, in->region);
    aq_finish(in, nreg, NULL, NULL, NULL, NULL);
    int *level = NEWN((size_t)nreg, int);
    for (int a = 0; a < nreg; a++) {
        level[a] = in->bottom[a] + 1;
        for (int r = in->bottom[a]; r >= in->top[a] && rng_double(&rg) < fill; r--) level[a] = r;
    }
    for (int x = 0; x < n; x++) sol[x] = x / C >= level[in->region[x]];
    FREEN(level, (size_t)nreg);
    int unique = 0;
    for (;;) {
        set_clues(in, sol);
        int r = find_other(in, sol, other);
        if (r == 0) { /* confirmed through the puzzle interface */
            unique = puzzle_count_solutions(&puzzle_aquarium, in, NULL, 2, 5000000, NULL) == 1;
            break;
        }
        int x = (int)rng_below(&rg, (uint64_t)n);
        if (r == 1) /* a random cell where the two solutions differ */
            for (int k = 0, seen = 0; k < n; k++)
                if (other[k] != sol[k] && rng_below(&rg, (uint64_t)++seen) == 0) x = k;
        if (!merge(in, sol, in->region[x], &rg)) break;
        merges++;
    }
    if (unique) write_instance(in, sol, g, fill, per_cell, merges, out);
    FREEN(sol, (size_t)n);
    FREEN(other, (size_t)n);
    aq_destroy(in);
    return unique ? 0 : diag_set(d, "could not make the %dx%d aquarium unique", R, C);
}
