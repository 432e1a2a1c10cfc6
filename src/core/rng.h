/* rng.h - small seeded random number generator (xoshiro256**, seeded by
 * splitmix64).  The same seed gives the same stream on every machine. */
#ifndef SEARCHLAB_CORE_RNG_H
#define SEARCHLAB_CORE_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n); n > 0.  Unbiased (rejection sampling). */
uint64_t rng_below(rng *r, uint64_t n);
/* Uniform in [0, 1). */
double rng_double(rng *r);
/* Shuffle n ints in place (Fisher-Yates). */
void rng_shuffle(rng *r, int *a, int n);

#endif
