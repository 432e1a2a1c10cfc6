/* allequal.h - the all-equal constraint: every variable of a list takes
 * the same value; GAC (allequal.c).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_ALLEQUAL_H
#define SEARCHLAB_CSP_ALLEQUAL_H

#include "csp.h"

/* Posts vars[0] = vars[1] = ... = vars[n-1] (repeats allowed).  Returns
 * the constraint's index, or -1 (nothing posted) when n < 2. */
int csp_post_allequal(csp *p, const int *vars, int n);

#endif
