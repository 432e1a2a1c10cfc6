/* clause.c - the Boolean clause l_1 or ... or l_n over 0/1 variables by
 * two watched literals (the SAT way: Moskewicz et al., "Chaff", DAC 2001;
 * Een and Sorensson, "An extensible SAT-solver", SAT 2003), GAC: once
 * every literal but one is false, the last is made true, and a clause
 * whose literals are all false wipes out; while two literals are not
 * false, every value of every variable has a support.
 *
 * Literals.  lit[i] = (scope position << 1) | negated; a positive literal
 * is true when its variable is fixed to 1, false when fixed to 0, a
 * negated one the other way round.  The scope holds distinct variables
 * (csp_post_clause merges repeats and refuses x with not x).
 *
 * Watches.  lit[0] and lit[1] are the watched literals (n >= 2); a call
 * that finds a watched literal false swaps a non-false literal of
 * lit[2..n) into its place, MiniSat's way.  Invariant W, at the end of
 * every call that does not wipe out: both watched literals are not
 * false, or one of them is true.  Under W, fixing any other literal
 * can neither force a literal nor falsify the clause, so a call that
 * finds both watched literals as W left them returns at once: O(1), no
 * scan, no write.
 *
 * Nothing is trailed: the watches live in c->data and are never restored
 * on backtrack (no csp_save_word, no work on the trail at all).  The
 * standard SAT argument says why that is safe: undoing only gives values
 * back, so a literal that is not false stays not false, and W's first
 * case survives every undo; W's second case (a false watched literal
 * beside a true one) survives too when the true one was fixed at the same
 * depth as the false one or above it, which holds under gac, where the
 * clause runs at every node on every change of its scope (a false
 * watched literal is left in place only when the other is true already
 * or is made true in the same call).  This engine does not need even
 * that: it cannot wake a propagator for some of its variables only (the
 * variable -> constraint index is fixed at csp_finalize), so the clause
 * is woken on every fix of its scope, and each call reads both watched
 * literals in the current domains before it trusts them: any pair of
 * distinct positions is a valid state of the watches, whatever the
 * strategy (bt and fc call the clause at fewer changes than gac) and
 * whatever the undo left.  The cost of a fix of an unwatched literal is
 * therefore one queue push and one O(1) call; the sum this replaces
 * (sum.c: lo and hi over the whole scope) costs O(n) per call.
 *
 * A clause of one literal fixes it at each call (the root's). */
#include "clause.h"

#include <assert.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"

typedef struct clause_data {
    int n;     /* literals, = the arity */
    int lit[]; /* lit[0], lit[1]: the watched ones */
} clause_data;

/* The literal is false / true in the current domains (0/1 variables). */
static inline int lit_false(const csp *p, const csp_con *c, int l) {
    int v = c->scope[l >> 1];
    return (l & 1) ? csp_min(p, v) == 1 : csp_max(p, v) == 0;
}
static inline int lit_true(const csp *p, const csp_con *c, int l) {
    int v = c->scope[l >> 1];
    return (l & 1) ? csp_max(p, v) == 0 : csp_min(p, v) == 1;
}
static inline int make_true(csp *p, const csp_con *c, int l) {
    return csp_keep(p, c->scope[l >> 1], (l & 1) ? 0 : 1);
}

static int clause_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const clause_data *d = c->data;
    for (int i = 0; i < d->n; i++)
        if (vals[d->lit[i] >> 1] == !(d->lit[i] & 1)) return 1;
    return 0;
}

/* Swaps into lit[w] a literal of lit[*from..n) that is not false, the
 * scan going on from there; 0 when there is none. */
static int rewatch(const csp *p, const csp_con *c, clause_data *d, int w, int *from) {
    for (int i = *from; i < d->n; i++)
        if (!lit_false(p, c, d->lit[i])) {
            int t = d->lit[w];
            d->lit[w] = d->lit[i], d->lit[i] = t;
            *from = i + 1;
            return 1;
        }
    *from = d->n;
    return 0;
}

static int clause_propagate(csp *p, csp_con *c) {
    clause_data *d = c->data;
    if (d->n == 1) return make_true(p, c, d->lit[0]);
    int f0 = lit_false(p, c, d->lit[0]), f1 = lit_false(p, c, d->lit[1]);
    if (!f0 && !f1) return CSP_NOCHANGE; /* W's first case: nothing to do */
    if ((f0 && lit_true(p, c, d->lit[1])) || (f1 && lit_true(p, c, d->lit[0])))
        return CSP_NOCHANGE; /* W's second case: the clause holds */
    /* a watched literal is false and the other is not true: move each
     * false one to a literal that is not false (lit[2..n) scanned once;
     * a false literal swapped out lands behind the scan) */
    int from = 2;
    if (f0) f0 = !rewatch(p, c, d, 0, &from);
    if (f1) f1 = !rewatch(p, c, d, 1, &from);
    if (f0 && f1) return CSP_WIPEOUT;
    if (!f0 && !f1) return CSP_NOCHANGE;
    /* one watched literal false and no other literal left: unit */
    int other = d->lit[f0 ? 1 : 0];
    return lit_true(p, c, other) ? CSP_NOCHANGE : make_true(p, c, other);
}

/* bt's check of an incomplete scope: ruled out only when every literal is
 * false (the watched ones first: usually one of them answers). */
static int clause_partial(const csp *p, const csp_con *c) {
    const clause_data *d = c->data;
    for (int i = 0; i < d->n; i++)
        if (!lit_false(p, c, d->lit[i])) return 1;
    return 0;
}

static const csp_con_ops clause_ops = {
    .name = "clause",
    .check = clause_check,
    .propagate = clause_propagate,
    .partial = clause_partial,
    .on_assign = csp_on_assign_propagate,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX, /* on a 0/1 variable every change is a fix */
    .idempotent = 1,      /* a call leaves W: its own fix needs no second call */
};

int csp_post_clause(csp *p, const int *pos, int npos, const int *neg, int nneg) {
    int n = npos + nneg;
    if (n == 0) return CSP_CLAUSE_EMPTY;
    int *vars = NEWN((size_t)n, int), *scope = NEWN((size_t)n, int), *at = NEWN((size_t)n, int);
    unsigned char *sign = NEWN((size_t)n, unsigned char); /* by scope position: 1 pos, 2 neg */
    for (int i = 0; i < npos; i++) vars[i] = pos[i];
    for (int j = 0; j < nneg; j++) vars[npos + j] = neg[j];
    int ns = csp_scope_dedup(vars, n, scope, at), id = CSP_CLAUSE_TRUE;
    for (int k = 0; k < ns; k++) sign[k] = 0;
    for (int i = 0; i < n; i++) sign[at[i]] |= i < npos ? 1 : 2;
    int taut = 0;
    for (int k = 0; k < ns; k++) {
        assert(csp_min(p, scope[k]) >= 0 && csp_max(p, scope[k]) <= 1);
        taut |= sign[k] == 3;
    }
    if (!taut) {
        size_t size = sizeof(clause_data) + (size_t)ns * sizeof(int);
        clause_data *d = xmalloc(size);
        d->n = ns;
        for (int k = 0; k < ns; k++) d->lit[k] = k << 1 | (sign[k] == 2);
        id = csp_add_con(p, &clause_ops, scope, ns, d, size);
        xfree(d, size);
    }
    FREEN(vars, (size_t)n), FREEN(scope, (size_t)n), FREEN(at, (size_t)n);
    FREEN(sign, (size_t)n);
    return id;
}

/* 1 to 6 literals over 1 to 5 Booleans (some fixed), random signs, a
 * variable sometimes repeated with its sign (merged); x with not x is
 * never drawn (nothing would be posted). */
static void random_clause(csp *p, rng *g) {
    int nv = 1 + (int)rng_below(g, 5), v[5], sgn[5], pos[6], neg[6], np = 0, nn = 0;
    for (int i = 0; i < nv; i++) v[i] = csp_random_bool(p, g), sgn[i] = (int)rng_below(g, 2);
    int n = nv + (int)rng_below(g, 2);
    for (int i = 0; i < n; i++) {
        int k = i < nv ? i : (int)rng_below(g, (uint64_t)nv);
        if (sgn[k])
            neg[nn++] = v[k];
        else
            pos[np++] = v[k];
    }
    csp_post_clause(p, pos, np, neg, nn);
}

const csp_global csp_global_clause = {
    "clause", "a disjunction of literals x or not x over 0/1 variables",
    "GAC: unit propagation by two watched literals, not restored on backtrack", CSP_LEVEL_GAC,
    random_clause};
