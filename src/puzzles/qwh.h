/* qwh.h - quasigroup-with-holes (QWH) instances: a uniformly random Latin
 * square with some of its cells emptied, written as a Futoshiki file with
 * no inequalities (`searchlab gen qwh`, and `gen:qwh,...` sets of an
 * experiment).
 *
 * The square is drawn by the Markov chain of Jacobson and Matthews (1996,
 * "Generating uniformly distributed random Latin squares"), whose proper
 * squares have the uniform distribution over all Latin squares of order n
 * as their stationary distribution; not a cyclic square with its rows,
 * columns and symbols shuffled, which reaches only a tiny, very regular
 * corner of them (and makes easy instances).  Then exactly round(F n^2)
 * cells are emptied, chosen uniformly at random, or (balanced) so that
 * every row and every column loses the same number of cells, as in the
 * balanced QWH of Kautz, Ruan, Achlioptas, Gomes, Selman and Stickel
 * (2001), the harder variant.
 *
 * An instance is satisfiable by construction (the square is a solution,
 * written in the file's comments) but need not have only one solution:
 * the generator does not check uniqueness.  Order 30 with 42% holes is the
 * classic hard region (Achlioptas, Gomes, Kautz, Selman 2000).
 */
#ifndef SEARCHLAB_PUZZLES_QWH_H
#define SEARCHLAB_PUZZLES_QWH_H

#include <stdint.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../core/rng.h"

enum { QWH_MIN_ORDER = 2, QWH_MAX_ORDER = 64 }; /* Futoshiki's domains: 64 values */

typedef struct qwh_opts {
    int order;     /* n, QWH_MIN_ORDER..QWH_MAX_ORDER */
    double holes;  /* the fraction F of cells emptied, 0..1 */
    uint64_t seed; /* the instance's seed (`gen qwh`'s --seed S makes S, S+1, ...) */
    int balanced;  /* 1: every row and column loses floor or ceil of round(F n^2)/n cells */
} qwh_opts;

/* The steps of the chain for one square of order n: 4 n^2, at least 1000
 * (qwh.c says why).  A step is a move from a proper square and the moves
 * after it until the square is proper again (about n moves). */
uint64_t qwh_steps(int n);

/* Sets sq (n*n ints, row-major, values 1..n) to a random Latin square of
 * order n: the chain starts from the cyclic square and makes `steps`
 * steps (from proper square to proper square) drawn from r. */
void qwh_latin_square(rng *r, int n, uint64_t steps, int *sq);

/* The number of holes of an order-n square at fraction holes:
 * round(holes * n * n). */
int qwh_hole_count(int n, double holes);

/* Sets hole[i] (n*n entries) to 1 for exactly count cells and 0 for the
 * others, drawn from r: uniformly among all sets of count cells, or
 * (balanced) as the cells of k = count / n symbols of another random
 * Latin square plus count % n cells of one more symbol, so that every
 * row and every column has k or k + 1 holes (exactly count / n when n
 * divides count). */
void qwh_holes(rng *r, int n, int count, int balanced, unsigned char *hole);

/* Writes the instance o describes as a .fut file to out: a comment with
 * the command that makes it, n, the grid (0 for a hole), no inequalities
 * and the square as a comment.  0, or -1 with d (options out of range). */
int qwh_generate(const qwh_opts *o, FILE *out, diag *d);

/* The puzzle whose files qwh_generate writes (futoshiki): the one that
 * reads them, and whose extension their names take, so that a caller (the
 * experiment driver's gen:qwh sets) never names it. */
struct puzzle;
const struct puzzle *qwh_puzzle(void);

/* The shortest decimal text that reads back (strtod) as x. */
void qwh_format_fraction(double x, char *buf, size_t size);

#endif
