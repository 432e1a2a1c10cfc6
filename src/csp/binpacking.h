/* binpacking.h - the bin-packing global (binpacking.c): items with
 * constant sizes go into bins named by their variables' values, and the
 * load of every bin (the sizes of its items) lies between two terms
 * (csp_term of sched.h: a variable or a constant). */
#ifndef SEARCHLAB_CSP_BINPACKING_H
#define SEARCHLAB_CSP_BINPACKING_H

#include "sched.h"

/* No bound: a load bound that is this constant is always met. */
#define CSP_BINPACK_NO_LO ((csp_term){-1, INT64_MIN})
#define CSP_BINPACK_NO_HI ((csp_term){-1, INT64_MAX})

/* Posts binPacking: item i goes into bin bin[i] (a variable), the bins
 * are the values first .. first + m - 1 (an item in any other value
 * violates it), and for each bin j, lo[j] <= load_j <= hi[j], where
 * load_j is the sum of size[i] over the items in bin j.  Sizes must be in
 * 0 .. INT32_MAX and first + m - 1 an int; returns the constraint's index,
 * or -1 (nothing posted) otherwise or when n < 1 or m < 1. */
int csp_post_binpacking(csp *p, int n, const int *bin, const int64_t *size, int64_t first, int m,
                        const csp_term *lo, const csp_term *hi);

#endif
