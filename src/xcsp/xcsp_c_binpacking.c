/* xcsp_c_binpacking.c - <binPacking>: <list> (variables: item i goes
 * into bin x_i), <sizes> (integers), then one of
 * - <condition>: the load of every bin (the sum of the sizes of its
 *   items) satisfies it, the bins being every value of the declared
 *   domains of the list's variables (a bin no item takes has load 0);
 * - <conditions> (optional startIndex s, 0 by default): one condition
 *   "(op,operand)" per bin, the bins s .. s+m-1, the load of bin s+j
 *   satisfies the j-th;
 * - <limits> (integers or variables): bins 0 .. m-1, load_j <= limit_j;
 * - <loads> (integers or variables): bins 0 .. m-1, load_j = load_j.
 * In the last three an item in a value outside the bins violates it.
 * lists: [0] items, [1] sizes, [2] limits or loads, or the operands of
 * <conditions> ([3] their operators as integers, a set {a,b,...} a list
 * of its own: the operand XT_SET, v its index); opt[0] the form (BP_COND,
 * BP_LIMITS, BP_LOADS, BP_CONDS), opt[1] (condition form) how many values
 * the list's declared domains hold together, (conditions form) the first
 * bin.  Posted as the engine's binPacking global (csp/binpacking.h:
 * Shaw's rules, sound) when the sizes are in 0 .. 2^31-1 and the
 * condition is lt, le, ge, gt, eq with an integer, le, ge, eq with a
 * variable, or in an interval; with <conditions>, a bin whose condition
 * is none of those has an auxiliary load variable whose values are the
 * ones its condition allows (xcsp_cond_var), bounded by the global like a
 * variable of <loads>; the generic checker otherwise. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/binpacking.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

enum { BP_COND, BP_LIMITS, BP_LOADS, BP_CONDS };
enum { BP_OPERANDS = 2, BP_OPS = 3 }; /* the lists of <conditions> */

/* Appends t to list l of c (capacity *cap). */
static void push_term(xcsp_con *c, int l, size_t *cap, xcsp_term t) {
    GROW(&c->lists[l].t, cap, (size_t)c->lists[l].n + 1);
    c->lists[l].t[c->lists[l].n++] = t;
}

/* Shrinks list l of c to its size, so that it frees with n. */
static void fit_list(xcsp_con *c, int l, size_t cap) {
    xcsp_list *x = &c->lists[l];
    if (cap != (size_t)x->n)
        x->t = x->n ? xrealloc(x->t, cap * sizeof *x->t, (size_t)x->n * sizeof *x->t)
                    : (xfree(x->t, cap * sizeof *x->t), NULL);
}

/* <conditions>: "(op,operand)" for each bin, blanks between them or
 * none; each read as a <condition> is (xr_cond).  lists[2] the operands,
 * lists[3] the operators. */
static int parse_conds(reader *rd, xcsp_con *c, const xr_kid *k) {
    xr_add_list(c)->what = XR_VARS | XR_CONSTS | XR_RANGES | XR_SETS;
    xr_add_list(c)->what = XR_CONSTS;
    size_t cap[2] = {0, 0};
    xcsp_scan sc;
    xcsp_scan_init(&sc, k->text, k->len, rd->path, k->text_line);
    char buf[64];
    int ret = 0;
    while (!ret && xcsp_scan_more(&sc)) {
        const char *start = sc.s, *p = start + 1;
        int line = xcsp_scan_line(&sc, start);
        while (*start == '(' && p < sc.end && *p != ')' && *p != '(') p++;
        if (*start != '(' || p >= sc.end || *p != ')') {
            ret = xr_fail(rd, line,
                          "<conditions>: expected (operator,operand) for each bin, found '%s'%s",
                          xcsp_show(start, (size_t)(sc.end - start), buf, sizeof buf), "");
            break;
        }
        p++;
        xcsp_con tmp;
        memset(&tmp, 0, sizeof tmp);
        ret = xr_cond(rd, &tmp, start, (size_t)(p - start), line, "conditions");
        if (!ret && tmp.cond.rhs.kind == XT_PARAM && tmp.cond.rhs.v < 0)
            ret = xr_fail(rd, line, "<conditions>: %s%s",
                          "'%...' as an operand (a condition takes one argument: %k)", "");
        if (!ret) {
            xcsp_term t = tmp.cond.rhs;
            if (t.kind == XT_SET) { /* its values, sorted and distinct, as a list of c */
                t.v = c->nlists;
                xcsp_list *l = xr_add_list(c);
                l->what = XR_CONSTS;
                l->n = tmp.nset;
                l->t = tmp.nset ? NEWN((size_t)tmp.nset, xcsp_term) : NULL;
                for (int i = 0; i < tmp.nset; i++)
                    l->t[i] = (xcsp_term){XT_CONST, 0, 0, tmp.set[i], 0};
            }
            push_term(c, BP_OPERANDS, &cap[0], t);
            push_term(c, BP_OPS, &cap[1], (xcsp_term){XT_CONST, 0, 0, tmp.cond.op, 0});
        }
        if (tmp.set) FREEN(tmp.set, (size_t)tmp.nset);
        sc.s = p;
    }
    fit_list(c, BP_OPERANDS, cap[0]);
    fit_list(c, BP_OPS, cap[1]);
    return ret;
}

static int parse_binpacking(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "sizes", XR_CONSTS, 1, xr_add_list(c)))
        return -1;
    xr_kid *lim = xr_kid_get(e, "limits"), *lds = xr_kid_get(e, "loads");
    xr_kid *cond = xr_kid_get(e, "condition"), *conds = xr_kid_get(e, "conditions");
    if (!!lim + !!lds + !!cond + !!conds != 1)
        return xr_fail(rd, e->line, "<binPacking>: %s%s",
                       "expected one of <condition>, <conditions>, <limits>, <loads>", "");
    if (cond) {
        c->opt[0] = BP_COND;
        return xr_cond(rd, c, cond->text, cond->len, cond->text_line, "condition");
    }
    if (conds) {
        c->opt[0] = BP_CONDS;
        if (xr_start_index(rd, e, conds, "startIndex", &c->opt[1])) return -1;
        return parse_conds(rd, c, conds);
    }
    xr_kid *k = lim ? lim : lds;
    c->opt[0] = lim ? BP_LIMITS : BP_LOADS;
    xr_add_list(c);
    return xr_terms(rd, c, k->text, k->len, k->text_line, k->name, XR_VARS | XR_CONSTS,
                    &c->lists[2]);
}

static int cmp_ival(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The intervals of the declared domains of the list's variables, merged
 * into iv (sorted, disjoint); returns how many.  iv holds 2 * (the
 * domains' intervals) entries. */
static int bins_of(const xcsp_inst *in, const xcsp_con *c, int64_t *iv) {
    int k = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        const xcsp_dom *d = xcsp_var_dom(in, c->lists[0].t[i].v);
        for (int r = 0; r < d->n; r++, k++)
            iv[2 * k] = in->ivals[2 * (d->first + r)],
                   iv[2 * k + 1] = in->ivals[2 * (d->first + r) + 1];
    }
    qsort(iv, (size_t)k, 2 * sizeof *iv, cmp_ival);
    int m = 0;
    for (int r = 0; r < k; r++)
        if (m && iv[2 * r] <= iv[2 * m - 1] + 1) {
            if (iv[2 * r + 1] > iv[2 * m - 1]) iv[2 * m - 1] = iv[2 * r + 1];
        } else
            iv[2 * m] = iv[2 * r], iv[2 * m + 1] = iv[2 * r + 1], m++;
    return m;
}

static size_t nivals(const xcsp_inst *in, const xcsp_con *c) {
    size_t k = 1;
    for (int i = 0; i < c->lists[0].n; i++) k += (size_t)xcsp_var_dom(in, c->lists[0].t[i].v)->n;
    return k;
}

static int cmp_term_k(const void *a, const void *b) {
    int64_t x = ((const xcsp_term *)a)->k, y = ((const xcsp_term *)b)->k;
    return (x > y) - (x < y);
}

/* <conditions> made concrete (a template's arguments in place): one
 * operator per operand, the operand of in and notin an interval (an
 * integer k reads k..k) or a set, of the others an integer or a variable;
 * the sets sorted (check searches them). */
static int validate_conds(reader *rd, xcsp_con *c) {
    xcsp_list *o = &c->lists[BP_OPERANDS];
    const xcsp_list *ops = &c->lists[BP_OPS];
    if (o->n == 0)
        return xr_fail(rd, c->line, "<binPacking>: %s%s",
                       "no bin (an empty <conditions>: expected one (operator,operand) per bin)",
                       "");
    if (o->n != ops->n)
        return xr_failf(rd, c->line, "<conditions>: %d operands for %d conditions", o->n, ops->n);
    for (int j = 0; j < o->n; j++) {
        int op = (int)ops->t[j].k, set_op = op == XCO_in || op == XCO_notin;
        xcsp_term *t = &o->t[j];
        if (set_op && t->kind == XT_CONST) t->kind = XT_RANGE, t->k2 = t->k;
        if (set_op && t->kind != XT_RANGE && t->kind != XT_SET)
            return xr_failf(rd, c->line,
                            "<conditions>: condition %d: the operand of in and notin is an "
                            "interval a..b, an integer or a set {...}",
                            j + 1);
        if (!set_op && t->kind != XT_CONST && t->kind != XT_VAR)
            return xr_failf(rd, c->line,
                            "<conditions>: condition %d: an interval or a set is the operand of "
                            "in and notin only",
                            j + 1);
        if (t->kind == XT_SET && c->lists[t->v].n > 1)
            qsort(c->lists[t->v].t, (size_t)c->lists[t->v].n, sizeof *c->lists[t->v].t, cmp_term_k);
    }
    return 0;
}

static int validate_binpacking(reader *rd, xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *s = &c->lists[1];
    if (s->n != x->n)
        return xr_failf(rd, c->line, "<binPacking>: %d <sizes> for %d items", s->n, x->n);
    if (c->opt[0] == BP_CONDS && validate_conds(rd, c)) return -1;
    if (c->opt[0] != BP_COND && c->lists[2].n == 0)
        return xr_fail(rd, c->line, "<binPacking>: %s%s", "no bin (an empty <limits> or <loads>)",
                       "");
    int64_t total = 0;
    for (int i = 0; i < s->n; i++)
        if (__builtin_add_overflow(total, s->t[i].k < 0 ? -s->t[i].k : s->t[i].k, &total) ||
            total > XCSP_MAX_CONST)
            return xr_fail(rd, c->line, "<binPacking>: %s%s",
                           "the loads may leave the 63-bit integers", "");
    if (c->opt[0] == BP_COND) { /* the number of bins, for check */
        size_t ni = nivals(rd->in, c);
        int64_t *iv = NEWN(2 * ni, int64_t), bins = 0;
        int m = bins_of(rd->in, c, iv);
        for (int r = 0; r < m; r++) bins += iv[2 * r + 1] - iv[2 * r] + 1;
        FREEN(iv, 2 * ni);
        c->opt[1] = bins;
    }
    return 0;
}

/* Whether load satisfies the j-th of <conditions> under val. */
static int cond_j_holds(const xcsp_con *c, int j, int64_t load, const int *val) {
    const xcsp_term *t = &c->lists[BP_OPERANDS].t[j];
    int op = (int)c->lists[BP_OPS].t[j].k;
    if (op != XCO_in && op != XCO_notin)
        return xcsp_compare(op, load, t->kind == XT_VAR ? val[t->pos] : t->k);
    int inside = 0;
    if (t->kind == XT_SET) { /* a sorted list of integers */
        const xcsp_list *s = &c->lists[t->v];
        int lo = 0, hi = s->n - 1;
        while (lo <= hi && !inside) {
            int mid = lo + (hi - lo) / 2;
            inside = s->t[mid].k == load;
            if (s->t[mid].k < load)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    } else {
        inside = load >= t->k && load <= t->k2;
    }
    return op == XCO_in ? inside : !inside;
}

static int check_binpacking(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n, ok = 1;
    if (c->opt[0] != BP_COND) { /* bins first .. first + m-1 */
        int m = c->lists[2].n;
        int64_t first = c->opt[0] == BP_CONDS ? c->opt[1] : 0;
        int64_t small[64], *load = m <= 64 ? small : NEWN((size_t)m, int64_t);
        for (int j = 0; j < m; j++) load[j] = 0;
        for (int i = 0; i < n && ok; i++) {
            int64_t b = XCSP_VAL(0, i) - first;
            if (b < 0 || b >= m)
                ok = 0;
            else
                load[b] += c->lists[1].t[i].k;
        }
        for (int j = 0; j < m && ok; j++) {
            if (c->opt[0] == BP_CONDS) {
                ok = cond_j_holds(c, j, load[j], val);
                continue;
            }
            int64_t w = XCSP_VAL(2, j);
            ok = c->opt[0] == BP_LIMITS ? load[j] <= w : load[j] == w;
        }
        if (load != small) FREEN(load, (size_t)m);
        return ok && !undef;
    }
    /* the condition on the load of each bin some item takes (the first
     * such item sums them), then on 0 when some bin is empty */
    int64_t taken = 0;
    for (int i = 0; i < n && ok; i++) {
        int64_t b = XCSP_VAL(0, i), load = 0;
        int first = 1;
        for (int j = 0; j < i && first; j++) first = XCSP_VAL(0, j) != b;
        if (!first) continue;
        for (int j = i; j < n; j++)
            if (XCSP_VAL(0, j) == b) load += c->lists[1].t[j].k;
        taken++;
        ok = xcsp_cond_holds(c, load, val);
    }
    if (ok && taken < c->opt[1]) ok = xcsp_cond_holds(c, 0, val);
    return ok && !undef;
}

/* A variable or an integer as the engine's term; 0 for anything else. */
static int as_term(const xcsp_term *t, csp_term *out) {
    if (t->kind == XT_VAR) return *out = (csp_term){t->v, 0}, 1;
    if (t->kind == XT_CONST) return *out = (csp_term){-1, t->k}, 1;
    return 0;
}

/* The bounds of a bin's load that the condition sets; 0 when the engine
 * cannot take it. */
static int cond_bounds(const xcsp_cond *cd, csp_term *lo, csp_term *hi) {
    csp_term t;
    *lo = CSP_BINPACK_NO_LO, *hi = CSP_BINPACK_NO_HI;
    if (cd->op == XCO_in && cd->rhs.kind == XT_RANGE) {
        *lo = (csp_term){-1, cd->rhs.k}, *hi = (csp_term){-1, cd->rhs.k2};
        return 1;
    }
    if (!as_term(&cd->rhs, &t)) return 0;
    int var = t.var >= 0;
    switch (cd->op) {
    case XCO_lt:
        return var ? 0 : (*hi = (csp_term){-1, t.k - 1}, 1);
    case XCO_le:
        return *hi = t, 1;
    case XCO_gt:
        return var ? 0 : (*lo = (csp_term){-1, t.k + 1}, 1);
    case XCO_ge:
        return *lo = t, 1;
    case XCO_eq:
        return *lo = *hi = t, 1;
    default:
        return 0;
    }
}

/* The bins of the condition form: first .. first + m - 1 with their
 * bounds (none for the values of that range in no domain); 0 when too
 * many (past 2^16 values) or the condition is not the engine's. */
static int cond_bins(const xcsp_inst *in, const xcsp_con *c, int64_t *first, int *m, csp_term **lo,
                     csp_term **hi) {
    csp_term l, h;
    if (!cond_bounds(&c->cond, &l, &h)) return 0;
    size_t ni = nivals(in, c);
    int64_t *iv = NEWN(2 * ni, int64_t);
    int k = bins_of(in, c, iv), ok = k > 0 && iv[2 * k - 1] - iv[0] < (1 << 16);
    if (ok) {
        *first = iv[0], *m = (int)(iv[2 * k - 1] - iv[0] + 1);
        *lo = NEWN((size_t)*m, csp_term), *hi = NEWN((size_t)*m, csp_term);
        for (int j = 0; j < *m; j++) (*lo)[j] = CSP_BINPACK_NO_LO, (*hi)[j] = CSP_BINPACK_NO_HI;
        for (int r = 0; r < k; r++)
            for (int64_t a = iv[2 * r]; a <= iv[2 * r + 1]; a++)
                (*lo)[a - *first] = l, (*hi)[a - *first] = h;
    }
    FREEN(iv, 2 * ni);
    return ok;
}

/* The bounds of the bins of <conditions> (bins first .. first + m - 1):
 * a condition the engine takes (cond_bounds) as it is, any other one on
 * an auxiliary load variable z, lo = hi = z, whose values are those in
 * 0 .. S (the sum of the sizes, >= every load) the condition allows
 * (xcsp_cond_var: a constant, an interval or a set as z's domain; lt, gt,
 * ne with a variable y as z < y, z > y, z != y).  0 when the global
 * cannot be posted (checked first: nothing is created then); *nb 0 when
 * a condition allows no load (a false constraint posted). */
static int conds_bins(xcsp_model *m, const xcsp_con *c, int *nb, csp_term **lo, csp_term **hi) {
    const xcsp_list *o = &c->lists[BP_OPERANDS], *ops = &c->lists[BP_OPS];
    int n = c->lists[0].n, nbins = o->n, aux = 0;
    int64_t first = c->opt[1], total = 0;
    if (n < 1 || first < INT32_MIN || first + nbins - 1 > INT32_MAX) return 0;
    for (int i = 0; i < n; i++) {
        int64_t k = c->lists[1].t[i].k;
        if (k < 0 || k > INT32_MAX) return 0;
        total += k; /* <= 2^25 * 2^31 */
    }
    csp_term l, h;
    for (int j = 0; j < nbins; j++)
        aux |= !cond_bounds(&(xcsp_cond){(int)ops->t[j].k, o->t[j]}, &l, &h);
    if (aux && total > XCSP_MAX_VALUE) return 0; /* z could not hold every load */
    *nb = nbins;
    *lo = NEWN((size_t)nbins, csp_term), *hi = NEWN((size_t)nbins, csp_term);
    int *items = NEWN((size_t)n, int);
    for (int i = 0; i < n; i++) items[i] = c->lists[0].t[i].v;
    for (int j = 0; j < nbins; j++) {
        xcsp_con one;
        memset(&one, 0, sizeof one);
        one.cond = (xcsp_cond){(int)ops->t[j].k, o->t[j]};
        if (cond_bounds(&one.cond, &(*lo)[j], &(*hi)[j])) continue;
        const xcsp_list *sl = o->t[j].kind == XT_SET ? &c->lists[o->t[j].v] : NULL;
        if (sl && sl->n) {
            one.nset = sl->n, one.set = NEWN((size_t)sl->n, int64_t);
            for (int i = 0; i < sl->n; i++) one.set[i] = sl->t[i].k; /* sorted (validate) */
        }
        int z = xcsp_cond_var(m, &one, 0, total, items, n);
        if (one.set) FREEN(one.set, (size_t)one.nset);
        if (z < 0) { /* -2: no load allowed, the model is false; -1 cannot happen */
            FREEN(items, (size_t)n);
            FREEN(*lo, (size_t)nbins), FREEN(*hi, (size_t)nbins);
            *lo = *hi = NULL, *nb = 0;
            return z == -2;
        }
        (*lo)[j] = (*hi)[j] = (csp_term){z, 0};
    }
    FREEN(items, (size_t)n);
    return 1;
}

static int post_binpacking(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, nb = 0, ok = n > 0;
    int64_t first = 0;
    csp_term *lo = NULL, *hi = NULL;
    if (ok && c->opt[0] == BP_COND) {
        ok = cond_bins(m->in, c, &first, &nb, &lo, &hi);
    } else if (ok && c->opt[0] == BP_CONDS) {
        ok = conds_bins(m, c, &nb, &lo, &hi);
        first = c->opt[1];
        if (ok && !nb) return 0; /* a condition no load satisfies: posted false */
    } else if (ok) {
        nb = c->lists[2].n;
        lo = NEWN((size_t)nb, csp_term), hi = NEWN((size_t)nb, csp_term);
        for (int j = 0; j < nb && ok; j++) {
            ok = as_term(&c->lists[2].t[j], &hi[j]);
            lo[j] = c->opt[0] == BP_LOADS ? hi[j] : CSP_BINPACK_NO_LO;
        }
    }
    if (ok) {
        int *x = NEWN((size_t)n, int);
        int64_t *s = NEWN((size_t)n, int64_t);
        for (int i = 0; i < n; i++) x[i] = c->lists[0].t[i].v, s[i] = c->lists[1].t[i].k;
        ok = csp_post_binpacking(m->p, n, x, s, first, nb, lo, hi) >= 0;
        FREEN(x, (size_t)n);
        FREEN(s, (size_t)n);
    }
    if (lo) FREEN(lo, (size_t)nb), FREEN(hi, (size_t)nb);
    return ok ? 0 : xcsp_post_checker(m, c);
}

const xcsp_family xcsp_c_binpacking = {
    .name = "binPacking",
    .summary = "<list> (variables) <sizes> (integers) and <condition> on every bin's load, "
               "<conditions startIndex> one per bin, or <limits> / <loads> (integers or "
               "variables) of bins 0..m-1",
    .parse = parse_binpacking,
    .validate = validate_binpacking,
    .check = check_binpacking,
    .post = post_binpacking,
};
