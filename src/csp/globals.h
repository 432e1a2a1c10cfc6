/* globals.h - the registry of the engine's global constraints: one entry
 * per propagator (each in its own file behind csp_con_ops), with its
 * consistency level stated, `searchlab list` shows them, and
 * tests/csp/test_globals.c holds every one to what it claims.
 *
 * Each entry posts a random instance of itself for the tests
 * (post_random: it adds its own variables, with small random domains,
 * holes and negative values, and its constraint on them); the test then
 * propagates from scratch and compares every domain with a brute-force
 * closure of the claimed level over all the variables of the csp, and
 * counts the solutions under every strategy against brute force.
 *
 * Levels:
 * - GAC: after propagation, each domain is exactly the values that take
 *   part in a solution of the constraint within the current domains.
 * - BOUNDS_Z: bounds(Z): each min and max takes part in a solution where
 *   every other variable takes an integer between its min and max
 *   (holes ignored), and the domains are the original ones cut to the
 *   greatest such bounds.
 * - BOUNDS_D: the same with every other variable in its domain.
 * - SOUND: no more than the check's: no solution is lost, and a complete
 *   assignment is accepted exactly when check accepts it (any other
 *   propagator, e.g. a decomposition or a time-table). */
#ifndef SEARCHLAB_CSP_GLOBALS_H
#define SEARCHLAB_CSP_GLOBALS_H

#include "csp.h"

struct rng;

enum csp_level { CSP_LEVEL_GAC, CSP_LEVEL_BOUNDS_Z, CSP_LEVEL_BOUNDS_D, CSP_LEVEL_SOUND };
extern const char *const csp_level_names[]; /* by enum csp_level */

typedef struct csp_global {
    const char *name;        /* as the front ends call it: "alldiff-domain", "sum", ... */
    const char *summary;     /* one line */
    const char *consistency; /* one line: the level and the algorithm, with its reference */
    int level;               /* enum csp_level: what the tests hold it to */
    /* For the tests: adds a few variables and one random instance of the
     * constraint over them (small enough for brute force: at most 6
     * variables of at most 6 values each). */
    void (*post_random)(csp *p, struct rng *g);
} csp_global;

/* Every global, NULL-terminated (globals.c, one line each). */
extern const csp_global *const csp_globals[];
const csp_global *csp_find_global(const char *name);

/* For post_random: a variable with k random distinct values of [lo, hi]
 * (1 <= k <= 6, k <= hi - lo + 1); tight ranges make instances where the
 * levels differ. */
int csp_random_var(csp *p, struct rng *g, int k, int lo, int hi);
/* A Boolean of a generator: over {0,1}, or fixed to one of them; never
 * far (the reified globals take b as a Boolean by contract). */
int csp_random_bool(csp *p, struct rng *g);
/* Tests only: when nonzero, csp_random_var adds to half of the variables
 * one value within 2 of an end of the 32-bit integers, so that domains
 * span 2^31 values with a gap of about that width (ranges; issue 37). */
extern int csp_random_far;

#endif
