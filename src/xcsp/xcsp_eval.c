/* xcsp_eval.c - the values of the terms and conditions of a constraint
 * on a tuple of its scope (the checks of every family, the verifier) and
 * their bounds over intervals (the checks of intermediate values when a
 * constraint is read). */
#include "../core/xmalloc.h"
#include "xcsp_family.h"

enum { SMALL = 32 };

/* The parameters of expression x under val into par. */
static void bind_values(const xcsp_expr *x, const int *val, int64_t *par) {
    for (int k = 0; k < x->nbind; k++)
        par[k] = x->bind[k].kind == XT_VAR ? val[x->bind[k].pos] : x->bind[k].k;
}

int64_t xcsp_term_value(const xcsp_inst *in, const xcsp_con *c, const xcsp_term *t, const int *val,
                        int *undef) {
    switch (t->kind) {
    case XT_VAR:
        return val[t->pos];
    case XT_EXPR: {
        const xcsp_expr *x = &c->exprs[t->v];
        const xcsp_prog *pg = &in->progs[x->prog];
        size_t need = (size_t)pg->nparams + (size_t)pg->depth;
        int64_t small[SMALL] = {0}, *buf = need <= SMALL ? small : NEWN(need, int64_t);
        bind_values(x, val, buf);
        int64_t r = xcsp_eval(pg, buf, buf + pg->nparams, undef);
        if (buf != small) FREEN(buf, need);
        return r;
    }
    default:
        return t->k;
    }
}

int xcsp_compare(int op, int64_t a, int64_t b) {
    switch (op) {
    case XCO_lt:
        return a < b;
    case XCO_le:
        return a <= b;
    case XCO_ge:
        return a >= b;
    case XCO_gt:
        return a > b;
    case XCO_eq:
        return a == b;
    case XCO_ne:
        return a != b;
    default:
        return 0;
    }
}

int xcsp_cond_holds(const xcsp_con *c, int64_t lhs, const int *val) {
    const xcsp_term *r = &c->cond.rhs;
    int op = c->cond.op;
    if (op == XCO_in || op == XCO_notin) {
        int inside = 0;
        if (r->kind == XT_SET) {
            int lo = 0, hi = c->nset - 1;
            while (lo <= hi && !inside) {
                int mid = (lo + hi) / 2;
                if (c->set[mid] == lhs)
                    inside = 1;
                else if (c->set[mid] < lhs)
                    lo = mid + 1;
                else
                    hi = mid - 1;
            }
        } else {
            inside = lhs >= r->k && lhs <= r->k2;
        }
        return op == XCO_in ? inside : !inside;
    }
    return xcsp_compare(op, lhs, r->kind == XT_VAR ? val[r->pos] : r->k);
}

int xcsp_term_bounds(const xcsp_inst *in, const xcsp_con *c, const xcsp_term *t, const int64_t *lo,
                     const int64_t *hi, int64_t *out_lo, int64_t *out_hi) {
    if (t->kind == XT_VAR) {
        *out_lo = lo[t->pos], *out_hi = hi[t->pos];
        return 0;
    }
    if (t->kind != XT_EXPR) {
        *out_lo = t->k, *out_hi = t->kind == XT_RANGE ? t->k2 : t->k;
        return 0;
    }
    const xcsp_expr *x = &c->exprs[t->v];
    const xcsp_prog *pg = &in->progs[x->prog];
    size_t need = 2 * (size_t)pg->nparams + 2 * (size_t)pg->depth;
    int64_t small[2 * SMALL] = {0}, *buf = need <= 2 * SMALL ? small : NEWN(need, int64_t);
    int64_t *plo = buf, *phi = buf + pg->nparams;
    for (int k = 0; k < x->nbind; k++) {
        const xcsp_term *b = &x->bind[k];
        plo[k] = b->kind == XT_VAR ? lo[b->pos] : b->k;
        phi[k] = b->kind == XT_VAR ? hi[b->pos] : b->k;
    }
    int r = xcsp_bounds(pg, plo, phi, buf + 2 * pg->nparams, out_lo, out_hi);
    if (buf != small) FREEN(buf, need);
    return r;
}

void xcsp_scope_bounds(const xcsp_inst *in, const xcsp_con *c, int64_t *lo, int64_t *hi) {
    for (int i = 0; i < c->arity; i++) {
        int d = in->vars[c->scope[i]].dom;
        lo[i] = xcsp_dom_min(in, d), hi[i] = xcsp_dom_max(in, d);
    }
}

void xcsp_gather(const xcsp_con *c, const int *sol, int *val) {
    for (int i = 0; i < c->arity; i++) val[i] = sol[c->scope[i]];
}

int64_t xcsp_objective_value(const xcsp_inst *in, const int *sol, int *undef) {
    const xcsp_con *c = &in->obj.c;
    const xcsp_list *x = &c->lists[0], *k = c->nlists > 1 ? &c->lists[1] : NULL;
    size_t n = c->arity ? (size_t)c->arity : 1;
    int *val = NEWN(n, int);
    xcsp_gather(c, sol, val);
    int64_t r = in->obj.type == XOBJ_PRODUCT ? 1 : 0;
    for (int i = 0; i < x->n; i++) {
        int64_t v = xcsp_term_value(in, c, &x->t[i], val, undef), seen = 0;
        switch (in->obj.type) {
        case XOBJ_SUM:
            r += v * (k && k->n ? k->t[i].k : 1);
            break;
        case XOBJ_PRODUCT:
            r *= v;
            break;
        case XOBJ_MINIMUM:
            r = !i || v < r ? v : r;
            break;
        case XOBJ_MAXIMUM:
            r = !i || v > r ? v : r;
            break;
        case XOBJ_NVALUES:
            for (int j = 0; j < i && !seen; j++)
                seen = xcsp_term_value(in, c, &x->t[j], val, undef) == v;
            r += !seen;
            break;
        default:
            r = !i ? v : r;
            break; /* a variable or an expression; lex: its first term */
        }
    }
    FREEN(val, n);
    return r;
}
