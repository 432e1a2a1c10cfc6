/* changes.h - the changes since a mark, read from the trail (changes.c):
 * which variable each trail entry changed and what it was before, for
 * tools that show a node's inference (the search tree's labels) without
 * knowing how the trail encodes its entries (csp.h's header comment; only
 * the engine writes and decodes it). */
#ifndef SEARCHLAB_CSP_CHANGES_H
#define SEARCHLAB_CSP_CHANGES_H

#include <stddef.h>
#include <stdint.h>

#include "csp.h"

/* A variable's state before a change.  bits: the variable's domain is one
 * word (offset-based bits) and before is that word; else the domain is
 * another representation and size_before is how many values it held. */
typedef struct csp_change {
    int var;
    int bits;
    csp_dom before;
    int64_t size_before;
} csp_change;

/* Reads trail entry i (csp_mark(p) at some node <= i < csp_mark(p) now):
 * 0 when it is a propagator's own word (no variable); else 1 with *ch the
 * variable it changed and its state just before that entry (for another
 * representation than bits: the size at its first size change at or after
 * i, or its size now when there is none). */
int csp_change_at(const csp *p, size_t i, csp_change *ch);

/* The variable trail entry i changed, -1 for a propagator's own word:
 * csp_change_at's first answer alone, cheap enough for every node. */
static inline int csp_change_var(const csp *p, size_t i) {
    int entry = p->trail.e[i].var;
    return entry >= 0 ? entry : entry == CSP_TRAIL_SAVED ? -1 : CSP_TRAIL_VDOM - entry;
}

#endif
