/* table.h - the table (extension) constraint: the scope's tuple of values
 * must be one of the listed tuples (a positive table, "supports") or none
 * of them (a negative table, "conflicts").
 *
 * GAC propagator: Compact-Table (Demeulenaere, Hartert, Lecoutre, Perez,
 * Perron, Regin, Schaus, "Compact-Table: efficiently filtering table
 * constraints with reversible sparse bit-sets", CP 2016).  The current
 * table (the tuples whose every value is still in its domain) is a
 * reversible sparse bit-set; each (position, value) has the bit-set of the
 * tuples that hold it; a value is supported when its bit-set meets the
 * current table (a residue remembers the word where it last did).  Short
 * tuples (CSP_TABLE_STAR, "any value") are in the bit-set of every value
 * of their position; a second, strict bit-set without them serves the
 * incremental update (removing a value invalidates only the rows that
 * hold exactly that value), as in CT* for short tables.  Negative tables use the counting form of
 * the same structure (CT-neg, Verhaeghe et al. 2017): a value is unsupported when the valid
 * conflicts that hold it are as many as the combinations of the other domains; for that the
 * conflicts are made distinct and free of stars when posted.
 *
 * The current table and the domains it was computed for are kept in
 * reversible words (csp_save_word), so backtracking restores them with
 * the domains.  check() (bt's completed scopes, fc) looks the tuple up in
 * the table as posted; partial() (bt) asks whether some tuple agrees with
 * the scope's variables that are already fixed.
 */
#ifndef SEARCHLAB_CSP_TABLE_H
#define SEARCHLAB_CSP_TABLE_H

#include <limits.h>
#include <stddef.h>

#include "csp.h"

/* A tuple entry meaning "any value" (a short table's `*`). */
#define CSP_TABLE_STAR INT_MIN
/* Most tuples a table holds once posted (stars expanded in negative
 * tables): beyond it csp_post_table refuses. */
#define CSP_TABLE_MAX_TUPLES ((size_t)1 << 22)

/* Posts scope IN tuples (positive != 0) or scope NOT IN tuples.  scope:
 * arity >= 1 distinct variables, each spanning at most 64 values
 * (csp_narrow: the bit-sets hold a variable's values as one word);
 * tuples: ntuples rows of arity values (CSP_TABLE_STAR allowed), copied.
 * Rows with a value outside its variable's current domain can never match
 * and are dropped.  Returns the constraint's index, or -1 (nothing
 * posted) when a variable is wider than 64 values or the table would
 * exceed CSP_TABLE_MAX_TUPLES rows (after expanding the stars of a
 * negative table). */
int csp_post_table(csp *p, const int *scope, int arity, const int *tuples, size_t ntuples,
                   int positive);

/* The rows of a table built once for the current domains of scope, to be
 * shared by every constraint posted on variables with the same domains
 * (the constraints of an XCSP3 <group>): csp_tuples_new builds them (NULL
 * when a variable is wider than 64 values or over CSP_TABLE_MAX_TUPLES), csp_tuples_fit says
 * whether the domains of another scope are the same, position by position (offset and values),
 * csp_post_tuples posts a constraint on them (each constraint holds a reference, released when the
 * csp is freed) and returns its index; csp_tuples_release drops the caller's reference. */
typedef struct csp_tuples csp_tuples;
csp_tuples *csp_tuples_new(const csp *p, const int *scope, int arity, const int *tuples,
                           size_t ntuples, int positive);
int csp_tuples_fit(const csp_tuples *T, const csp *p, const int *scope, int arity);
int csp_post_tuples(csp *p, const int *scope, csp_tuples *T);
void csp_tuples_release(csp_tuples *T);

#endif
