/* xcsp_linear.c - an <intension> whose predicate is a linear comparison,
 * op(L, R) with op one of lt le ge gt eq ne and L, R built from variables
 * and integers by add, sub, neg and mul by a constant, recognised and
 * posted as the engine's linear sum (src/csp/sum.h), as ACE posts its
 * primitives: sum a_i x_i <= k is bounds consistent there, where the
 * intension's support search is quadratic in the domains (PropStress's
 * chains of le(sub(x,y),k) over 0..400 took minutes of root propagation).
 *
 * The postfix code is read with a stack of linear forms (terms and a
 * constant); a form holds at most XCSP_LINEAR_TERMS terms, and anything
 * else (another operator, a product of two forms with variables, a
 * coefficient or constant past 2^40) makes the predicate not linear:
 * the caller posts it as before. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/sum.h"
#include "xcsp_model.h"

#define XCSP_LINEAR_TERMS 32
#define XCSP_LINEAR_MAX ((int64_t)1 << 40)

typedef struct lform {
    int n;
    int var[XCSP_LINEAR_TERMS];
    int64_t coef[XCSP_LINEAR_TERMS];
    int64_t k;
} lform;

static int small(int64_t v) { return v > -XCSP_LINEAR_MAX && v < XCSP_LINEAR_MAX; }

/* a += s * b; 0 when a term or value leaves the limits. */
static int add_form(lform *a, const lform *b, int64_t s) {
    for (int i = 0; i < b->n; i++) {
        int j = 0;
        while (j < a->n && a->var[j] != b->var[i]) j++;
        if (j == a->n) {
            if (a->n == XCSP_LINEAR_TERMS) return 0;
            a->var[a->n] = b->var[i], a->coef[a->n++] = 0;
        }
        a->coef[j] += s * b->coef[i];
        if (!small(a->coef[j])) return 0;
    }
    a->k += s * b->k;
    return small(a->k);
}

static int scale(lform *a, int64_t s) {
    if (!small(s)) return 0;
    for (int i = 0; i < a->n; i++)
        if (!small(a->coef[i] *= s)) return 0;
    return small(a->k *= s);
}

/* Reads the predicate of prog bound to terms (variables of c's scope and
 * constants) as sum coef_i var_i OP k with OP a csp_sum_op; 1 when it is
 * linear with at least one variable.  op NULL: prog is an integer
 * expression, read as sum coef_i var_i + k. */
static int linear_of(const xcsp_inst *in, const xcsp_con *c, int prog, const xcsp_list *terms,
                     lform *out, int *op) {
    const xcsp_prog *pg = &in->progs[prog];
    int top = 0, ok = 1, cmp = -1;
    lform *st = NEWN((size_t)pg->depth + 1, lform);
    for (int i = 0; i < pg->n && ok; i++) {
        const xcsp_instr *ins = &pg->code[i];
        int a = ins->a;
        switch (ins->op) {
        case XOP_PARAM: {
            const xcsp_term *t = &terms->t[a];
            lform *f = &st[top++];
            memset(f, 0, sizeof *f);
            if (t->kind == XT_VAR)
                f->n = 1, f->var[0] = c->scope[t->pos], f->coef[0] = 1;
            else
                ok = small(f->k = t->k);
            break;
        }
        case XOP_CONST:
            memset(&st[top], 0, sizeof st[top]);
            ok = small(st[top++].k = ins->k);
            break;
        case XOP_add:
            for (int j = 1; j < a && ok; j++) ok = add_form(&st[top - a], &st[top - a + j], 1);
            top -= a - 1;
            break;
        case XOP_sub:
            ok = add_form(&st[top - 2], &st[top - 1], -1);
            top--;
            break;
        case XOP_neg:
            ok = scale(&st[top - 1], -1);
            break;
        case XOP_mul: { /* every factor but one (with) a constant */
            int with = -1;
            for (int j = top - a; j < top && ok; j++)
                if (st[j].n) ok = with < 0, with = j;
            lform r = {0};
            if (with >= 0)
                r = st[with];
            else
                r.k = 1;
            for (int j = top - a; j < top && ok; j++)
                if (j != with) ok = scale(&r, st[j].k);
            top -= a;
            st[top++] = r;
            break;
        }
        case XOP_lt:
        case XOP_le:
        case XOP_ge:
        case XOP_gt:
        case XOP_ne:
        case XOP_eq:
            /* the comparison is the whole predicate, of two operands */
            ok = op && i == pg->n - 1 && a == 2 && add_form(&st[top - 2], &st[top - 1], -1);
            cmp = ins->op;
            top--;
            break;
        default:
            ok = 0;
        }
    }
    if (ok && (cmp >= 0) == (op != NULL) && top == 1) { /* st[0] = L - R, compared with 0 */
        lform *f = &st[0];
        int m = 0;
        for (int i = 0; i < f->n; i++) /* drop the terms that cancelled */
            if (f->coef[i]) f->var[m] = f->var[i], f->coef[m++] = f->coef[i];
        f->n = m;
        if (op) { /* L - R op 0  <=>  sum op -k, with integers: lt is <= -k-1, gt >= -k+1 */
            int64_t k = -f->k;
            *op = cmp == XOP_le || cmp == XOP_lt   ? CSP_SUM_LE
                  : cmp == XOP_ge || cmp == XOP_gt ? CSP_SUM_GE
                  : cmp == XOP_eq                  ? CSP_SUM_EQ
                                                   : CSP_SUM_NE;
            f->k = cmp == XOP_lt ? k - 1 : cmp == XOP_gt ? k + 1 : k;
        }
        *out = *f;
        ok = m > 0;
    } else {
        ok = 0;
    }
    FREEN(st, (size_t)pg->depth + 1);
    return ok;
}

int xcsp_post_intension_linear(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms,
                               int inequality_only) {
    lform f;
    int op;
    if (!linear_of(m->in, c, prog, terms, &f, &op)) return 0;
    if (inequality_only && op != CSP_SUM_LE && op != CSP_SUM_GE) return 0;
    return csp_post_sum(m->p, f.var, f.coef, f.n, op, f.k) >= 0;
}

int xcsp_post_expr_linear(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int z) {
    xcsp_list terms = {e->bind, e->nbind, 0};
    lform f;
    if (!linear_of(m->in, c, e->prog, &terms, &f, NULL) || f.n >= XCSP_LINEAR_TERMS) return 0;
    f.var[f.n] = z, f.coef[f.n++] = -1; /* sum + k - z = 0 */
    return csp_post_sum(m->p, f.var, f.coef, f.n, CSP_SUM_EQ, -f.k) >= 0;
}

int xcsp_expr_linear_var(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int make) {
    xcsp_list terms = {e->bind, e->nbind, 0};
    lform f;
    if (!linear_of(m->in, c, e->prog, &terms, &f, NULL) || f.n >= XCSP_LINEAR_TERMS) return -1;
    int64_t lo = f.k, hi = f.k; /* the form's range on the current domains */
    for (int i = 0; i < f.n; i++) {
        int64_t a = f.coef[i] * csp_min(m->p, f.var[i]), b = f.coef[i] * csp_max(m->p, f.var[i]);
        lo += a < b ? a : b, hi += a < b ? b : a;
    }
    if (lo < XCSP_MIN_VALUE || hi > XCSP_MAX_VALUE) return -1;
    if (!make) return 0;
    int y = csp_add_var(m->p, (int)lo, (int)hi, NULL);
    return xcsp_post_expr_linear(m, c, e, y) ? y : -1;
}
