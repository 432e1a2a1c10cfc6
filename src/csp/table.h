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

/* A table with a wide position (a variable spanning more than 64 values)
 * is refused when its wide positions' domains hold more than
 * CSP_TABLE_WIDE_MAX_VALUES values in all, or when its bit-sets (one per
 * value some row holds, of one bit per row) would take more than
 * CSP_TABLE_WIDE_MAX_WORDS 64-bit words (32 MiB). */
#define CSP_TABLE_WIDE_MAX_VALUES ((int64_t)1 << 20)
#define CSP_TABLE_WIDE_MAX_WORDS ((size_t)1 << 22)
/* At most the words of a table's bit-sets for a positive table without
 * stars of nrows rows whose scope's domains hold nvalues values in all (a
 * front end's budget; stars may double it). */
static inline size_t csp_table_wide_words(int64_t nvalues, size_t nrows) {
    return ((size_t)nvalues + 1) * ((nrows + 63) / 64);
}

/* Posts scope IN tuples (positive != 0) or scope NOT IN tuples.  scope:
 * arity >= 1 distinct variables of any width and representation; tuples:
 * ntuples rows of arity values (CSP_TABLE_STAR allowed), copied.  Rows
 * with a value outside its variable's current domain can never match and
 * are dropped.  One Compact-Table (table.c) over a value-index view: a
 * position whose variable spans at most 64 values (csp_narrow) reads its
 * domain as one word, a wider one through a value -> index map.  Returns
 * the constraint's index, or -1 (nothing posted) when the table would
 * exceed CSP_TABLE_MAX_TUPLES rows (after expanding the stars of a
 * negative table) or the limits of wide positions above. */
int csp_post_table(csp *p, const int *scope, int arity, const int *tuples, size_t ntuples,
                   int positive);

/* The rows of a table built once for the current domains of scope, to be
 * shared by every constraint posted on variables with the same domains
 * (the constraints of an XCSP3 <group>): csp_tuples_new builds them (NULL
 * past the limits of csp_post_table), csp_tuples_fit says whether the domains of another scope
 * are the same, position by position (width, offset and values),
 * csp_post_tuples posts a constraint on them (each constraint holds a reference, released when the
 * csp is freed) and returns its index; csp_tuples_release drops the caller's reference. */
typedef struct csp_tuples csp_tuples;
csp_tuples *csp_tuples_new(const csp *p, const int *scope, int arity, const int *tuples,
                           size_t ntuples, int positive);
int csp_tuples_fit(const csp_tuples *T, const csp *p, const int *scope, int arity);
int csp_post_tuples(csp *p, const int *scope, csp_tuples *T);
void csp_tuples_release(csp_tuples *T);

#endif
