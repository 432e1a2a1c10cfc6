/* layered.h - the regular and mdd globals (layered.c): a sequence of
 * variables spells a word of a finite automaton, or follows a path of a
 * multi-valued decision diagram, kept generalised arc consistent on the
 * layered graph of the automaton unrolled over the sequence. */
#ifndef SEARCHLAB_CSP_LAYERED_H
#define SEARCHLAB_CSP_LAYERED_H

#include "csp.h"

/* An automaton: states 0..nstates-1, transitions trans[3k..3k+2] = (from,
 * value, to) grouped by from (sorted by from; non-deterministic allowed),
 * final[q] 1 for the accepting states.  An MDD is the automaton whose
 * start is its root and whose one final state is its terminal.  The
 * caller keeps ownership. */
typedef struct csp_automaton {
    int nstates, start, ntrans;
    const int *trans;
    const unsigned char *final;
} csp_automaton;

/* The most arcs an unrolled graph may have (a hostile automaton times a
 * long list must not exhaust the memory). */
#define CSP_LAYERED_MAX_ARCS ((size_t)1 << 24)

/* Posts "vars[0..n-1] spell a word of au" (a variable may appear at
 * several positions); the graph is cut to the domains as they are now
 * (they only shrink afterwards).  Returns the constraint's index, or -1
 * (nothing posted) when n < 1 or the graph would have more than
 * CSP_LAYERED_MAX_ARCS arcs. */
int csp_post_layered(csp *p, const int *vars, int n, const csp_automaton *au);

#endif
