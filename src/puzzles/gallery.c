/* gallery.c - the museum with the fewest walls, an optimisation puzzle:
 * a museum board (museum.h) where only some rooms carry their number
 * ('.' for the others); place walls so that each numbered room sees
 * exactly its number of rooms, with as few walls as possible.  The model
 * is the museum's (its visibility constraint on the numbered rooms) with
 * a variable z = the number of walls (a count constraint, exact) and the
 * objective: minimise z.  Generator: random walls, their numbers, a share
 * of the numbers kept (the drawn walls are one solution, so there is
 * always one).  Format and rules: docs/puzzles.md. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "museum.h"

/* ---- the count constraint: z = the number of 0/1 variables at 1 ---------
 *
 * Scope: the walls w_0..w_{k-1}, then z.  With `ones` walls fixed to 1 and
 * `open` walls undecided, z can take exactly the values ones..ones+open
 * (any count between is reached by some setting of the undecided walls),
 * and a wall value is supported iff some z value agrees: so pruning z to
 * [ones, ones + open], and when z's max is `ones` every undecided wall to
 * 0, when z's min is ones + open every one to 1, is exact (GAC) on the
 * walls and bounds-exact on z (whose inner values all have supports). */

static void count_state(const csp *p, const csp_con *c, int *ones, int *open) {
    *ones = *open = 0;
    for (int i = 0; i < c->arity - 1; i++) {
        int v = c->scope[i];
        if (!csp_single(p, v))
            (*open)++;
        else
            *ones += csp_min(p, v) == 1;
    }
}

static int count_propagate(csp *p, csp_con *c) {
    int ones, open, z = c->scope[c->arity - 1], result = CSP_NOCHANGE, r;
    count_state(p, c, &ones, &open);
    if ((r = csp_remove_below(p, z, ones)) == CSP_WIPEOUT) return r;
    result |= r == CSP_CHANGED;
    if ((r = csp_remove_above(p, z, ones + open)) == CSP_WIPEOUT) return r;
    result |= r == CSP_CHANGED;
    int fill = csp_max(p, z) == ones ? 0 : csp_min(p, z) == ones + open ? 1 : -1;
    if (fill >= 0 && open > 0) {
        for (int i = 0; i < c->arity - 1; i++)
            if (!csp_single(p, c->scope[i]) && csp_keep(p, c->scope[i], fill) == CSP_WIPEOUT)
                return CSP_WIPEOUT;
        result = 1;
        /* z is now fixed to ones (or ones + open): nothing more to prune */
    }
    return result ? CSP_CHANGED : CSP_NOCHANGE;
}

static int count_revise(csp *p, csp_con *c, int pos) {
    (void)pos;
    return count_propagate(p, c);
}

static int count_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    int ones = 0;
    for (int i = 0; i < c->arity - 1; i++) ones += vals[i] == 1;
    return vals[c->arity - 1] == ones;
}

/* bt: the walls decided so far must leave z a value. */
static int count_partial(const csp *p, const csp_con *c) {
    int ones, open;
    count_state(p, c, &ones, &open);
    int z = c->scope[c->arity - 1];
    return ones <= csp_max(p, z) && ones + open >= csp_min(p, z);
}

static const csp_con_ops gallery_count_ops = {
    .name = "gallery-count",
    .check = count_check,
    .revise = count_revise,
    .propagate = count_propagate,
    .partial = count_partial,
};

/* ---- parsing --------------------------------------------------------------- */

static void gal_destroy(void *p) {
    mus_inst *in = p;
    if (!in) return;
    FREEN(in->m, (size_t)in->n * (size_t)in->n);
    xfree(in, sizeof *in);
}

static mus_inst *gal_new(int n) {
    mus_inst *in = xcalloc(1, sizeof *in);
    in->n = n;
    in->m = NEWN((size_t)(n * n), int);
    return in;
}

/* The museum's format, with '.' for a room without a number (m = 0). */
static void *gal_parse(lexer *lx, diag *d) {
    token t[MUS_MAX_N + 1];
    int ntok = lex_line(lx, t, MUS_MAX_N + 1);
    long n;
    if (ntok == 0) {
        diag_at(d, lx->path, lex_last_line(lx), 0,
                "expected the gallery size n, found an empty file");
        return NULL;
    }
    if (lex_int(lx, &t[0], 2, MUS_MAX_N, "the gallery size n", &n, d)) return NULL;
    if (ntok != 1) {
        lex_expected(lx, &t[1], "the end of the line after the size n", d);
        return NULL;
    }
    mus_inst *in = gal_new((int)n);
    for (int i = 0; i < n; i++) {
        ntok = lex_line(lx, t, MUS_MAX_N + 1);
        if (ntok != n) {
            if (ntok == 0)
                diag_at(d, lx->path, lex_last_line(lx), 0,
                        "expected row %d of %ld (%ld numbers or '.'), found the end of the file",
                        i + 1, n, n);
            else
                diag_at(d, lx->path, t[0].line, 0,
                        "expected row %d of %ld numbers or '.', found %d", i + 1, n, ntok);
            goto fail;
        }
        for (int j = 0; j < n; j++) {
            long v = 0;
            if (!(t[j].len == 1 && t[j].s[0] == '.') &&
                lex_int(lx, &t[j], 1, MUS_MAX_NUMBER, "a room number or '.'", &v, d))
                goto fail;
            in->m[i * n + j] = (int)v;
        }
    }
    if (lex_line(lx, t, 1) > 0) {
        lex_expected(lx, &t[0], "the end of the file after the n rows", d);
        goto fail;
    }
    return in;
fail:
    gal_destroy(in);
    return NULL;
}

/* ---- the rules (verifier, objective, generator: no CSP involved) ------------ */

/* Rooms seen from (i,j) with the walls w, itself included. */
static int gal_seen(int n, const int *w, int i, int j) {
    int walls[MUS_MAX_N], seen = 1;
    for (int a = 0; a < 4; a++) {
        int len = mus_arm(n, i, j, a, walls), k = 0;
        while (k < len && w[walls[k]] == 0) k++;
        seen += k;
    }
    return seen;
}

static int gal_verify(const void *inst, const int *sol, size_t len, char *why, size_t why_size) {
    const mus_inst *in = inst;
    int n = in->n;
    if (len != (size_t)mus_nwalls(n)) {
        snprintf(why, why_size, "the wall vector has %zu entries, expected %d", len, mus_nwalls(n));
        return 0;
    }
    for (size_t k = 0; k < len; k++)
        if (sol[k] != 0 && sol[k] != 1) {
            snprintf(why, why_size, "wall %zu is %d, expected 0 or 1", k, sol[k]);
            return 0;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int want = in->m[i * n + j], s = gal_seen(n, sol, i, j);
            if (want && s != want) {
                snprintf(why, why_size, "room (%d,%d) sees %d rooms, its number is %d", i, j, s,
                         want);
                return 0;
            }
        }
    return 1;
}

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
    scope[nw] = z;
    csp_add_con(p, &gallery_count_ops, scope, nw + 1, NULL, 0);
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

/* The museum's drawing, '.' for a room without a number. */
static void gal_draw(const mus_inst *in, const int *w, FILE *out) {
    int n = in->n, width = 2, h = n * (n - 1);
    for (int k = 0; k < n * n; k++) {
        int dgt = snprintf(NULL, 0, "%d", in->m[k]);
        if (dgt > width) width = dgt;
    }
    for (int i = 0; i <= n; i++) {
        for (int j = 0; j < n; j++) {
            int wall = i == 0 || i == n || w[h + j + (i - 1) * n];
            fputc('+', out);
            for (int k = 0; k <= width; k++) fputc(wall ? '-' : ' ', out);
        }
        fputs("+\n", out);
        if (i == n) break;
        fputc('|', out);
        for (int j = 0; j < n; j++) {
            char cell = j == n - 1 || w[i + j * n] ? '|' : ' ';
            if (in->m[i * n + j])
                fprintf(out, "%*d %c", width, in->m[i * n + j], cell);
            else
                fprintf(out, "%*s %c", width, ".", cell);
        }
        fputc('\n', out);
    }
}

static void gal_print(const void *inst, const int *sol, size_t len, int drawn, FILE *out) {
    int64_t walls;
    gal_objective(inst, sol, len, &walls);
    if (drawn) {
        gal_draw(inst, sol, out);
        fprintf(out, "walls: %lld\n", (long long)walls);
        return;
    }
    for (size_t k = 0; k < len; k++) fputc('0' + sol[k], out);
    fputc('\n', out);
}

static void gal_print_json(const void *inst, const int *sol, size_t len, FILE *out) {
    (void)inst;
    fputc('"', out);
    for (size_t k = 0; k < len; k++) fputc('0' + sol[k], out);
    fputc('"', out);
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
            int seen = gal_seen(n, w, i, j);
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

static int gal_size(const void *inst) { return ((const mus_inst *)inst)->n; }
static size_t gal_sol_cap(const void *inst) {
    return (size_t)mus_nwalls(((const mus_inst *)inst)->n);
}

const puzzle puzzle_gallery = {
    .name = "gallery",
    .ext = "gal",
    .summary = "the museum with the fewest walls (optimisation): numbered rooms see their "
               "number, '.' rooms anything; minimise the walls",
    .default_spec = "gac:var=dom/wdeg",
    .parse = gal_parse,
    .destroy = gal_destroy,
    .size = gal_size,
    .build = gal_build,
    .decode = gal_decode,
    .sol_cap = gal_sol_cap,
    .verify = gal_verify,
    .objective = gal_objective,
    .print = gal_print,
    .print_json = gal_print_json,
    .generate = gal_generate,
};
