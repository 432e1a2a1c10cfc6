/* lex.h - the lexicographic order between two vectors of variables,
 * x < y or x <= y (lex.c: GAC).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_LEX_H
#define SEARCHLAB_CSP_LEX_H

#include "csp.h"

/* Posts x <=lex y (strict 0) or x <lex y (strict 1) over x[0..n) and
 * y[0..n), n >= 1 (variables may repeat).  Returns the constraint's
 * index. */
int csp_post_lex(csp *p, const int *x, const int *y, int n, int strict);

#endif
