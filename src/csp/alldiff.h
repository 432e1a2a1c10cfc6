/* alldiff.h - the all-different constraint over a group of variables, at
 * one of four consistency levels.
 *
 * Levels (the values of the spec key `alldiff=`, the CSP puzzles' model key
 * in src/puzzles/puzzle.h):
 * - pairwise: a clique of built-in != (csp_add_rel), the course's model;
 *   no global is posted, so its search trees are the ones it always had.
 * - value: one global whose propagator removes each assigned (singleton)
 *   value from the other domains, cascading: the same fixpoint as the
 *   clique, in one O(n) call per round.  Cheap (CSP_COST_CHEAP).
 * - bounds: bounds(Z) consistency with Hall intervals (Lopez-Ortiz,
 *   Quimper, Tromp, van Beek 2003).  Expensive.
 * - domain: generalised arc consistency by Regin's matching algorithm
 *   (1994), with the matching kept and repaired across calls.  Expensive.
 * Whatever the level, bt checks a global as a clique would be checked (no
 * two assigned variables equal) and fc forward-checks it as a clique
 * would be (an assignment removes its value from the group); only gac
 * runs the level's propagator.  alldiff.c states each definition and
 * invariant.
 *
 * Ownership: the csp owns everything posted. */
#ifndef SEARCHLAB_CSP_ALLDIFF_H
#define SEARCHLAB_CSP_ALLDIFF_H

#include "csp.h"

/* X(ENUM, name, summary): the one list of levels; it expands into the
 * enum, the names table and the summaries, which cannot drift apart. */
#define CSP_ALLDIFF_LEVELS(X)                                                                      \
    X(PAIRWISE, pairwise, "a clique of binary != (the course's model)")                            \
    X(VALUE, value, "one global: an assigned value leaves the other domains")                      \
    X(BOUNDS, bounds, "one global: bounds(Z) consistency by Hall intervals (Lopez-Ortiz et al.)")  \
    X(DOMAIN, domain, "one global: domain consistency (GAC) by Regin's matching algorithm")

enum csp_alldiff {
#define CSP_ALLDIFF_ENUM_(e, name, summary) CSP_ALLDIFF_##e,
    CSP_ALLDIFF_LEVELS(CSP_ALLDIFF_ENUM_)
#undef CSP_ALLDIFF_ENUM_
        CSP_ALLDIFF_NLEVELS
};

/* Names and one-line summaries by level; csp_alldiff_names is
 * NULL-terminated (as csp_support_names). */
extern const char *const csp_alldiff_names[];
extern const char *const csp_alldiff_summaries[];

/* Posts all-different over vars[0..n-1] (indices of variables of p, not
 * finalized yet) at the given level: n(n-1)/2 built-in != for pairwise,
 * one global otherwise (nothing when n < 2).  The values a variable may
 * take are those of its domain now: domains only shrink afterwards (as
 * csp_fix and the trail guarantee), so fix the givens before or after,
 * either is fine.  Returns 0, or -1 (and posts nothing) when a variable
 * appears twice in vars. */
int csp_post_alldiff(csp *p, const int *vars, int n, enum csp_alldiff level);

/* Posts ngroups all-different groups of n variables each, group g being
 * vars[g*n .. g*n+n-1].  For pairwise the != of the pair (i, j) are added
 * for every group before the pair (i, j+1): called with a Latin square's
 * row a and column a as two groups, for a = 0, 1, ..., it adds exactly the
 * constraints of today's Futoshiki model in the same order.  Other levels
 * post one global per group, in order.  Returns 0, or -1 (posting nothing)
 * when some group repeats a variable. */
int csp_post_alldiff_groups(csp *p, const int *vars, int ngroups, int n, enum csp_alldiff level);

/* Posts all-different except E over vars[0..n) (any domains): two
 * variables may share a value only when it is one of except[0..ne)
 * (sorted, distinct).  Sound, whatever the alldiff= level: the arc
 * consistency of the pairwise decomposition (alldiff_except.c).  Returns
 * 0, or -1 (nothing posted) when a variable appears twice. */
int csp_post_alldiff_except(csp *p, const int *vars, int n, const int64_t *except, int ne);

/* 1 when vals (c->arity values) are pairwise distinct. */
int csp_alldiff_check(const csp *p, const csp_con *c, const int *vals);

#endif
