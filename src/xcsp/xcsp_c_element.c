/* xcsp_c_element.c - <element>: <list startIndex> of integers or
 * variables, optional <index rank> (one variable), then <value> (an
 * integer or a variable) or <condition>; without <index>, some term
 * satisfies the condition.  Matrix form: <matrix startRowIndex
 * startColIndex> rows (a,b)(c,d) or x[][], <index> i j, <value> or
 * <condition>.  lists[0]: the index variables; lists[1..]: the rows (one
 * for the list form).  opt: start, start of columns, rank, matrix.
 *
 * Posted (post) as the engine's element (src/csp/element.c, GAC) when
 * there is an index, the rank is any and the value is an integer or a
 * variable; with another condition, through an auxiliary variable z =
 * the entry that satisfies the condition (xcsp_cond_var).  Without
 * <index> (some entry satisfies the condition) and a constant operand:
 * the engine's count of the values allowed, at least 1 (post_some, GAC);
 * with (eq, y), the engine's member (GAC); with (lt|le|gt|ge, y), the
 * engine's minimum/maximum of the terms (post_extreme).  Without <index>
 * and (ne, y), or with a variable that the engine cannot hold: the
 * generic checker.  With rank first or last: the rank-any posts (which
 * rank first/last imply) and the generic checker for the rank. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "../csp/element.h"
#include "../csp/minmax.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *m = xr_kid_get(e, "matrix"), *l = m ? NULL : xr_kid_get(e, "list"), *ix, *v;
    xcsp_list *il = xr_add_list(c);
    if ((ix = xr_kid_get(e, "index")) &&
        (xr_rank(rd, e, ix, &c->opt[2]) ||
         xr_terms(rd, c, ix->text, ix->len, ix->text_line, "index", XR_VARS, il)))
        return -1;
    if (m) {
        c->opt[3] = 1;
        if (xr_start_index(rd, e, m, "startRowIndex", &c->opt[0]) ||
            xr_start_index(rd, e, m, "startColIndex", &c->opt[1]))
            return -1;
        if (xr_matrix(rd, c, m, XR_VARS | XR_CONSTS)) return -1;
    } else {
        if (!l) return xr_fail(rd, e->line, "<element>: expected <%s>%s", "list or <matrix>", "");
        if (xr_start_index(rd, e, l, "startIndex", &c->opt[0]) ||
            xr_terms(rd, c, l->text, l->len, l->text_line, "list", XR_VARS | XR_CONSTS,
                     xr_add_list(c)))
            return -1;
    }
    if ((v = xr_kid_get(e, "value"))) {
        xcsp_list t = {0};
        int r = xr_terms(rd, c, v->text, v->len, v->text_line, "value",
                         XR_VARS | XR_CONSTS | XR_SYMBOLS, &t);
        if (!r && t.n != 1)
            r = xr_fail(rd, v->line, "<value>: expected one integer or variable%s%s", "", "");
        if (!r) c->cond.op = XCO_eq, c->cond.rhs = t.t[0];
        if (t.t) FREEN(t.t, (size_t)t.n);
        return r;
    }
    return xr_kid_cond(rd, c, e, "condition");
}

static int validate(reader *rd, xcsp_con *c) {
    int need = c->opt[3] ? 2 : 1;
    if (c->lists[0].n && c->lists[0].n != need)
        return xr_fail(rd, c->line, "<element>: <index> holds %s%s",
                       need == 2 ? "two variables (row, column)" : "one variable", "");
    if (c->opt[3] && !c->lists[0].n)
        return xr_fail(rd, c->line, "<element>: %s%s", "the matrix form needs <index> i j", "");
    for (int l = 2; l < c->nlists; l++)
        if (c->lists[l].n != c->lists[1].n)
            return xr_fail(rd, c->line, "<matrix>: rows of different lengths%s%s", "", "");
    return 0;
}

#define VAL_(t) xcsp_term_value(in, c, (t), val, &undef)

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, rows = c->nlists - 1, cols = rows ? c->lists[1].n : 0;
    if (!c->lists[0].n) { /* no index: some term satisfies the condition */
        for (int i = 0; i < cols; i++)
            if (xcsp_cond_holds(c, VAL_(&c->lists[1].t[i]), val)) return !undef;
        return 0;
    }
    int64_t r = 0, k = val[c->lists[0].t[0].pos] - c->opt[0];
    if (c->opt[3]) r = k, k = val[c->lists[0].t[1].pos] - c->opt[1];
    if (r < 0 || r >= rows || k < 0 || k >= cols) return 0;
    if (!xcsp_cond_holds(c, VAL_(&c->lists[1 + r].t[k]), val)) return 0;
    for (int i = 0; !c->opt[3] && c->opt[2] && i < cols; i++) /* rank first / last */
        if ((c->opt[2] == 1 ? i < k : i > k) && xcsp_cond_holds(c, VAL_(&c->lists[1].t[i]), val))
            return 0;
    return !undef;
}

/* The bounds of the entries (integers and variables' declared domains). */
static void entry_bounds(const xcsp_inst *in, const xcsp_con *c, int64_t *lo, int64_t *hi) {
    *lo = INT64_MAX, *hi = INT64_MIN;
    for (int l = 1; l < c->nlists; l++)
        for (int i = 0; i < c->lists[l].n; i++) {
            const xcsp_term *t = &c->lists[l].t[i];
            int64_t a = t->kind == XT_VAR ? xcsp_dom_min(in, in->vars[t->v].dom) : t->k;
            int64_t b = t->kind == XT_VAR ? xcsp_dom_max(in, in->vars[t->v].dom) : t->k;
            *lo = a < *lo ? a : *lo;
            *hi = b > *hi ? b : *hi;
        }
}

/* At most this many values satisfy the condition of an <element>
 * without <index> posted as a count (more: the generic checker). */
#define SOME_MAX_VALUES ((int64_t)1 << 16)

/* Without <index>, a condition with a constant operand: some term takes
 * one of the values S (within the terms' bounds) that satisfy it, i.e.
 * count(variables, S) = N with N in 1..n (N is that count: a function of
 * the terms, so the solutions are the same, each once); GAC.  A constant
 * term in S makes it true, one outside S is left out, a variable written
 * twice counts once.  -1 when S has too many values: nothing posted. */
static int post_some(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[1];
    int n = 0, r = -1, *vars = NEWN((size_t)l->n + 1, int);
    int64_t lo, hi, *iv = NULL, *vals = NULL;
    size_t cap = 0, nv = 0, vcap = 0;
    entry_bounds(m->in, c, &lo, &hi);
    int niv = xcsp_cond_allowed(c, lo, hi, &iv, &cap);
    for (int k = 0; k < niv && nv <= SOME_MAX_VALUES; k++)
        nv += (size_t)(iv[2 * k + 1] - iv[2 * k] + 1);
    if (nv > SOME_MAX_VALUES) goto done;
    vcap = nv + 1;
    vals = NEWN(vcap, int64_t), nv = 0;
    for (int k = 0; k < niv; k++)
        for (int64_t a = iv[2 * k]; a <= iv[2 * k + 1]; a++) vals[nv++] = a;
    for (int i = 0; i < l->n; i++) {
        const xcsp_term *t = &l->t[i];
        if (t->kind == XT_CONST && xcsp_cond_holds(c, t->k, NULL)) { /* true: nothing to post */
            r = 0;
            goto done;
        }
        if (t->kind == XT_VAR) csp_scope_add(vars, &n, t->v); /* a variable twice: once */
    }
    size_t kept = 0; /* the values some variable can take */
    for (size_t j = 0; j < nv; j++) {
        int meets = 0;
        for (int i = 0; i < n && !meets; i++) meets = csp_has(m->p, vars[i], vals[j]);
        if (meets) vals[kept++] = vals[j];
    }
    r = 0;
    nv = kept;
    if (!n || !nv) {
        xcsp_post_false(m);
    } else {
        int z = csp_add_var(m->p, 1, n, NULL);
        csp_post_count(m->p, vars, n, vals, (int)nv, z);
    }
done:
    if (iv) FREEN(iv, cap);
    if (vals) FREEN(vals, vcap);
    FREEN(vars, (size_t)l->n + 1);
    return r;
}

/* Without <index>, (eq, y): y is one of the terms, the engine's member
 * (GAC; a constant term a one-value variable, the generic checker when
 * one is beyond the 32-bit values). */
static int post_member(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[1];
    int *v = xcsp_list_term_vars(m, c, l);
    if (!v) return xcsp_post_checker(m, c);
    if (l->n)
        csp_post_member(m->p, v, l->n, c->cond.rhs.v);
    else
        xcsp_post_false(m);
    FREEN(v, (size_t)l->n + 1);
    return 0;
}

/* Without <index>, (lt|le, y) or (gt|ge, y): some term is below (above) y,
 * i.e. the least (greatest) term is: z = min (max) of the terms, the
 * engine's minimum (maximum), bounds(Z), with z an auxiliary variable tied
 * to y by the condition (z is a function of the terms: the solutions are
 * the same).  The generic checker when a term has no variable. */
static int post_extreme(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[1];
    int mx = c->cond.op == XCO_gt || c->cond.op == XCO_ge, n = l->n;
    int *v = xcsp_list_term_vars(m, c, l);
    if (!v) return xcsp_post_checker(m, c);
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        int64_t a = csp_min(m->p, v[i]), b = csp_max(m->p, v[i]);
        lo = !i || a < lo ? a : lo;
        hi = !i || b > hi ? b : hi;
    }
    int z = n ? xcsp_cond_var(m, c, lo, hi, NULL, 0) : -1;
    if (z >= 0) csp_post_minmax(m->p, v, n, z, mx);
    FREEN(v, (size_t)n + 1);
    if (!n) xcsp_post_false(m);
    return z == -1 && n ? xcsp_post_checker(m, c) : 0;
}

static int post(xcsp_model *m, const xcsp_con *c) {
    int rows = c->nlists - 1, cols = rows ? c->lists[1].n : 0;
    int some = !c->lists[0].n && !c->opt[3] && rows == 1; /* no index: some term satisfies */
    int op = c->cond.op;
    if (some && c->cond.rhs.kind == XT_VAR && op == XCO_eq) return post_member(m, c);
    if (some && c->cond.rhs.kind == XT_VAR &&
        (op == XCO_lt || op == XCO_le || op == XCO_gt || op == XCO_ge))
        return post_extreme(m, c);
    if (some && c->cond.rhs.kind != XT_VAR && post_some(m, c) == 0) return 0;
    if (!c->lists[0].n || !rows || !cols) return xcsp_post_checker(m, c);
    size_t n = (size_t)rows * (size_t)cols;
    for (int l = 1; l < c->nlists; l++)
        for (int i = 0; i < cols; i++) {
            const xcsp_term *t = &c->lists[l].t[i];
            if (t->kind != XT_VAR && (t->kind != XT_CONST || t->k < INT32_MIN || t->k > INT32_MAX))
                return xcsp_post_checker(m, c);
        }
    int value;
    if (c->cond.op == XCO_eq && c->cond.rhs.kind == XT_VAR) {
        value = c->cond.rhs.v;
    } else if (c->cond.op == XCO_eq && c->cond.rhs.kind == XT_CONST) {
        if (c->cond.rhs.k < INT32_MIN || c->cond.rhs.k > INT32_MAX) {
            xcsp_post_false(m);
            return 0;
        }
        value = csp_add_var(m->p, (int)c->cond.rhs.k, (int)c->cond.rhs.k, NULL);
    } else {
        int64_t lo, hi;
        entry_bounds(m->in, c, &lo, &hi);
        value = xcsp_cond_var(m, c, lo, hi, NULL, 0);
        if (value == -2) return 0; /* no value satisfies the condition: false posted */
        if (value < 0) return xcsp_post_checker(m, c);
    }
    int *evar = NEWN(n, int), *ecst = NEWN(n, int);
    for (int l = 1; l < c->nlists; l++)
        for (int i = 0; i < cols; i++) {
            const xcsp_term *t = &c->lists[l].t[i];
            size_t k = (size_t)(l - 1) * (size_t)cols + (size_t)i;
            evar[k] = t->kind == XT_VAR ? t->v : -1;
            ecst[k] = t->kind == XT_VAR ? 0 : (int)t->k;
        }
    const xcsp_list *ix = &c->lists[0];
    if (c->opt[3])
        csp_post_element(m->p, evar, ecst, rows, cols, ix->t[0].v, (int)c->opt[0], ix->t[1].v,
                         (int)c->opt[1], value);
    else
        csp_post_element(m->p, evar, ecst, 1, cols, -1, 0, ix->t[0].v, (int)c->opt[0], value);
    FREEN(evar, n);
    FREEN(ecst, n);
    /* rank first / last implies rank any (posted above, GAC); the checker
     * adds that no earlier (later) entry satisfies the condition */
    return c->opt[2] && !c->opt[3] ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_element = {
    .name = "element",
    .summary = "<list [startIndex]> (integers or variables) [<index [rank]>] <value> or "
               "<condition>; <matrix [startRowIndex startColIndex]> <index> i j <value>",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
