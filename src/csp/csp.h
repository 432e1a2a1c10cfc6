/* csp.h - the finite-domain CSP model: variables with integer domains of
 * any size behind one interface, constraints behind one table of
 * operations, the trail that undoes domain changes on backtrack, and the
 * propagation state a search drives.
 *
 * Values.  A variable's values are any finite set of 32-bit signed
 * integers.  Every representation answers the same value-level interface
 * (csp_min, csp_max, csp_size, csp_has, csp_next, csp_prev; csp_remove,
 * csp_remove_below, csp_remove_above, csp_keep) and the word view
 * (csp_word: the 64 values base..base+63 as a bit mask; csp_prune_word).
 * offset[v] is the variable's smallest value when it was added, and
 * csp_bits/csp_prune read and prune the word at offset[v]: the whole
 * domain when the variable spans at most 64 values (csp_span), which is
 * how the bit-parallel propagators (all-different, tables, the puzzles'
 * own) work on any representation.
 *
 * Representations (CSP_DOMAINS, the strategy key `domain=`; domain.c):
 * `bits` is one 64-bit word per variable in p->word, read and written
 * inline: the fast path, for variables spanning at most 64 values.  The
 * others (`bitset`, `sparse`, `ranges`) live in p->vd[v] behind a table
 * of operations (csp_domain_ops): their state is an array of 64-bit
 * words w[], restored through the trail word by word, plus, for sparse,
 * arrays that need no restoring.  w[0] holds min and max, w[1] the size,
 * for every one of them, so csp_min/max/size are O(1) everywhere.  Every
 * representation is exact: csp_has(v, a) is 1 iff a is in the domain.
 *
 * Ownership.  The csp owns its variables, constraints and their data.
 * Domains change only through the functions below, which trail the old
 * state; invariant: undoing the trail to a mark restores every domain (in
 * every representation) exactly as it was when the mark was taken.
 *
 * Reversible words.  A propagator with state of its own (the current
 * table of a table constraint, a sparse set's limit) records a 64-bit
 * word with csp_save_word() before it changes it.  Trail entries:
 * var >= 0: the word of a bits variable (the hot path, one branch);
 * var == CSP_TRAIL_SAVED: a saved word, whose address is on the second
 * stack `saved` (invariant: these entries in trail[0..trail_len) are
 * exactly saved_len, in the order of saved[0..saved_len)); var <=
 * CSP_TRAIL_VDOM: word idx of variable CSP_TRAIL_VDOM - var's
 * representation.  Undoing to a mark pops all of them in one pass.
 *
 * Events (propagation conditions, as Gecode's): a change of a variable is
 * CSP_EV_FIX (it became a singleton), CSP_EV_BND (min or max moved) or
 * CSP_EV_DOM (values inside the bounds left); each implies the ones
 * below it.  The first change of v since the queues last looked records
 * what v was (told[v]), and csp_event() compares it with v now.  A
 * global subscribes with its wake (CSP_WAKE_*) and the queues wake it
 * only for the events it asked for.
 *
 * The struct bodies are in this header because propagators read domains
 * on the hot path.  The model (variables, domains, constraints, the
 * variable -> constraint index) comes first; the state of propagation
 * and search follows as the space's parts, one concern each (the trail,
 * the events, the queue's scratch, what the solve told propagation, the
 * search's flags, the deadline: "the space's parts" below), which the
 * space (space.h) sets up for a solve and takes down after it, leaving
 * the model as it found it.
 */
#ifndef SEARCHLAB_CSP_CSP_H
#define SEARCHLAB_CSP_CSP_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/stats.h"
#include "deadline.h"
#include "weights.h"

/* The values of one word: the bits representation, and the word view. */
#define CSP_MAX_VALUES 64

/* "No value": csp_next past the largest, csp_prev below the smallest, a
 * value heuristic with nothing left.  Values are 32-bit, so no value is
 * this 64-bit one. */
#define CSP_NOVAL INT64_MIN

typedef uint64_t csp_dom;
typedef struct csp csp;
typedef struct csp_con csp_con;

/* Propagators and checks return these: progress, nothing, wipe-out. */
enum { CSP_WIPEOUT = -1, CSP_NOCHANGE = 0, CSP_CHANGED = 1 };

/* ==== domain representations ============================================ */

/* X(ENUM, name, summary): the one list of representations; `auto` is the
 * key's default (a choice per variable, csp_domain_choose), not one of
 * them. */
#define CSP_DOMAINS(X)                                                                             \
    X(BITS, bits, "one 64-bit word: up to 64 consecutive values (the fast path)")                  \
    X(BITSET, bitset, "a bitset of words over the initial span, min and max kept beside it")       \
    X(SPARSE, sparse, "a sparse set with its bounds (Le Clement, Schaus, Deville)")                \
    X(RANGES, ranges, "a sorted list of intervals: huge domains with few holes")

enum csp_domain_kind {
#define CSP_DOMAIN_ENUM_(e, name, summary) CSP_DOM_##e,
    CSP_DOMAINS(CSP_DOMAIN_ENUM_)
#undef CSP_DOMAIN_ENUM_
        CSP_DOM_NKINDS,
    CSP_DOM_AUTO = CSP_DOM_NKINDS /* the policy: chosen per variable */
};

/* The representation of a variable of a kind other than bits.  w[0] is
 * min (low 32 bits) and max (high 32 bits), w[1] the size; the rest is
 * the representation's.  Every word of w is restored by the trail (by
 * index, so w may be reallocated); aux is not restored (see each
 * representation's invariant in dom_*.c). */
typedef struct csp_vdom {
    uint64_t *w;
    size_t nw, wcap;
    int *aux;
    size_t naux;
    int lo0, hi0; /* the smallest and largest value when it was made */
} csp_vdom;

static inline int csp_vdom_min(const csp_vdom *d) { return (int)(int32_t)(uint32_t)d->w[0]; }
static inline int csp_vdom_max(const csp_vdom *d) {
    return (int)(int32_t)(uint32_t)(d->w[0] >> 32);
}
static inline uint64_t csp_vdom_bounds(int lo, int hi) {
    return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32;
}

/* The operations of one representation (domain.c's registry).  The
 * engine calls a change only when it removes something and leaves a
 * value (csp.c checks both first), so each may assume 1 <= what it
 * removes < size.  Changes save every word they modify with
 * csp_vdom_save(p, v, idx) first and keep w[0], w[1] exact. */
typedef struct csp_domain_ops {
    const char *name, *summary;
    /* Makes d hold the values of the intervals [iv[2i], iv[2i+1]],
     * i < niv (sorted, disjoint, not adjacent, niv >= 1). */
    void (*init)(csp_vdom *d, const int *iv, size_t niv);
    void (*destroy)(csp_vdom *d);
    int (*has)(const csp_vdom *d, int a);
    /* The smallest value > a (a < max), the largest value < a (a > min). */
    int (*next)(const csp_vdom *d, int a);
    int (*prev)(const csp_vdom *d, int a);
    void (*remove)(csp *p, int v, csp_vdom *d, int a);       /* a in d, not alone */
    void (*remove_below)(csp *p, int v, csp_vdom *d, int a); /* min < a <= max */
    void (*remove_above)(csp *p, int v, csp_vdom *d, int a); /* min <= a < max */
    void (*keep)(csp *p, int v, csp_vdom *d, int a);         /* a in d, size > 1 */
    /* Values base..base+63 as bits. */
    csp_dom (*word)(const csp_vdom *d, int64_t base);
    /* The largest b >= a with a..b all in d (a in d). */
    int (*run_end)(const csp_vdom *d, int a);
    /* Optional (NULL: remove, value by value): removes vals[0..n-1],
     * distinct values of d in increasing order, 1 <= n < size, in one
     * pass whose work and trail do not grow with n times the state
     * (ranges: a split per value would shift the intervals after it). */
    void (*remove_sorted)(csp *p, int v, csp_vdom *d, const int64_t *vals, size_t n);
    /* Optional (NULL: the values of the runs, one by one): removes the
     * runs [iv[2i], iv[2i+1]], i < n (sorted, disjoint, each meeting d),
     * gone values in all, 1 <= gone < size, in one pass over the
     * intervals whose work and trail do not grow with the width of a run
     * (ranges: a run of 2^31 values is one interval edit). */
    void (*remove_runs)(csp *p, int v, csp_vdom *d, const int64_t *iv, size_t n, uint64_t gone);
} csp_domain_ops;

extern const csp_domain_ops *const csp_domain_ops_of[CSP_DOM_NKINDS]; /* [bits] is NULL */
extern const char *const csp_domain_names[];     /* by kind, then "auto"; NULL-terminated */
extern const char *const csp_domain_summaries[]; /* the same order */

/* ==== constraints ========================================================== */

/* How binary constraints look for supports during revise. */
enum csp_support {
    CSP_SUPPORT_BITS, /* bit-parallel: one mask operation per value */
    CSP_SUPPORT_SCAN, /* classic AC-3: scan the other domain, one check per pair */
    CSP_SUPPORT_RM,   /* AC3rm: try the residual support first, then scan */
    /* Not a choice: bits on a model whose variables are not all bits
     * (csp_solve sets it), so that the bits path tests one field: the
     * built-ins revise bit-parallel between two bits variables and by
     * bounds or value otherwise. */
    CSP_SUPPORT_BITS_MIXED
};

/* Cost classes (Gecode's propagator costs, reduced to two): every queue
 * policy runs an expensive propagator only when no cheap work is pending,
 * so the cheap ones (built-in binaries, all-different's value level) reach
 * their fixpoint first and the expensive one runs on smaller domains. */
enum csp_cost { CSP_COST_CHEAP = 0, CSP_COST_EXPENSIVE = 1 };

/* Events of a change (bits; each implies the ones below it). */
enum { CSP_EV_DOM = 1, CSP_EV_BND = 2, CSP_EV_FIX = 4 };

/* When a constraint needs to be woken (its propagation condition): the
 * events it subscribes to. */
enum csp_wake {
    CSP_WAKE_ANY = 0,   /* any change of a variable of the scope */
    CSP_WAKE_FIX = 1,   /* only a variable of the scope becoming a singleton */
    CSP_WAKE_BOUNDS = 2 /* a bound of a variable of the scope moving (or a fix) */
};

/* The operations of one kind of constraint.  Every field but name and
 * check is optional; the zero value of each is the engine's default, so a
 * table that leaves a field out keeps the behaviour it always had.
 * - check(c, vals): vals[i] is the value of scope[i]; 1 if satisfied.
 * - revise(p, c, pos): remove from the domain of scope[pos] every value
 *   with no support in the current domains of the others (through
 *   csp_remove/csp_prune...); returns CSP_WIPEOUT / CSP_CHANGED /
 *   CSP_NOCHANGE.  When absent, a generic revise enumerates the other
 *   domains with check (exponential in the arity: small scopes only).
 * - propagate(p, c): make the whole constraint consistent at once; the
 *   constraint-oriented queues call it instead of revising each variable.
 *   When absent, each position is revised in turn.  A constraint with
 *   propagate and no revise is a *global*: every queue policy schedules
 *   it as one item and calls propagate once per change (never once per
 *   position), see csp_con_whole().
 * - partial(p, c): the consistency check of plain backtracking on a scope
 *   that is not complete yet: 0 when the current domains (in bt: the
 *   values assigned so far) already rule the constraint out.  It must
 *   return 1 whenever some choice of the undecided variables may satisfy
 *   the constraint (it may be weaker than that, never stronger); bt calls
 *   it on each incomplete constraint of the assigned variable.  When
 *   absent, bt checks the constraint only once it is complete.
 * - on_assign(p, c, pos): forward checking's step for scope[pos] just
 *   assigned: prune what that assignment rules out in the other domains
 *   (returns as revise does).  When present, fc calls it instead of its
 *   default treatment of c (revise the last unassigned variable, check or
 *   partially check otherwise): at the root once per assigned position,
 *   then once per assignment of a variable of the scope.  It must do at
 *   least what bt's checks do (fail when the assigned values already
 *   violate c) and at least forward checking (leave the last unassigned
 *   variable only values consistent with the assigned ones).
 * - destroy(data, size): free what data points to (data itself is freed
 *   by the csp).
 * The three scheduling fields apply to globals only (other constraints
 * are scheduled per position, as they always were):
 * - cost: enum csp_cost (CSP_COST_CHEAP when left out).
 * - wake: enum csp_wake (CSP_WAKE_ANY when left out).
 * - idempotent: 1 when propagate always reaches the constraint's own
 *   fixpoint, so the queues do not wake it for the changes it made itself
 *   (Gecode's ES_FIX).
 * - budgeted: 1 when revise (or propagate) may stop before deciding every
 *   value (a budget of support checks on a huge domain) and keep values
 *   it did not check.  The queues assume a revision leaves its variable
 *   consistent and do not revise it again for its own changes (arc-fifo
 *   never re-queues a unary constraint), so such a constraint might never
 *   look at the value finally assigned: the search checks every budgeted
 *   constraint at each complete assignment (csp_solve), a failure if one
 *   does not hold.
 * summary and consistency describe it for `searchlab list` and the docs
 * (globals.c's registry). */
typedef struct csp_con_ops {
    const char *name;
    int (*check)(const csp *p, const csp_con *c, const int *vals);
    int (*revise)(csp *p, csp_con *c, int pos);
    int (*propagate)(csp *p, csp_con *c);
    int (*partial)(const csp *p, const csp_con *c);
    int (*on_assign)(csp *p, csp_con *c, int pos);
    void (*destroy)(void *data, size_t size);
    int cost, wake, idempotent, budgeted;
    const char *summary, *consistency;
} csp_con_ops;

/* Binary relations built into the engine (fast paths for all supports). */
enum csp_rel { CSP_REL_NE, CSP_REL_LT };

struct csp_con {
    const csp_con_ops *ops;
    int id, arity;
    int *scope; /* arity variable indices */
    void *data; /* owned; data_size bytes */
    size_t data_size;
    /* binary built-ins: enum csp_rel, and data their AC3rm residues
     * (csp.c, allocated at their first scan); -1 otherwise */
    int rel;
};

/* Entry k of the variable -> constraint index, for variable x and the
 * constraint vc_list[k]: when that is a built-in binary relation between
 * x and another variable, rel (enum csp_rel), the other variable and its
 * position in the scope; else rel is -1 (n-ary, or x REL x). */
typedef struct csp_nbr {
    int other;
    signed char rel, opos;
    unsigned char sched; /* CSP_SCHED_* of the constraint (0 for binaries) */
} csp_nbr;

/* How the queues schedule a constraint, beside each index entry so that
 * pushing needs no load of the constraint. */
enum {
    CSP_SCHED_WHOLE = 1, /* a global: one queue item, one propagate call */
    CSP_SCHED_SLOW = 2,  /* expensive: the queues' second level */
    CSP_SCHED_FIX = 4,   /* wakes only when a variable becomes a singleton */
    CSP_SCHED_IDEM = 8,  /* not woken by its own changes */
    CSP_SCHED_BND = 16   /* wakes only when a bound moves */
};

/* One trail entry (see the header comment for var's three meanings). */
typedef struct csp_trail_entry {
    int var, idx;
    csp_dom old;
} csp_trail_entry;
enum { CSP_TRAIL_SAVED = -1, CSP_TRAIL_VDOM = -2 };

/* ==== the space's parts ===================================================
 *
 * The state of one search over the model, one concern a part, each
 * written by the module named beside it and read by the others only
 * through that module's functions (space.h says which the engines use).
 * The bodies are here because struct csp holds them by value: the hot
 * paths (a change's trail push, csp_event, a counter) reach them with one
 * offset from p, as they did when they were one struct. */

/* The trail (csp.c: every change pushes, csp_undo pops; the invariants
 * are the header comment's): entries, and the addresses of the saved
 * words. */
typedef struct csp_trail {
    csp_trail_entry *e;
    size_t len, cap;
    uint64_t **saved;
    size_t saved_len, saved_cap;
} csp_trail;

/* The events (csp.c's changes record them, the queues drain them,
 * CSP_DRAIN_TOUCHED in queue.h): the variables changed since the queue
 * last looked, and what each was at its first change since then, for
 * csp_event: told[v] is 0 when v is not in the list, else its word for
 * bits (never 0: a domain before a change is not empty) and w[0] ^
 * CSP_TOLD_VDOM for the others (never 0: no domain has bounds min 1,
 * max 0).  told is NULL until csp_finalize (nothing is recorded). */
typedef struct csp_events {
    int *touched;
    int ntouched;
    csp_dom *told;
} csp_events;

/* The scratch of the queue policy that ran last (queue.c:
 * csp_queue_setup makes it, csp_propagate checks owner, csp_free frees
 * it with free). */
typedef struct csp_qslot {
    void *scratch;
    const void *owner;
    void (*free)(void *scratch);
} csp_qslot;

/* What a solve tells propagation (csp_space_open sets it;
 * csp_set_support and csp_set_stats outside a solve): the support mode
 * of the binary revisions (enum csp_support) and where the counters go
 * (NULL: nowhere; CSP_COUNT). */
typedef struct csp_run_conf {
    int support;
    stats *st;
} csp_run_conf;

/* The search's flags (space.h reads and writes them: csp_space_*; the
 * strategies and heuristics read them through the same functions). */
typedef struct csp_flags {
    unsigned char *assigned; /* 1 when the search has assigned the variable */
    /* 1 when a check (bt's, or fc's of a complete or partial scope)
     * refuted the current inference, 0 when propagation did; the search
     * reads and clears it for its hook (failures vs wipe-outs) */
    unsigned char check_failed;
    /* NULL: ties between variables go to the lowest index (any search
     * without restarts); else the stream that breaks them at random (set
     * by a search with restarts, for its duration) */
    struct rng *ties;
    int tier; /* the tier the variable heuristic chooses from (p->tier) */
} csp_flags;

struct csp {
    /* ---- the model ---- */
    int nvars, ncons;
    csp_dom *word;        /* bits variables: the domain (bit b = value offset + b); else 0 */
    unsigned char *kind;  /* enum csp_domain_kind of each variable */
    csp_vdom *vd;         /* the other kinds' representations (indexed by variable) */
    int *offset;          /* the smallest value when the variable was added */
    int64_t *span;        /* largest - smallest value + 1, when it was added */
    char **names;         /* optional variable names (NULL entries allowed) */
    unsigned char *given; /* 1 when the instance fixed the variable */
    csp_con **cons;
    int cons_cap;
    /* variable -> constraints (CSR, built by csp_finalize), and beside
     * each entry what the variable queues need of a built-in binary
     * constraint without loading it */
    int *vc_start, *vc_list;
    csp_nbr *vc_nbr;
    int narcs;     /* sum of the arities */
    int *arc_base; /* arcs of constraint c: arc_base[c] + pos */
    /* 1 when the general paths must run (csp_finalize): some constraint
     * is a global or has an fc step of its own, or some variable is not
     * bits.  fc, the queues and the heuristics take their general paths
     * only then, so models of bits variables without globals run the code
     * they always ran */
    int general;
    int has_globals, all_bits;
    int has_budgeted; /* some constraint's ops are budgeted (csp_con_ops) */
    int domain;       /* the policy the representations were chosen by (enum csp_domain_kind) */
    /* the objective (csp_set_objective): nobj variables, lexicographic
     * when several; sense +1 minimise, -1 maximise; nobj 0: none */
    int *obj, nobj, obj_sense;
    /* branching tiers (csp_set_tiers): the search branches on the
     * unassigned variables of tier 0 first, then of tier 1, ...; NULL:
     * one tier, the heuristics' plain loops */
    unsigned char *tier;
    int ntiers;
    int finalized;
    /* ---- the space: the state of propagation and search, by part ---- */
    csp_trail trail;
    csp_events ev;
    csp_qslot queue;
    csp_run_conf run;
    csp_flags flags;
    csp_deadline deadline; /* deadline.h */
    csp_weights weights;   /* weights.h: dom/wdeg's, by constraint id */
};

/* ==== building a model ==================================================== */

csp *csp_new(void);
void csp_free(csp *p);
/* Adds a variable with values lo..hi (lo <= hi); returns its index.
 * name may be NULL.  Its representation follows p->domain (auto: bits
 * when it spans at most 64 values). */
int csp_add_var(csp *p, int lo, int hi, const char *name);
/* Adds a variable with values vals[0..n-1] (sorted, distinct, n >= 1). */
int csp_add_var_values(csp *p, const int *vals, size_t n, const char *name);
/* Adds a variable with the values of the intervals [iv[2i], iv[2i+1]],
 * i < niv (sorted, disjoint, niv >= 1). */
int csp_add_var_intervals(csp *p, const int *iv, size_t niv, const char *name);
/* Fixes v to value (an instance given); the search will not branch on v.
 * A value outside the domain empties it (the instance has no solution). */
void csp_fix(csp *p, int v, int value);
/* Keeps in v's domain only the values of vals[0..n) (sorted, distinct),
 * while the model is built (an implied unary constraint of a front end);
 * at least one of them must be in the domain. */
void csp_restrict_values(csp *p, int v, const int *vals, size_t n);
/* Adds the built-in binary constraint x REL y; returns its index. */
int csp_add_rel(csp *p, int x, enum csp_rel rel, int y);
/* Adds an n-ary constraint; scope is copied; data (data_size bytes, may be
 * 0) is copied into an owned block.  Returns its index. */
int csp_add_con(csp *p, const csp_con_ops *ops, const int *scope, int arity, const void *data,
                size_t data_size);
/* The data of a constraint over x_0..x_{n-1} and one more variable, with
 * a set of integers (count's V, nValues' E): n, nv and the values. */
typedef struct csp_valued {
    int n, nv;
    int64_t v[];
} csp_valued;
/* Adds a constraint of ops over vars[0..n) then last, whose data is a
 * csp_valued holding vals[0..nv) as given.  Returns its index. */
int csp_add_valued(csp *p, const csp_con_ops *ops, const int *vars, int n, int last,
                   const int64_t *vals, int nv);
/* Builds the variable -> constraint index; called once before search
 * (csp_solve calls it if needed). */
void csp_finalize(csp *p);
/* Makes p an optimisation problem: minimise (sense +1) or maximise (-1)
 * the value of vars[0] (n = 1), or the tuple vars[0..n-1]
 * lexicographically (n > 1).  csp_solve then runs branch and bound
 * (solver.h).  n 0 removes the objective. */
void csp_set_objective(csp *p, const int *vars, int n, int sense);
/* Branching tiers: tier[v] (0..ntiers-1) for each of the nvars variables
 * (copied); the variable heuristic picks among the unassigned variables
 * of the lowest tier that has one (a front end's decision variables
 * first, its auxiliary variables last).  ntiers <= 1 removes them. */
void csp_set_tiers(csp *p, const unsigned char *tier, int ntiers);

/* The representation a variable whose values form niv intervals over
 * span values (largest - smallest + 1) gets under policy (a kind, or
 * CSP_DOM_AUTO): auto takes bits up to 64 values of span, a bitset up to
 * 4096, beyond that ranges when the values form at most 64 intervals,
 * else a bitset (up to CSP_DOM_MAX_DENSE); a kind that cannot hold the
 * values (bits over 64 values of span; bitset and sparse over
 * CSP_DOM_MAX_DENSE) gives way to auto's choice (docs/DESIGN.md). */
#define CSP_DOM_MAX_DENSE ((int64_t)1 << 22)
int csp_domain_choose(int policy, int64_t span, size_t niv);
/* Makes every variable's representation the one policy chooses for its
 * current values (CSP_DOM_AUTO or a kind); the trail must be empty (no
 * search running).  The values do not change. */
void csp_use_domains(csp *p, int policy);
/* The same with the representation of each variable v given, kinds[v]
 * (NULL: chosen by policy), and policy recorded as the model's (to put
 * back what csp_use_domains changed: csp_space_close). */
void csp_use_kinds(csp *p, int policy, const unsigned char *kinds);

/* ==== bits: the one-word representation, inline ============================ */

/* Without the popcnt instruction (the x86-64 baseline ISA lacks it),
 * __builtin_popcountll is a call into libgcc; this branch-free count
 * (Hacker's Delight 5-1) stays inline on the hot paths. */
static inline int csp_dom_size(csp_dom d) {
#ifdef __POPCNT__
    return __builtin_popcountll(d);
#else
    d = d - ((d >> 1) & 0x5555555555555555u);
    d = (d & 0x3333333333333333u) + ((d >> 2) & 0x3333333333333333u);
    d = (d + (d >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((d * 0x0101010101010101u) >> 56);
#endif
}
/* 1 if d holds exactly one value (no count needed). */
static inline int csp_dom_single(csp_dom d) { return d && !(d & (d - 1)); }
static inline int csp_dom_min(csp_dom d) { return __builtin_ctzll(d); }
static inline int csp_dom_max(csp_dom d) { return 63 - __builtin_clzll(d); }
static inline csp_dom csp_bit(int b) { return (csp_dom)1 << b; }
/* The sum-set {a + b : a in A, b in B} of two sets of small integers
 * (counts, sums), truncated to 0..63: the building block of the museum's
 * and the aquarium's exact propagators. */
static inline csp_dom csp_sumset(csp_dom a, csp_dom b) {
    csp_dom r = 0;
    for (; a; a &= a - 1) r |= b << csp_dom_min(a);
    return r;
}
/* Mask of bits lo..hi (clamped to 0..63); empty when lo > hi. */
static inline csp_dom csp_range(int64_t lo, int64_t hi) {
    if (lo < 0) lo = 0;
    if (hi > CSP_MAX_VALUES - 1) hi = CSP_MAX_VALUES - 1;
    if (lo > hi) return 0;
    csp_dom up = hi == 63 ? ~(csp_dom)0 : (csp_bit((int)hi + 1) - 1);
    return up & ~(csp_bit((int)lo) - 1);
}
static inline int csp_value(const csp *p, int v, int bit) { return p->offset[v] + bit; }

/* ==== the value-level interface (every representation) ==================== */

static inline int csp_is_bits(const csp *p, int v) { return p->kind[v] == CSP_DOM_BITS; }
static inline const csp_domain_ops *csp_vops(const csp *p, int v) {
    return csp_domain_ops_of[p->kind[v]];
}

/* The domain's smallest and largest value, and its size (a domain is
 * never empty outside a wipe-out). */
static inline int csp_min(const csp *p, int v) {
    return csp_is_bits(p, v) ? p->offset[v] + csp_dom_min(p->word[v]) : csp_vdom_min(&p->vd[v]);
}
static inline int csp_max(const csp *p, int v) {
    return csp_is_bits(p, v) ? p->offset[v] + csp_dom_max(p->word[v]) : csp_vdom_max(&p->vd[v]);
}
static inline int64_t csp_size(const csp *p, int v) {
    return csp_is_bits(p, v) ? csp_dom_size(p->word[v]) : (int64_t)p->vd[v].w[1];
}
static inline int csp_single(const csp *p, int v) {
    return csp_is_bits(p, v) ? csp_dom_single(p->word[v]) : p->vd[v].w[1] == 1;
}
/* 1 if a is in v's domain. */
static inline int csp_has(const csp *p, int v, int64_t a) {
    if (csp_is_bits(p, v)) {
        int64_t b = a - p->offset[v];
        return b >= 0 && b < CSP_MAX_VALUES && (p->word[v] >> b & 1);
    }
    const csp_vdom *d = &p->vd[v];
    return a >= csp_vdom_min(d) && a <= csp_vdom_max(d) && csp_vops(p, v)->has(d, (int)a);
}
/* The smallest value of v greater than a, or CSP_NOVAL. */
static inline int64_t csp_next(const csp *p, int v, int64_t a) {
    if (csp_is_bits(p, v)) {
        int64_t b = a - p->offset[v] + 1;
        if (b >= CSP_MAX_VALUES) return CSP_NOVAL;
        csp_dom rest = b <= 0 ? p->word[v] : p->word[v] & ~(csp_bit((int)b) - 1);
        return rest ? p->offset[v] + csp_dom_min(rest) : CSP_NOVAL;
    }
    const csp_vdom *d = &p->vd[v];
    if (a >= csp_vdom_max(d)) return CSP_NOVAL;
    if (a < csp_vdom_min(d)) return csp_vdom_min(d);
    return csp_vops(p, v)->next(d, (int)a);
}
/* The largest value of v smaller than a, or CSP_NOVAL. */
static inline int64_t csp_prev(const csp *p, int v, int64_t a) {
    if (csp_is_bits(p, v)) {
        int64_t b = a - p->offset[v];
        if (b <= 0) return CSP_NOVAL;
        csp_dom rest = b >= CSP_MAX_VALUES ? p->word[v] : p->word[v] & (csp_bit((int)b) - 1);
        return rest ? p->offset[v] + csp_dom_max(rest) : CSP_NOVAL;
    }
    const csp_vdom *d = &p->vd[v];
    if (a <= csp_vdom_min(d)) return CSP_NOVAL;
    if (a > csp_vdom_max(d)) return csp_vdom_max(d);
    return csp_vops(p, v)->prev(d, (int)a);
}
/* Iterates a over v's values, smallest first (the domain must not change
 * inside the loop). */
#define CSP_FOR_VALUES(p, v, a)                                                                    \
    for (int64_t a = csp_min((p), (v)); a != CSP_NOVAL; a = csp_next((p), (v), a))

/* The values base..base+63 of v as bits (bit b: value base + b). */
csp_dom csp_word_slow(const csp *p, int v, int64_t base);
static inline csp_dom csp_word(const csp *p, int v, int64_t base) {
    if (csp_is_bits(p, v) && base == p->offset[v]) return p->word[v];
    return csp_word_slow(p, v, base);
}
/* The word at offset[v]: the whole domain when v spans at most 64 values
 * (the bit-parallel propagators post only on such variables). */
static inline csp_dom csp_bits(const csp *p, int v) {
    return csp_is_bits(p, v) ? p->word[v] : csp_word_slow(p, v, p->offset[v]);
}
/* 1 when v spans at most 64 values (csp_bits holds its whole domain). */
static inline int csp_narrow(const csp *p, int v) { return p->span[v] <= CSP_MAX_VALUES; }

/* Changes.  Each removes values from v's domain, trailing the old state
 * and recording v as touched, and counts the removed values as prunings;
 * returns CSP_WIPEOUT if nothing would be left (a wiped-out bits word is
 * left empty; another representation is left as it was: the caller
 * undoes either way), CSP_CHANGED if the domain shrank, CSP_NOCHANGE if
 * not. */
int csp_prune_slow(csp *p, int v, int64_t base, csp_dom mask);
/* Removes the values base + b for the bits b of mask. */
static inline int csp_prune_word(csp *p, int v, int64_t base, csp_dom mask);
/* Removes the values offset[v] + b for the bits b of mask. */
int csp_prune_bits(csp *p, int v, csp_dom mask);
static inline int csp_prune(csp *p, int v, csp_dom mask) {
    return csp_is_bits(p, v) ? csp_prune_bits(p, v, mask)
                             : csp_prune_slow(p, v, p->offset[v], mask);
}
static inline int csp_prune_word(csp *p, int v, int64_t base, csp_dom mask) {
    return csp_is_bits(p, v) && base == p->offset[v] ? csp_prune_bits(p, v, mask)
                                                     : csp_prune_slow(p, v, base, mask);
}
/* Keeps only the bits in keep (csp_prune of the complement). */
static inline int csp_restrict(csp *p, int v, csp_dom keep) { return csp_prune(p, v, ~keep); }
int csp_remove(csp *p, int v, int64_t a);
/* Removes vals[0..n-1] (values of v's domain; one change for a bits
 * variable). */
int csp_remove_values(csp *p, int v, const int64_t *vals, size_t n);
/* Removes the values of the runs [iv[2i], iv[2i+1]], i < n (sorted,
 * disjoint; values outside v's domain allowed): one change, whose cost
 * grows with the runs and the domain's intervals, not the values
 * (ranges); the wide-domain form of csp_remove_values. */
int csp_remove_runs(csp *p, int v, const int64_t *iv, size_t n);
int csp_remove_below(csp *p, int v, int64_t a); /* removes every value < a */
int csp_remove_above(csp *p, int v, int64_t a); /* removes every value > a */
int csp_keep(csp *p, int v, int64_t a);         /* keeps only a */
/* The search's assignment v = a (a in v's domain): like csp_keep, but
 * counts no pruning (it is a decision, not an inference); v is touched
 * even when its domain was already {a}.  csp_assign: the same for a bits
 * variable and the value of its bit. */
void csp_decide(csp *p, int v, int a);
void csp_assign(csp *p, int v, int bit);
/* For the representations (dom_*.c): saves word idx of v's
 * representation on the trail before it changes. */
void csp_vdom_save(csp *p, int v, size_t idx);

/* ==== the counters ========================================================== */

/* Counts into the solve's statistics (csp_run_conf.st), when it has them. */
#define CSP_COUNT(p, name)                                                                         \
    do {                                                                                           \
        stats *st_ = (p)->run.st;                                                                  \
        if (st_) INC(st_, name);                                                                   \
    } while (0)
#define CSP_COUNT_ADD(p, name, n)                                                                  \
    do {                                                                                           \
        stats *st_ = (p)->run.st;                                                                  \
        if (st_) ADD(st_, name, n);                                                                \
    } while (0)
/* Set what propagation is told outside a solve (tests, benchmarks; a
 * solve sets both in csp_space_open): the support mode (enum
 * csp_support) and where the counters go (NULL: nowhere). */
static inline void csp_set_support(csp *p, int support) { p->run.support = support; }
static inline void csp_set_stats(csp *p, stats *st) { p->run.st = st; }
/* Where the counters go (NULL: nowhere), and the support mode. */
static inline stats *csp_stats(const csp *p) { return p->run.st; }
static inline int csp_support_mode(const csp *p) { return p->run.support; }

/* The failure weight of constraint c (weights.h), and its bump: c
 * failed (a wipe-out in its revise, propagate or fc step, or a refuted
 * check). */
static inline uint64_t csp_weight(const csp *p, int c) { return p->weights.w[c]; }
/* wdeg^ca.cd's share of c's failure: each unassigned variable x of its
 * scope (the search's assignments: csp_space_assigned) gains
 * 1 / (their number * |dom(x)|, 0.5 for an empty one).  Only with the
 * variable scores (weights.h's vw). */
void csp_weight_bump_vars(csp *p, int c);
/* Keeps the variable scores (weights.h's vw) from now on, all 0 at first;
 * a second call keeps those it has. */
void csp_weights_want_vars(csp *p);
static inline void csp_weight_bump(csp *p, int c) {
    csp_weights_bump(&p->weights, c);
    if (p->weights.vw) csp_weight_bump_vars(p, c);
}

/* ==== the trail ============================================================= */

static inline size_t csp_mark(const csp *p) { return p->trail.len; }
/* Undoes every change recorded after mark: domains and saved words. */
void csp_undo(csp *p, size_t mark);
/* Records the word at addr on the trail; call it before changing the
 * word, so that csp_undo restores its current value.  The word must stay
 * at addr until the trail is undone past this point (constraint data
 * owned by the csp does).  Saving a word twice is allowed. */
void csp_save_word(csp *p, uint64_t *addr);
/* Forgets the touched list (after a wipe-out, or before a propagation). */
void csp_clear_touched(csp *p);

#define CSP_TOLD_VDOM ((csp_dom)1) /* csp_vdom_bounds(1, 0) */

/* The events of v's changes since its first change recorded in the
 * touched list (v must have been touched since the list was cleared). */
static inline int csp_event(const csp *p, int v) {
    if (csp_is_bits(p, v)) {
        csp_dom old = p->ev.told[v], now = p->word[v];
        if (csp_dom_single(now)) return CSP_EV_FIX | CSP_EV_BND | CSP_EV_DOM;
        /* a bound moved when the lowest or highest bit differs */
        int bnd = (old & -old) != (now & -now) || __builtin_clzll(old) != __builtin_clzll(now);
        return bnd ? CSP_EV_BND | CSP_EV_DOM : CSP_EV_DOM;
    }
    const csp_vdom *d = &p->vd[v];
    if (d->w[1] == 1) return CSP_EV_FIX | CSP_EV_BND | CSP_EV_DOM;
    return (p->ev.told[v] ^ CSP_TOLD_VDOM) != d->w[0] ? CSP_EV_BND | CSP_EV_DOM : CSP_EV_DOM;
}

/* ==== used by strategies and queues ========================================= */

/* Revises scope[pos] of c against the other variables, counting a
 * revision (and a useless one when nothing is removed).  Uses the
 * constraint's revise, the built-in binary relations, or the generic
 * enumeration.  On wipe-out bumps c's weight (csp_weight_bump). */
int csp_revise(csp *p, csp_con *c, int pos);
/* Bit-parallel support for the built-in relations between two bits
 * variables: the bits of x (at pos of rel) that have a support in the
 * domain of y. */
static inline csp_dom csp_supported_bits(const csp *p, int rel, int pos, int x, int y) {
    csp_dom dy = p->word[y];
    int delta = p->offset[y] - p->offset[x]; /* value(y bit b) = value(x bit b + delta) */
    if (rel == CSP_REL_NE) {
        if (!csp_dom_single(dy)) return ~(csp_dom)0;
        int b = csp_dom_min(dy) + delta; /* the one x bit equal to y's value */
        return b >= 0 && b < CSP_MAX_VALUES ? ~csp_bit(b) : ~(csp_dom)0;
    }
    /* LT: scope[0] < scope[1] */
    if (pos == 0) return csp_range(0, (int64_t)csp_dom_max(dy) + delta - 1);
    return csp_range((int64_t)csp_dom_min(dy) + delta + 1, CSP_MAX_VALUES - 1);
}

/* The revise of the built-in relation rel with x at pos against y, on
 * any representations (bounds for <, the one value for !=); counted as
 * csp_revise_nbr counts. */
int csp_revise_rel(csp *p, int rel, int pos, int x, int y);

/* csp_revise of the other variable of the built-in binary constraint at
 * entry k of x's constraints (p->vc_nbr[k].rel >= 0), with the bits
 * support, reading only the index (the constraint is never loaded).
 * Counts as csp_revise does.  Inline: it is
 * the innermost step of the variable queues.  bits: the caller knows
 * that every variable is bits (a constant in the plain paths). */
static inline __attribute__((always_inline)) int csp_revise_nbr_(csp *p, int x, int k, int bits) {
    const csp_nbr *e = &p->vc_nbr[k];
    int y = e->other;
    if (!bits && !(csp_is_bits(p, x) && csp_is_bits(p, y))) {
        int r = csp_revise_rel(p, e->rel, e->opos, y, x);
        if (r == CSP_WIPEOUT) csp_weight_bump(p, p->vc_list[k]);
        return r;
    }
    csp_dom dy = p->word[y], drop = dy & ~csp_supported_bits(p, e->rel, e->opos, y, x);
    if (p->run.st) {
        INC(p->run.st, revisions);
        ADD(p->run.st, checks, csp_dom_size(dy));
        if (!drop) INC(p->run.st, useless_revisions);
    }
    if (!drop) return CSP_NOCHANGE;
    int r = csp_prune_bits(p, y, drop);
    if (r == CSP_WIPEOUT) csp_weight_bump(p, p->vc_list[k]);
    return r;
}
static inline int csp_revise_nbr(csp *p, int x, int k) { return csp_revise_nbr_(p, x, k, 0); }
/* Runs c->ops->propagate if present, else revises every position. */
int csp_propagate_con(csp *p, csp_con *c);
/* fc's step for scope[pos] of c just assigned: c->ops->on_assign, counted
 * as one revision (c's weight bumped on a wipe-out). */
int csp_on_assign(csp *p, csp_con *c, int pos);
/* 1 when the queues schedule c as a whole (propagate and no revise). */
static inline int csp_con_whole(const csp_con *c) {
    return c->rel < 0 && c->ops->propagate && !c->ops->revise;
}
/* The CSP_SCHED_* flags of c (built by csp_finalize into vc_nbr); a
 * global of more than CSP_WIDE_ARITY variables is scheduled as expensive
 * whatever its cost class. */
#define CSP_WIDE_ARITY 256
unsigned csp_con_sched(const csp_con *c);
/* 1 when the search's CPU deadline has passed (csp_deadline_poll: the
 * clock is read on one call in 8; once it has passed, always 1):
 * csp_revise and csp_propagate_con then fail an n-ary constraint at
 * once, and the search stops with STATUS_TIMEOUT, never reading such a
 * failure as a proof. */
static inline int csp_expired(csp *p) { return csp_deadline_poll(&p->deadline); }
/* In a propagator returning CSP_*: merges the result of step x into r
 * (CSP_CHANGED when x changed something) and returns at a wipe-out. */
#define CSP_MERGE(r, x)                                                                            \
    do {                                                                                           \
        int r_ = (x);                                                                              \
        if (r_ == CSP_WIPEOUT) return CSP_WIPEOUT;                                                 \
        if (r_ == CSP_CHANGED) r = CSP_CHANGED;                                                    \
    } while (0)
/* fc's step of a global that is its whole propagation: an on_assign for
 * the ops tables of globals whose propagate already does at least what
 * fc asks (pos is not needed). */
int csp_on_assign_propagate(csp *p, csp_con *c, int pos);
/* The position of v in scope[0..*n), appended (and *n grown) when absent:
 * for posts that gather the distinct variables of their terms. */
int csp_scope_add(int *scope, int *n, int v);
/* The distinct variables of vars[0..n) into scope, in order of first
 * appearance, and pos[i] the position of vars[i] in it; returns their
 * number.  O(n log n) (csp_scope_add n times is O(n^2): 2.4 s of posting
 * for 10^5 variables, issue 37). */
int csp_scope_dedup(const int *vars, int n, int *scope, int *pos);
/* 1 when the domains of x and y share a value (leapfrogging over the
 * runs of both: the cost grows with their intervals, not their values). */
int csp_domains_meet(const csp *p, int x, int y);
/* Removes from x the values that are not in y's domain (x := x n D(y)):
 * the gaps of y inside x's bounds, found by leapfrogging over the runs of
 * both and removed as runs in one change (csp_remove_runs). */
int csp_keep_common(csp *p, int x, int y);
/* The largest b >= a with a..b all in v's domain (a in it). */
int64_t csp_run_end(const csp *p, int v, int64_t a);
/* The number of values of v in lo..hi, run by run. */
uint64_t csp_count_between(const csp *p, int v, int64_t lo, int64_t hi);
/* Checks c on the values of its (all assigned) variables; counts a check. */
int csp_check(csp *p, const csp_con *c);
/* csp_check where bits 1 says every variable is bits (the plain paths,
 * with a constant): the values are the words' lowest bits. */
static inline __attribute__((always_inline)) int csp_check_(csp *p, const csp_con *c, int bits) {
    if (!bits) return csp_check(p, c);
    int small[8] = {0}, *vals = small;
    if (c->arity > 8) return csp_check(p, c);
    for (int i = 0; i < c->arity; i++)
        vals[i] = csp_value(p, c->scope[i], csp_dom_min(p->word[c->scope[i]]));
    CSP_COUNT(p, checks);
    return c->ops->check(p, c, vals);
}
/* The constraints on v: vc_list[vc_start[v] .. vc_start[v+1]-1]. */
static inline int csp_ncons_of(const csp *p, int v) { return p->vc_start[v + 1] - p->vc_start[v]; }
static inline csp_con *csp_con_of(const csp *p, int v, int i) {
    return p->cons[p->vc_list[p->vc_start[v] + i]];
}
/* Position of v in c's scope (-1 if absent). */
int csp_pos(const csp_con *c, int v);

#endif
