/* museum.c - museum walls as a puzzle module: the .mus parser, the two CSP
 * models (walls created in index order or room by room), the independent
 * verifier, printers and the generator.  The room constraint lives in
 * museum_visibility.c. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "museum.h"

/* ---- parsing ------------------------------------------------------------- */

void mus_destroy(void *p) {
    mus_inst *in = p;
    if (!in) return;
    FREEN(in->m, (size_t)in->n * (size_t)in->n);
    xfree(in, sizeof *in);
}

static mus_inst *mus_new(int n) {
    mus_inst *in = xcalloc(1, sizeof *in);
    in->n = n;
    in->m = NEWN((size_t)(n * n), int);
    return in;
}

mus_inst *mus_read(lexer *lx, diag *d, const char *what, int free_rooms) {
    token t[MUS_MAX_N + 1];
    int ntok = lex_line(lx, t, MUS_MAX_N + 1);
    long n;
    char size_what[48];
    snprintf(size_what, sizeof size_what, "the %s size n", what);
    const char *numbers = free_rooms ? "numbers or '.'" : "numbers";
    if (ntok == 0) {
        diag_at(d, lx->path, lex_last_line(lx), 0, "expected %s, found an empty file", size_what);
        return NULL;
    }
    if (lex_int(lx, &t[0], 2, MUS_MAX_N, size_what, &n, d)) return NULL;
    if (ntok != 1) {
        lex_expected(lx, &t[1],
                     "the end of the line after the size n (the rows follow on their own lines)",
                     d);
        return NULL;
    }
    mus_inst *in = mus_new((int)n);
    for (int i = 0; i < n; i++) {
        ntok = lex_line(lx, t, MUS_MAX_N + 1);
        if (ntok != n) {
            if (ntok == 0)
                diag_at(d, lx->path, lex_last_line(lx), 0,
                        "expected row %d of %ld (%ld %s), found the end of the file", i + 1, n, n,
                        numbers);
            else
                diag_at(d, lx->path, t[0].line, 0, "expected row %d of %ld %s, found %d", i + 1, n,
                        numbers, ntok);
            goto fail;
        }
        for (int j = 0; j < n; j++) {
            long v = 0; /* '.': no number (0), where free_rooms allows it */
            if (!(free_rooms && t[j].len == 1 && t[j].s[0] == '.') &&
                lex_int(lx, &t[j], 1, MUS_MAX_NUMBER,
                        free_rooms ? "a room number or '.'" : "a room number", &v, d))
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
    mus_destroy(in);
    return NULL;
}

static void *mus_parse(lexer *lx, diag *d) { return mus_read(lx, d, "museum", 0); }

/* ---- the rules (verifier and generator; no CSP involved) ------------------ */

int mus_seen(int n, const int *w, int i, int j) {
    int walls[MUS_MAX_N], seen = 1;
    for (int a = 0; a < 4; a++) {
        int len = mus_arm(n, i, j, a, walls), k = 0;
        while (k < len && w[walls[k]] == 0) k++;
        seen += k;
    }
    return seen;
}

int mus_verify(const void *inst, const int *sol, size_t len, char *why, size_t why_size) {
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
            int want = in->m[i * n + j], s = mus_seen(n, sol, i, j);
            if (want && s != want) { /* 0: a room without a number (gallery) */
                snprintf(why, why_size, "room (%d,%d) sees %d rooms, its number is %d", i, j, s,
                         want);
                return 0;
            }
        }
    return 1;
}

/* ---- models -------------------------------------------------------------- */

static const char *const mus_models[] = {"index", "rooms", NULL};
enum { MUS_MODEL_INDEX, MUS_MODEL_ROOMS };

/* var_of[w] = the variable of wall w in the model: index order, or room by
 * room in row-major order (each room's walls not yet created: up, left,
 * right, down). */
static void mus_var_order(int n, int model, int *var_of) {
    int nw = mus_nwalls(n);
    if (model == MUS_MODEL_INDEX) {
        for (int w = 0; w < nw; w++) var_of[w] = w;
        return;
    }
    for (int w = 0; w < nw; w++) var_of[w] = -1;
    int next = 0, walls[MUS_MAX_N];
    static const int order[4] = {MUS_UP, MUS_LEFT, MUS_RIGHT, MUS_DOWN};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int a = 0; a < 4; a++)
                if (mus_arm(n, i, j, order[a], walls) > 0 && var_of[walls[0]] < 0)
                    var_of[walls[0]] = next++;
}

static csp *mus_build(const void *inst, const puzzle_model *m, diag *d) {
    (void)d;
    const mus_inst *in = inst;
    int model = m->index;
    int n = in->n, nw = mus_nwalls(n);
    int *var_of = NEWN((size_t)nw, int), *wall_of = NEWN((size_t)nw, int);
    mus_var_order(n, model, var_of);
    for (int w = 0; w < nw; w++) wall_of[var_of[w]] = w;
    csp *p = csp_new();
    for (int v = 0; v < nw; v++) {
        char name[32];
        int w = wall_of[v];
        snprintf(name, sizeof name, "w%d", w);
        csp_add_var(p, 0, 1, name);
    }
    int scope[4 * MUS_MAX_N], walls[MUS_MAX_N];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            mus_vis_data vd = {.target = in->m[i * n + j]};
            int arity = 0;
            for (int a = 0; a < 4; a++) {
                vd.len[a] = mus_arm(n, i, j, a, walls);
                for (int k = 0; k < vd.len[a]; k++) scope[arity++] = var_of[walls[k]];
            }
            csp_add_con(p, &mus_visibility_ops, scope, arity, &vd, sizeof vd);
        }
    FREEN(var_of, (size_t)nw);
    FREEN(wall_of, (size_t)nw);
    return p;
}

static size_t mus_decode(const void *inst, int model, const csp *p, int *sol) {
    const mus_inst *in = inst;
    int nw = mus_nwalls(in->n);
    int *var_of = NEWN((size_t)nw, int);
    mus_var_order(in->n, model, var_of);
    for (int w = 0; w < nw; w++) {
        int v = var_of[w];
        sol[w] = csp_min(p, v);
    }
    FREEN(var_of, (size_t)nw);
    return (size_t)nw;
}

/* ---- printers -------------------------------------------------------------- */

/* The drawing: '+' at the corners, "---" for a wall between vertically
 * adjacent rooms, '|' for a wall between horizontally adjacent ones, blanks
 * for open passages; the outer boundary is always walled.  Each room shows
 * its number. */
void mus_draw(const mus_inst *in, const int *w, FILE *out) {
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
            else /* a room without a number (gallery) */
                fprintf(out, "%*s %c", width, ".", cell);
        }
        fputc('\n', out);
    }
}

static void mus_print(const void *inst, const int *sol, size_t len, int drawn, FILE *out) {
    if (drawn) {
        mus_draw(inst, sol, out);
        return;
    }
    for (size_t k = 0; k < len; k++) fputc('0' + sol[k], out);
    fputc('\n', out);
}

void mus_print_json(const void *inst, const int *sol, size_t len, FILE *out) {
    (void)inst;
    fputc('"', out);
    for (size_t k = 0; k < len; k++) fputc('0' + sol[k], out);
    fputc('"', out);
}

/* ---- generator ----------------------------------------------------------- */

/* Random walls (each interior wall with probability density, default 0.5),
 * the numbers computed from them, kept when the solution is unique. */
static int mus_generate(const puzzle_gen *g, FILE *out, diag *d) {
    int n = g->size;
    if (n < 2 || n > MUS_MAX_N || (g->cols > 0 && g->cols != n))
        return diag_set(d, "museum boards are square, n from 2 to %d", MUS_MAX_N);
    double density = g->density < 0 ? 0.5 : g->density;
    if (density > 1) return diag_set(d, "museum wall density must be from 0 to 1");
    rng rg;
    rng_seed(&rg, g->seed);
    int nw = mus_nwalls(n);
    int *w = NEWN((size_t)nw, int);
    mus_inst *in = mus_new(n);
    int found = 0, attempt;
    for (attempt = 0; attempt < 2000 && !found; attempt++) {
        for (int k = 0; k < nw; k++) w[k] = rng_double(&rg) < density;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) in->m[i * n + j] = mus_seen(n, w, i, j);
        found = puzzle_count_solutions(&puzzle_museum, in, NULL, 2, 5000000, NULL) == 1;
    }
    if (found) {
        fprintf(out,
                "# museum walls, generated: searchlab gen museum --size %d --seed %llu "
                "--density %g (attempt %d)\n# unique solution: ",
                n, (unsigned long long)g->seed, density, attempt);
        for (int k = 0; k < nw; k++) fputc('0' + w[k], out);
        fprintf(out, "\n%d\n", n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                fprintf(out, "%d%c", in->m[i * n + j], j == n - 1 ? '\n' : ' ');
    }
    FREEN(w, (size_t)nw);
    mus_destroy(in);
    return found ? 0 : diag_set(d, "no museum with a unique solution found in 2000 attempts");
}

/* ---- the table ----------------------------------------------------------- */

int mus_size(const void *inst) { return ((const mus_inst *)inst)->n; }
size_t mus_sol_cap(const void *inst) { return (size_t)mus_nwalls(((const mus_inst *)inst)->n); }

/* The open-prefix length of one arm of walls w[0..k-1] (nearest first):
 * o1 + o1*o2 + ... = mul(sub(1,w1), add(1, ...)) as XCSP3 text. */
static void mus_arm_xcsp3(const int *w, int k, FILE *out) {
    for (int i = 0; i < k; i++) {
        if (i + 1 < k)
            fprintf(out, "mul(sub(1,w[%d]),add(1,", w[i]);
        else
            fprintf(out, "sub(1,w[%d])", w[i]);
    }
    for (int i = 0; i + 1 < k; i++) fputs("))", out);
}

/* The instance as XCSP3: w[] the wall vector (1 = wall) in the spec's
 * order, one intension per room: 1 + the open prefix of each arm = M. */
static int mus_write_xcsp3(const void *inst, FILE *out) {
    const mus_inst *m = inst;
    int n = m->n, walls[MUS_MAX_N];
    fputs("<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n", out);
    if (mus_nwalls(n))
        fprintf(out, "    <array id=\"w\" size=\"[%d]\"> 0 1 </array>\n", mus_nwalls(n));
    fputs("  </variables>\n  <constraints>\n", out);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            fputs("    <intension> eq(add(1", out);
            for (int arm = MUS_LEFT; arm <= MUS_DOWN; arm++) {
                int k = mus_arm(n, i, j, arm, walls);
                if (!k) continue;
                fputc(',', out);
                mus_arm_xcsp3(walls, k, out);
            }
            fprintf(out, ",0),%d) </intension>\n", m->m[i * n + j]);
        }
    fputs("  </constraints>\n</instance>\n", out);
    return ferror(out) ? -1 : 0;
}

const puzzle puzzle_museum = {
    .name = "museum",
    .ext = "mus",
    .summary = "museum walls: place the walls so that each room sees its number of rooms",
    .parse = mus_parse,
    .destroy = mus_destroy,
    .size = mus_size,
    .models = mus_models,
    .build = mus_build,
    .decode = mus_decode,
    .sol_cap = mus_sol_cap,
    .verify = mus_verify,
    .print = mus_print,
    .print_json = mus_print_json,
    .generate = mus_generate,
    .write_xcsp3 = mus_write_xcsp3,
};
