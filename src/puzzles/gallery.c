/* gallery.c - the museum with the fewest walls, an optimisation puzzle:
 * a museum board (museum.h) where only some rooms carry their number
 * ('.' for the others); place walls so that each numbered room sees
 * exactly its number of rooms, with as few walls as possible.  The model
 * is the museum's (its visibility constraint on the numbered rooms) with
 * a variable z = the number of walls (the engine's count, csp/count.h,
 * GAC) and the objective: minimise z.  Generator: random walls, their numbers, a share
 * of the numbers kept (the drawn walls are one solution, so there is
 * always one).  Format and rules: docs/puzzles.md. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "museum.h"

/* ---- parsing --------------------------------------------------------------- */

/* The museum's format (museum.c), with '.' for a room without a number. */
static void *gal_parse(lexer *lx, diag *d) { return mus_read(lx, d, "gallery", 1); }

/* ---- the rules (museum.c's verifier: a room without a number sees anything) ---- */

/* The objective: the number of walls, to minimise. */
static int gal_objective(const void *inst, const int *sol, size_t n, int64_t *value) {
    (void)inst;
    *value = 0;
    for (size_t k = 0; k < n; k++) *value += sol[k] == 1;
    return 1;
}

/* ---- the model --------------------------------------------------------------- */

/* Variables: the walls in the spec's order (0/1), then z, the number of
 * walls; the visibility constraint of each numbered room; z = count. */
static csp *gal_build(const void *inst, const puzzle_model *m, diag *d) {
    (void)m, (void)d;
    const mus_inst *in = inst;
    int n = in->n, nw = mus_nwalls(n);
    csp *p = csp_new();
    for (int w = 0; w < nw; w++) {
        char name[32];
        snprintf(name, sizeof name, "w%d", w);
        csp_add_var(p, 0, 1, name);
    }
    int z = csp_add_var(p, 0, nw, "walls");
    int *scope = NEWN((size_t)nw + 1, int), walls[MUS_MAX_N];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (!in->m[i * n + j]) continue;
            mus_vis_data vd = {.target = in->m[i * n + j]};
            int arity = 0;
            for (int a = 0; a < 4; a++) {
                vd.len[a] = mus_arm(n, i, j, a, walls);
                for (int k = 0; k < vd.len[a]; k++) scope[arity++] = walls[k];
            }
            if (arity) csp_add_con(p, &mus_visibility_ops, scope, arity, &vd, sizeof vd);
        }
    for (int w = 0; w < nw; w++) scope[w] = w;
    int64_t one = 1; /* z = the number of walls: the engine's count (GAC) */
    csp_post_count(p, scope, nw, &one, 1, z);
    FREEN(scope, (size_t)nw + 1);
    csp_set_objective(p, &z, 1, 1);
    return p;
}

static size_t gal_decode(const void *inst, int model, const csp *p, int *sol) {
    (void)model;
    int nw = mus_nwalls(((const mus_inst *)inst)->n);
    for (int w = 0; w < nw; w++) sol[w] = csp_min(p, w);
    return (size_t)nw;
}

/* ---- printers ------------------------------------------------------------------ */

static void gal_print(const void *inst, const int *sol, size_t len, int drawn, FILE *out) {
    int64_t walls;
    gal_objective(inst, sol, len, &walls);
    if (drawn) {
        mus_draw(inst, sol, out);
        fprintf(out, "walls: %lld\n", (long long)walls);
        return;
    }
    for (size_t k = 0; k < len; k++) fputc('0' + sol[k], out);
    fputc('\n', out);
}

/* ---- generator ----------------------------------------------------------------- */

/* Random walls (each with probability density, default 0.5), the rooms'
 * numbers, each kept with probability density2 (default 0.5); the walls
 * drawn are a solution, so every instance has one. */
static int gal_generate(const puzzle_gen *g, FILE *out, diag *d) {
    int n = g->size;
    if (n < 2 || n > MUS_MAX_N || (g->cols > 0 && g->cols != n))
        return diag_set(d, "gallery boards are square, n from 2 to %d", MUS_MAX_N);
    double density = g->density < 0 ? 0.5 : g->density;
    double keep = g->density2 < 0 ? 0.5 : g->density2;
    if (density > 1 || keep > 1) return diag_set(d, "the densities must be from 0 to 1");
    rng rg;
    rng_seed(&rg, g->seed);
    int nw = mus_nwalls(n);
    int *w = NEWN((size_t)nw, int);
    for (int k = 0; k < nw; k++) w[k] = rng_double(&rg) < density;
    fprintf(out,
            "# gallery (the museum with the fewest walls), generated: searchlab gen gallery "
            "--size %d --seed %llu --density %g --density2 %g\n# a solution (not the best): ",
            n, (unsigned long long)g->seed, density, keep);
    int walls = 0;
    for (int k = 0; k < nw; k++) fputc('0' + w[k], out), walls += w[k];
    fprintf(out, " (%d walls)\n%d\n", walls, n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int seen = mus_seen(n, w, i, j);
            if (rng_double(&rg) < keep)
                fprintf(out, "%d", seen);
            else
                fputc('.', out);
            fputc(j == n - 1 ? '\n' : ' ', out);
        }
    FREEN(w, (size_t)nw);
    return 0;
}

/* ---- the table ------------------------------------------------------------------- */

const puzzle puzzle_gallery = {
    .name = "gallery",
    .ext = "gal",
    .summary = "the museum with the fewest walls (optimisation): numbered rooms see their "
               "number, '.' rooms anything; minimise the walls",
    .default_spec = "gac:var=dom/wdeg",
    .parse = gal_parse,
    .destroy = mus_destroy,
    .size = mus_size,
    .build = gal_build,
    .decode = gal_decode,
    .sol_cap = mus_sol_cap,
    .verify = mus_verify,
    .objective = gal_objective,
    .print = gal_print,
    .print_json = mus_print_json,
    .generate = gal_generate,
};
