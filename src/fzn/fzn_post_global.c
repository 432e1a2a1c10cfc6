/* fzn_post_global.c - the globals of our MiniZinc library
 * (share/searchlab/mznlib: its fzn_* and searchlab_* predicates) posted on
 * the engine's own propagators: all-different (at the spec's alldiff
 * level), table, count, cardinality, regular, circuit, cumulative,
 * disjunctive, inverse, lex, increasing, nvalue, all-equal,
 * bin_packing_load.  The engine's globals want distinct variables where MiniZinc may repeat one: a
 * repeat becomes a fresh variable equal to it (exact). */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/alldiff.h"
#include "../csp/allequal.h"
#include "../csp/binpacking.h"
#include "../csp/channel.h"
#include "../csp/circuit.h"
#include "../csp/count.h"
#include "../csp/layered.h"
#include "../csp/lex.h"
#include "../csp/ordered.h"
#include "../csp/reif.h"
#include "../csp/sched.h"
#include "../csp/sum.h"
#include "../csp/table.h"
#include "fzn_post.h"

static int refused(fzn_build *b, const fzn_con *c, diag *d, const char *why) {
    return diag_at(d, b->in->path, c->line, c->col, "%s: %s", c->b->name, why);
}

/* The engine variables of array argument k (constants as fixed
 * variables); distinct: repeats (and the variables of avoid[0..na)) are
 * replaced by equal copies.  Owned by the caller (n entries, >= 1). */
static int *vars_of(fzn_build *b, const fzn_con *c, int k, int distinct, const int *avoid, int na) {
    const fzn_arg *g = &c->args[k];
    int *v = NEWN((size_t)(g->n ? g->n : 1), int);
    for (int i = 0; i < g->n; i++) {
        v[i] = fzn_var_of(b, g->a[i]);
        if (!distinct) continue;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++) seen = v[j] == v[i];
        for (int j = 0; j < na && !seen; j++) seen = avoid[j] == v[i];
        if (seen) v[i] = fzn_copy_of(b, v[i]);
    }
    return v;
}
#define FREE_VARS(v, n) FREEN((v), (size_t)((n) ? (n) : 1))

int fzn_post_all_different(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    const fzn_arg *g = &c->args[0];
    int *v = vars_of(b, c, 0, 0, NULL, 0);
    for (int i = 0; i < g->n; i++) /* a repeat: x != x */
        for (int j = 0; j < i; j++)
            if (v[i] == v[j]) b->fail = 1;
    if (!b->fail && g->n > 1) csp_post_alldiff(b->p, v, g->n, (enum csp_alldiff)b->alldiff);
    FREE_VARS(v, g->n);
    return 0;
}

int fzn_post_alldifferent_except(fzn_build *b, const fzn_con *c, diag *d) {
    const fzn_arg *g = &c->args[0], *s = &c->args[1];
    int64_t *e = NULL;
    size_t ne = 0, cap = 0;
    for (int j = 0; j < s->n; j++) {
        if (s->iv[2 * j + 1] - s->iv[2 * j] > 4096) {
            if (e) FREEN(e, cap);
            return refused(b, c, d, "an excepted set of more than 4096 values");
        }
        for (int64_t x = s->iv[2 * j]; x <= s->iv[2 * j + 1]; x++) {
            GROW(&e, &cap, ne + 1);
            e[ne++] = x;
        }
    }
    int *v = vars_of(b, c, 0, 1, NULL, 0);
    if (g->n > 1) csp_post_alldiff_except(b->p, v, g->n, e ? e : (int64_t[1]){0}, (int)ne);
    FREE_VARS(v, g->n);
    if (e) FREEN(e, cap);
    return 0;
}

int fzn_post_all_equal(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    int n = c->args[0].n, *v = vars_of(b, c, 0, 1, NULL, 0);
    if (n > 1) csp_post_allequal(b->p, v, n);
    FREE_VARS(v, n);
    return 0;
}

/* searchlab_table_int(x, t): t the rows, row-major. */
int fzn_post_table(fzn_build *b, const fzn_con *c, diag *d) {
    int n = c->args[0].n;
    const fzn_arg *t = &c->args[1];
    if (n == 0) return 0;
    if (t->n % n) return refused(b, c, d, "the table's length is not a multiple of the arity");
    size_t rows = (size_t)(t->n / n), kept = 0;
    int *tup = NEWN(t->n ? (size_t)t->n : 1, int);
    for (size_t r = 0; r < rows; r++) {
        int ok = 1;
        for (int i = 0; i < n; i++) {
            int64_t x = t->a[r * (size_t)n + (size_t)i].val;
            ok &= x >= INT32_MIN && x <= INT32_MAX;
            if (ok) tup[kept * (size_t)n + (size_t)i] = (int)x;
        }
        kept += ok;
    }
    int *v = vars_of(b, c, 0, 0, NULL, 0), ret = 0;
    if (csp_post_table(b->p, v, n, tup, kept, 1) < 0)
        ret = refused(b, c, d, "the table exceeds the engine's limits");
    FREE_VARS(v, n);
    FREEN(tup, t->n ? (size_t)t->n : 1);
    return ret;
}

/* fzn_count_eq(x, y, c): |{i : x_i = y}| = c. */
int fzn_post_count_eq(fzn_build *b, const fzn_con *c, diag *d) {
    const fzn_arg *x = &c->args[0];
    fzn_term y = c->args[1].t, cnt = c->args[2].t;
    if (y.var < 0) { /* the engine's count */
        int cv = fzn_var_of(b, cnt);
        int *v = vars_of(b, c, 0, 1, &cv, 1);
        csp_post_count(b->p, v, x->n, &y.val, 1, cv);
        FREE_VARS(v, x->n);
        return 0;
    }
    /* a variable y: c = sum of b_i, b_i <-> x_i = y */
    fzn_term *t = NEWN((size_t)x->n + 1, fzn_term);
    int64_t *a = NEWN((size_t)x->n + 1, int64_t);
    for (int i = 0; i < x->n; i++) {
        t[i] = (fzn_term){csp_add_var(b->p, 0, 1, NULL), 0}, a[i] = 1;
        fzn_term pair[2] = {x->a[i], y};
        int64_t pa[2] = {1, -1};
        if (fzn_post_linear(b, c, pair, pa, 2, CSP_SUM_EQ, 0, t[i], CSP_REIF_EQUIV, d)) {
            FREEN(t, (size_t)x->n + 1), FREEN(a, (size_t)x->n + 1);
            return -1;
        }
    }
    t[x->n] = cnt, a[x->n] = -1;
    int ret = fzn_post_linear(b, c, t, a, x->n + 1, CSP_SUM_EQ, 0, (fzn_term){-2, 0}, 0, d);
    FREEN(t, (size_t)x->n + 1), FREEN(a, (size_t)x->n + 1);
    return ret;
}

/* fzn_global_cardinality(x, cover, counts) and _closed. */
static int gcc(fzn_build *b, const fzn_con *c, int closed, diag *d) {
    const fzn_arg *x = &c->args[0], *cover = &c->args[1], *cnt = &c->args[2];
    if (cover->n != cnt->n) return refused(b, c, d, "cover and counts of different lengths");
    int nv = cover->n;
    int64_t *vals = NEWN((size_t)(nv ? nv : 1), int64_t);
    csp_occurs *occ = NEWN((size_t)(nv ? nv : 1), csp_occurs);
    int *cv = vars_of(b, c, 2, 1, NULL, 0);
    int *xv = vars_of(b, c, 0, 1, cv, nv);
    int ret = 0;
    /* the cover must be sorted and distinct for the engine: sort a permutation */
    int *ord = NEWN((size_t)(nv ? nv : 1), int);
    for (int j = 0; j < nv; j++) ord[j] = j;
    for (int j = 1; j < nv; j++)
        for (int k = j; k > 0 && cover->a[ord[k]].val < cover->a[ord[k - 1]].val; k--) {
            int s = ord[k];
            ord[k] = ord[k - 1], ord[k - 1] = s;
        }
    /* a value that repeats in the cover (MiniZinc allows it) counts the
     * same occurrences each time: its later counts are made equal to its
     * first, which alone goes to the engine (m distinct values) */
    int m = 0;
    for (int j = 0; j < nv; j++) {
        int64_t v = cover->a[ord[j]].val;
        if (m && v == vals[m - 1]) {
            int eq[2] = {cv[ord[j]], occ[m - 1].var};
            int64_t a[2] = {1, -1};
            csp_post_sum(b->p, eq, a, 2, CSP_SUM_EQ, 0);
            continue;
        }
        vals[m] = v;
        occ[m++] = (csp_occurs){cv[ord[j]], 0, 0};
    }
    if (!ret) csp_post_cardinality(b->p, xv, x->n, vals, occ, m, closed);
    FREE_VARS(xv, x->n), FREE_VARS(cv, nv), FREEN(ord, (size_t)(nv ? nv : 1));
    FREEN(vals, (size_t)(nv ? nv : 1)), FREEN(occ, (size_t)(nv ? nv : 1));
    return ret;
}
int fzn_post_gcc(fzn_build *b, const fzn_con *c, diag *d) { return gcc(b, c, 0, d); }
int fzn_post_gcc_closed(fzn_build *b, const fzn_con *c, diag *d) { return gcc(b, c, 1, d); }

/* searchlab_regular(x, Q, S, d (Q x S, row-major, 0: no move), q0, F):
 * states 1..Q, symbols 1..S. */
int fzn_post_regular(fzn_build *b, const fzn_con *c, diag *d) {
    const fzn_arg *x = &c->args[0], *dd = &c->args[3], *F = &c->args[5];
    int64_t Q = c->args[1].t.val, S = c->args[2].t.val, q0 = c->args[4].t.val;
    if (c->args[1].t.var >= 0 || c->args[2].t.var >= 0 || c->args[4].t.var >= 0 || Q < 1 || S < 0 ||
        Q > (1 << 20) || S > (1 << 20) || (int64_t)dd->n != Q * S || q0 < 1 || q0 > Q)
        return refused(b, c, d,
                       "expected Q >= 1, S >= 0, a Q x S transition table and 1 <= q0 <= Q");
    int *trans = NEWN((size_t)(3 * dd->n + 3), int), nt = 0;
    for (int64_t q = 0; q < Q; q++)
        for (int64_t s = 0; s < S; s++) {
            int64_t to = dd->a[q * S + s].val;
            if (to >= 1 && to <= Q)
                trans[3 * nt] = (int)q, trans[3 * nt + 1] = (int)s + 1,
                          trans[3 * nt + 2] = (int)to - 1, nt++;
        }
    unsigned char *fin = NEWN((size_t)Q, unsigned char);
    for (int j = 0; j < F->n; j++)
        for (int64_t q = F->iv[2 * j] < 1 ? 1 : F->iv[2 * j]; q <= F->iv[2 * j + 1] && q <= Q; q++)
            fin[q - 1] = 1;
    csp_automaton au = {(int)Q, (int)q0 - 1, nt, trans, fin};
    int *v = vars_of(b, c, 0, 0, NULL, 0), ret = 0;
    if (x->n == 0) {
        if (!fin[q0 - 1]) b->fail = 1;
    } else if (csp_post_layered(b->p, v, x->n, &au) < 0) {
        ret = refused(b, c, d, "the unrolled automaton exceeds the engine's limits");
    }
    FREE_VARS(v, x->n), FREEN(trans, (size_t)(3 * dd->n + 3)), FREEN(fin, (size_t)Q);
    return ret;
}

/* searchlab_circuit(x, offset): x[i] (index i + offset) is the successor
 * of node i; one cycle through every node (no loops). */
int fzn_post_circuit(fzn_build *b, const fzn_con *c, diag *d) {
    int n = c->args[0].n;
    int64_t ofs = c->args[1].t.val;
    if (c->args[1].t.var >= 0 || ofs < INT32_MIN / 2 || ofs > INT32_MAX / 2)
        return refused(b, c, d, "the offset must be a small integer");
    if (n == 0) return 0;
    int *v = vars_of(b, c, 0, 1, NULL, 0);
    csp_term size = {-1, n};
    if (n == 1) { /* one node: its own successor */
        int64_t one = 1;
        csp_post_sum(b->p, v, &one, 1, CSP_SUM_EQ, ofs);
    } else {
        csp_post_alldiff(b->p, v, n, CSP_ALLDIFF_DOMAIN);
        csp_post_circuit(b->p, v, n, (int)ofs, &size);
    }
    FREE_VARS(v, n);
    return 0;
}

static csp_term term_of(fzn_build *b, fzn_term t, int need_var) {
    if (t.var >= 0 || need_var) return (csp_term){fzn_var_of(b, t), 0};
    return (csp_term){-1, t.val};
}

/* fzn_cumulative(s, d, r, cap) and fzn_disjunctive(s, d) (heights 1, cap 1). */
static int cumulative(fzn_build *b, const fzn_con *c, int disj, diag *d) {
    const fzn_arg *s = &c->args[0], *du = &c->args[1];
    int n = s->n;
    if (du->n != n || (!disj && c->args[2].n != n))
        return refused(b, c, d, "arrays of different lengths");
    size_t un = (size_t)(n ? n : 1);
    csp_term *o = NEWN(un, csp_term), *l = NEWN(un, csp_term), *h = NEWN(un, csp_term);
    int ret = 0;
    for (int i = 0; i < n; i++) {
        o[i] = term_of(b, s->a[i], 1);
        l[i] = term_of(b, du->a[i], 0);
        h[i] = disj ? (csp_term){-1, 1} : term_of(b, c->args[2].a[i], 0);
    }
    csp_term cap = disj ? (csp_term){-1, 1} : term_of(b, c->args[3].t, 0);
    /* MiniZinc's cumulative asserts durations and heights >= 0, and its
     * definition makes the capacity >= 0 once there is a task: required
     * here (the checker holds the same) */
    for (int i = 0; i < 2 * n + (n > 0); i++) {
        csp_term *t = i < n ? &l[i] : i < 2 * n ? &h[i - n] : &cap;
        if (t->var >= 0 && csp_min(b->p, t->var) < 0) { /* a copy within 0..max, equal to it */
            int v = t->var;
            if (csp_max(b->p, v) < 0) {
                b->fail = 1;
                continue;
            }
            int w = csp_add_var(b->p, 0, csp_max(b->p, v), NULL), vars[2] = {v, w};
            int64_t a[2] = {1, -1};
            csp_post_sum(b->p, vars, a, 2, CSP_SUM_EQ, 0);
            t->var = w;
        } else if (t->var < 0 && t->k < 0) {
            b->fail = 1;
        }
    }
    if (n && !b->fail && csp_post_cumulative(b->p, n, o, l, NULL, h, cap, 0) < 0)
        ret = refused(b, c, d, "a resource requirement may be negative");
    FREEN(o, un), FREEN(l, un), FREEN(h, un);
    return ret;
}
int fzn_post_cumulative(fzn_build *b, const fzn_con *c, diag *d) { return cumulative(b, c, 0, d); }
int fzn_post_disjunctive(fzn_build *b, const fzn_con *c, diag *d) { return cumulative(b, c, 1, d); }

/* searchlab_bin_packing_load(load, bin, w, first): item i (weight w[i]
 * >= 0, MiniZinc asserts it) goes into bin bin[i], one of first ..
 * first + m - 1, and load[k] is the weight of bin first + k: the engine's
 * binPacking with each load both bounds of its bin (csp/binpacking.h). */
int fzn_post_bin_packing_load(fzn_build *b, const fzn_con *c, diag *d) {
    const fzn_arg *ld = &c->args[0], *bn = &c->args[1], *w = &c->args[2];
    int n = bn->n, m = ld->n, ret = 0;
    int64_t first = c->args[3].t.val;
    if (w->n != n) return refused(b, c, d, "as many weights as items");
    if (c->args[3].t.var >= 0 || first < INT32_MIN / 2 || first > INT32_MAX / 2 ||
        m > INT32_MAX / 2)
        return refused(b, c, d, "the first bin must be a small integer");
    for (int i = 0; i < n; i++)
        if (w->a[i].val < 0) return refused(b, c, d, "a weight is negative");
    if (m == 0) { /* no bin: no item may be placed */
        if (n) b->fail = 1;
        return 0;
    }
    if (n == 0) { /* every load 0 */
        for (int k = 0; k < m; k++) {
            int v = fzn_var_of(b, ld->a[k]);
            if (csp_remove_below(b->p, v, 0) == CSP_WIPEOUT ||
                csp_remove_above(b->p, v, 0) == CSP_WIPEOUT)
                b->fail = 1;
        }
        return 0;
    }
    int *x = vars_of(b, c, 1, 0, NULL, 0);
    int64_t *s = NEWN((size_t)n, int64_t);
    csp_term *l = NEWN((size_t)m, csp_term);
    for (int i = 0; i < n; i++) s[i] = w->a[i].val;
    for (int k = 0; k < m; k++) l[k] = term_of(b, ld->a[k], 0);
    if (csp_post_binpacking(b->p, n, x, s, first, m, l, l) < 0)
        ret = refused(b, c, d, "a weight is past 2^31-1");
    FREE_VARS(x, n);
    FREEN(s, (size_t)n);
    FREEN(l, (size_t)m);
    return ret;
}

/* searchlab_inverse(f, invf, fofs, iofs): f[i] = j <-> invf[j] = i, by
 * their MiniZinc indices (first indices fofs, iofs). */
int fzn_post_inverse(fzn_build *b, const fzn_con *c, diag *d) {
    int n = c->args[0].n, m = c->args[1].n;
    int64_t fo = c->args[2].t.val, io = c->args[3].t.val;
    if (n != m) return b->fail = 1, 0; /* no bijection */
    if (c->args[2].t.var >= 0 || c->args[3].t.var >= 0 || fo < INT32_MIN / 2 ||
        fo > INT32_MAX / 2 || io < INT32_MIN / 2 || io > INT32_MAX / 2)
        return refused(b, c, d, "the offsets must be small integers");
    if (n == 0) return 0;
    int *f = vars_of(b, c, 0, 1, NULL, 0), *g = vars_of(b, c, 1, 1, f, n);
    csp_post_channel(b->p, f, n, (int)fo, g, m, (int)io);
    FREE_VARS(f, n), FREE_VARS(g, m);
    return 0;
}

/* x <lex y (strict) or x <=lex y over arrays of lengths n and m (MiniZinc
 * allows n != m: a proper prefix is the smaller).  The engine's lex takes
 * equal lengths, so it gets the first k = min(n, m) of each: if n < m,
 * an equal prefix makes x smaller, and x <= y on the prefix is the whole
 * of either; if n > m, an equal prefix makes x greater, and x < y on the
 * prefix is the whole of either; if n == m, as asked. */
static int lex(fzn_build *b, const fzn_con *c, int strict, diag *d) {
    (void)d;
    int n = c->args[0].n, m = c->args[1].n, k = n < m ? n : m;
    if (n != m) strict = n > m;
    if (k == 0) {
        if (strict) b->fail = 1;
        return 0;
    }
    int *x = vars_of(b, c, 0, 0, NULL, 0), *y = vars_of(b, c, 1, 0, NULL, 0);
    csp_post_lex(b->p, x, y, k, strict);
    FREE_VARS(x, n), FREE_VARS(y, m);
    return 0;
}
int fzn_post_lex_less(fzn_build *b, const fzn_con *c, diag *d) { return lex(b, c, 1, d); }
int fzn_post_lex_lesseq(fzn_build *b, const fzn_con *c, diag *d) { return lex(b, c, 0, d); }

int fzn_post_increasing(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    int n = c->args[0].n, *v = vars_of(b, c, 0, 0, NULL, 0);
    if (n > 1) csp_post_ordered(b->p, v, n, NULL, NULL, CSP_ORD_LE);
    FREE_VARS(v, n);
    return 0;
}

/* fzn_nvalue(n, x): repeats of a variable do not change the count. */
int fzn_post_nvalue(fzn_build *b, const fzn_con *c, diag *d) {
    (void)d;
    const fzn_arg *x = &c->args[1];
    int nv = fzn_var_of(b, c->args[0].t);
    int *v = vars_of(b, c, 1, 0, NULL, 0), k = 0;
    for (int i = 0; i < x->n; i++) {
        int seen = 0;
        for (int j = 0; j < k && !seen; j++) seen = v[j] == v[i];
        if (!seen) v[k++] = v[i];
    }
    for (int i = 0; i < k; i++)
        if (v[i] == nv) {
            nv = fzn_copy_of(b, nv);
            break;
        }
    if (k == 0) {
        int64_t one = 1;
        csp_post_sum(b->p, &nv, &one, 1, CSP_SUM_EQ, 0);
    } else {
        csp_post_nvalues(b->p, v, k, NULL, 0, nv);
    }
    FREE_VARS(v, x->n);
    return 0;
}

int fzn_post_check_only(fzn_build *b, const fzn_con *c, diag *d) {
    return diag_at(d, b->in->path, c->line, c->col,
                   "%s is Gecode's (gecode-compat's FlatZinc): searchlab reads it to check an "
                   "outside solver's answers, and does not solve with it",
                   c->b->name);
}
