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

#endif
