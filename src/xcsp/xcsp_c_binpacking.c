/* xcsp_c_binpacking.c - <binPacking>: <list> (variables: item i goes
 * into bin x_i), <sizes> (integers), then one of
 * - <condition>: the load of every bin (the sum of the sizes of its
 *   items) satisfies it, the bins being every value of the declared
 *   domains of the list's variables (a bin no item takes has load 0);
 * - <limits> (integers or variables): bins 0 .. m-1, load_j <= limit_j;
 * - <loads> (integers or variables): bins 0 .. m-1, load_j = load_j.
 * In the last two an item in a value outside 0 .. m-1 violates it.
 * lists: [0] items, [1] sizes, [2] limits or loads; opt[0] the form
 * (BP_COND, BP_LIMITS, BP_LOADS), opt[1] (condition form) how many values
 * the list's declared domains hold together.  Posted as the engine's
 * binPacking global (csp/binpacking.h: Shaw's rules, sound) when the
 * sizes are in 0 .. 2^31-1 and the condition is lt, le, ge, gt, eq with
 * an integer, le, ge, eq with a variable, or in an interval; the generic
 * checker otherwise. */
#include <stdlib.h>

#include "../core/xmalloc.h"
#include "../csp/binpacking.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

enum { BP_COND, BP_LIMITS, BP_LOADS };

static int parse_binpacking(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "sizes", XR_CONSTS, 1, xr_add_list(c)))
        return -1;
    xr_kid *lim = xr_kid_get(e, "limits"), *lds = xr_kid_get(e, "loads");
    xr_kid *cond = xr_kid_get(e, "condition");
    if (!!lim + !!lds + !!cond != 1)
        return xr_fail(rd, e->line, "<binPacking>: %s%s",
                       "expected one of <condition>, <limits>, <loads>", "");
    if (cond) {
        c->opt[0] = BP_COND;
        return xr_cond(rd, c, cond->text, cond->len, cond->text_line, "condition");
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

static int validate_binpacking(reader *rd, xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *s = &c->lists[1];
    if (s->n != x->n)
        return xr_failf(rd, c->line, "<binPacking>: %d <sizes> for %d items", s->n, x->n);
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

static int check_binpacking(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n, ok = 1;
    if (c->opt[0] != BP_COND) { /* bins 0 .. m-1 */
        int m = c->lists[2].n;
        int64_t small[64], *load = m <= 64 ? small : NEWN((size_t)m, int64_t);
        for (int j = 0; j < m; j++) load[j] = 0;
        for (int i = 0; i < n && ok; i++) {
            int64_t b = XCSP_VAL(0, i);
            if (b < 0 || b >= m)
                ok = 0;
            else
                load[b] += c->lists[1].t[i].k;
        }
        for (int j = 0; j < m && ok; j++) {
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

static int post_binpacking(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, nb = 0, ok = n > 0;
    int64_t first = 0;
    csp_term *lo = NULL, *hi = NULL;
    if (ok && c->opt[0] == BP_COND) {
        ok = cond_bins(m->in, c, &first, &nb, &lo, &hi);
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
    .summary = "<list> (variables) <sizes> (integers) and <condition> on every bin's load, or "
               "<limits> / <loads> (integers or variables) of bins 0..m-1",
    .parse = parse_binpacking,
    .validate = validate_binpacking,
    .check = check_binpacking,
    .post = post_binpacking,
};
