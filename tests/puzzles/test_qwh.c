/* test_qwh.c - the quasigroup-with-holes generator (src/puzzles/qwh.c):
 * - every square the chain makes is a Latin square (orders 2..33, and 64);
 * - the chain leaves its start: over many seeds, the value of cell (0,0)
 *   of an order-4 square is uniform (a chi-square test), every one of the
 *   576 Latin squares of order 4 comes out, about equally often (another
 *   chi-square), so both isotopy classes do (a shuffled cyclic square
 *   never makes the 144 squares of the Klein group's class);
 * - holes: exactly round(F n^2); balanced: k or k+1 per row and column,
 *   exactly count % n rows and columns with k+1; the holes of a balanced
 *   pattern are independent of the square (the solution);
 * - the files: the same seed makes the same file, other seeds others; the
 *   Futoshiki parser reads them back, the square in the comments is a
 *   solution accepted by the verifier, and the solver finds a verified
 *   solution; the comment names the command;
 * - bad options are refused; everything allocated is freed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "puzzles/qwh.h"
#include "solve/solve.h"

static int is_latin(const int *sq, int n) {
    for (int a = 0; a < n; a++) {
        uint64_t row = 0, col = 0;
        for (int i = 0; i < n; i++) {
            int x = sq[a * n + i], y = sq[i * n + a];
            if (x < 1 || x > n || y < 1 || y > n) return 0;
            row |= (uint64_t)1 << (x - 1);
            col |= (uint64_t)1 << (y - 1);
        }
        uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
        if (row != all || col != all) return 0;
    }
    return 1;
}

static void test_latin(void) {
    int *sq = NEWN(64 * 64, int);
    for (int n = 2; n <= 33; n++)
        for (uint64_t seed = 1; seed <= (n < 12 ? 3u : 1u); seed++) {
            rng g;
            rng_seed(&g, seed * 1000 + (uint64_t)n);
            qwh_latin_square(&g, n, qwh_steps(n), sq);
            CHECK_MSG(is_latin(sq, n), "n=%d seed %llu: not a Latin square", n,
                      (unsigned long long)seed);
        }
    rng g;
    rng_seed(&g, 64);
    qwh_latin_square(&g, 64, qwh_steps(64), sq);
    CHECK(is_latin(sq, 64));
    /* no steps: the cyclic start */
    qwh_latin_square(&g, 5, 0, sq);
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++) CHECK(sq[r * 5 + c] == (r + c) % 5 + 1);
    FREEN(sq, 64 * 64);
}

/* Index of an order-4 square among the 4^16 fillings, as a base-4 number
 * (only used to tell squares apart). */
static uint64_t code4(const int *sq) {
    uint64_t k = 0;
    for (int i = 0; i < 16; i++) k = k * 4 + (uint64_t)(sq[i] - 1);
    return k;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* 1 when the order-4 square is isotopic to the Klein group's table: for
 * every two rows a and b, the map sq[a][c] -> sq[b][c] is an involution
 * (in Z4's table, rows one step apart give a 4-cycle; isotopies only
 * conjugate these maps, so the test tells the two classes apart). */
static int klein_class(const int *sq) {
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) {
            int pi[5];
            for (int c = 0; c < 4; c++) pi[sq[a * 4 + c]] = sq[b * 4 + c];
            for (int x = 1; x <= 4; x++)
                if (pi[pi[x]] != x) return 0;
        }
    return 1;
}

static void test_uniform(void) {
    enum { N = 4, SAMPLES = 5760, SQUARES = 576 };
    uint64_t *codes = NEWN(SAMPLES, uint64_t);
    long cell[N + 1] = {0};
    int klein = 0, sq[16];
    for (int i = 0; i < SAMPLES; i++) {
        rng g;
        rng_seed(&g, (uint64_t)i + 1);
        qwh_latin_square(&g, N, qwh_steps(N), sq);
        CHECK(is_latin(sq, N));
        cell[sq[0]]++;
        codes[i] = code4(sq);
        klein += klein_class(sq);
    }
    /* cell (0,0): 4 values, 3 degrees of freedom; 16.27 is the 0.1% point */
    double chi = 0, e = SAMPLES / 4.0;
    for (int v = 1; v <= N; v++) chi += (cell[v] - e) * (cell[v] - e) / e;
    CHECK_MSG(chi < 16.27, "cell (0,0): chi-square %.1f (%ld %ld %ld %ld)", chi, cell[1], cell[2],
              cell[3], cell[4]);
    /* every square, about equally often: 575 degrees of freedom, mean 575
     * and sd 34; 700 is 3.7 sd above */
    qsort(codes, SAMPLES, sizeof *codes, cmp_u64);
    int distinct = 0;
    double chi2 = 0, e2 = (double)SAMPLES / SQUARES;
    for (int i = 0; i < SAMPLES;) {
        int j = i;
        while (j < SAMPLES && codes[j] == codes[i]) j++;
        distinct++;
        chi2 += (j - i - e2) * (j - i - e2) / e2;
        i = j;
    }
    chi2 += (SQUARES - distinct) * e2; /* squares never seen */
    CHECK_MSG(distinct >= 570 && distinct <= SQUARES, "%d distinct squares of order 4", distinct);
    CHECK_MSG(chi2 < 700, "squares of order 4: chi-square %.1f", chi2);
    /* 144 of the 576 are in the Klein group's class: a quarter */
    CHECK_MSG(fabs(klein - SAMPLES / 4.0) < 4 * sqrt(SAMPLES * 0.25 * 0.75), "%d Klein squares",
              klein);
    FREEN(codes, SAMPLES);
}

static void test_holes(void) {
    unsigned char hole[64 * 64];
    const double fracs[] = {0, 0.1, 0.42, 0.5, 0.777, 1};
    for (int n = 2; n <= 33; n += 3)
        for (size_t f = 0; f < sizeof fracs / sizeof *fracs; f++)
            for (int bal = 0; bal < 2; bal++) {
                rng g;
                rng_seed(&g, (uint64_t)(n * 100 + (int)f * 10 + bal));
                int count = qwh_hole_count(n, fracs[f]);
                CHECK(count == (int)lround(fracs[f] * n * n));
                qwh_holes(&g, n, count, bal, hole);
                int total = 0, k = count / n, big_rows = 0, big_cols = 0, ok = 1;
                for (int a = 0; a < n; a++) {
                    int row = 0, col = 0;
                    for (int i = 0; i < n; i++) row += hole[a * n + i], col += hole[i * n + a];
                    total += row;
                    if (bal) {
                        ok &= (row == k || row == k + 1) && (col == k || col == k + 1);
                        big_rows += row == k + 1, big_cols += col == k + 1;
                    }
                }
                CHECK_MSG(total == count, "n=%d F=%g: %d holes, want %d", n, fracs[f], total,
                          count);
                if (bal)
                    CHECK_MSG(ok && big_rows == count % n && big_cols == count % n,
                              "n=%d F=%g: unbalanced", n, fracs[f]);
            }
    /* balanced holes fall on every value of the square alike: over many
     * seeds, the squares' values under the holes are about uniform */
    long under[7] = {0};
    for (uint64_t seed = 1; seed <= 400; seed++) {
        rng g;
        rng_seed(&g, seed);
        int sq[36];
        qwh_latin_square(&g, 6, qwh_steps(6), sq);
        qwh_holes(&g, 6, 12, 1, hole);
        for (int i = 0; i < 36; i++)
            if (hole[i]) under[sq[i]]++;
    }
    double chi = 0, e = 400 * 12 / 6.0;
    for (int v = 1; v <= 6; v++) chi += (under[v] - e) * (under[v] - e) / e;
    CHECK_MSG(chi < 20.5, "values under balanced holes: chi-square %.1f", chi); /* 5 df, 0.1% */
}

/* ---- the files ---------------------------------------------------------- */

static char *generate(const qwh_opts *o) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    diag d;
    int r = qwh_generate(o, f, &d);
    fclose(f);
    CHECK_MSG(r == 0, "%s", d.msg);
    return buf;
}

/* The square of the "# solution" comment lines. */
static int read_square(const char *text, int *sq, int cap) {
    const char *s = strstr(text, "\n# solution (");
    int k = 0;
    if (!s) return 0;
    s = strchr(s + 1, '\n');
    while (s && s[1] == '#' && k < cap) {
        char *end;
        s += 2;
        for (long v; (v = strtol(s, &end, 10)), end != s && k < cap; s = end) sq[k++] = (int)v;
        s = strchr(s, '\n');
    }
    return k;
}

/* n and the grid of a .fut text (comments skipped); returns n. */
static int read_grid(const char *text, int *grid, int cap_n) {
    char *clean = xstrdup(text), *s = clean, *end;
    for (char *c = strchr(clean, '#'); c; c = strchr(c, '#'))
        while (*c && *c != '\n') *c++ = ' ';
    int n = (int)strtol(s, &end, 10);
    if (n < 1 || n > cap_n) n = 0;
    for (int i = 0; i < n * n; i++) grid[i] = (int)strtol(s = end, &end, 10);
    xstrfree(clean);
    return n;
}

static void test_files(void) {
    const puzzle *pz = puzzle_find("futoshiki");
    qwh_opts o = {12, 0.42, 5, 0};
    char *a = generate(&o), *b = generate(&o);
    CHECK(a && b && !strcmp(a, b)); /* the seed makes the file */
    CHECK(strstr(a, "# generated: searchlab gen qwh --order 12 --holes 0.42 --seed 5\n"));
    CHECK(strstr(a, "uniqueness is not checked"));
    o.seed = 6;
    char *c = generate(&o);
    CHECK(c && strcmp(a, c));
    free(b);
    free(c);
    for (int bal = 0; bal < 2; bal++)
        for (int n = 3; n <= 15; n += 4) {
            qwh_opts q = {n, 0.42, 11 + (uint64_t)n, bal};
            char *text = generate(&q);
            if (!text) continue;
            CHECK(!bal || strstr(text, " --balanced\n"));
            lexer lx;
            diag d;
            CHECK(lex_from_memory(&lx, "qwh.fut", text, strlen(text), &d) == 0);
            void *inst = pz->parse(&lx, &d);
            lex_close(&lx);
            CHECK_MSG(inst != NULL, "n=%d: %s", n, inst ? "" : d.msg);
            int sq[15 * 15];
            CHECK(read_square(text, sq, n * n) == n * n && is_latin(sq, n));
            char why[256];
            if (inst) {
                CHECK_MSG(pz->verify(inst, sq, (size_t)n * n, why, sizeof why), "%s", why);
                solve_request rq = {.spec = "gac:queue=dom,var=dom/wdeg,restart=luby:10"};
                solve_result r;
                CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
                CHECK_MSG(r.status == STATUS_SOLVED, "n=%d: %s", n, status_name(r.status));
                solve_result_free(&r);
                pz->destroy(inst);
            }
            /* the grid: the square, with exactly round(F n^2) holes */
            int grid[15 * 15];
            CHECK(read_grid(text, grid, n) == n);
            int holes = 0, same = 1;
            for (int i = 0; i < n * n; i++) {
                holes += grid[i] == 0;
                same &= grid[i] == 0 || grid[i] == sq[i];
            }
            CHECK_MSG(same && holes == qwh_hole_count(n, 0.42), "n=%d: %d holes", n, holes);
            free(text);
        }
    free(a);
    diag d;
    qwh_opts bad[] = {{1, 0.4, 1, 0}, {65, 0.4, 1, 0}, {10, -0.1, 1, 0}, {10, 1.5, 1, 0}};
    const char *msg[] = {"order", "order", "holes", "holes"};
    for (int i = 0; i < 4; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        CHECK(qwh_generate(&bad[i], f, &d) == -1 && strstr(d.msg, msg[i]));
        fclose(f);
        free(buf);
    }
}

int main(void) {
    size_t mem0 = xmem_current();
    test_latin();
    test_uniform();
    test_holes();
    test_files();
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
