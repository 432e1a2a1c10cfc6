/* qwh.c - the quasigroup-with-holes generator (qwh.h): the
 * Jacobson-Matthews chain over Latin squares, hole patterns, the file.
 *
 * The chain works on the incidence cube of a square: cube(r, c, s) is 1
 * when cell (r, c) holds symbol s, so every line of the cube (fix two of
 * r, c, s) sums to 1.  A proper square has only 0s and 1s; an improper
 * one has exactly one -1 entry, and the three lines through it hold two
 * 1s each.  A move picks a cell (r, c, s) and three partners r', c', s'
 * and adds +1 to (r,c,s), (r,c',s'), (r',c,s'), (r',c',s) and -1 to
 * (r,c,s'), (r,c',s), (r',c,s), (r',c',s'): every line keeps its sum.
 * - From a proper square: (r, c, s) is a uniformly random 0 entry (one of
 *   the n^2 (n - 1) moves), and r', c', s' are the unique 1s of its three
 *   lines.
 * - From an improper square: (r, c, s) is the -1 entry and r', c', s' are
 *   each one of the two 1s of its line, at random (8 moves).
 * The square is proper again when (r', c', s') was 1, else (r', c', s')
 * is the new -1.  Jacobson and Matthews show that the proper squares the
 * chain visits have the uniform distribution over all Latin squares as
 * their stationary distribution.
 *
 * The proper squares the chain visits form a Markov chain of their own
 * (one step: a move from a proper square, then moves until it is proper
 * again), whose stationary distribution is uniform; we sample it after a
 * fixed number of those steps.  Stopping at the first proper square after
 * a fixed number of moves instead is biased: it favours the squares that
 * end long improper stretches (for n = 4 it gave the Klein group's class
 * 8% of the squares instead of its 144/576 = 25%; tests/puzzles/
 * test_qwh.c checks the share).
 *
 * How long to run it.  No useful bound on the mixing time is known.  A
 * step averages about n moves (measured: 3.0 for n = 4, 9.9 for 10, 30 for
 * 30, 63 for 64), so the common choice of n^3 moves is about n^2 steps.
 * We make 4 n^2 steps, at least 1000.  Measured from the cyclic start
 * (the mean over 30 seeds of the cells that still hold their starting
 * value, which is about n for a random square): it is at the random
 * level after 0.5 n^2 steps for n = 10, 20, 30, 48 and 64, so 4 n^2 leaves
 * a margin of 8.  The tests also check that every Latin square of order 4
 * comes out about equally often.  Order 30 takes 3,600 steps (about
 * 100,000 moves, some 15 ms), order 64 about 0.3 s. */
#include "qwh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "puzzle.h"

uint64_t qwh_steps(int n) {
    uint64_t m = 4 * (uint64_t)n * (uint64_t)n;
    return m < 1000 ? 1000 : m;
}

/* ==== the chain =========================================================== */

typedef struct jm {
    int n;
    signed char *cube; /* n^3 entries, index (r * n + c) * n + s */
    int improper;      /* 1: cube(ir, ic, is) is -1 */
    int ir, ic, is;
} jm;

static signed char *at(const jm *m, int r, int c, int s) {
    return &m->cube[((size_t)r * (size_t)m->n + (size_t)c) * (size_t)m->n + (size_t)s];
}

/* The 1s of a line: the last coordinate runs (which: 0 rows, 1 columns,
 * 2 symbols) with the other two fixed as in (r, c, s).  Stores up to two
 * in one[], returns how many there are. */
static int ones(const jm *m, int which, int r, int c, int s, int one[2]) {
    int k = 0;
    for (int x = 0; x < m->n; x++) {
        signed char v = which == 0   ? *at(m, x, c, s)
                        : which == 1 ? *at(m, r, x, s)
                                     : *at(m, r, c, x);
        if (v == 1 && k < 2) one[k++] = x;
    }
    return k;
}

/* One of the k (1 or 2) entries of one, at random when there are two. */
static int pick(rng *g, const int one[2], int k) { return k == 2 ? one[rng_below(g, 2)] : one[0]; }

static void move(jm *m, rng *g) {
    int n = m->n, r, c, s, one[2], k;
    if (m->improper) {
        r = m->ir, c = m->ic, s = m->is;
    } else { /* a uniformly random 0 entry: a cell, and a symbol it does not hold */
        r = (int)rng_below(g, (uint64_t)n);
        c = (int)rng_below(g, (uint64_t)n);
        ones(m, 2, r, c, 0, one);
        s = (int)rng_below(g, (uint64_t)n - 1);
        if (s >= one[0]) s++;
    }
    k = ones(m, 2, r, c, s, one);
    int s2 = pick(g, one, k);
    k = ones(m, 0, r, c, s, one);
    int r2 = pick(g, one, k);
    k = ones(m, 1, r, c, s, one);
    int c2 = pick(g, one, k);
    ++*at(m, r, c, s), ++*at(m, r, c2, s2), ++*at(m, r2, c, s2), ++*at(m, r2, c2, s);
    --*at(m, r, c, s2), --*at(m, r, c2, s), --*at(m, r2, c, s);
    m->improper = --*at(m, r2, c2, s2) < 0;
    m->ir = r2, m->ic = c2, m->is = s2;
}

void qwh_latin_square(rng *g, int n, uint64_t steps, int *sq) {
    size_t cells = (size_t)n * (size_t)n, size = cells * (size_t)n;
    jm m = {n, NEWN(size, signed char), 0, 0, 0, 0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) *at(&m, r, c, (r + c) % n) = 1; /* the cyclic square */
    /* a fixed number of steps of the proper chain: stopping at the first
     * proper square after a fixed number of moves instead would favour
     * the squares that follow long improper stretches */
    for (uint64_t i = 0; n >= 2 && i < steps; i++) do
            move(&m, g);
        while (m.improper);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int one[2];
            ones(&m, 2, r, c, 0, one);
            sq[r * n + c] = one[0] + 1;
        }
    FREEN(m.cube, size);
}

/* ==== holes =============================================================== */

int qwh_hole_count(int n, double holes) { return (int)lround(holes * (double)n * (double)n); }

void qwh_holes(rng *g, int n, int count, int balanced, unsigned char *hole) {
    int cells = n * n;
    memset(hole, 0, (size_t)cells);
    if (!balanced) { /* the first count entries of a random permutation of the cells */
        int *idx = NEWN((size_t)cells, int);
        for (int i = 0; i < cells; i++) idx[i] = i;
        for (int i = 0; i < count; i++) {
            int j = i + (int)rng_below(g, (uint64_t)(cells - i));
            int t = idx[i];
            idx[i] = idx[j], idx[j] = t;
            hole[idx[i]] = 1;
        }
        FREEN(idx, (size_t)cells);
        return;
    }
    /* Each symbol of a Latin square fills one cell per row and per column
     * (a permutation matrix), so the cells of k symbols are a k-regular
     * pattern; another random square keeps it independent of the
     * solution.  The rest, count % n cells, is a random part of one more
     * symbol's cells: one more hole in that many rows and columns. */
    int k = count / n, rest = count % n;
    int *other = NEWN((size_t)cells, int), *sym = NEWN((size_t)n, int),
        *rows = NEWN((size_t)n, int);
    qwh_latin_square(g, n, qwh_steps(n), other);
    for (int i = 0; i < n; i++) sym[i] = i + 1, rows[i] = i;
    rng_shuffle(g, sym, n);
    rng_shuffle(g, rows, n);
    for (int i = 0; i < cells; i++)
        for (int j = 0; j < k; j++)
            if (other[i] == sym[j]) hole[i] = 1;
    for (int j = 0; j < rest; j++) /* in row rows[j], the cell of symbol sym[k] */
        for (int c = 0; c < n; c++)
            if (other[rows[j] * n + c] == sym[k]) hole[rows[j] * n + c] = 1;
    FREEN(rows, (size_t)n);
    FREEN(sym, (size_t)n);
    FREEN(other, (size_t)cells);
}

/* ==== the file ============================================================ */

void qwh_format_fraction(double x, char *buf, size_t size) {
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) return;
    }
}

int qwh_generate(const qwh_opts *o, FILE *out, diag *d) {
    int n = o->order;
    if (n < QWH_MIN_ORDER || n > QWH_MAX_ORDER)
        return diag_set(d, "order: expected %d to %d, found %d", QWH_MIN_ORDER, QWH_MAX_ORDER, n);
    if (!(o->holes >= 0 && o->holes <= 1))
        return diag_set(d, "holes: expected a fraction from 0 to 1, found %g", o->holes);
    size_t cells = (size_t)n * (size_t)n;
    rng g;
    rng_seed(&g, o->seed);
    int *sq = NEWN(cells, int);
    unsigned char *hole = NEWN(cells, unsigned char);
    uint64_t steps = qwh_steps(n);
    int count = qwh_hole_count(n, o->holes);
    qwh_latin_square(&g, n, steps, sq);
    qwh_holes(&g, n, count, o->balanced, hole);
    char frac[32];
    qwh_format_fraction(o->holes, frac, sizeof frac);
    fprintf(out, "# generated: searchlab gen qwh --order %d --holes %s --seed %llu%s\n", n, frac,
            (unsigned long long)o->seed, o->balanced ? " --balanced" : "");
    fprintf(out,
            "# quasigroup with holes: a uniformly random Latin square of order %d\n"
            "# (Jacobson-Matthews chain, %llu proper steps from the cyclic square)\n",
            n, (unsigned long long)steps);
    if (!o->balanced)
        fprintf(out, "# holes: %d of the %zu cells (0), chosen uniformly\n", count, cells);
    else if (count % n)
        fprintf(out,
                "# holes: %d of the %zu cells (0), balanced: %d or %d in every row and column\n",
                count, cells, count / n, count / n + 1);
    else
        fprintf(out, "# holes: %d of the %zu cells (0), balanced: %d in every row and column\n",
                count, cells, count / n);
    fputs("# satisfiable by construction: the square below fills it, but other fillings\n"
          "# may exist (uniqueness is not checked); no inequalities\n",
          out);
    fprintf(out, "%d\n", n);
    for (size_t i = 0; i < cells; i++)
        fprintf(out, "%d%c", hole[i] ? 0 : sq[i], i % (size_t)n == (size_t)n - 1 ? '\n' : ' ');
    fprintf(out, "0\n# solution (the square the holes were punched in):\n");
    for (int r = 0; r < n; r++) {
        fputs("#  ", out);
        for (int c = 0; c < n; c++) fprintf(out, " %d", sq[r * n + c]);
        fputc('\n', out);
    }
    FREEN(hole, cells);
    FREEN(sq, cells);
    return ferror(out) ? diag_set(d, "write error") : 0;
}

extern const puzzle puzzle_futoshiki;
const puzzle *qwh_puzzle(void) { return &puzzle_futoshiki; }
