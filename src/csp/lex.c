/* lex.c - x <=lex y and x <lex y over two vectors, generalised arc
 * consistent (in the spirit of Frisch, Hnich, Kiziltan, Miguel and
 * Walsh's GAC algorithm for two vectors, written as the support
 * conditions it rests on).
 *
 * x <= y (lex) iff for some k in 0..n: x_j = y_j for every j < k, and
 * x_k < y_k (k < n) or k = n (not strict).  Over the current domains let
 *   eq_j = D(x_j) and D(y_j) meet,   lt_j = min x_j < max y_j,
 *   P = the first j without eq_j (n if none),
 *   alpha = the first k <= P (k < n) with lt_k (P if none),
 *   R(n) = not strict, R(i) = lt_i or (eq_i and R(i + 1)).
 * With the variables distinct, the positions are independent once k is
 * chosen, so a value of x_i (or y_i) has a support iff some k works:
 * - for i > alpha: k = alpha works whatever x_i, y_i are;
 * - for i <= alpha (so i <= P): k < i is impossible, so x_i = a needs
 *   a < max y_i (k = i) or a in D(y_i) with R(i + 1) (k > i): that is
 *   x_i <= max y_i when R(i + 1), x_i < max y_i otherwise; and y_i >= min
 *   x_i, or > when not R(i + 1).
 * The constraint is unsatisfiable iff not R(0).  The propagator applies
 * these bounds in rounds until one changes nothing; then every value left
 * satisfies its condition on the final domains: GAC.  A round reads the
 * positions only up to the first decisive one after alpha (lex_propagate),
 * the eq tests costing O(the domain sizes) each.  With repeated variables the same
 * removals stay sound (each copy relaxed to a variable of its own).
 * fc runs the propagator on every assignment of a variable of the scope. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "lex.h"

typedef struct lex_state {
    int n, strict;
    int *xpos, *ypos; /* n each: scope positions */
} lex_state;

static void lex_destroy(void *data, size_t size) {
    (void)size;
    lex_state *s = data;
    FREEN(s->xpos, (size_t)s->n);
    FREEN(s->ypos, (size_t)s->n);
}

static int lex_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const lex_state *s = c->data;
    for (int i = 0; i < s->n; i++) {
        int a = vals[s->xpos[i]], b = vals[s->ypos[i]];
        if (a != b) return a < b;
    }
    return !s->strict;
}

/* 1 when position i is decisive: lt_i, or not eq_i; *lt gets lt_i. */
static int decisive(const csp *p, const csp_con *c, const lex_state *s, int i, int *lt) {
    int x = c->scope[s->xpos[i]], y = c->scope[s->ypos[i]];
    *lt = csp_min(p, x) < csp_max(p, y);
    return *lt || !csp_domains_meet(p, x, y);
}

/* R(i) by a scan forward from i: the first decisive position j >= i
 * gives lt_j (every position before it is eq and not lt), none gives
 * R(n) = not strict. */
static int r_from(const csp *p, const csp_con *c, const lex_state *s, int i) {
    int lt;
    for (; i < s->n; i++)
        if (decisive(p, c, s, i, &lt)) return lt;
    return !s->strict;
}

/* Each round scans only up to alpha and then to the first decisive
 * position after it, not the whole vectors: before alpha every position
 * is eq and not lt, so R(i) = R(alpha) for i <= alpha, and R(0) =
 * R(alpha) is lt_alpha (alpha < n; alpha = P without lt gives 0) or not
 * strict (alpha = n).  The bounds are those of the conditions above:
 * slack 0 before alpha, and !R(alpha + 1) at alpha. */
static int lex_propagate(csp *p, csp_con *c) {
    const lex_state *s = c->data;
    int n = s->n, any = 0;
    for (;;) {
        int alpha = 0, lt = 0, changed = 0;
        while (alpha < n && !decisive(p, c, s, alpha, &lt)) alpha++;
        if (alpha < n ? !lt : s->strict) return CSP_WIPEOUT;
        int r_next = alpha < n ? r_from(p, c, s, alpha + 1) : 1; /* R(alpha + 1) */
        for (int i = 0; i <= alpha && i < n; i++) {
            int x = c->scope[s->xpos[i]], y = c->scope[s->ypos[i]], r;
            int slack = i == alpha && !r_next;
            if ((r = csp_remove_above(p, x, (int64_t)csp_max(p, y) - slack)) == CSP_WIPEOUT)
                return r;
            changed |= r;
            if ((r = csp_remove_below(p, y, (int64_t)csp_min(p, x) + slack)) == CSP_WIPEOUT)
                return r;
            changed |= r;
        }
        if (!changed) return any ? CSP_CHANGED : CSP_NOCHANGE;
        any = 1;
    }
}

static const csp_con_ops lex_ops = {
    .name = "lex",
    .check = lex_check,
    .propagate = lex_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = lex_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_ANY, /* eq_j reads holes */
    .idempotent = 1,
};

int csp_post_lex(csp *p, const int *x, const int *y, int n, int strict) {
    size_t un = (size_t)n;
    int *scope = NEWN(2 * un, int), ns = 0;
    lex_state s = {.n = n, .strict = strict != 0};
    s.xpos = NEWN(un, int);
    s.ypos = NEWN(un, int);
    for (int i = 0; i < n; i++) s.xpos[i] = csp_scope_add(scope, &ns, x[i]);
    for (int i = 0; i < n; i++) s.ypos[i] = csp_scope_add(scope, &ns, y[i]);
    int id = csp_add_con(p, &lex_ops, scope, ns, &s, sizeof s);
    FREEN(scope, 2 * un);
    return id;
}

/* ==== the registry's entry (globals.h) ===================================== */

static void random_lex(csp *p, rng *g) {
    int n = 1 + (int)rng_below(g, 3), x[3], y[3];
    for (int i = 0; i < n; i++) x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), 0, 4);
    for (int i = 0; i < n; i++) y[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), 0, 4);
    csp_post_lex(p, x, y, n, (int)rng_below(g, 2));
}

const csp_global csp_global_lex = {
    "lex", "x <=lex y or x <lex y over two vectors",
    "GAC: the support conditions of Frisch, Hnich, Kiziltan, Miguel, Walsh (bounds of the "
    "positions up to the first possible strict one), rounds to a fixpoint",
    CSP_LEVEL_GAC, random_lex};
