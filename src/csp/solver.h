/* solver.h - search over a csp: strategies, propagation-queue policies and
 * ordering heuristics behind small tables of function pointers, collected
 * in one registry (registry.c), and csp_solve, the search that drives them
 * (search.c composing engine.h's engine and parts).
 *
 * The search is depth-first with an explicit stack (its depth never uses
 * the C stack); with restarts it is a sequence of such runs (below).  A node is one value given to
 * one variable; variables fixed by the instance (csp_fix) are assigned before the search and are no
 * nodes; a variable whose domain propagation reduced to one value is still assigned by the search,
 * and counts as a node.
 */
#ifndef SEARCHLAB_CSP_SOLVER_H
#define SEARCHLAB_CSP_SOLVER_H

#include <stdio.h>

#include "../core/diag.h"
#include "../core/status.h"
#include "csp.h"

typedef struct csp_queue csp_queue;

/* A strategy is the inference run at the root and after each assignment.
 * root/infer return CSP_WIPEOUT on failure, anything else on success. */
typedef struct csp_strategy {
    const char *name, *summary;
    int (*root)(csp *p, const csp_queue *q);
    int (*infer)(csp *p, int var, const csp_queue *q);
    /* 1 when infer propagates any domain change (gac), not only the
     * assignment of var (bt, fc): binary branching's refutation, a
     * removal of values, needs it (engine_dfs.c's refute) */
    int any_change;
} csp_strategy;

/* A GAC propagation-queue policy (queue.h: one driver, a policy per
 * file): runs propagation to a fixpoint.  With from_scratch, every
 * constraint is scheduled; otherwise the variables in p->ev.touched are
 * the changes to propagate.  Returns CSP_WIPEOUT or
 * CSP_NOCHANGE/CSP_CHANGED.  Leaves p->ev.touched empty.  init makes the
 * policy's scratch for p, free frees it; propagate runs with the scratch
 * in p->queue (csp_propagate sees to it). */
struct csp_queue {
    const char *name, *summary;
    void *(*init)(const csp *p);
    void (*free)(void *scratch);
    int (*propagate)(csp *p, int from_scratch);
};

/* Runs q on p (finalized if needed), making q's scratch when p holds
 * another policy's or none (csp_queue_setup: the csp keeps it for the
 * next call, and frees it with itself). */
void csp_queue_setup(csp *p, const csp_queue *q);
static inline int csp_propagate(csp *p, const csp_queue *q, int from_scratch) {
    if (p->queue.owner != q) csp_queue_setup(p, q);
    return q->propagate(p, from_scratch);
}

/* Variable ordering: the unassigned variable to branch on next (there is
 * at least one). */
typedef struct csp_var_heur {
    const char *name, *summary;
    int (*select)(const csp *p);
    int var_weights; /* 1: reads weights.h's variable scores, which csp_solve then keeps */
} csp_var_heur;

/* Value ordering, in two forms that must agree: select, for a bits
 * variable, the bit of `left` (non-empty, values not yet tried for var)
 * to try next; next, for any variable, the value to try after prev
 * (CSP_NOVAL: the first) among the values of var's domain (the search
 * calls it on the domain its frame started from), CSP_NOVAL when none
 * is left. */
typedef struct csp_val_heur {
    const char *name, *summary;
    int (*select)(const csp *p, int var, csp_dom left);
    int64_t (*next)(const csp *p, int var, int64_t prev);
} csp_val_heur;

/* ---- the registry ------------------------------------------------------ */

extern const csp_strategy *const csp_strategies[];
extern const csp_queue *const csp_queues[];
extern const csp_var_heur *const csp_var_heurs[];
extern const csp_val_heur *const csp_val_heurs[];
extern const char *const csp_support_names[]; /* by enum csp_support */
extern const char *const csp_branch_names[];  /* csp_config.binary: dway 0, binary 1 */

const csp_strategy *csp_find_strategy(const char *name);
const csp_queue *csp_find_queue(const char *name);
const csp_var_heur *csp_find_var(const char *name);
const csp_val_heur *csp_find_val(const char *name);

/* ---- restarts (restart.c) ----------------------------------------------
 *
 * A search with restarts runs in rounds: run i stops after cutoff(i)
 * failed nodes (`fails` counted within the run), undoes everything back to
 * the root's domains and starts again; what it learnt stays (the dom/wdeg
 * constraint weights are never reset) and ties between variables are
 * broken at random from the run's seed, so the next run sees another
 * tree.  Cutoffs grow without bound, so some run finishes: the search
 * stays complete.  Runs restart only while no solution has been found, so
 * enumeration (--all) goes on in the run that found the first solution
 * and reports each solution once. */
typedef enum csp_restart_kind {
    CSP_RESTART_NONE, /* one run, today's search */
    CSP_RESTART_LUBY, /* cutoff(i) = base * luby(i) */
    CSP_RESTART_GEOM  /* cutoff(i) = floor(base * factor^(i-1)) */
} csp_restart_kind;

typedef struct csp_restart {
    int kind;      /* csp_restart_kind */
    uint64_t base; /* N >= 1 */
    double factor; /* geom: F > 1 */
} csp_restart;

enum { CSP_RESTART_MAX_BASE = 1000000000 }; /* N up to 10^9 */
#define CSP_RESTART_MAX_FACTOR 1000.0

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: luby(i), i >= 1. */
uint64_t csp_luby(uint64_t i);
/* The failure cutoff of run i (i >= 1) under r (kind luby or geom);
 * saturates at 2^62 rather than overflow. */
uint64_t csp_restart_cutoff(const csp_restart *r, uint64_t i);
/* Reads "none", "luby:N" or "geom:N,F" into r.  0, or -1 with d saying
 * which part is wrong. */
int csp_restart_parse(const char *text, csp_restart *r, diag *d);
/* Writes r back in the form csp_restart_parse reads. */
void csp_restart_show(const csp_restart *r, char *buf, size_t size);

/* ---- a configuration: what `--strategy gac:queue=arc-fifo,var=dom` says -- */

/* The typed form of a CSP strategy spec.  Specs are parsed by the solve
 * layer from its key table (src/solve/csp_family.c), whose defaults are
 * the CSP_DEFAULT_* texts below, which csp_config_default reads too (a
 * test checks that they agree). */
typedef struct csp_config {
    const csp_strategy *strategy;
    const csp_queue *queue;
    const csp_var_heur *var;
    const csp_val_heur *val;
    int support;         /* enum csp_support */
    int timing;          /* 1: measure inference time (default); 0: do not */
    csp_restart restart; /* default none */
    int lc;              /* 1: last-conflict reasoning (engine_lc.c); default 0 */
    int binary;          /* 1: binary branching (x = v, then x != v and a new choice;
                          * engine_dfs.c's refute), gac only; default 0 (d-way): the
                          * index in csp_branch_names */
    int phase;           /* 1: solution-phase saving under branch and bound (engine_bnb.c);
                          * default 0; nothing changes without an objective */
    int nogood;          /* 1: nogoods recorded from restarts (engine_restart.c, nogood.h);
                          * default 0; nothing changes without restarts */
    int domain;          /* enum csp_domain_kind or CSP_DOM_AUTO (default) */
} csp_config;

/* The defaults as the texts of the spec's keys, written once:
 * csp_config_default reads them, and the solve layer's key table
 * (csp_family.c) shows and applies them. */
#define CSP_DEFAULT_STRATEGY "gac"
#define CSP_DEFAULT_QUEUE "constraint-fifo"
#define CSP_DEFAULT_VAR "dom"
#define CSP_DEFAULT_VAL "lex"
#define CSP_DEFAULT_SUPPORT "bits"
#define CSP_DEFAULT_TIMING "on"
#define CSP_DEFAULT_RESTART "none"
#define CSP_DEFAULT_LC "off"
#define CSP_DEFAULT_BRANCH "dway"
#define CSP_DEFAULT_PHASE "off"
#define CSP_DEFAULT_NOGOOD "off"
#define CSP_DEFAULT_DOMAIN "auto"
/* The defaults above: gac, constraint-fifo, dom, lex, bits, timing on, no
 * restarts, no last-conflict, no phase saving, no nogoods, domains auto. */
void csp_config_default(csp_config *cfg);

/* ---- solving ------------------------------------------------------------ */

/* Called for each solution (every variable assigned, all constraints
 * hold); return 0 to stop the search, 1 to go on. */
typedef int (*csp_on_solution)(void *ctx, const csp *p);

/* ---- watching the search: one callback per node ----------------------
 *
 * A search with a hook calls hook->on_node once for the root (depth 0,
 * after the root inference; the root is no node and is not counted) and
 * once for every counted node (depth >= 1), in depth-first order, after
 * the node's inference, when its outcome is known.  So the events at
 * depth >= 1 are exactly the `nodes` of the statistics, and the parent of
 * an event at depth d is the last event at depth d - 1 before it.  A
 * search that restarts reports each restart's root as a new depth-0
 * event (with the root's domains: a restart prunes nothing), and labels
 * every depth-0 event with its run ("run 2: cutoff 3 failures"); so the
 * depth >= 1 events of all runs together are the `nodes`.  Own searches
 * (puzzle_search) report through the same hook.
 *
 * With no hook (NULL, the default) the search pays one predictable
 * branch per node and nothing else (measured: docs/benchmarks.md). */
typedef enum csp_node_kind {
    CSP_NODE_BRANCH,   /* consistent and incomplete: the search goes below it */
    CSP_NODE_SOLUTION, /* a solution (every variable assigned) */
    CSP_NODE_FAILURE,  /* a check refuted it (bt's checks, fc's checks of
                        * complete or partial scopes); in own searches, a
                        * dead end (no move left) */
    CSP_NODE_WIPEOUT   /* propagation refuted it: a revise or propagator left
                        * a variable without values (fc, gac); in own
                        * searches, a cut */
} csp_node_kind;

typedef struct csp_node_event {
    int depth;      /* 0: the root; k >= 1: the k-th decision of the path */
    int var, value; /* the decision var = value (var -1 at the root) */
    int left;       /* values of var not tried yet after this one */
    csp_node_kind kind;
    /* CSP searches: the model with the domains left by this node's
     * inference (valid during the call only), and the trail mark taken
     * before the decision: the trail entries above it are the node's
     * changes (the decision's own first).  Own searches: NULL and 0. */
    const csp *p;
    size_t mark;
    /* Own searches: the decision as text (valid during the call only);
     * CSP searches: NULL (the decision is var = value, named by p),
     * except at depth 0 of a search with restarts: the run. */
    const char *label;
} csp_node_event;

typedef struct csp_search_hook {
    void (*on_node)(void *ctx, const csp_node_event *e);
    void *ctx;
} csp_search_hook;

typedef struct csp_limits {
    int all;             /* enumerate every solution */
    uint64_t node_limit; /* 0: none */
    double timeout_s;    /* CPU seconds of this process; 0: none */
    uint64_t start_ns; /* the process CPU time (clock_cpu_ns) timeout_s counts from; 0: the search's
                          start */
    FILE *trace;       /* --trace: one line per node, indented by depth */
    const csp_search_hook *hook; /* NULL: none (search trees: src/tree) */
    uint64_t seed;               /* with restarts: the seed of the random tie-breaking */
} csp_limits;

/* Searches p under cfg; counters are added into st (total_ns included).
 * Undoes every change before returning and puts back the representations
 * a cfg->domain other than the model's converted (space.h), so p is left
 * as it was found and can be searched again. */
run_status csp_solve(csp *p, const csp_config *cfg, const csp_limits *lim, csp_on_solution cb,
                     void *ctx, stats *st);

#endif
