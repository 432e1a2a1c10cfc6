/* xref.h - an independent reference reader of XCSP3-core for the tests:
 * its own code (libxml2's tree API, textual substitution of <group>
 * arguments, a recursive expression evaluator, plain backtracking), none
 * of the front end's (src/xcsp/xcsp*.c).  It checks answers and counts
 * solutions of small instances; it is simple, not fast. */
#ifndef SEARCHLAB_TESTS_XREF_H
#define SEARCHLAB_TESTS_XREF_H

#include <stddef.h>

typedef struct xref xref;

/* Reads an instance from memory; NULL with a message in err. */
xref *xref_read(const char *buf, size_t len, char *err, size_t err_size);
void xref_free(xref *m);
int xref_nvars(const xref *m);
/* The XCSP3 name of variable v (x or x[i][j]). */
const char *xref_name(const xref *m, int v);
/* Index of the variable called name, or -1. */
int xref_find(const xref *m, const char *name);
/* 1 if vals (one per variable, declaration order) is a solution; else 0
 * with the reason in why. */
int xref_check(const xref *m, const int *vals, char *why, size_t why_size);
/* 1 if variable v occurs in no constraint (a free variable: the front end
 * leaves it out of its count, as ACE does); its least value. */
int xref_is_free(const xref *m, int v);
int xref_min(const xref *m, int v);
/* The number of values of variable v's domain. */
int xref_dom_size(const xref *m, int v);
/* Enumerates every solution by backtracking (each constraint checked once
 * its last variable is assigned) and calls cb on each (cb returns 0 to
 * stop); returns the number found, or -1 when more than limit nodes were
 * needed (0: no limit). */
long xref_solve(const xref *m, long limit, int (*cb)(void *ctx, const int *vals), void *ctx);

#endif
