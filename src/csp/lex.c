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
 * satisfies its condition on the final domains: GAC.  O(sum of the domain
 * sizes) per round for the eq tests.  With repeated variables the same
 * removals stay sound (each copy relaxed to a variable of its own).
 * fc runs the propagator on every assignment of a variable of the scope. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "lex.h"

typedef struct lex_state {
    int n, strict;
    int *xpos, *ypos; /* n each: scope positions */
    unsigned char *r; /* n + 1: R(i) of the round (scratch) */
} lex_state;

static void lex_destroy(void *data, size_t size) {
    (void)size;
    lex_state *s = data;
    FREEN(s->xpos, (size_t)s->n);
    FREEN(s->ypos, (size_t)s->n);
    FREEN(s->r, (size_t)s->n + 1);
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

static int lex_propagate(csp *p, csp_con *c) {
    lex_state *s = c->data;
    int n = s->n, any = 0;
    for (;;) {
        int P = n, alpha = -1, changed = 0;
        s->r[n] = !s->strict;
        for (int i = n - 1; i >= 0; i--) { /* R, and P: the first position without eq */
            int x = c->scope[s->xpos[i]], y = c->scope[s->ypos[i]];
            int lt = csp_min(p, x) < csp_max(p, y), eq = csp_domains_meet(p, x, y);
            s->r[i] = lt || (eq && s->r[i + 1]);
            if (!eq) P = i;
        }
        if (!s->r[0]) return CSP_WIPEOUT;
        for (int k = 0; k < n && k <= P && alpha < 0; k++)
            if (csp_min(p, c->scope[s->xpos[k]]) < csp_max(p, c->scope[s->ypos[k]])) alpha = k;
        if (alpha < 0) alpha = P;
        for (int i = 0; i <= alpha && i < n; i++) {
            int x = c->scope[s->xpos[i]], y = c->scope[s->ypos[i]], slack = !s->r[i + 1], r;
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
    s.r = NEWN(un + 1, unsigned char);
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
