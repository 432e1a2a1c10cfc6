/* gen.h - random small XCSP3-core instances for the tests: every element
 * and form the front end supports (var/array, list/range domains, per-cell
 * domains with others, compact references, intension with every operator,
 * supports/conflicts with stars, unary ranges, allDifferent as text, list
 * and matrix, instantiation, groups with %k and %..., blocks, note and
 * class), small enough that the reference's backtracking counts their
 * solutions at once. */
#ifndef SEARCHLAB_TESTS_XCSP_GEN_H
#define SEARCHLAB_TESTS_XCSP_GEN_H

#include <stdint.h>
#include <stdio.h>

/* Writes the instance of seed to out. */
void gen_xcsp(uint64_t seed, FILE *out);

/* A Latin square of order n with clues (n*n values, -1 for a hole) as
 * XCSP3: x[n][n] in 0..n-1 and the clues as an <instantiation>, with the
 * rows and columns as one allDifferent <matrix> (encoding 0, PyCSP3's
 * LatinSquare model) or as != in binary <conflicts> tables (encoding 1,
 * one <group> over every pair of a row or column). */
void gen_latin(int n, const int *clues, int encoding, const char *comment, FILE *out);

/* A quasigroup with holes (QWH): a random Latin square of order n (the
 * cyclic square under random row, column and symbol permutations: random,
 * not uniform over all Latin squares), then holes cells emptied, spread
 * over rows and columns as evenly as possible when balanced. */
void gen_qwh(int n, int holes, int balanced, uint64_t seed, int encoding, FILE *out);

/* A large instance of about mb megabytes for the parser's benchmark
 * (bench/xcsp_parse.sh): arrays, groups of intension and extension
 * templates with many <args>, big tables, allDifferent rows. */
void gen_big(int mb, uint64_t seed, FILE *out);

#endif
