/* fzn_post.c - how the model posts FlatZinc's integer and Boolean
 * builtins on the engine: every comparison, linear form and Boolean
 * connective is one linear constraint (csp/sum.h), reified through
 * csp/reif.h when it has a control variable, but for clauses
 * (bool_clause, array_bool_or with a true result), which are the
 * engine's watched-literal clause (csp/clause.h); products, divisions and
 * extrema through the engine's mul, func and minmax; element through
 * element; set membership through reif_in.  Constants are folded into
 * the linear forms; where a propagator needs a variable, a constant gets
 * a fixed one (fzn_var_of). */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/clause.h"
#include "../csp/element.h"
#include "../csp/func.h"
#include "../csp/minmax.h"
#include "../csp/mul.h"
#include "../csp/reif.h"
#include "../csp/sum.h"
#include "fzn_post.h"

#define NO_REIF ((fzn_term){-2, 0})

static int too_big(fzn_build *b, const fzn_con *c, diag *d) {
    return diag_at(d, b->in->path, c->line, c->col,
                   "%s: the coefficients and bounds may overflow 60 bits", c->b->name);
}

int fzn_copy_of(fzn_build *b, int v) {
    csp *p = b->p;
    int w = csp_add_var(p, csp_min(p, v), csp_max(p, v), NULL);
    int vars[2] = {v, w};
    int64_t a[2] = {1, -1};
    csp_post_sum(p, vars, a, 2, CSP_SUM_EQ, 0);
    return w;
}

/* ==== linear forms ======================================================= */

/* sum coef[i] * t[i] OP k, OP one of LE EQ NE GE, tied to r by mode
 * (r.var -2: no control variable). */
int fzn_post_linear(fzn_build *b, const fzn_con *c, const fzn_term *t, const int64_t *coef, int n,
                    int op, int64_t k, fzn_term r, int mode, diag *d) {
    csp *p = b->p;
    if (op == CSP_SUM_GE) { /* -sum <= -k */
        int64_t *neg = NEWN((size_t)(n ? n : 1), int64_t);
        for (int i = 0; i < n; i++) neg[i] = -coef[i];
        int ret = fzn_post_linear(b, c, t, neg, n, CSP_SUM_LE, -k, r, mode, d);
        FREEN(neg, (size_t)(n ? n : 1));
        return ret;
    }
    int *vars = NEWN((size_t)(n + 1), int), m = 0;
    int64_t *a = NEWN((size_t)(n + 1), int64_t);
    int ret = 0;
    for (int i = 0; i < n; i++) {
        if (t[i].var < 0) {
            int64_t prod;
            if (__builtin_mul_overflow(coef[i], t[i].val, &prod) ||
                __builtin_sub_overflow(k, prod, &k)) {
                ret = too_big(b, c, d);
                goto out;
            }
            continue;
        }
        int j = 0;
        while (j < m && vars[j] != t[i].var) j++;
        if (j == m) vars[m] = t[i].var, a[m++] = 0;
        if (__builtin_add_overflow(a[j], coef[i], &a[j])) {
            ret = too_big(b, c, d);
            goto out;
        }
    }
    int mm = 0; /* drop the zero coefficients */
    for (int j = 0; j < m; j++)
        if (a[j]) vars[mm] = vars[j], a[mm++] = a[j];
    m = mm;
    if (r.var == -1) { /* a constant control: the constraint or its negation, or nothing */
        if (r.val == 0 && mode == CSP_REIF_IMP) goto out;
        if (r.val == 0)
            op = op == CSP_SUM_LE   ? CSP_SUM_GE
                 : op == CSP_SUM_EQ ? CSP_SUM_NE
                                    : CSP_SUM_EQ,
            k += op == CSP_SUM_GE;
        r = NO_REIF;
    }
    if (m == 0) { /* decided: 0 OP k */
        int holds = op == CSP_SUM_LE   ? 0 <= k
                    : op == CSP_SUM_GE ? 0 >= k
                    : op == CSP_SUM_EQ ? k == 0
                                       : k != 0;
        if (r.var == -2) {
            if (!holds) b->fail = 1;
        } else if (!holds || mode == CSP_REIF_EQUIV) {
            int v = r.var;
            int64_t one = 1;
            csp_post_sum(p, &v, &one, 1, CSP_SUM_EQ, holds);
        }
        goto out;
    }
    if (r.var == -2) {
        if (m == 2 && a[0] == -a[1] && (a[0] == 1 || a[0] == -1) &&
            ((op == CSP_SUM_NE && k == 0) || (op == CSP_SUM_LE && k == -1))) {
            int x = a[0] == 1 ? vars[0] : vars[1], y = a[0] == 1 ? vars[1] : vars[0];
            csp_add_rel(p, x, op == CSP_SUM_NE ? CSP_REL_NE : CSP_REL_LT, y);
        } else if (csp_post_sum(p, vars, a, m, op, k) < 0) {
            ret = too_big(b, c, d);
        }
        goto out;
    }
    int ctl = r.var;
    for (int j = 0; j < m; j++)
        if (vars[j] == ctl) ctl = fzn_copy_of(b, ctl);
    if (csp_post_lin_reif(p, vars, a, m, op, k, ctl, mode) < 0) ret = too_big(b, c, d);
out:
    FREEN(vars, (size_t)(n + 1));
    FREEN(a, (size_t)(n + 1));
    return ret;
}

/* int_lin_OP(as, xs, c [, r]) and bool_lin_OP. */
static int lin(fzn_build *b, const fzn_con *c, int op, int mode, diag *d) {
    const fzn_arg *xs = &c->args[1];
    int n = xs->n; /* as many coefficients: the reader checks */
    fzn_term *t = NEWN((size_t)n + 1, fzn_term);
    int64_t *aa = NEWN((size_t)n + 1, int64_t);
    memcpy(t, xs->a, (size_t)n * sizeof *t);
    /* the coefficients are constants: the reader checks 'c' arguments */
    for (int i = 0; i < n; i++) aa[i] = c->args[0].a[i].val;
    t[n] = c->args[2].t, aa[n] = -1; /* the right side may be a variable (bool_lin_eq) */
    int ret =
        fzn_post_linear(b, c, t, aa, n + 1, op, 0, c->nargs > 3 ? c->args[3].t : NO_REIF, mode, d);
    FREEN(t, (size_t)n + 1), FREEN(aa, (size_t)n + 1);
    return ret;
}
#define LIN(name, op, mode)                                                                        \
    int fzn_post_##name(fzn_build *b, const fzn_con *c, diag *d) { return lin(b, c, op, mode, d); }
LIN(lin_eq, CSP_SUM_EQ, CSP_REIF_EQUIV)
LIN(lin_le, CSP_SUM_LE, CSP_REIF_EQUIV)
LIN(lin_ne, CSP_SUM_NE, CSP_REIF_EQUIV)
LIN(lin_eq_imp, CSP_SUM_EQ, CSP_REIF_IMP)
LIN(lin_le_imp, CSP_SUM_LE, CSP_REIF_IMP)
LIN(lin_ne_imp, CSP_SUM_NE, CSP_REIF_IMP)

/* Binary comparisons a OP b (+ k): x - y OP k. */
static int cmp(fzn_build *b, const fzn_con *c, int op, int64_t k, int mode, diag *d) {
    fzn_term t[2] = {c->args[0].t, c->args[1].t};
    int64_t a[2] = {1, -1};
    return fzn_post_linear(b, c, t, a, 2, op, k, c->nargs > 2 ? c->args[2].t : NO_REIF, mode, d);
}
#define CMP(name, op, k, mode)                                                                     \
    int fzn_post_##name(fzn_build *b, const fzn_con *c, diag *d) {                                 \
        return cmp(b, c, op, k, mode, d);                                                          \
    }
CMP(eq, CSP_SUM_EQ, 0, CSP_REIF_EQUIV)
CMP(ne, CSP_SUM_NE, 0, CSP_REIF_EQUIV)
CMP(le, CSP_SUM_LE, 0, CSP_REIF_EQUIV)
CMP(lt, CSP_SUM_LE, -1, CSP_REIF_EQUIV)
CMP(eq_imp, CSP_SUM_EQ, 0, CSP_REIF_IMP)
CMP(ne_imp, CSP_SUM_NE, 0, CSP_REIF_IMP)
CMP(le_imp, CSP_SUM_LE, 0, CSP_REIF_IMP)
CMP(lt_imp, CSP_SUM_LE, -1, CSP_REIF_IMP)

int fzn_post_plus(fzn_build *b, const fzn_con *c, diag *d) {
    fzn_term t[3] = {c->args[0].t, c->args[1].t, c->args[2].t};
    int64_t a[3] = {1, 1, -1};
    return fzn_post_linear(b, c, t, a, 3, CSP_SUM_EQ, 0, NO_REIF, 0, d);
}

/* ==== Booleans ============================================================ */

/* r MODE (sum of xs[i] (sign +1) and ys[j] (sign -1) OP k). */
static int bool_sum(fzn_build *b, const fzn_con *c, const fzn_arg *xs, const fzn_arg *ys, int op,
                    int64_t k, fzn_term r, int mode, diag *d) {
    int n = xs->n + (ys ? ys->n : 0);
    fzn_term *t = NEWN((size_t)(n ? n : 1), fzn_term);
    int64_t *a = NEWN((size_t)(n ? n : 1), int64_t);
    for (int i = 0; i < xs->n; i++) t[i] = xs->a[i], a[i] = 1;
    for (int j = 0; ys && j < ys->n; j++) t[xs->n + j] = ys->a[j], a[xs->n + j] = -1;
    int ret = fzn_post_linear(b, c, t, a, n, op, k, r, mode, d);
    FREEN(t, (size_t)(n ? n : 1)), FREEN(a, (size_t)(n ? n : 1));
    return ret;
}

/* bool_clause(as, bs) reified: r MODE (sum as - sum bs >= 1 - |bs|). */
static int clause(fzn_build *b, const fzn_con *c, fzn_term r, int mode, diag *d) {
    return bool_sum(b, c, &c->args[0], &c->args[1], CSP_SUM_GE, 1 - c->args[1].n, r, mode, d);
}

/* The clause of the literals xs (positive) or not ys (ys may be NULL):
 * the engine's watched-literal clause (csp/clause.h), constants folded (a
 * true literal drops the clause, a false one the literal; none left:
 * false).  A variable outside 0..1 (not a Boolean: never from a checked
 * model) keeps the linear form. */
static int post_clause(fzn_build *b, const fzn_con *c, const fzn_arg *xs, const fzn_arg *ys,
                       diag *d) {
    int nx = xs->n, ny = ys ? ys->n : 0, n = nx + ny;
    int *pos = NEWN((size_t)(n ? n : 1), int), *neg = pos + nx, np = 0, nn = 0, ret = 0;
    for (int i = 0; i < n; i++) {
        fzn_term t = i < nx ? xs->a[i] : ys->a[i - nx];
        int negated = i >= nx;
        if (t.var < 0) {
            if ((t.val != 0) != negated) goto out; /* a true literal */
            continue;
        }
        if (csp_min(b->p, t.var) < 0 || csp_max(b->p, t.var) > 1) {
            ret = bool_sum(b, c, xs, ys, CSP_SUM_GE, 1 - ny, NO_REIF, 0, d);
            goto out;
        }
        if (negated)
            neg[nn++] = t.var;
        else
            pos[np++] = t.var;
    }
    if (csp_post_clause(b->p, pos, np, neg, nn) == CSP_CLAUSE_EMPTY) b->fail = 1;
out:
    FREEN(pos, (size_t)(n ? n : 1));
    return ret;
}
int fzn_post_clause(fzn_build *b, const fzn_con *c, diag *d) {
    return post_clause(b, c, &c->args[0], &c->args[1], d);
}
int fzn_post_clause_reif(fzn_build *b, const fzn_con *c, diag *d) {
    return clause(b, c, c->args[2].t, CSP_REIF_EQUIV, d);
}
int fzn_post_clause_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return clause(b, c, c->args[2].t, CSP_REIF_IMP, d);
}

/* array_bool_and(as, r): r <-> sum as >= |as|; or: sum as >= 1. */
static int array_andor(fzn_build *b, const fzn_con *c, int is_and, int mode, diag *d) {
    const fzn_arg *xs = &c->args[0];
    return bool_sum(b, c, xs, NULL, CSP_SUM_GE, is_and ? xs->n : 1, c->args[1].t, mode, d);
}
int fzn_post_array_and(fzn_build *b, const fzn_con *c, diag *d) {
    return array_andor(b, c, 1, CSP_REIF_EQUIV, d);
}
/* array_bool_or(as, r) with r true (or fixed to 1) is the clause of as;
 * else the reified sum. */
int fzn_post_array_or(fzn_build *b, const fzn_con *c, diag *d) {
    fzn_term r = c->args[1].t;
    if (r.var < 0 ? r.val != 0 : csp_min(b->p, r.var) == 1)
        return post_clause(b, c, &c->args[0], NULL, d);
    return array_andor(b, c, 0, CSP_REIF_EQUIV, d);
}
int fzn_post_array_and_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return array_andor(b, c, 1, CSP_REIF_IMP, d);
}
int fzn_post_array_or_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return array_andor(b, c, 0, CSP_REIF_IMP, d);
}

/* bool_and/or/xor(a, b, r): r MODE (a + b >= 2, >= 1, = 1). */
static int connective(fzn_build *b, const fzn_con *c, int op, int64_t k, int mode, diag *d) {
    fzn_term t[2] = {c->args[0].t, c->args[1].t};
    int64_t a[2] = {1, 1};
    return fzn_post_linear(b, c, t, a, 2, op, k, c->args[2].t, mode, d);
}
int fzn_post_and(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_GE, 2, CSP_REIF_EQUIV, d);
}
int fzn_post_or(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_GE, 1, CSP_REIF_EQUIV, d);
}
int fzn_post_xor(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_EQ, 1, CSP_REIF_EQUIV, d);
}
int fzn_post_and_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_GE, 2, CSP_REIF_IMP, d);
}
int fzn_post_or_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_GE, 1, CSP_REIF_IMP, d);
}
int fzn_post_xor_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return connective(b, c, CSP_SUM_EQ, 1, CSP_REIF_IMP, d);
}

/* bool_not(a, b): a + b = 1. */
int fzn_post_not(fzn_build *b, const fzn_con *c, diag *d) {
    fzn_term t[2] = {c->args[0].t, c->args[1].t};
    int64_t a[2] = {1, 1};
    return fzn_post_linear(b, c, t, a, 2, CSP_SUM_EQ, 1, NO_REIF, 0, d);
}

/* array_bool_xor(as): an odd number of as are true, as a chain
 * s_1 = a_1, s_i <-> (s_{i-1} + a_i = 1), s_n = 1. */
int fzn_post_array_xor(fzn_build *b, const fzn_con *c, diag *d) {
    const fzn_arg *xs = &c->args[0];
    if (xs->n == 0) return b->fail = 1, 0;
    fzn_term s = xs->a[0];
    for (int i = 1; i < xs->n; i++) {
        fzn_term nxt = {csp_add_var(b->p, 0, 1, NULL), 0};
        fzn_term t[2] = {s, xs->a[i]};
        int64_t a[2] = {1, 1};
        if (fzn_post_linear(b, c, t, a, 2, CSP_SUM_EQ, 1, nxt, CSP_REIF_EQUIV, d)) return -1;
        s = nxt;
    }
    int64_t one = 1;
    return fzn_post_linear(b, c, &s, &one, 1, CSP_SUM_EQ, 1, NO_REIF, 0, d);
}

/* ==== arithmetic ========================================================== */

/* Three engine variables for x, y, z, z distinct from x and y. */
static void distinct3(fzn_build *b, const fzn_con *c, int *x, int *y, int *z) {
    *x = fzn_var_of(b, c->args[0].t);
    *y = fzn_var_of(b, c->args[1].t);
    *z = fzn_var_of(b, c->args[2].t);
    if (*z == *x || *z == *y) *z = fzn_copy_of(b, *z);
}

int fzn_post_times(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    int x, y, z;
    distinct3(b, c, &x, &y, &z);
    csp_post_mul(b->p, x, y, z);
    return 0;
}

static int func(fzn_build *b, const fzn_con *c, int f) {
    int x, y, z;
    distinct3(b, c, &x, &y, &z);
    if (x == y) y = fzn_copy_of(b, y);
    csp_post_func(b->p, f, x, y, z);
    return 0;
}
int fzn_post_div(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, func(b, c, CSP_FUNC_DIV);
}
int fzn_post_mod(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, func(b, c, CSP_FUNC_MOD);
}
int fzn_post_pow(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, func(b, c, CSP_FUNC_POW);
}
int fzn_post_abs(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    int x = fzn_var_of(b, c->args[0].t), z = fzn_var_of(b, c->args[1].t);
    if (z == x) z = fzn_copy_of(b, z);
    csp_post_func(b->p, CSP_FUNC_ABS, x, -1, z);
    return 0;
}

static int minmax2(fzn_build *b, const fzn_con *c, int max) {
    int xs[2], z;
    distinct3(b, c, &xs[0], &xs[1], &z);
    csp_post_minmax(b->p, xs, 2, z, max);
    return 0;
}
int fzn_post_min(fzn_build *b, const fzn_con *c, diag *d) { return (void)d, minmax2(b, c, 0); }
int fzn_post_max(fzn_build *b, const fzn_con *c, diag *d) { return (void)d, minmax2(b, c, 1); }

/* array_int_minimum(m, xs) / maximum. */
static int array_minmax(fzn_build *b, const fzn_con *c, int max) {
    const fzn_arg *xs = &c->args[1];
    if (xs->n == 0) return b->fail = 1, 0;
    int *v = NEWN((size_t)xs->n, int), z = fzn_var_of(b, c->args[0].t);
    for (int i = 0; i < xs->n; i++) v[i] = fzn_var_of(b, xs->a[i]);
    for (int i = 0; i < xs->n; i++)
        if (v[i] == z) {
            z = fzn_copy_of(b, z);
            break;
        }
    csp_post_minmax(b->p, v, xs->n, z, max);
    FREEN(v, (size_t)xs->n);
    return 0;
}
int fzn_post_array_min(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, array_minmax(b, c, 0);
}
int fzn_post_array_max(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, array_minmax(b, c, 1);
}

/* array_*_element(i, xs, r): r = xs[i], xs indexed from 1. */
int fzn_post_element(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    const fzn_arg *xs = &c->args[1];
    if (xs->n == 0) return b->fail = 1, 0;
    int *ev = NEWN((size_t)xs->n, int), *ec = NEWN((size_t)xs->n, int);
    for (int i = 0; i < xs->n; i++) {
        ev[i] = xs->a[i].var;
        if (ev[i] < 0) {
            if (xs->a[i].val < INT32_MIN || xs->a[i].val > INT32_MAX)
                ev[i] = fzn_var_of(b, xs->a[i]);
            else
                ec[i] = (int)xs->a[i].val;
        }
    }
    int idx = fzn_var_of(b, c->args[0].t), val = fzn_var_of(b, c->args[2].t);
    if (val == idx) val = fzn_copy_of(b, val);
    csp_post_element(b->p, ev, ec, 1, xs->n, -1, 0, idx, 1, val);
    FREEN(ev, (size_t)xs->n), FREEN(ec, (size_t)xs->n);
    return 0;
}

/* ==== sets ================================================================ */

static int in_set(fzn_build *b, const fzn_con *c, fzn_term r, int mode) {
    const fzn_arg *s = &c->args[1];
    fzn_term x = c->args[0].t;
    if (x.var < 0) { /* a constant: the control variable is decided */
        int holds = 0;
        for (int j = 0; j < s->n; j++) holds |= x.val >= s->iv[2 * j] && x.val <= s->iv[2 * j + 1];
        int64_t one = 1;
        if (r.var == -1) {
            if (!holds && r.val) b->fail = 1;
            if (holds && !r.val && mode == CSP_REIF_EQUIV) b->fail = 1;
        } else if (!holds || mode == CSP_REIF_EQUIV) {
            int v = r.var;
            csp_post_sum(b->p, &v, &one, 1, CSP_SUM_EQ, holds);
        }
        return 0;
    }
    if (r.var == -1 && r.val == 0 && mode == CSP_REIF_IMP) return 0;
    int ctl = fzn_var_of(b, r);
    if (ctl == x.var) ctl = fzn_copy_of(b, ctl);
    csp_post_in_reif(b->p, x.var, s->iv, s->n, ctl, mode);
    return 0;
}
int fzn_post_set_in(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, in_set(b, c, (fzn_term){-1, 1}, CSP_REIF_EQUIV);
}
int fzn_post_set_in_reif(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, in_set(b, c, c->args[2].t, CSP_REIF_EQUIV);
}
int fzn_post_set_in_imp(fzn_build *b, const fzn_con *c, diag *d) {
    return (void)d, in_set(b, c, c->args[2].t, CSP_REIF_IMP);
}
