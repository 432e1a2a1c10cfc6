/* clause.h - the Boolean clause l_1 or ... or l_n over 0/1 variables,
 * each literal x (true when x = 1) or not x (true when x = 0), by two
 * watched literals; GAC (clause.c).
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_CLAUSE_H
#define SEARCHLAB_CSP_CLAUSE_H

#include "csp.h"

/* What csp_post_clause returns when it posts nothing. */
enum {
    CSP_CLAUSE_EMPTY = -1, /* no literal: the clause is false */
    CSP_CLAUSE_TRUE = -2   /* some x and not x both: the clause always holds */
};

/* Posts pos[0] or ... or pos[npos-1] or not neg[0] or ... or not
 * neg[nneg-1]; every variable's domain lies within {0, 1} (the caller's
 * contract).  A variable written twice with one sign counts once.
 * Returns the constraint's index, or CSP_CLAUSE_EMPTY / CSP_CLAUSE_TRUE
 * (nothing posted). */
int csp_post_clause(csp *p, const int *pos, int npos, const int *neg, int nneg);

#endif
