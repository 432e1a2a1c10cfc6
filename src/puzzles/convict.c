/* convict.c - the convict's escape as a puzzle module: the .cvt parser,
 * the independent route verifier, printers and the board generator (the
 * search itself is convict_search.c). */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "convict.h"

/* ---- parsing ------------------------------------------------------------- */

static void cvt_destroy(void *p) {
    cvt_inst *in = p;
    if (!in) return;
    FREEN(in->blocked, (size_t)in->rows * (size_t)in->cols);
    xfree(in, sizeof *in);
}

/* The grid uses '#' for walls, which the lexer would take for a comment,
 * so the file is read line by line here: a line that starts with a run
 * of '.' and '#' (then blanks and a comment, or nothing) is a grid row when it starts with '.' or
 * has exactly `cols` characters (so "#.#." is a row of a 4-column prison, while "# a note" or "##"
 * in a wider prison stay comments); any other line is tokenized by the lexer (comments, keywords).
 */
typedef struct cvt_line {
    const char *s;
    size_t len;
    int line;
} cvt_line;

/* The next physical line of lx, blanks trimmed; 0 at the end. */
static int raw_line(lexer *lx, cvt_line *out) {
    if (lx->pos >= lx->len) return 0;
    const char *s = lx->buf + lx->pos, *nl = memchr(s, '\n', lx->len - lx->pos);
    size_t len = nl ? (size_t)(nl - s) : lx->len - lx->pos;
    lx->pos += len + (nl != NULL);
    out->line = lx->line++;
    lx->last = out->line;
    while (len > 0 && strchr(" \t\r\v\f", s[len - 1])) len--;
    while (len > 0 && strchr(" \t\r\v\f", *s)) s++, len--;
    out->s = s, out->len = len;
    return 1;
}

/* If l is a grid row (a run of '.' and '#', optionally followed by blanks
 * and a comment), trims l to the run and returns 1. */
static int is_grid_row(cvt_line *l, int cols) {
    size_t k = 0;
    while (k < l->len && (l->s[k] == '.' || l->s[k] == '#')) k++;
    if (k == 0) return 0;
    if (k < l->len) {
        size_t b = k;
        while (b < l->len && strchr(" \t\r\v\f", l->s[b])) b++;
        if (b == k || l->s[b] != '#') return 0;
    }
    if (l->s[0] != '.' && k != (size_t)cols) return 0;
    l->len = k;
    return 1;
}

static int parse_grid_row(const lexer *lx, const cvt_line *l, int r, cvt_inst *in, diag *d) {
    if (l->len != (size_t)in->cols)
        return diag_at(d, lx->path, l->line, 0,
                       "grid row %d: expected %d cells of '.' or '#', found %zu", r, in->cols,
                       l->len);
    for (int c = 0; c < in->cols; c++) in->blocked[r * in->cols + c] = l->s[c] == '#';
    return 0;
}

/* Reads "KEY R C" (start or exit) into *cell. */
static int parse_cell(const lexer *lx, const token *t, int n, const cvt_inst *in, int *cell,
                      diag *d) {
    long r, c;
    if (n != 3)
        return diag_at(d, lx->path, t[0].line, t[0].col,
                       "expected '%.*s ROW COLUMN' (2 numbers), found %d", (int)t[0].len, t[0].s,
                       n - 1);
    if (lex_int(lx, &t[1], 0, in->rows - 1, "a row", &r, d) ||
        lex_int(lx, &t[2], 0, in->cols - 1, "a column", &c, d))
        return -1;
    *cell = (int)r * in->cols + (int)c;
    return 0;
}

/* The first line: "ROWS COLUMNS". */
static cvt_inst *parse_size(const lexer *lx, const token *t, int n, diag *d) {
    long r, c;
    if (n != 2) {
        diag_at(d, lx->path, t[0].line, 0, "expected 'ROWS COLUMNS' (2 numbers), found %d item%s",
                n, n == 1 ? "" : "s");
        return NULL;
    }
    if (lex_int(lx, &t[0], 1, CVT_MAX_SIDE, "the number of rows", &r, d) ||
        lex_int(lx, &t[1], 1, CVT_MAX_SIDE, "the number of columns", &c, d))
        return NULL;
    if (r * c < 2) {
        diag_at(d, lx->path, t[0].line, t[0].col, "a prison needs at least 2 cells");
        return NULL;
    }
    cvt_inst *in = xcalloc(1, sizeof *in);
    in->rows = (int)r, in->cols = (int)c;
    in->blocked = NEWN((size_t)(r * c), unsigned char);
    in->start = 0;
    in->exit = (int)(r * c - 1);
    return in;
}

/* One non-grid line: the size, or a keyword line before the grid. */
static int parse_keyword(const lexer *lx, const token *t, int n, int row, cvt_inst *in,
                         int *start_line, int *exit_line, diag *d) {
    if (row == 0 && tok_is(&t[0], "start")) {
        *start_line = t[0].line;
        return parse_cell(lx, t, n, in, &in->start, d);
    }
    if (row == 0 && tok_is(&t[0], "exit")) {
        *exit_line = t[0].line;
        return parse_cell(lx, t, n, in, &in->exit, d);
    }
    if (row == 0 && tok_is(&t[0], "rule")) {
        if (n != 2 || !(tok_is(&t[1], "strict") || tok_is(&t[1], "return")))
            return lex_expected(lx, n > 1 ? &t[1] : &t[0], "'rule strict' or 'rule return'", d);
        in->strict = tok_is(&t[1], "strict");
        return 0;
    }
    if (row < in->rows)
        return lex_expected(lx, &t[0], "'start', 'exit', 'rule' or a grid row of '.' and '#'", d);
    return lex_expected(lx, &t[0], "the end of the file (the grid is complete)", d);
}

static void *cvt_parse(lexer *lx, diag *d) {
    token t[8];
    cvt_inst *in = NULL;
    int start_line = 0, exit_line = 0, row = 0;
    cvt_line l;
    while (raw_line(lx, &l)) {
        if (in && row < in->rows && is_grid_row(&l, in->cols)) {
            if (parse_grid_row(lx, &l, row, in, d)) goto fail;
            row++;
            continue;
        }
        lexer sub;
        if (lex_from_memory(&sub, lx->path, l.s, l.len, d)) goto fail;
        sub.line = l.line;
        int n = lex_line(&sub, t, 8), bad = 0;
        if (n > 0 && !in)
            bad = !(in = parse_size(&sub, t, n, d));
        else if (n > 0)
            bad = parse_keyword(&sub, t, n, row, in, &start_line, &exit_line, d) != 0;
        lex_close(&sub);
        if (bad) goto fail;
    }
    if (!in) {
        diag_at(d, lx->path, lex_last_line(lx), 0, "expected 'ROWS COLUMNS', found an empty file");
        return NULL;
    }
    if (row > 0 && row < in->rows) {
        diag_at(d, lx->path, lex_last_line(lx), 0, "expected %d grid rows, found %d (truncated?)",
                in->rows, row);
        goto fail;
    }
    if (in->start == in->exit) {
        diag_at(d, lx->path, exit_line ? exit_line : start_line, 0,
                "the exit must differ from the start");
        goto fail;
    }
    if (in->blocked[in->start] || in->blocked[in->exit]) {
        int bad_start = in->blocked[in->start], x = bad_start ? in->start : in->exit;
        int line = bad_start ? start_line : exit_line;
        diag_at(d, lx->path, line ? line : lex_last_line(lx), 0,
                "the %s cell (%d,%d) is a wall '#'", bad_start ? "start" : "exit", x / in->cols,
                x % in->cols);
        goto fail;
    }
    for (int x = 0; x < in->rows * in->cols; x++) in->nopen += !in->blocked[x];
    return in;
fail:
    cvt_destroy(in);
    return NULL;
}

/* ---- verifier (the rules, straight from the instance) --------------------- */

static int cvt_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size) {
    const cvt_inst *in = inst;
    int ncell = in->rows * in->cols;
    if (n < 2 || sol[0] != in->start || sol[n - 1] != in->exit) {
        snprintf(why, why_size, "the route must run from the start to the exit");
        return 0;
    }
    unsigned char *seen = NEWN((size_t)ncell, unsigned char);
    int ok = 1;
    size_t i;
    for (i = 0; i < n && ok; i++) {
        int x = sol[i];
        if (x < 0 || x >= ncell || in->blocked[x]) {
            snprintf(why, why_size, "step %zu is not an open cell", i);
            ok = 0;
        } else if (i > 0 && abs(x / in->cols - sol[i - 1] / in->cols) +
                                    abs(x % in->cols - sol[i - 1] % in->cols) !=
                                1) {
            snprintf(why, why_size, "step %zu is not next to step %zu", i, i - 1);
            ok = 0;
        } else if (i > 0 && x == in->start && in->strict) {
            snprintf(why, why_size, "step %zu returns to the start under rule strict", i);
            ok = 0;
        } else if (x != in->start && seen[x]) {
            snprintf(why, why_size, "step %zu enters (%d,%d) a second time", i, x / in->cols,
                     x % in->cols);
            ok = 0;
        } else if (x == in->exit && i + 1 != n) {
            snprintf(why, why_size, "the exit is entered before the last step");
            ok = 0;
        }
        if (ok) seen[x] = 1;
    }
    for (int x = 0; x < ncell && ok; x++)
        if (!in->blocked[x] && !seen[x]) {
            snprintf(why, why_size, "cell (%d,%d) is never visited", x / in->cols, x % in->cols);
            ok = 0;
        }
    FREEN(seen, (size_t)ncell);
    return ok;
}

/* ---- printers -------------------------------------------------------------- */

static void print_route(const cvt_inst *in, const int *sol, size_t n, FILE *out) {
    fputs("route:", out);
    for (size_t i = 0; i < n; i++) fprintf(out, " (%d,%d)", sol[i] / in->cols, sol[i] % in->cols);
    fputc('\n', out);
}

/* The prison with the step number (from 1) of each cell's first visit, as
 * the classic program prints it; '#' for walls.  drawn: with borders. */
static void cvt_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out) {
    const cvt_inst *in = inst;
    int ncell = in->rows * in->cols;
    int *order = NEWN((size_t)ncell, int);
    for (size_t i = n; i-- > 0;) order[sol[i]] = (int)i + 1;
    int w = snprintf(NULL, 0, "%zu", n);
    print_route(in, sol, n, out);
    for (int r = 0; r < in->rows; r++) {
        if (drawn) {
            for (int c = 0; c < in->cols; c++) fprintf(out, "+%.*s", w + 2, "------------");
            fputs("+\n|", out);
        }
        for (int c = 0; c < in->cols; c++) {
            int x = r * in->cols + c;
            char cell[16];
            if (in->blocked[x])
                snprintf(cell, sizeof cell, "#");
            else
                snprintf(cell, sizeof cell, "%d", order[x]);
            if (drawn)
                fprintf(out, " %*s |", w, cell);
            else
                fprintf(out, "%s%*s", c ? " " : "", w, cell);
        }
        fputc('\n', out);
    }
    if (drawn) {
        for (int c = 0; c < in->cols; c++) fprintf(out, "+%.*s", w + 2, "------------");
        fputs("+\n", out);
    }
    FREEN(order, (size_t)ncell);
}

static void cvt_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    const cvt_inst *in = inst;
    fputc('[', out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d, %d]", i ? ", " : "", sol[i] / in->cols, sol[i] % in->cols);
    fputc(']', out);
}

/* ---- generator ----------------------------------------------------------- */

/* A board of size x cols (default square) with walls placed at random with
 * probability density (default 0; never on the corners), start north-west,
 * exit south-east, rule return (strict when density2 >= 0.5); kept when the
 * default search finds a route (routes are seldom unique: the puzzle asks
 * for one). */
static int cvt_generate(const puzzle_gen *g, FILE *out, diag *d) {
    int rows = g->size, cols = g->cols > 0 ? g->cols : g->size;
    if (rows < 1 || cols < 1 || rows > CVT_MAX_SIDE || cols > CVT_MAX_SIDE || rows * cols < 2)
        return diag_set(d, "convict boards are 1..%d x 1..%d with at least 2 cells", CVT_MAX_SIDE,
                        CVT_MAX_SIDE);
    double density = g->density < 0 ? 0 : g->density;
    if (density >= 0.9) return diag_set(d, "convict wall density must be below 0.9");
    rng rg;
    rng_seed(&rg, g->seed);
    cvt_inst in = {.rows = rows,
                   .cols = cols,
                   .start = 0,
                   .exit = rows * cols - 1,
                   .strict = g->density2 >= 0.5};
    in.blocked = NEWN((size_t)(rows * cols), unsigned char);
    int found = 0;
    for (int attempt = 0; attempt < 200 && !found; attempt++) {
        in.nopen = 0;
        for (int x = 0; x < rows * cols; x++) {
            in.blocked[x] = x != in.start && x != in.exit && rng_double(&rg) < density;
            in.nopen += !in.blocked[x];
        }
        long k = cvt_count_routes(&in, 1, 2000000);
        found = k >= 1;
    }
    if (found) {
        fprintf(out,
                "# convict's escape, generated: searchlab gen convict --size %d --cols %d "
                "--seed %llu --density %g%s\n%d %d\nstart 0 0\nexit %d %d\nrule %s\n",
                rows, cols, (unsigned long long)g->seed, density, in.strict ? " --density2 1" : "",
                rows, cols, rows - 1, cols - 1, in.strict ? "strict" : "return");
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) fputc(in.blocked[r * cols + c] ? '#' : '.', out);
            fputc('\n', out);
        }
    }
    FREEN(in.blocked, (size_t)(rows * cols));
    return found ? 0 : diag_set(d, "no solvable %dx%d board found in 200 attempts", rows, cols);
}

/* ---- the table ----------------------------------------------------------- */

static int cvt_size(const void *inst) { return ((const cvt_inst *)inst)->rows; }
static size_t cvt_sol_cap(const void *inst) { return cvt_route_cap(inst); }

const puzzle puzzle_convict = {
    .name = "convict",
    .ext = "cvt",
    .summary = "the convict's escape: a route through every cell of the prison",
    .parse = cvt_parse,
    .destroy = cvt_destroy,
    .size = cvt_size,
    .searches = cvt_searches,
    .sol_cap = cvt_sol_cap,
    .verify = cvt_verify,
    .print = cvt_print,
    .print_json = cvt_print_json,
    .generate = cvt_generate,
};
