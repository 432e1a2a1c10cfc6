/* csp.h - the finite-domain CSP model: variables with 64-bit bitset
 * domains, constraints behind one interface, and the trail that undoes
 * domain changes on backtrack.
 *
 * Values.  Variable v takes values offset[v] + b for the bits b set in
 * its domain (0 <= b < CSP_MAX_VALUES).  Propagators work on bits; only
 * checks and printers need real values (csp_value()).
 *
 * Ownership.  The csp owns its variables, constraints and their data.
 * Domains change only through csp_prune()/csp_assign(), which record the
 * old domain on the trail; invariant: undoing the trail to a mark restores
 * every domain exactly as it was when the mark was taken.
 *
 * Reversible words.  A propagator with state of its own (the current
 * table of a table constraint, a sparse set's limit) records a 64-bit
 * word with csp_save_word() before it changes it.  The trail then holds
 * an entry with var < 0 whose old value is the word's, and the word's
 * address is pushed on a second stack (saved).  Invariant: the entries
 * with var < 0 in trail[0..trail_len) are exactly saved_len, in the same
 * order as saved[0..saved_len); undoing to a mark pops both together, so
 * it restores every domain and every saved word as they were when the
 * mark was taken, in one pass.  A domain entry pays one well-predicted
 * branch for it (docs/benchmarks.md has the measurement).
 *
 * The struct bodies are in this header because propagators (in
 * src/csp and src/puzzles) read domains on the hot path.
 */
#ifndef SEARCHLAB_CSP_CSP_H
#define SEARCHLAB_CSP_CSP_H

#include <stddef.h>
#include <stdint.h>

#include "../core/stats.h"

#define CSP_MAX_VALUES 64

typedef uint64_t csp_dom;
typedef struct csp csp;
typedef struct csp_con csp_con;

/* Propagators and checks return these: progress, nothing, wipe-out. */
enum { CSP_WIPEOUT = -1, CSP_NOCHANGE = 0, CSP_CHANGED = 1 };

/* How binary constraints look for supports during revise. */
enum csp_support {
    CSP_SUPPORT_BITS, /* bit-parallel: one mask operation per value */
    CSP_SUPPORT_SCAN, /* classic AC-3: scan the other domain, one check per pair */
    CSP_SUPPORT_RM    /* AC3rm: try the residual support first, then scan */
};

/* Cost classes (Gecode's propagator costs, reduced to two): every queue
 * policy runs an expensive propagator only when no cheap work is pending,
 * so the cheap ones (built-in binaries, all-different's value level) reach
 * their fixpoint first and the expensive one runs on smaller domains. */
enum csp_cost { CSP_COST_CHEAP = 0, CSP_COST_EXPENSIVE = 1 };

/* When a constraint needs to be woken (its propagation condition). */
enum csp_wake {
    CSP_WAKE_ANY = 0, /* any change of a variable of the scope */
    CSP_WAKE_FIX = 1  /* only a variable of the scope becoming a singleton */
};

/* The operations of one kind of constraint.  Every field but name and
 * check is optional; the zero value of each is the engine's default, so a
 * table that leaves a field out keeps the behaviour it always had.
 * - check(c, vals): vals[i] is the value of scope[i]; 1 if satisfied.
 * - revise(p, c, pos): remove from the domain of scope[pos] every value
 *   with no support in the current domains of the others (through
 *   csp_prune); returns CSP_WIPEOUT / CSP_CHANGED / CSP_NOCHANGE.  When
 *   absent, a generic revise enumerates the other domains with check
 *   (exponential in the arity: fine for small scopes only).
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
 *   (Gecode's ES_FIX). */
typedef struct csp_con_ops {
    const char *name;
    int (*check)(const csp *p, const csp_con *c, const int *vals);
    int (*revise)(csp *p, csp_con *c, int pos);
    int (*propagate)(csp *p, csp_con *c);
    int (*partial)(const csp *p, const csp_con *c);
    int (*on_assign)(csp *p, csp_con *c, int pos);
    void (*destroy)(void *data, size_t size);
    int cost, wake, idempotent;
} csp_con_ops;

/* Binary relations built into the engine (fast paths for all supports). */
enum csp_rel { CSP_REL_NE, CSP_REL_LT };

struct csp_con {
    const csp_con_ops *ops;
    int id, arity;
    int *scope; /* arity variable indices */
    void *data; /* owned; data_size bytes */
    size_t data_size;
    int rel;         /* binary built-ins: enum csp_rel; -1 otherwise */
    uint64_t weight; /* dom/wdeg: 1 + number of wipe-outs it caused */
    int *residue;    /* AC3rm: residue[pos * CSP_MAX_VALUES + bit] (binary) */
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
    CSP_SCHED_IDEM = 8   /* not woken by its own changes */
};

/* One trail entry: var >= 0: the domain of var before a change;
 * var < 0: the value of the word at the top of the saved stack before a
 * change (csp_save_word). */
typedef struct csp_trail_entry {
    int var;
    csp_dom old;
} csp_trail_entry;

struct csp {
    int nvars, ncons;
    csp_dom *dom;            /* current domains */
    int *offset;             /* value of bit 0 */
    char **names;            /* optional variable names (NULL entries allowed) */
    unsigned char *assigned; /* 1 when the search has assigned the variable */
    unsigned char *given;    /* 1 when the instance fixed the variable */
    csp_con **cons;
    int cons_cap;
    /* variable -> constraints (CSR, built by csp_finalize), and beside
     * each entry what the variable queues need of a built-in binary
     * constraint without loading it */
    int *vc_start, *vc_list;
    csp_nbr *vc_nbr;
    /* trail, and the addresses of the saved words (see the invariant above) */
    csp_trail_entry *trail;
    size_t trail_len, trail_cap;
    uint64_t **saved;
    size_t saved_len, saved_cap;
    /* variables changed since the queue last looked (for propagation) */
    int *touched;
    int ntouched;
    unsigned char *is_touched;
    /* scratch for the queue policies (csp_finalize sizes them for the
     * largest queue: variables, constraints or arcs) */
    int narcs;     /* sum of the arities */
    int *arc_base; /* arcs of constraint c: arc_base[c] + pos */
    int *qbuf;
    unsigned char *inq;
    int qcap;
    /* the second level (expensive constraints, a FIFO of constraint ids)
     * and, for the variable queues, the constraint whose changes alone
     * queued each variable (-1: another cause) */
    int *sbuf;
    unsigned char *sinq;
    int *qsrc;
    /* 1 when some constraint is a global or has an fc step of its own
     * (csp_finalize): fc and the variable queues take their general
     * paths only then, so models without globals run the code they
     * always ran */
    int has_globals;
    int support; /* enum csp_support */
    /* 1 when a check (bt's, or fc's of a complete or partial scope)
     * refuted the current inference, 0 when propagation did; the search
     * reads and clears it for its hook (failures vs wipe-outs) */
    unsigned char check_failed;
    /* NULL: ties between variables go to the lowest index (any search
     * without restarts); else the stream that breaks them at random (set
     * by a search with restarts, for its duration) */
    struct rng *ties;
    stats *st; /* where counters go during a search */
    int finalized;
};

/* ---- building a model ------------------------------------------------ */

csp *csp_new(void);
void csp_free(csp *p);
/* Adds a variable with values lo..hi (hi - lo < CSP_MAX_VALUES); returns
 * its index.  name may be NULL. */
int csp_add_var(csp *p, int lo, int hi, const char *name);
/* Fixes v to value (an instance given); the search will not branch on v. */
void csp_fix(csp *p, int v, int value);
/* Adds the built-in binary constraint x REL y; returns its index. */
int csp_add_rel(csp *p, int x, enum csp_rel rel, int y);
/* Adds an n-ary constraint; scope is copied; data (data_size bytes, may be
 * 0) is copied into an owned block.  Returns its index. */
int csp_add_con(csp *p, const csp_con_ops *ops, const int *scope, int arity, const void *data,
                size_t data_size);
/* Builds the variable -> constraint index; called once before search
 * (csp_solve calls it if needed). */
void csp_finalize(csp *p);

/* ---- domains ----------------------------------------------------------- */

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
static inline csp_dom csp_range(int lo, int hi) {
    if (lo < 0) lo = 0;
    if (hi > CSP_MAX_VALUES - 1) hi = CSP_MAX_VALUES - 1;
    if (lo > hi) return 0;
    csp_dom up = hi == 63 ? ~(csp_dom)0 : (csp_bit(hi + 1) - 1);
    return up & ~(csp_bit(lo) - 1);
}
static inline int csp_value(const csp *p, int v, int bit) { return p->offset[v] + bit; }

/* Removes the bits in mask from v's domain, trailing the old domain and
 * recording v as touched; counts prunings.  Returns CSP_WIPEOUT if the
 * domain became empty, CSP_CHANGED if it shrank, CSP_NOCHANGE if not. */
int csp_prune(csp *p, int v, csp_dom mask);
/* The search's assignment v = bit (bit in v's domain): like a prune to
 * that one value, but counts no pruning (it is a decision, not an
 * inference); v is touched even when its domain was already {bit}. */
void csp_assign(csp *p, int v, int bit);
/* Keeps only the bits in mask (csp_prune of the complement). */
static inline int csp_restrict(csp *p, int v, csp_dom keep) { return csp_prune(p, v, ~keep); }

/* ---- the trail --------------------------------------------------------- */

static inline size_t csp_mark(const csp *p) { return p->trail_len; }
/* Undoes every change recorded after mark: domains and saved words. */
void csp_undo(csp *p, size_t mark);
/* Records the word at addr on the trail; call it before changing the
 * word, so that csp_undo restores its current value.  The word must stay
 * at addr until the trail is undone past this point (constraint data
 * owned by the csp does).  Saving a word twice is allowed. */
void csp_save_word(csp *p, uint64_t *addr);
/* Forgets the touched list (after a wipe-out, or before a propagation). */
void csp_clear_touched(csp *p);

/* ---- used by strategies and queues ------------------------------------- */

/* Revises scope[pos] of c against the other variables, counting a
 * revision (and a useless one when nothing is removed).  Uses the
 * constraint's revise, the built-in binary relations, or the generic
 * enumeration.  On wipe-out bumps c->weight. */
int csp_revise(csp *p, csp_con *c, int pos);
/* Bit-parallel support for the built-in relations: the bits of x (at pos
 * of rel) that have a support in the domain of y. */
static inline csp_dom csp_supported_bits(const csp *p, int rel, int pos, int x, int y) {
    csp_dom dy = p->dom[y];
    int delta = p->offset[y] - p->offset[x]; /* value(y bit b) = value(x bit b + delta) */
    if (rel == CSP_REL_NE) {
        if (!csp_dom_single(dy)) return ~(csp_dom)0;
        int b = csp_dom_min(dy) + delta; /* the one x bit equal to y's value */
        return b >= 0 && b < CSP_MAX_VALUES ? ~csp_bit(b) : ~(csp_dom)0;
    }
    /* LT: scope[0] < scope[1] */
    if (pos == 0) return csp_range(0, csp_dom_max(dy) + delta - 1);
    return csp_range(csp_dom_min(dy) + delta + 1, CSP_MAX_VALUES - 1);
}

/* csp_revise of the other variable of the built-in binary constraint at
 * entry k of x's constraints (p->vc_nbr[k].rel >= 0), with the bits
 * support, reading only the index (the constraint is loaded only to bump
 * its weight on a wipe-out).  Counts as csp_revise does.  Inline: it is
 * the innermost step of the variable queues. */
static inline int csp_revise_nbr(csp *p, int x, int k) {
    const csp_nbr *e = &p->vc_nbr[k];
    int y = e->other;
    csp_dom dy = p->dom[y], drop = dy & ~csp_supported_bits(p, e->rel, e->opos, y, x);
    if (p->st) {
        INC(p->st, revisions);
        ADD(p->st, checks, csp_dom_size(dy));
        if (!drop) INC(p->st, useless_revisions);
    }
    if (!drop) return CSP_NOCHANGE;
    int r = csp_prune(p, y, drop);
    if (r == CSP_WIPEOUT) p->cons[p->vc_list[k]]->weight++;
    return r;
}
/* Runs c->ops->propagate if present, else revises every position. */
int csp_propagate_con(csp *p, csp_con *c);
/* fc's step for scope[pos] of c just assigned: c->ops->on_assign, counted
 * as one revision (c->weight bumped on a wipe-out). */
int csp_on_assign(csp *p, csp_con *c, int pos);
/* 1 when the queues schedule c as a whole (propagate and no revise). */
static inline int csp_con_whole(const csp_con *c) {
    return c->rel < 0 && c->ops->propagate && !c->ops->revise;
}
/* The CSP_SCHED_* flags of c (built by csp_finalize into vc_nbr). */
unsigned csp_con_sched(const csp_con *c);
/* Checks c on the values of its (all assigned) variables; counts a check. */
int csp_check(csp *p, const csp_con *c);
/* The constraints on v: vc_list[vc_start[v] .. vc_start[v+1]-1]. */
static inline int csp_ncons_of(const csp *p, int v) { return p->vc_start[v + 1] - p->vc_start[v]; }
static inline csp_con *csp_con_of(const csp *p, int v, int i) {
    return p->cons[p->vc_list[p->vc_start[v] + i]];
}
/* Position of v in c's scope (-1 if absent). */
int csp_pos(const csp_con *c, int v);

#endif
