/* element.h - the element constraint: value = list[index], the list of
 * variables or integers, one index (a list) or two (a matrix, row-major);
 * generalised arc consistency (element.c states the algorithm).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_ELEMENT_H
#define SEARCHLAB_CSP_ELEMENT_H

#include "csp.h"

/* Posts value = entry(r - rstart, c - cstart) where entry k (k = row *
 * cols + col, rows * cols entries) is the variable evar[k] or, when
 * evar[k] < 0, the integer ecst[k].  rindex < 0: the list form (rows must
 * be 1, the one index is cindex).  Variables may repeat (the constraint
 * stays sound; GAC when the index, value and entry variables are
 * distinct).  Returns the constraint's index. */
int csp_post_element(csp *p, const int *evar, const int *ecst, int rows, int cols, int rindex,
                     int rstart, int cindex, int cstart, int value);

/* Posts "y is one of vars[0..n)" (n >= 1, repeats allowed): GAC
 * (member.c).  Returns the constraint's index, or -1 (nothing posted:
 * always true) when y is one of vars. */
int csp_post_member(csp *p, const int *vars, int n, int y);

#endif
