/* space.h - the space: a model with the state of one search over it
 * (domains, trail, propagation queue, which variables the search has
 * assigned, the deadline), and what a search engine may do with it.  The
 * engines (engine.h) use these functions and csp.h's value-level
 * interface, the trail (csp_mark, csp_undo) and decisions (csp_assign,
 * csp_decide); they never read the space's parts (csp.h: trail, ev,
 * queue, run, flags, deadline) themselves.
 *
 * csp_space_open makes the search state of a model and csp_space_close
 * takes it down again, leaving the model as it was found: its domains,
 * their representations and its domain policy (a solve under another
 * `domain=` converts the representations for its duration only). */
#ifndef SEARCHLAB_CSP_SPACE_H
#define SEARCHLAB_CSP_SPACE_H

#include "solver.h"

struct rng;

/* What csp_space_close needs to put back (the caller keeps it between
 * the two calls). */
typedef struct csp_space_saved {
    size_t mark0;         /* the trail when the space was opened */
    int domain;           /* the model's domain policy */
    unsigned char *kind;  /* the representations, when the solve changed them; else NULL */
} csp_space_saved;

/* Opens a search over p (finalized here if needed) under cfg: the
 * representations of cfg->domain (when the trail is empty), the CPU
 * deadline of lim (polled inside propagation: csp_expired), the support, counters into st, the given variables
 * assigned and the rest not.  Returns the number of given variables;
 * *empty is 1 when a given value left a domain empty (csp_fix). */
int csp_space_open(csp *p, const csp_config *cfg, const csp_limits *lim, stats *st,
                   csp_space_saved *sv, int *empty);
/* Undoes every change since the open, clears the search state and puts
 * the model's representations back. */
void csp_space_close(csp *p, csp_space_saved *sv);

/* The variables the search has assigned (the heuristics pick among the
 * others). */
static inline int csp_space_assigned(const csp *p, int v) { return p->flags.assigned[v]; }
static inline void csp_space_set_assigned(csp *p, int v, int on) {
    p->flags.assigned[v] = (unsigned char)on;
}
/* A check (bt's, fc's of a complete or partial scope) refuted the
 * current inference (strategy.c): the node is a failure, not a wipe-out. */
static inline void csp_space_check_failed(csp *p) { p->flags.check_failed = 1; }
/* The kind of the failure of the current inference: a failure when a
 * check refuted it, a wipe-out when propagation did; clears the flag. */
static inline csp_node_kind csp_space_failure(csp *p) {
    csp_node_kind k = p->flags.check_failed ? CSP_NODE_FAILURE : CSP_NODE_WIPEOUT;
    p->flags.check_failed = 0;
    return k;
}
/* 1 when a deadline was set and propagation has found it passed. */
static inline int csp_space_expired(const csp *p) { return csp_deadline_expired(&p->deadline); }
/* 1 when the search has a deadline. */
static inline int csp_space_timed(const csp *p) { return csp_deadline_timed(&p->deadline); }
/* 1 when the deadline (set) has passed: reads the clock now (the wall
 * clock; the CPU clock only when the deadline may have passed). */
static inline int csp_space_deadline_passed(csp *p) { return csp_deadline_passed(&p->deadline); }
/* The stream that breaks ties between variables at random (NULL: to the
 * lowest index). */
static inline void csp_space_set_ties(csp *p, struct rng *ties) { p->flags.ties = ties; }
static inline struct rng *csp_space_ties(const csp *p) { return p->flags.ties; }
/* The tier the variable heuristic chooses from (p->tier). */
static inline void csp_space_set_tier(csp *p, int tier) { p->flags.tier = tier; }
static inline int csp_space_tier(const csp *p) { return p->flags.tier; }

#endif
