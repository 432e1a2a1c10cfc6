/* aquarium.c - aquarium as a puzzle module: the two input forms (.aq
 * sections, puzzle-aquarium.com task strings; told apart by the ';' of a
 * task string), the independent verifier, printers and the generator.
 * The CSP models are in aquarium_model.c. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "aquarium.h"

/* ---- the instance ---------------------------------------------------------- */

aq_inst *aq_new(int rows, int cols) {
    aq_inst *in = xcalloc(1, sizeof *in);
    in->rows = rows, in->cols = cols;
    in->region = NEWN((size_t)(rows * cols), int);
    in->row_clue = NEWN((size_t)rows, int);
    in->col_clue = NEWN((size_t)cols, int);
    return in;
}

void aq_destroy(void *p) {
    aq_inst *in = p;
    if (!in) return;
    size_t n = (size_t)in->rows * (size_t)in->cols;
    FREEN(in->region, n);
    FREEN(in->row_clue, (size_t)in->rows);
    FREEN(in->col_clue, (size_t)in->cols);
    if (in->solution) FREEN(in->solution, n);
    if (in->top) FREEN(in->top, (size_t)in->nreg);
    if (in->bottom) FREEN(in->bottom, (size_t)in->nreg);
    xfree(in, sizeof *in);
}

/* Region labels -> ids in order of first appearance (labels point into the
 * lexer's buffer; cells are at most AQ_MAX_SIDE^2, so a scan is enough). */
struct aq_labels {
    token *lab;
    int n;
};

static int aq_intern(aq_labels *L, const token *t) {
    for (int i = 0; i < L->n; i++)
        if (L->lab[i].len == t->len && memcmp(L->lab[i].s, t->s, t->len) == 0) return i;
    L->lab[L->n] = *t;
    return L->n++;
}

/* (aquarium.h) where[x] locates cell x's label for the message. */
int aq_finish(aq_inst *in, int nreg, const aq_labels *L, const token *where, const lexer *lx,
              diag *d) {
    int n = in->rows * in->cols;
    if (in->top) FREEN(in->top, (size_t)in->nreg);
    if (in->bottom) FREEN(in->bottom, (size_t)in->nreg);
    in->nreg = nreg;
    in->top = NEWN((size_t)nreg, int);
    in->bottom = NEWN((size_t)nreg, int);
    int *size = NEWN((size_t)nreg, int), *queue = NEWN((size_t)n, int);
    unsigned char *seen = NEWN((size_t)n, unsigned char);
    for (int a = 0; a < nreg; a++) in->top[a] = in->rows;
    for (int x = 0; x < n; x++) {
        int a = in->region[x], r = x / in->cols;
        size[a]++;
        if (r < in->top[a]) in->top[a] = r;
        if (r > in->bottom[a]) in->bottom[a] = r;
    }
    int bad = -1;
    for (int x = 0; x < n && bad < 0; x++) {
        if (seen[x]) continue;
        int a = in->region[x], head = 0, tail = 0;
        queue[tail++] = x;
        seen[x] = 1;
        while (head < tail) {
            int y = queue[head++], r = y / in->cols, c = y % in->cols;
            int nb[4] = {r > 0 ? y - in->cols : -1, r + 1 < in->rows ? y + in->cols : -1,
                         c > 0 ? y - 1 : -1, c + 1 < in->cols ? y + 1 : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && !seen[nb[k]] && in->region[nb[k]] == a) {
                    seen[nb[k]] = 1;
                    queue[tail++] = nb[k];
                }
        }
        if (tail != size[a]) /* another cell of a was not reached */
            for (int y = x + 1; y < n && bad < 0; y++)
                if (in->region[y] == a && !seen[y]) bad = y;
    }
    FREEN(size, (size_t)nreg);
    FREEN(queue, (size_t)n);
    FREEN(seen, (size_t)n);
    if (bad < 0) return 0;
    if (!lx) return -1;
    char shown[64];
    return diag_at(d, lx->path, where[bad].line, where[bad].col,
                   "region '%s' is not 4-connected: cell (%d,%d) is cut off from its other cells",
                   tok_show(&L->lab[in->region[bad]], shown, sizeof shown), bad / in->cols,
                   bad % in->cols);
}

/* A clue: an integer 0..hi or '-' (none). */
static int aq_clue(const lexer *lx, const token *t, int hi, const char *what, int *out, diag *d) {
    long v;
    if (tok_is(t, "-")) {
        *out = -1;
        return 0;
    }
    if (lex_int(lx, t, 0, hi, what, &v, d)) return -1;
    *out = (int)v;
    return 0;
}

/* ---- the puzzle-aquarium.com task string ---------------------------------- */

/* Splits t at sep into items (tokens located inside t); returns the count
 * (items beyond max are counted, not stored). */
static int split(const token *t, char sep, token *items, int max) {
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= t->len; i++)
        if (i == t->len || t->s[i] == sep) {
            if (n < max) items[n] = (token){t->s + start, i - start, t->line, t->col + (int)start};
            n++;
            start = i + 1;
        }
    return n;
}

static void *aq_parse_task(lexer *lx, const token *t, diag *d) {
    const char *semi = memchr(t->s, ';', t->len);
    token left = {t->s, (size_t)(semi - t->s), t->line, t->col};
    token right = {semi + 1, t->len - left.len - 1, t->line, t->col + (int)left.len + 1};
    int max_cells = AQ_MAX_SIDE * AQ_MAX_SIDE;
    token *clues = NEWN(2 * AQ_MAX_SIDE, token), *ids = NEWN((size_t)max_cells, token);
    aq_inst *in = NULL;
    aq_labels L = {NEWN((size_t)max_cells, token), 0};
    int nclues = split(&left, '_', clues, 2 * AQ_MAX_SIDE);
    int nids = split(&right, ',', ids, max_cells);
    int n = nclues / 2;
    if (nclues % 2 || n < 1 || n > AQ_MAX_SIDE) {
        diag_at(
            d, lx->path, t->line, t->col,
            "task string: expected 2N clues separated by '_' before ';' (N from 1 to %d), found %d",
            AQ_MAX_SIDE, nclues);
        goto fail;
    }
    if (nids != n * n) {
        diag_at(d, lx->path, right.line, right.col,
                "task string: expected %d region ids separated by ',' after ';' (a %dx%d board), "
                "found %d",
                n * n, n, n, nids);
        goto fail;
    }
    in = aq_new(n, n);
    for (int i = 0; i < 2 * n; i++)
        if (aq_clue(lx, &clues[i], n, i < n ? "a column clue" : "a row clue",
                    i < n ? &in->col_clue[i] : &in->row_clue[i - n], d))
            goto fail;
    for (int x = 0; x < n * n; x++) {
        if (ids[x].len == 0) {
            lex_expected(lx, &ids[x], "a region id", d);
            goto fail;
        }
        in->region[x] = aq_intern(&L, &ids[x]);
    }
    if (lex_line(lx, &left, 1) > 0) {
        lex_expected(lx, &left, "the end of the file after the task string", d);
        goto fail;
    }
    if (aq_finish(in, L.n, &L, ids, lx, d)) goto fail;
    goto done;
fail:
    aq_destroy(in);
    in = NULL;
done:
    FREEN(clues, 2 * AQ_MAX_SIDE);
    FREEN(ids, (size_t)max_cells);
    FREEN(L.lab, (size_t)max_cells);
    return in;
}

/* ---- the .aq sections -------------------------------------------------------- */

static int aq_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size);

/* One solution row: one token of cols characters or cols one-character
 * tokens, each '~' (water) or '.' (empty). */
static int aq_solution_row(const lexer *lx, const token *t, int n, int r, aq_inst *in, diag *d) {
    int c = 0;
    for (int i = 0; i < n && i <= in->cols; i++)
        for (size_t k = 0; k < t[i].len; k++, c++) {
            char ch = t[i].s[k];
            if (c >= in->cols || (ch != '~' && ch != '.')) {
                token at = {t[i].s + k, t[i].len - k, t[i].line, t[i].col + (int)k};
                return lex_expected(lx, &at,
                                    c >= in->cols ? "no more cells in this solution row"
                                                  : "'~' (water) or '.' (empty)",
                                    d);
            }
            in->solution[r * in->cols + c] = ch == '~';
        }
    if (c != in->cols)
        return diag_at(d, lx->path, t[0].line, 0, "solution row %d: expected %d cells, found %d", r,
                       in->cols, c);
    return 0;
}

static void *aq_parse_sections(lexer *lx, token *t, int ntok, diag *d) {
    long rows, cols;
    if (!tok_is(&t[0], "size") || ntok != 3) {
        lex_expected(lx, &t[0], "'size ROWS COLUMNS' or a puzzle-aquarium.com task string", d);
        return NULL;
    }
    if (lex_int(lx, &t[1], 1, AQ_MAX_SIDE, "the number of rows", &rows, d) ||
        lex_int(lx, &t[2], 1, AQ_MAX_SIDE, "the number of columns", &cols, d))
        return NULL;
    aq_inst *in = aq_new((int)rows, (int)cols);
    size_t ncell = (size_t)(rows * cols);
    token *where = NEWN(ncell, token);
    aq_labels L = {NEWN(ncell, token), 0};
    int have_rows = 0, have_cols = 0, have_regions = 0;
    while ((ntok = lex_line(lx, t, AQ_MAX_SIDE + 2)) > 0) {
        int is_cols = tok_is(&t[0], "cols"), is_rows = tok_is(&t[0], "rows");
        if (is_cols || is_rows) {
            int want = is_cols ? (int)cols : (int)rows;
            if ((is_cols && have_cols) || (is_rows && have_rows)) {
                lex_expected(lx, &t[0], "each section once", d);
                goto fail;
            }
            if (ntok != want + 1) {
                diag_at(d, lx->path, t[0].line, 0,
                        "expected %d %s clues (numbers or '-'), found %d", want,
                        is_cols ? "column" : "row", ntok - 1);
                goto fail;
            }
            for (int i = 0; i < want; i++)
                if (aq_clue(lx, &t[i + 1], is_cols ? (int)rows : (int)cols,
                            is_cols ? "a column clue" : "a row clue",
                            is_cols ? &in->col_clue[i] : &in->row_clue[i], d))
                    goto fail;
            have_cols |= is_cols, have_rows |= is_rows;
        } else if (tok_is(&t[0], "regions") || tok_is(&t[0], "solution")) {
            int is_sol = tok_is(&t[0], "solution");
            if (ntok != 1 || (is_sol ? in->solution != NULL : have_regions)) {
                lex_expected(lx, ntok != 1 ? &t[1] : &t[0],
                             ntok != 1 ? "the rows on the lines below the section name"
                                       : "each section once",
                             d);
                goto fail;
            }
            if (is_sol) in->solution = NEWN(ncell, int);
            for (int r = 0; r < rows; r++) {
                ntok = lex_line(lx, t, AQ_MAX_SIDE + 2);
                if (ntok == 0) {
                    diag_at(d, lx->path, lex_last_line(lx), 0,
                            "expected %s row %d of %ld, found the end of the file",
                            is_sol ? "solution" : "region", r + 1, rows);
                    goto fail;
                }
                if (is_sol) {
                    if (aq_solution_row(lx, t, ntok, r, in, d)) goto fail;
                    continue;
                }
                if (ntok != cols) {
                    diag_at(d, lx->path, t[0].line, 0,
                            "expected %ld region labels in region row %d, found %d", cols, r + 1,
                            ntok);
                    goto fail;
                }
                for (int c = 0; c < cols; c++) {
                    where[r * cols + c] = t[c];
                    in->region[r * cols + c] = aq_intern(&L, &t[c]);
                }
            }
            have_regions |= !is_sol;
        } else {
            lex_expected(lx, &t[0], "'cols', 'rows', 'regions' or 'solution'", d);
            goto fail;
        }
    }
    if (!have_cols || !have_rows || !have_regions) {
        diag_at(d, lx->path, lex_last_line(lx), 0,
                "expected a '%s' section, found the end of the file",
                !have_cols   ? "cols"
                : !have_rows ? "rows"
                             : "regions");
        goto fail;
    }
    if (aq_finish(in, L.n, &L, where, lx, d)) goto fail;
    char why[200];
    if (in->solution && !aq_verify(in, in->solution, ncell, why, sizeof why)) {
        diag_at(d, lx->path, 0, 0, "the solution section breaks the rules: %s", why);
        goto fail;
    }
    goto done;
fail:
    aq_destroy(in);
    in = NULL;
done:
    FREEN(where, ncell);
    FREEN(L.lab, ncell);
    return in;
}

static void *aq_parse(lexer *lx, diag *d) {
    token t[AQ_MAX_SIDE + 2];
    int ntok = lex_line(lx, t, AQ_MAX_SIDE + 2);
    if (ntok == 0) {
        diag_at(d, lx->path, lex_last_line(lx), 0,
                "expected 'size ROWS COLUMNS' or a task string, found an empty file");
        return NULL;
    }
    if (memchr(t[0].s, ';', t[0].len)) {
        if (ntok != 1) {
            lex_expected(lx, &t[1], "the end of the line after the task string", d);
            return NULL;
        }
        return aq_parse_task(lx, &t[0], d);
    }
    return aq_parse_sections(lx, t, ntok, d);
}

/* ---- verifier (the rules, straight from the instance) ---------------------- */

/* The rules only: a 0/1 per cell, one level per aquarium, the clues.  A
 * file's own solution section is held to them when it is parsed; an
 * answer that differs from a valid given one means the puzzle has two
 * solutions, not that the solver is wrong, so it is no verifier failure. */
static int aq_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size) {
    const aq_inst *in = inst;
    int R = in->rows, C = in->cols;
    if (n != (size_t)(R * C)) {
        snprintf(why, why_size, "%zu cells, expected %d", n, R * C);
        return 0;
    }
    for (int x = 0; x < R * C; x++) {
        if (sol[x] != 0 && sol[x] != 1) {
            snprintf(why, why_size, "cell (%d,%d) is %d, expected 0 or 1", x / C, x % C, sol[x]);
            return 0;
        }
        /* water needs water beside it in its aquarium's row and below it
         * anywhere in its aquarium: compare with every cell of the region */
        for (int y = 0; y < R * C && sol[x]; y++)
            if (in->region[y] == in->region[x] && y / C >= x / C && !sol[y]) {
                snprintf(why, why_size, "cell (%d,%d) is water but (%d,%d) of its aquarium is not",
                         x / C, x % C, y / C, y % C);
                return 0;
            }
    }
    for (int line = 0; line < R + C; line++) {
        int is_row = line < R, k = is_row ? line : line - R;
        int clue = is_row ? in->row_clue[k] : in->col_clue[k], sum = 0;
        for (int i = 0; i < (is_row ? C : R); i++) sum += sol[is_row ? k * C + i : i * C + k];
        if (clue >= 0 && sum != clue) {
            snprintf(why, why_size, "%s %d holds %d water cells, its clue is %d",
                     is_row ? "row" : "column", k, sum, clue);
            return 0;
        }
    }
    return 1;
}

/* ---- printers ---------------------------------------------------------------- */

/* Plain: R lines of '~' and '.'.  Drawn: the column clues on top, '+---+'
 * borders wherever two cells belong to different aquariums (and around the
 * board), each cell " ~ " or " . ", the row clue after each row. */
static void aq_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out) {
    (void)n;
    const aq_inst *in = inst;
    int R = in->rows, C = in->cols;
    if (!drawn) {
        for (int x = 0; x < R * C; x++) {
            fputc(sol[x] ? '~' : '.', out);
            if (x % C == C - 1) fputc('\n', out);
        }
        return;
    }
    fputc(' ', out);
    for (int c = 0; c < C; c++)
        if (in->col_clue[c] >= 0)
            fprintf(out, "%3d ", in->col_clue[c]);
        else
            fputs("  - ", out);
    fputc('\n', out);
    for (int r = 0; r <= R; r++) {
        for (int c = 0; c < C; c++) {
            int x = r * C + c;
            int border = r == 0 || r == R || in->region[x] != in->region[x - C];
            fputs(border ? "+---" : "+   ", out);
        }
        fputs("+\n", out);
        if (r == R) break;
        fputc('|', out);
        for (int c = 0; c < C; c++) {
            int x = r * C + c;
            int border = c == C - 1 || in->region[x] != in->region[x + 1];
            fprintf(out, " %c %c", sol[x] ? '~' : '.', border ? '|' : ' ');
        }
        if (in->row_clue[r] >= 0)
            fprintf(out, " %d\n", in->row_clue[r]);
        else
            fputs(" -\n", out);
    }
}

static void aq_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    (void)n;
    const aq_inst *in = inst;
    fputc('[', out);
    for (int r = 0; r < in->rows; r++) {
        fputs(r ? ", \"" : "\"", out);
        for (int c = 0; c < in->cols; c++) fputc(sol[r * in->cols + c] ? '~' : '.', out);
        fputc('"', out);
    }
    fputc(']', out);
}

/* ---- the table ---------------------------------------------------------------- */

static int aq_size(const void *inst) { return ((const aq_inst *)inst)->rows; }
static size_t aq_sol_cap(const void *inst) {
    const aq_inst *in = inst;
    return (size_t)(in->rows * in->cols);
}

/* The instance as XCSP3, the "cells" model: x[r][c] = 1 for water,
 * row-major (the solution vector); in each row of an aquarium its cells
 * are equal, water in one row of an aquarium means water in the next one
 * down; each clue is the sum of its line. */
static int aq_write_xcsp3(const void *inst, FILE *out) {
    const aq_inst *in = inst;
    int R = in->rows, C = in->cols;
    fprintf(out,
            "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n"
            "    <array id=\"x\" size=\"[%d][%d]\"> 0 1 </array>\n  </variables>\n"
            "  <constraints>\n",
            R, C);
    for (int a = 0; a < in->nreg; a++) {
        int prev_first = -1; /* first cell of the aquarium in the row above */
        for (int r = in->top[a]; r <= in->bottom[a]; r++) {
            int first = -1;
            for (int c = 0; c < C; c++) {
                if (in->region[r * C + c] != a) continue;
                if (first < 0)
                    first = c;
                else
                    fprintf(out, "    <intension> eq(x[%d][%d],x[%d][%d]) </intension>\n", r, first,
                            r, c);
            }
            if (prev_first >= 0)
                fprintf(out, "    <intension> le(x[%d][%d],x[%d][%d]) </intension>\n", r - 1,
                        prev_first, r, first);
            prev_first = first;
        }
    }
    for (int line = 0; line < R + C; line++) {
        int row = line < R, k = row ? line : line - R,
            clue = row ? in->row_clue[k] : in->col_clue[k];
        int len = row ? C : R;
        if (clue < 0) continue;
        fputs(len > 1 ? "    <intension> eq(add(" : "    <intension> eq(", out);
        for (int i = 0; i < len; i++)
            fprintf(out, "%sx[%d][%d]", i ? "," : "", row ? k : i, row ? i : k);
        fprintf(out, "%s,%d) </intension>\n", len > 1 ? ")" : "", clue);
    }
    fputs("  </constraints>\n</instance>\n", out);
    return ferror(out) ? -1 : 0;
}

const puzzle puzzle_aquarium = {
    .name = "aquarium",
    .ext = "aq",
    .summary = "aquarium: fill aquariums to one level each so that row and column counts match",
    /* plain var=dom is erratic here (past 30 s on some 25x25 boards);
     * dom/wdeg learns which clues are tight (docs/puzzles.md) */
    .default_spec = "gac:var=dom/wdeg",
    .parse = aq_parse,
    .destroy = aq_destroy,
    .size = aq_size,
    .models = aq_models,
    .build = aq_build,
    .decode = aq_decode,
    .sol_cap = aq_sol_cap,
    .verify = aq_verify,
    .print = aq_print,
    .print_json = aq_print_json,
    .generate = aq_generate,
    .write_xcsp3 = aq_write_xcsp3,
};
