/* valset.h - a variable's domain against a sorted set of values: the
 * steps count, cardinality and nValues share (valset.c). */
#ifndef SEARCHLAB_CSP_VALSET_H
#define SEARCHLAB_CSP_VALSET_H

#include <stdint.h>

#include "csp.h"

/* How many of set[0..n) (sorted, distinct) are in v's domain. */
int csp_valset_meets(const csp *p, int v, const int64_t *set, int n);
/* 1 if a is one of set[0..n) (sorted). */
int csp_valset_has(const int64_t *set, int n, int64_t a);
/* Removes from v's domain every value of set[0..n) (sorted). */
int csp_valset_remove(csp *p, int v, const int64_t *set, int n);
/* Keeps in v's domain only the values of set[0..n) (sorted): the bounds
 * first, then the values between them (never a domain beyond the set's
 * span).  Returns as csp_remove does. */
int csp_valset_keep(csp *p, int v, const int64_t *set, int n);

#endif
