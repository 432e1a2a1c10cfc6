/* xcsp_objective.c - an instance's <minimize>/<maximize> in the model and
 * on a solution.
 *
 * In the model (xcsp_post_objective): a lone variable, or a lex objective
 * over variables, is the engine's objective itself (csp_set_objective;
 * lex: the tuple in order); any other objective gets an auxiliary variable
 * z whose domain is the objective's bounds on the declared domains, linked
 * to its terms by z = f(terms): for a sum of variables with integer
 * coefficients, the engine's sum propagators (sum - z = 0); for minimum
 * and maximum, the engine's minmax propagator over the terms' variables
 * (xcsp_term_var); for nValues, the engine's nValues global likewise; for an expression linear in
 * variables and integers, the sum too (xcsp_post_expr_linear); for any other, xcsp_objective_value
 * as the check of the generic checker constraint; and z is minimised or maximised. On a solution
 * (xcsp_objective, the puzzle's hook): the value of xcsp_objective_value; a lex objective is one
 * number in mixed radix over the declared bounds of its terms, (t_0 - lo_0) * span_1 * ... + ... ,
 * whose order is the lexicographic order (refused when it passes 62
 * bits). */
#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "../csp/minmax.h"
#include "xcsp.h"
#include "xcsp_family.h"
#include "xcsp_model.h"

/* The declared bounds of the objective's scope, computed once per use:
 * a term's bounds read them (per term, they made posting an objective
 * over 10^5 variables quadratic: 30 s, issue 37). */
typedef struct scope_bounds {
    int64_t *lo, *hi;
    size_t n;
} scope_bounds;

static void bounds_init(const xcsp_inst *in, scope_bounds *b) {
    const xcsp_con *c = &in->obj.c;
    b->n = c->arity ? (size_t)c->arity : 1;
    b->lo = NEWN(b->n, int64_t), b->hi = NEWN(b->n, int64_t);
    xcsp_scope_bounds(in, c, b->lo, b->hi);
}

static void bounds_free(scope_bounds *b) {
    FREEN(b->lo, b->n);
    FREEN(b->hi, b->n);
}

/* The declared bounds of term i of the objective. */
static int term_bounds(const xcsp_inst *in, const scope_bounds *sb, int i, int64_t *lo,
                       int64_t *hi) {
    const xcsp_con *c = &in->obj.c;
    return xcsp_term_bounds(in, c, &c->lists[0].t[i], sb->lo, sb->hi, lo, hi);
}

/* The bounds of the objective on the declared domains; -1 when they may
 * leave 62 bits. */
static int objective_bounds_in(const xcsp_inst *in, const scope_bounds *sb, int64_t *lo,
                               int64_t *hi) {
    const xcsp_con *c = &in->obj.c;
    const xcsp_list *x = &c->lists[0], *k = c->nlists > 1 ? &c->lists[1] : NULL;
    const int64_t big = (int64_t)1 << 62;
    for (int i = 0; i < x->n; i++) {
        int64_t a, b;
        if (term_bounds(in, sb, i, &a, &b)) return -1;
        switch (in->obj.type) {
        case XOBJ_SUM: {
            int64_t w = k && k->n ? k->t[i].k : 1, p = w * a, q = w * b;
            if (a < -big || b > big || w < -big || w > big) return -1;
            if (p > q) p ^= q, q ^= p, p ^= q;
            *lo = i ? *lo + p : p, *hi = i ? *hi + q : q;
            break;
        }
        case XOBJ_PRODUCT: {
            int64_t e[4], m0, m1;
            if (__builtin_mul_overflow(i ? *lo : 1, a, &e[0]) ||
                __builtin_mul_overflow(i ? *lo : 1, b, &e[1]) ||
                __builtin_mul_overflow(i ? *hi : 1, a, &e[2]) ||
                __builtin_mul_overflow(i ? *hi : 1, b, &e[3]))
                return -1;
            m0 = m1 = e[0];
            for (int j = 1; j < 4; j++) m0 = e[j] < m0 ? e[j] : m0, m1 = e[j] > m1 ? e[j] : m1;
            *lo = m0, *hi = m1;
            break;
        }
        case XOBJ_MINIMUM: /* between the least min and the least max */
            *lo = !i || a < *lo ? a : *lo;
            *hi = !i || b < *hi ? b : *hi;
            break;
        case XOBJ_MAXIMUM: /* between the greatest min and the greatest max */
            *lo = !i || a > *lo ? a : *lo;
            *hi = !i || b > *hi ? b : *hi;
            break;
        case XOBJ_NVALUES:
            *lo = 1, *hi = x->n;
            break;
        default: /* a variable or an expression */
            *lo = a, *hi = b;
            break;
        }
        if (*lo < -big || *hi > big) return -1;
    }
    return 0;
}

static int objective_bounds(const xcsp_inst *in, int64_t *lo, int64_t *hi) {
    scope_bounds sb;
    bounds_init(in, &sb);
    int r = objective_bounds_in(in, &sb, lo, hi);
    bounds_free(&sb);
    return r;
}

/* Mixed radix of a lex objective: value = sum (t_i - lo_i) * w_i. */
static int lex_weights(const xcsp_inst *in, int64_t *lo, int64_t *w) {
    int n = in->obj.c.lists[0].n, r = 0;
    int64_t weight = 1;
    scope_bounds sb;
    bounds_init(in, &sb);
    for (int i = n - 1; i >= 0 && !r; i--) {
        int64_t a, b;
        if (term_bounds(in, &sb, i, &a, &b)) {
            r = -1;
            break;
        }
        lo[i] = a, w[i] = weight;
        if (__builtin_mul_overflow(weight, b - a + 1, &weight) || weight > ((int64_t)1 << 62))
            r = -1;
    }
    bounds_free(&sb);
    return r;
}

int xcsp_objective_of(const void *inst, const int *decl_sol, size_t n, int64_t *value) {
    (void)n;
    const xcsp_inst *in = inst;
    if (!in->obj.present) return 0;
    int *buf;
    const int *sol = xcsp_inst_order(in, decl_sol, &buf);
    int undef = 0;
    if (in->obj.type == XOBJ_LEX) {
        const xcsp_con *c = &in->obj.c;
        int nt = c->lists[0].n;
        int64_t *lo = NEWN((size_t)nt, int64_t), *w = NEWN((size_t)nt, int64_t);
        int *val = NEWN(c->arity ? (size_t)c->arity : 1, int);
        xcsp_gather(c, sol, val);
        *value = 0;
        if (!lex_weights(in, lo, w))
            for (int i = 0; i < nt; i++)
                *value += (xcsp_term_value(in, c, &c->lists[0].t[i], val, &undef) - lo[i]) * w[i];
        FREEN(val, c->arity ? (size_t)c->arity : 1);
        FREEN(lo, (size_t)nt);
        FREEN(w, (size_t)nt);
    } else {
        *value = xcsp_objective_value(in, sol, &undef);
    }
    if (buf) FREEN(buf, (size_t)in->nvars);
    return in->obj.minimize ? 1 : -1;
}

/* ---- in the model ------------------------------------------------------- */

/* The link z = objective(terms), on the objective's scope and z last. */
static int link_check(const xcsp_inst *in, const xcsp_con *c, const int *vals) {
    int undef = 0;
    /* xcsp_objective_value reads a whole solution: give it the scope's */
    int *sol = NEWN((size_t)in->nvars, int);
    for (int i = 0; i < c->arity; i++) sol[c->scope[i]] = vals[i];
    int64_t v = xcsp_objective_value(in, sol, &undef);
    FREEN(sol, (size_t)in->nvars);
    return !undef && v == vals[c->arity];
}

/* A sum with integer coefficients: z = sum through the engine's sum
 * propagators (sum - z = 0) over the terms' variables (an expression's
 * auxiliary variable, xcsp_term_var: Vellino's ne(c[i],0)), which prune
 * z's bounds and the terms' (branch and bound then proves optima); -1
 * when they cannot take it (the checker links it instead). */
static int link_sum(xcsp_model *m, int z) {
    const xcsp_con *c = &m->in->obj.c;
    const xcsp_list *x = &c->lists[0], *k = c->nlists > 1 ? &c->lists[1] : NULL;
    int n = x->n;
    for (int i = 0; k && k->n && i < n; i++)
        if (k->t[i].kind != XT_CONST) return -1;
    int *vars = xcsp_list_term_vars(m, c, x); /* n + 1 entries */
    if (!vars) return -1;
    /* the terms' auxiliary variables (expressions: Rlfap-max's 1,034
     * if(gt(dist(f[i],f[j]),k),0,w)) are branched on with the instance's
     * variables: a value of one is a choice of the objective's, where the
     * last tier would leave them to follow their variables (ACE branches
     * on them too; results/cop_wide.md) */
    for (int i = 0; i < n; i++) m->nobj_aux += vars[i] >= m->in->nlive;
    m->obj_aux = m->nobj_aux ? NEWN((size_t)m->nobj_aux, int) : NULL;
    for (int i = 0, j = 0; i < n; i++)
        if (vars[i] >= m->in->nlive) m->obj_aux[j++] = vars[i];
    int64_t *a = NEWN((size_t)n + 1, int64_t);
    for (int i = 0; i < n; i++) a[i] = k && k->n ? k->t[i].k : 1;
    vars[n] = z, a[n] = -1;
    xcsp_con eq = *c; /* the same terms, = 0 */
    eq.cond.op = XCO_eq;
    eq.cond.rhs = (xcsp_term){.kind = XT_CONST, .k = 0};
    int r = xcsp_post_linear(m, &eq, vars, a, n + 1, 0);
    FREEN(vars, (size_t)n + 1);
    FREEN(a, (size_t)n + 1);
    return r;
}

int xcsp_post_objective(xcsp_model *m) {
    const xcsp_inst *in = m->in;
    if (!in->obj.present) return 0;
    const xcsp_con *c = &in->obj.c;
    const xcsp_list *x = &c->lists[0];
    int sense = in->obj.minimize ? 1 : -1, all_vars = 1;
    for (int i = 0; i < x->n; i++) all_vars &= x->t[i].kind == XT_VAR;
    const char *what = in->obj.minimize ? "minimize" : "maximize";
    if (in->obj.type == XOBJ_LEX) {
        int *vars = NEWN((size_t)x->n, int);
        int64_t *l2 = NEWN((size_t)x->n, int64_t), *w2 = NEWN((size_t)x->n, int64_t);
        int bad = !all_vars || lex_weights(in, l2, w2);
        for (int i = 0; i < x->n; i++) vars[i] = x->t[i].v;
        if (!bad) csp_set_objective(m->p, vars, x->n, sense);
        FREEN(vars, (size_t)x->n);
        FREEN(l2, (size_t)x->n);
        FREEN(w2, (size_t)x->n);
        if (bad)
            return diag_at(m->d, in->path, in->obj.line, 0,
                           "<%s type=\"lex\">: supported over variables whose spans multiply to "
                           "at most 2^62 (the objective is reported as one number)",
                           what);
        return 0;
    }
    if (in->obj.type == XOBJ_EXPR && x->n == 1 && x->t[0].kind == XT_VAR) {
        csp_set_objective(m->p, &x->t[0].v, 1, sense);
        return 0;
    }
    int64_t lo = 0, hi = 0;
    if (objective_bounds(in, &lo, &hi) || lo < INT32_MIN + 1 || hi > INT32_MAX)
        return diag_at(m->d, in->path, in->obj.line, 0,
                       "<%s>: the objective's range on the declared domains passes the 32-bit "
                       "integers (the engine's values)",
                       what);
    int z = csp_add_var(m->p, (int)lo, (int)hi, "objective");
    int *vars = (in->obj.type == XOBJ_MINIMUM || in->obj.type == XOBJ_MAXIMUM) && x->n
                    ? xcsp_list_term_vars(m, c, x)
                    : NULL;
    if (vars) { /* z = min or max of the terms' variables (expressions: auxiliary ones) */
        csp_post_minmax(m->p, vars, x->n, z, in->obj.type == XOBJ_MAXIMUM);
        FREEN(vars, (size_t)x->n + 1);
        csp_set_objective(m->p, &z, 1, sense);
        return 0;
    }
    /* z = nValues(terms): the engine's global, O(n log n) a pass, where the
     * checker's revise of 10^5 positions, each check O(n), never ended
     * the root (issue 37) */
    vars = in->obj.type == XOBJ_NVALUES && x->n ? xcsp_list_term_vars(m, c, x) : NULL;
    if (vars) { /* each variable once (the global wants them distinct; a repeat adds no value) */
        int nd = 0, *seen = NEWN((size_t)m->p->nvars, int);
        for (int i = 0; i < x->n; i++)
            if (!seen[vars[i]]) seen[vars[i]] = 1, vars[nd++] = vars[i];
        FREEN(seen, (size_t)m->p->nvars);
        csp_post_nvalues(m->p, vars, nd, NULL, 0, z);
        FREEN(vars, (size_t)x->n + 1);
        csp_set_objective(m->p, &z, 1, sense);
        return 0;
    }
    if ((in->obj.type == XOBJ_SUM && !link_sum(m, z)) || /* sum - z = 0 */
        (in->obj.type == XOBJ_EXPR && x->n == 1 && x->t[0].kind == XT_EXPR &&
         xcsp_post_expr_linear(m, c, &c->exprs[x->t[0].v], z))) { /* a linear expression */
        csp_set_objective(m->p, &z, 1, sense);
        return 0;
    }
    int *scope = NEWN((size_t)c->arity + 1, int);
    for (int i = 0; i < c->arity; i++) scope[i] = c->scope[i];
    scope[c->arity] = z;
    xcsp_post_checker_on(m, c, link_check, scope, c->arity + 1);
    FREEN(scope, (size_t)c->arity + 1);
    csp_set_objective(m->p, &z, 1, sense);
    return 0;
}
