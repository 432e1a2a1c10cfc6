/* futoshiki.c - Futoshiki: parser of the .fut format, the CSP model
 * (rows and columns as all-different groups at the spec's `alldiff=`
 * level, inequalities as <), an independent
 * verifier, printers and a generator of unique puzzles.
 *
 * The solution vector holds the n*n digits row by row. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "puzzle.h"

extern const puzzle puzzle_futoshiki;

/* Domains are 64-bit sets, so n is at most 64 (the spec asks >= 32). */
#define FUT_MAX_N 64

typedef struct fut_ineq {
    int r1, c1, r2, c2; /* (r1,c1) < (r2,c2) */
} fut_ineq;

typedef struct fut {
    int n;
    int *grid; /* n*n givens, 0 for empty */
    fut_ineq *ineq;
    size_t m, cap;
} fut;

static void fut_destroy(void *vi) {
    fut *f = vi;
    if (!f) return;
    FREEN(f->grid, (size_t)f->n * f->n);
    if (f->ineq) FREEN(f->ineq, f->cap);
    FREEN(f, 1);
}

/* ==== parsing ============================================================= */

static int parse_grid(lexer *lx, fut *f, diag *d) {
    int n = f->n;
    token t[FUT_MAX_N + 1];
    for (int r = 0; r < n; r++) {
        int k = lex_line(lx, t, FUT_MAX_N + 1);
        if (k == 0)
            return diag_at(d, lx->path, lex_last_line(lx) + 1, 0,
                           "expected row %d of the grid (%d numbers), found the end of the file",
                           r + 1, n);
        if (k != n)
            return diag_at(d, lx->path, t[0].line, 0,
                           "expected row %d of the grid with %d numbers (0 for empty), found %d",
                           r + 1, n, k);
        for (int c = 0; c < n; c++) {
            long v;
            if (lex_int(lx, &t[c], 0, n, "a digit (0 for an empty cell)", &v, d)) return -1;
            f->grid[r * n + c] = (int)v;
            /* a given repeated in its row or column has no solution: say so */
            for (int k2 = 0; v && k2 < c; k2++)
                if (f->grid[r * n + k2] == v)
                    return diag_at(d, lx->path, t[c].line, t[c].col,
                                   "duplicate given %ld in row %d (also in column %d)", v, r, k2);
            for (int k2 = 0; v && k2 < r; k2++)
                if (f->grid[k2 * n + c] == v)
                    return diag_at(d, lx->path, t[c].line, t[c].col,
                                   "duplicate given %ld in column %d (also in row %d)", v, c, k2);
        }
    }
    return 0;
}

static int parse_ineq(lexer *lx, const token *t, int k, fut *f, diag *d) {
    if (k != 4 && k != 5)
        return diag_at(d, lx->path, t[0].line, 0,
                       "expected an inequality 'r1 c1 r2 c2' or 'r1 c1 < r2 c2' (or '>'), "
                       "found %d items",
                       k);
    long v[4];
    const token *num[4] = {&t[0], &t[1], &t[k - 2], &t[k - 1]};
    static const char *const what[4] = {"a row", "a column", "a row", "a column"};
    for (int i = 0; i < 4; i++)
        if (lex_int(lx, num[i], 0, f->n - 1, what[i], &v[i], d)) return -1;
    int flip = 0;
    if (k == 5) {
        if (tok_is(&t[2], ">"))
            flip = 1;
        else if (!tok_is(&t[2], "<"))
            return lex_expected(lx, &t[2], "'<' or '>'", d);
    }
    if (v[0] == v[2] && v[1] == v[3])
        return diag_at(d, lx->path, t[0].line, t[0].col,
                       "inequality between cell (%ld,%ld) and itself", v[0], v[1]);
    GROW(&f->ineq, &f->cap, f->m + 1);
    fut_ineq q = {(int)v[0], (int)v[1], (int)v[2], (int)v[3]};
    if (flip) q = (fut_ineq){q.r2, q.c2, q.r1, q.c1};
    f->ineq[f->m++] = q;
    return 0;
}

static void *fut_parse(lexer *lx, diag *d) {
    token t[FUT_MAX_N + 1];
    int k = lex_line(lx, t, 6);
    if (k == 0) {
        diag_at(d, lx->path, 0, 0, "empty file: expected the board size n");
        return NULL;
    }
    long n;
    if (k != 1) {
        diag_at(d, lx->path, t[0].line, 0,
                "expected the board size n alone on the first line, found %d items", k);
        return NULL;
    }
    if (lex_int(lx, &t[0], 1, FUT_MAX_N, "the board size n", &n, d)) return NULL;
    fut *f = NEWN(1, fut);
    f->n = (int)n;
    f->grid = NEWN((size_t)n * n, int);
    if (parse_grid(lx, f, d)) goto fail;
    long m = -1;
    int count_line = 0;
    while ((k = lex_line(lx, t, 6)) > 0) {
        if (k == 1 && m < 0 && f->m == 0) {
            if (lex_int(lx, &t[0], 0, (long)n * n * 4, "the number of inequalities", &m, d))
                goto fail;
            count_line = t[0].line;
            continue;
        }
        if (m >= 0 && (long)f->m == m) {
            diag_at(d, lx->path, t[0].line, 0,
                    "more inequality lines than the %ld announced on line %d", m, count_line);
            goto fail;
        }
        if (parse_ineq(lx, t, k, f, d)) goto fail;
    }
    if (m >= 0 && (long)f->m != m) {
        diag_at(d, lx->path, lex_last_line(lx), 0,
                "expected %ld inequality lines (announced on line %d), found %zu", m, count_line,
                f->m);
        goto fail;
    }
    return f;
fail:
    fut_destroy(f);
    return NULL;
}

/* ==== model ================================================================ */

/* Cell (r,c) is variable r*n+c.  Row a and column a are posted together
 * as two all-different groups at m's level: at pairwise this adds, for
 * each a, the != of row a's pair (i,j) then column a's, pair by pair,
 * the order the model always had (csp_post_alldiff_groups), so the
 * course's search trees do not change. */
static csp *fut_build(const void *vi, const puzzle_model *m, diag *d) {
    (void)d;
    const fut *f = vi;
    int n = f->n;
    csp *p = csp_new();
    char name[32];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            snprintf(name, sizeof name, "(%d,%d)", r, c);
            int v = csp_add_var(p, 1, n, name);
            if (f->grid[r * n + c]) csp_fix(p, v, f->grid[r * n + c]);
        }
    int groups[2 * FUT_MAX_N];
    for (int a = 0; a < n; a++) {
        for (int i = 0; i < n; i++) groups[i] = a * n + i, groups[n + i] = i * n + a;
        csp_post_alldiff_groups(p, groups, 2, n, m->alldiff); /* no repeats: never fails */
    }
    for (size_t k = 0; k < f->m; k++) {
        const fut_ineq *q = &f->ineq[k];
        csp_add_rel(p, q->r1 * n + q->c1, CSP_REL_LT, q->r2 * n + q->c2);
    }
    return p;
}

static size_t fut_decode(const void *vi, int model, const csp *p, int *sol) {
    (void)vi, (void)model;
    for (int v = 0; v < p->nvars; v++) sol[v] = csp_min(p, v);
    return (size_t)p->nvars;
}

static size_t fut_sol_cap(const void *vi) {
    const fut *f = vi;
    return (size_t)f->n * f->n;
}

static int fut_size(const void *vi) { return ((const fut *)vi)->n; }

/* ==== verifier: the rules, straight from the instance ===================== */

static int fut_verify(const void *vi, const int *sol, size_t len, char *why, size_t size) {
    const fut *f = vi;
    int n = f->n;
    if (len != (size_t)n * n) {
        snprintf(why, size, "expected %d digits, got %zu", n * n, len);
        return 0;
    }
    for (int i = 0; i < n * n; i++) {
        if (sol[i] < 1 || sol[i] > n) {
            snprintf(why, size, "cell (%d,%d) holds %d, outside 1..%d", i / n, i % n, sol[i], n);
            return 0;
        }
        if (f->grid[i] && f->grid[i] != sol[i]) {
            snprintf(why, size, "cell (%d,%d) is given %d but holds %d", i / n, i % n, f->grid[i],
                     sol[i]);
            return 0;
        }
    }
    for (int a = 0; a < n; a++) {
        uint64_t row = 0, col = 0;
        for (int i = 0; i < n; i++) {
            row |= (uint64_t)1 << (sol[a * n + i] - 1);
            col |= (uint64_t)1 << (sol[i * n + a] - 1);
        }
        uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
        if (row != all || col != all) {
            snprintf(why, size, "%s %d repeats a digit", row != all ? "row" : "column", a);
            return 0;
        }
    }
    for (size_t k = 0; k < f->m; k++) {
        const fut_ineq *q = &f->ineq[k];
        int x = sol[q->r1 * n + q->c1], y = sol[q->r2 * n + q->c2];
        if (!(x < y)) {
            snprintf(why, size, "(%d,%d) < (%d,%d) fails: %d < %d", q->r1, q->c1, q->r2, q->c2, x,
                     y);
            return 0;
        }
    }
    return 1;
}

/* ==== printers ============================================================ */

/* The sign between (r,c) and its right (dr=0) or lower (dr=1) neighbour:
 * '<' / '>' across, '^' / 'v' down (the arrow points at the smaller), or
 * 0 when there is none. */
static char sign_between(const fut *f, int r, int c, int down) {
    int r2 = r + down, c2 = c + !down;
    for (size_t k = 0; k < f->m; k++) {
        const fut_ineq *q = &f->ineq[k];
        if (q->r1 == r && q->c1 == c && q->r2 == r2 && q->c2 == c2) return down ? '^' : '<';
        if (q->r1 == r2 && q->c1 == c2 && q->r2 == r && q->c2 == c) return down ? 'v' : '>';
    }
    return 0;
}

/* Writes line without its trailing blanks, then a newline. */
static void put_trimmed(char *line, size_t len, FILE *out) {
    while (len && line[len - 1] == ' ') len--;
    fwrite(line, 1, len, out);
    fputc('\n', out);
}

static void fut_print(const void *vi, const int *sol, size_t len, int drawn, FILE *out) {
    const fut *f = vi;
    int n = f->n, w = n >= 10 ? 2 : 1;
    (void)len;
    size_t cap = (size_t)n * (w + 3) + 2;
    char *line = NEWN(cap, char);
    for (int r = 0; r < n; r++) {
        size_t o = 0;
        for (int c = 0; c < n; c++) {
            char s = drawn && c + 1 < n ? sign_between(f, r, c, 0) : 0;
            o += (size_t)snprintf(line + o, cap - o, "%*d", drawn ? w : 1, sol[r * n + c]);
            if (c + 1 < n)
                o += (size_t)snprintf(line + o, cap - o, drawn ? " %c " : " ", s ? s : ' ');
        }
        put_trimmed(line, o, out);
        if (drawn && r + 1 < n) {
            o = 0;
            for (int c = 0; c < n; c++) {
                char s = sign_between(f, r, c, 1);
                o += (size_t)snprintf(line + o, cap - o, "%*c%s", w, s ? s : ' ',
                                      c + 1 < n ? "   " : "");
            }
            put_trimmed(line, o, out);
        }
    }
    FREEN(line, cap);
    if (drawn) /* inequalities between cells that are not neighbours */
        for (size_t k = 0; k < f->m; k++) {
            const fut_ineq *q = &f->ineq[k];
            int dr = abs(q->r1 - q->r2), dc = abs(q->c1 - q->c2);
            if (dr + dc != 1) fprintf(out, "(%d,%d) < (%d,%d)\n", q->r1, q->c1, q->r2, q->c2);
        }
}

static void fut_print_json(const void *vi, const int *sol, size_t len, FILE *out) {
    const fut *f = vi;
    (void)len;
    fputc('[', out);
    for (int r = 0; r < f->n; r++) {
        fputs(r ? ", [" : "[", out);
        for (int c = 0; c < f->n; c++) fprintf(out, c ? ", %d" : "%d", sol[r * f->n + c]);
        fputc(']', out);
    }
    fputc(']', out);
}

/* MiniZinc data for models/futoshiki.mzn: n, the givens, the inequalities. */
static int fut_write_minizinc_data(const void *vi, FILE *out) {
    const fut *f = vi;
    fprintf(out, "n = %d;\ngiven = array2d(1..%d, 1..%d, [", f->n, f->n, f->n);
    for (int i = 0; i < f->n * f->n; i++) fprintf(out, i ? ", %d" : "%d", f->grid[i]);
    fprintf(out, "]);\nm = %zu;\nlt = array2d(1..%zu, 1..4, [", f->m, f->m);
    for (size_t k = 0; k < f->m; k++) {
        const fut_ineq *q = &f->ineq[k];
        fprintf(out, "%s%d, %d, %d, %d", k ? ", " : "", q->r1, q->c1, q->r2, q->c2);
    }
    fputs("]);\n", out);
    return ferror(out) ? -1 : 0;
}

/* ==== generator =========================================================== */

/* A random Latin square: a cyclic square with its rows, columns and
 * symbols shuffled. */
static void random_latin(rng *g, int n, int *sq) {
    int *pr = NEWN((size_t)n, int), *pc = NEWN((size_t)n, int), *ps = NEWN((size_t)n, int);
    for (int i = 0; i < n; i++) pr[i] = pc[i] = ps[i] = i;
    rng_shuffle(g, pr, n);
    rng_shuffle(g, pc, n);
    rng_shuffle(g, ps, n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) sq[r * n + c] = ps[(pr[r] + pc[c]) % n] + 1;
    FREEN(pr, (size_t)n);
    FREEN(pc, (size_t)n);
    FREEN(ps, (size_t)n);
}

static void add_ineq(fut *f, const int *sq, int r1, int c1, int r2, int c2) {
    int n = f->n;
    GROW(&f->ineq, &f->cap, f->m + 1);
    if (sq[r1 * n + c1] < sq[r2 * n + c2])
        f->ineq[f->m++] = (fut_ineq){r1, c1, r2, c2};
    else
        f->ineq[f->m++] = (fut_ineq){r2, c2, r1, c1};
}

static void write_fut(const fut *f, const puzzle_gen *g, const int *sq, uint64_t nodes, FILE *out) {
    int n = f->n;
    fprintf(out, "# generated: searchlab gen futoshiki --size %d --seed %llu", n,
            (unsigned long long)g->seed);
    if (g->density >= 0) fprintf(out, " --density %g", g->density);
    if (g->density2 >= 0) fprintf(out, " --density2 %g", g->density2);
    fprintf(out, "%s\n# unique solution; difficulty: %s visits %llu nodes\n%d\n",
            g->minimal ? " --minimal" : "", g->minimal ? "gac:queue=dom" : "fc:var=lex",
            (unsigned long long)nodes, n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            fprintf(out, "%d%c", f->grid[r * n + c], c + 1 < n ? ' ' : '\n');
    fprintf(out, "%zu\n", f->m);
    for (size_t k = 0; k < f->m; k++)
        fprintf(out, "%d %d %d %d\n", f->ineq[k].r1, f->ineq[k].c1, f->ineq[k].r2, f->ineq[k].c2);
    fprintf(out, "# solution:\n");
    for (int r = 0; r < n; r++) {
        fputs("#  ", out);
        for (int c = 0; c < n; c++) fprintf(out, " %d", sq[r * n + c]);
        fputc('\n', out);
    }
}

/* Node limit of one uniqueness count while minimizing: a count that does
 * not finish keeps the clue, so every removal is proven safe, and a
 * minimal board's complete search with gac:queue=dom stays under it. */
#define FUT_MINIMAL_NODES 100000

/* 1 when f has exactly one solution, proven by a complete search with
 * the benchmarks' configuration (gac:queue=dom, var=dom) within
 * FUT_MINIMAL_NODES nodes; 0 when it has more, none, or the search did
 * not finish. */
static int proven_unique(const fut *f) {
    csp_config cfg;
    csp_config_default(&cfg);
    cfg.queue = csp_find_queue("dom");
    return puzzle_count_solutions(&puzzle_futoshiki, f, &cfg, 2, FUT_MINIMAL_NODES, NULL) == 1;
}

static void keep_ineqs(fut *f, const fut_ineq *all, const unsigned char *kept, size_t m0) {
    f->m = 0;
    for (size_t k = 0; k < m0; k++)
        if (kept[k]) f->ineq[f->m++] = all[k];
}

/* Makes f minimal: tries to remove each clue (every given and every
 * inequality, in random order) and keeps the removal when the solution
 * is still unique.  Invariant: f has exactly one solution before and
 * after each step; at the end no single clue can go. */
static void minimize(fut *f, rng *r) {
    int n = f->n, ng = n * n, total = ng + (int)f->m;
    size_t m0 = f->m;
    fut_ineq *all = NEWN(m0 + 1, fut_ineq);
    unsigned char *kept = NEWN(m0 + 1, unsigned char);
    for (size_t k = 0; k < m0; k++) all[k] = f->ineq[k], kept[k] = 1;
    int *order = NEWN((size_t)total, int);
    for (int i = 0; i < total; i++) order[i] = i;
    rng_shuffle(r, order, total);
    for (int i = 0; i < total; i++) {
        int id = order[i], k = id - ng;
        if (id < ng && f->grid[id] == 0) continue;
        int save = id < ng ? f->grid[id] : 0;
        if (id < ng)
            f->grid[id] = 0;
        else
            kept[k] = 0, keep_ineqs(f, all, kept, m0);
        if (proven_unique(f)) continue;
        if (id < ng)
            f->grid[id] = save; /* not unique (or not proven): restore */
        else
            kept[k] = 1, keep_ineqs(f, all, kept, m0);
    }
    FREEN(order, (size_t)total);
    FREEN(kept, m0 + 1);
    FREEN(all, m0 + 1);
}

/* Givens at density (default 0.1) and inequalities on a fraction density2
 * (default 0.3) of the neighbouring pairs, oriented by a random Latin
 * square; then clues from the square are added one at a time until the
 * solution is unique (counted by GAC); with minimal, clues are then taken
 * away again while it stays unique (minimize). */
static int fut_generate(const puzzle_gen *g, FILE *out, diag *d) {
    int n = g->size;
    if (n < 2 || n > FUT_MAX_N)
        return diag_set(d, "--size: expected a board size from 2 to %d, found %d", FUT_MAX_N, n);
    if (g->cols && g->cols != n) return diag_set(d, "futoshiki boards are square (n x n)");
    double givens = g->density >= 0 ? g->density : 0.1;
    double ineqs = g->density2 >= 0 ? g->density2 : 0.3;
    if (givens > 1 || ineqs > 1)
        return diag_set(d, "--density and --density2 are fractions from 0 to 1");
    rng r;
    rng_seed(&r, g->seed);
    int *sq = NEWN((size_t)n * n, int);
    random_latin(&r, n, sq);
    fut *f = NEWN(1, fut);
    f->n = n;
    f->grid = NEWN((size_t)n * n, int);
    for (int i = 0; i < n * n; i++)
        if (rng_double(&r) < givens) f->grid[i] = sq[i];
    for (int rr = 0; rr < n; rr++)
        for (int c = 0; c < n; c++) {
            if (c + 1 < n && rng_double(&r) < ineqs) add_ineq(f, sq, rr, c, rr, c + 1);
            if (rr + 1 < n && rng_double(&r) < ineqs) add_ineq(f, sq, rr, c, rr + 1, c);
        }
    /* add clues until unique: a given (2/3) or an inequality (1/3); while
     * the count is inconclusive (node limit), n clues at a time */
    long count;
    while ((count = puzzle_count_solutions(&puzzle_futoshiki, f, NULL, 2, 20000, NULL)) != 1) {
        for (int k = 0; k < (count < 0 ? n : 1); k++) {
            int i = (int)rng_below(&r, (uint64_t)n * n);
            if (rng_below(&r, 3) < 2) {
                f->grid[i] = sq[i];
            } else {
                int rr = i / n, c = i % n;
                if (c + 1 < n)
                    add_ineq(f, sq, rr, c, rr, c + 1);
                else if (rr + 1 < n)
                    add_ineq(f, sq, rr, c, rr + 1, c);
            }
        }
    }
    if (g->minimal) minimize(f, &r);
    /* the difficulty measure: the nodes of a complete search with fc:var=lex
     * (minimal boards are too hard for it: gac:queue=dom) */
    csp_config cfg;
    csp_config_default(&cfg);
    if (g->minimal)
        cfg.queue = csp_find_queue("dom");
    else
        cfg.strategy = csp_find_strategy("fc"), cfg.var = csp_find_var("lex");
    uint64_t nodes = 0;
    puzzle_count_solutions(&puzzle_futoshiki, f, &cfg, 1, 0, &nodes);
    write_fut(f, g, sq, nodes, out);
    fut_destroy(f);
    FREEN(sq, (size_t)n * n);
    return 0;
}

/* The instance as XCSP3 (`searchlab export futoshiki FILE --format
 * xcsp3`): x[r][c] in 1..n row-major (the solution vector), allDifferent
 * on rows and columns, the givens as an instantiation, the inequalities
 * as a group of lt. */
static int fut_write_xcsp3(const void *vi, FILE *out) {
    const fut *f = vi;
    int n = f->n, givens = 0;
    fprintf(out,
            "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n"
            "    <array id=\"x\" size=\"[%d][%d]\"> 1..%d </array>\n  </variables>\n"
            "  <constraints>\n    <allDifferent>\n      <matrix> x[][] </matrix>\n"
            "    </allDifferent>\n",
            n, n, n);
    for (int i = 0; i < n * n; i++) givens += f->grid[i] != 0;
    if (givens) {
        fputs("    <instantiation class=\"clues\">\n      <list>", out);
        for (int i = 0; i < n * n; i++)
            if (f->grid[i]) fprintf(out, " x[%d][%d]", i / n, i % n);
        fputs(" </list>\n      <values>", out);
        for (int i = 0; i < n * n; i++)
            if (f->grid[i]) fprintf(out, " %d", f->grid[i]);
        fputs(" </values>\n    </instantiation>\n", out);
    }
    if (f->m) {
        fputs("    <group>\n      <intension> lt(%0,%1) </intension>\n", out);
        for (size_t k = 0; k < f->m; k++)
            fprintf(out, "      <args> x[%d][%d] x[%d][%d] </args>\n", f->ineq[k].r1, f->ineq[k].c1,
                    f->ineq[k].r2, f->ineq[k].c2);
        fputs("    </group>\n", out);
    }
    fputs("  </constraints>\n</instance>\n", out);
    return ferror(out) ? -1 : 0;
}

const puzzle puzzle_futoshiki = {
    .name = "futoshiki",
    .ext = ".fut",
    .summary = "Latin square with inequalities (n x n, n up to 64)",
    /* the strongest configuration measured (docs/futoshiki.md): rows and
     * columns as domain-consistent all-different, failure-driven order */
    .default_spec = "gac:queue=variable-fifo,var=dom/wdeg,alldiff=domain",
    .parse = fut_parse,
    .destroy = fut_destroy,
    .size = fut_size,
    .build = fut_build,
    .decode = fut_decode,
    .alldiff_groups = "rows and columns",
    .sol_cap = fut_sol_cap,
    .verify = fut_verify,
    .print = fut_print,
    .print_json = fut_print_json,
    .generate = fut_generate,
    .gen_minimal = 1,
    .write_minizinc_data = fut_write_minizinc_data,
    .write_xcsp3 = fut_write_xcsp3,
};
