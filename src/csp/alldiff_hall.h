/* alldiff_hall.h - bounds(Z) consistency of all-different by Hall
 * intervals (Lopez-Ortiz, Quimper, Tromp, van Beek, "A fast and simple
 * algorithm for bounds consistency of the alldifferent constraint", IJCAI
 * 2003), on the values of any representation: the propagator of the
 * bounds level, for groups of narrow variables and of wide ones alike
 * (alldiff.c).
 *
 * The interval ends are ranked into the sorted array bnd (with two
 * sentinels); the lower pass walks the variables by increasing max,
 * keeping in t a union-find of the capacities d of the intervals between
 * consecutive ranks (path compression by pathset), and in h the Hall
 * intervals found so far: a lower bound inside a Hall interval jumps past
 * it; a capacity below zero is a failure (more variables than values in
 * an interval).  The upper pass is the mirror image.  O(n log n) for the
 * sorts; the two orders are kept across calls and re-sorted by insertion,
 * which is near-linear when few bounds moved.  The propagator repeats
 * while a new bound landed in a hole and moved further (the intervals are
 * then not those the pass computed). */
#ifndef SEARCHLAB_CSP_ALLDIFF_HALL_H
#define SEARCHLAB_CSP_ALLDIFF_HALL_H

#include "csp.h"

typedef struct ad_hall {
    int n;
    /* intervals (values), their new ends, ranks, sort orders (kept
     * across calls) and the 2n+2 arrays of the scan, carved from buf */
    int64_t *lo, *hi, *nlo, *nhi, *bnd, *d;
    int *minrank, *maxrank, *minsorted, *maxsorted, *t, *h;
    int64_t *buf64;
    int *buf;
} ad_hall;

void ad_hall_init(ad_hall *s, int n);
void ad_hall_free(ad_hall *s); /* a zeroed ad_hall is fine too */
/* Bounds(Z) consistency of all-different over c's scope (n variables). */
int ad_hall_propagate(csp *p, const csp_con *c, ad_hall *s);

#endif
