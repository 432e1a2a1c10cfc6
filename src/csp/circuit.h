/* circuit.h - the circuit global (circuit.c): successor variables whose
 * non-loop nodes form one cycle, of a given size when one is given. */
#ifndef SEARCHLAB_CSP_CIRCUIT_H
#define SEARCHLAB_CSP_CIRCUIT_H

#include "csp.h"
#include "sched.h" /* csp_term */

/* Posts circuit over succ[0..n-1] (distinct variables; succ[i] = start +
 * j: node j follows node i) with size (a variable or a constant; NULL:
 * any size >= 2).  Sound only: post all-different on succ beside it for
 * strength.  Returns the constraint's index, or -1 (nothing posted) when
 * n < 1 or a variable repeats. */
int csp_post_circuit(csp *p, const int *succ, int n, int start, const csp_term *size);

#endif
