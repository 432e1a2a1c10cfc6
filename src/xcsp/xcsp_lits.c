/* xcsp_lits.c - a Boolean expression or(L1, ..., Lk) or and(L1, ..., Lk)
 * (k >= 2) whose every operand Li reads at most one variable, as a term
 * of a list (SteelMillSlab's "two colours per slab" sums over
 * or(eq(sb[3],0),eq(sb[6],0),eq(sb[8],0),eq(sb[12],0))): the usual
 * reification.  The operands on one variable x merge into one literal
 * x in S (S: the values of x's current domain where their or / and is
 * true), each literal is a 0/1 variable l with l <-> x in S (the engine's
 * in_reif, csp/reif_in.c; x itself when x is 0/1 and S = {1}), and the
 * term is a 0/1 variable b with b <-> l1 or ... or lm (clauses b or not
 * l_i, not b or l1 or ... or lm; for and: not b or l_i, b or not l1 or
 * ... or not lm).  A literal that is always true or always false is
 * folded.
 *
 * Invariant (exact): b and every l are functions of the expression's
 * variables and equal the expression's value on every tuple of their
 * domains, so the solutions over the instance's variables are the same,
 * each one once.  An operand whose value is undefined for some value of
 * its variable (a division by 0) makes the form refused (the table or the
 * checker of xcsp_aux.c decides).  Each variable is in one literal only,
 * so the decomposition is Berge-acyclic and its propagation is GAC on b
 * = expression, as the positive table of xcsp_aux.c would be: the table
 * of or(eq(x,a),eq(y,a),eq(z,a),eq(w,a)) over 111 values each would have
 * 1.5e8 rows, so that the expression, and with it its whole constraint,
 * fell to the generic checker.
 *
 * A Boolean expression of one variable alone (eq(x,a), lt(x,3)) is one
 * literal the same way.  A literal whose S is one value a is the model's
 * one variable for x = a (xcsp_eq_lit), shared by every expression that
 * names it; xcsp_eq_lits_post ties a variable's such literals to it once
 * the model is built: by the engine's channel-value over one literal per
 * value of its span when it has 3 or more (SteelMillSlab's 12,321
 * eq(sb[i],j) terms were as many wide tables, 111 woken by each change of
 * sb[i]), else by in_reif each. */
#include <stdlib.h>

#include "../core/xmalloc.h"
#include "../csp/channel.h"
#include "../csp/clause.h"
#include "../csp/reif.h"
#include "xcsp_model.h"

/* The widest variable of a literal: its values are each evaluated once. */
#define XCSP_LITS_MAX_VALUES ((size_t)1 << 16)

/* Operands of the root and the variable each reads, as found by parse. */
typedef struct lits {
    int k;      /* operands of the root */
    int *start; /* operand i is code[start[i] .. start[i + 1]) (start[k] = n - 1) */
    int *var;   /* the engine variable operand i reads, -1 for none */
} lits;

static void lits_free(lits *L) {
    FREEN(L->start, (size_t)L->k + 1);
    FREEN(L->var, (size_t)L->k + 1);
}

/* 1 when e's program is or/and of k >= 2 operands, each reading at most
 * one variable (filled in L); 0 when not (L left empty). */
static int parse(const xcsp_con *c, const xcsp_expr *e, const xcsp_prog *pg, lits *L) {
    int n = pg->n;
    L->k = 0;
    if (n < 3) return 0;
    const xcsp_instr *root = &pg->code[n - 1];
    if ((root->op != XOP_or && root->op != XOP_and) || root->a < 2) {
        /* a Boolean expression of one variable (eq(x,a), in(x,set(...))):
         * a single literal, as or() of one operand */
        if (!pg->boolean) return 0;
        int v = -1;
        for (int j = 0; j < n; j++) {
            if (pg->code[j].op != XOP_PARAM) continue;
            const xcsp_term *t = &e->bind[pg->code[j].a];
            if (t->kind != XT_VAR) continue;
            if (v >= 0 && v != c->scope[t->pos]) return 0;
            v = c->scope[t->pos];
        }
        if (v < 0) return 0;
        L->k = 1;
        L->start = NEWN(2, int);
        L->var = NEWN(2, int);
        L->start[0] = 0, L->start[1] = n, L->var[0] = v;
        return 1;
    }
    /* the first instruction of each subtree on the stack */
    int *st = NEWN((size_t)n, int), top = 0;
    for (int i = 0; i < n - 1; i++) {
        int op = pg->code[i].op;
        if (op == XOP_PARAM || op == XOP_CONST) {
            st[top++] = i;
        } else { /* an operator of a operands: its subtree starts at its first operand's */
            top -= pg->code[i].a;
            top++;
        }
    }
    int ok = top == root->a;
    if (ok) {
        int k = root->a;
        L->k = k;
        L->start = NEWN((size_t)k + 1, int);
        L->var = NEWN((size_t)k + 1, int);
        for (int i = 0; i < k; i++) L->start[i] = st[i];
        L->start[k] = n - 1;
        for (int i = 0; i < k && ok; i++) {
            L->var[i] = -1;
            for (int j = L->start[i]; j < L->start[i + 1] && ok; j++) {
                if (pg->code[j].op != XOP_PARAM) continue;
                const xcsp_term *t = &e->bind[pg->code[j].a];
                if (t->kind != XT_VAR) continue;
                int v = c->scope[t->pos];
                if (L->var[i] >= 0 && L->var[i] != v) ok = 0;
                L->var[i] = v;
            }
        }
        if (!ok) lits_free(L), L->k = 0;
    }
    FREEN(st, (size_t)n);
    return ok;
}

/* The truth of operand i of L when its variable (if any) takes value v:
 * 1, 0, or -1 when it is undefined there. */
static int operand_truth(const xcsp_prog *pg, const xcsp_expr *e, const lits *L, int i, int64_t v,
                         int64_t *par, int64_t *stack) {
    for (int q = 0; q < e->nbind; q++) par[q] = e->bind[q].kind == XT_VAR ? v : e->bind[q].k;
    xcsp_prog sub = *pg;
    sub.code = pg->code + L->start[i];
    sub.n = L->start[i + 1] - L->start[i];
    int undef = 0;
    int64_t r = xcsp_eval(&sub, par, stack, &undef);
    return undef ? -1 : r != 0;
}

/* A 0/1 variable equal to (x in S), S the values of x with in[j] set
 * (j: the rank of the value in x's domain); x itself when x is 0/1 and S
 * = {1}. */
static int literal_var(xcsp_model *m, int x, const unsigned char *in) {
    csp *p = m->p;
    int64_t sz = csp_size(p, x), ones = 0, one = 0, j0 = 0;
    if (csp_min(p, x) == 0 && csp_max(p, x) == 1 && sz == 2 && !in[0] && in[1]) return x;
    CSP_FOR_VALUES(p, x, a) {
        if (in[j0++]) ones++, one = a;
    }
    if (ones == 1) return xcsp_eq_lit(m, x, (int)one);
    int64_t *iv = NEWN((size_t)(2 * sz), int64_t);
    int niv = 0, j = 0;
    CSP_FOR_VALUES(p, x, a) {
        if (in[j++]) {
            if (niv && iv[2 * niv - 1] == a - 1)
                iv[2 * niv - 1] = a;
            else
                iv[2 * niv] = a, iv[2 * niv + 1] = a, niv++;
        }
    }
    int b01[2] = {0, 1};
    int l = csp_add_var_values(p, b01, 2, NULL);
    csp_post_in_reif(p, x, iv, niv, l, CSP_REIF_EQUIV);
    FREEN(iv, (size_t)(2 * sz));
    return l;
}

static int const_var(csp *p, int v) { return csp_add_var_values(p, &v, 1, NULL); }

int xcsp_lits_var(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int make) {
    csp *p = m->p;
    const xcsp_prog *pg = &m->in->progs[e->prog];
    lits L;
    if (!parse(c, e, pg, &L)) return -1;
    int is_or = L.k == 1 || pg->code[pg->n - 1].op == XOP_or, k = L.k, result = -1, fixed = -1;
    size_t need = (size_t)e->nbind + 1, sneed = (size_t)pg->depth + 1;
    int64_t *par = NEWN(need, int64_t), *stack = NEWN(sneed, int64_t);
    /* the distinct variables, and per variable the truth of its merged
     * operands on each value of its domain */
    int *xs = NEWN((size_t)k, int), nx = 0, ok = 1;
    size_t *szs = NEWN((size_t)k, size_t);
    unsigned char **in = NEWN((size_t)k, unsigned char *);
    for (int i = 0; i < k && ok; i++) {
        int x = L.var[i];
        if (x < 0) { /* a constant operand */
            int t = operand_truth(pg, e, &L, i, 0, par, stack);
            if (t < 0)
                ok = 0;
            else if (t == is_or)
                fixed = is_or; /* or(..., true) / and(..., false) */
            continue;
        }
        int j = 0;
        while (j < nx && xs[j] != x) j++;
        size_t sz = (size_t)csp_size(p, x);
        if (sz > XCSP_LITS_MAX_VALUES) {
            ok = 0;
            break;
        }
        if (j == nx) {
            xs[nx] = x;
            szs[nx] = sz;
            in[nx] = NEWN(sz, unsigned char);
            for (size_t q = 0; q < sz; q++) in[nx][q] = (unsigned char)!is_or;
            nx++;
        }
        size_t q = 0;
        CSP_FOR_VALUES(p, x, a) {
            int t = operand_truth(pg, e, &L, i, a, par, stack);
            if (t < 0) ok = 0;
            in[j][q] = (unsigned char)(is_or ? in[j][q] | t : in[j][q] & t);
            q++;
        }
    }
    if (ok && make) {
        /* the literals left: neither always true nor always false */
        int *ls = NEWN((size_t)nx + 1, int), nl = 0;
        for (int j = 0; j < nx && fixed < 0; j++) {
            size_t sz = szs[j], ones = 0;
            for (size_t q = 0; q < sz; q++) ones += in[j][q];
            if (ones == 0 || ones == sz) {
                if ((ones != 0) == is_or) fixed = is_or; /* decides the whole */
                continue;                                /* the neutral element */
            }
            ls[nl++] = literal_var(m, xs[j], in[j]);
        }
        if (fixed < 0 && nl == 0) fixed = !is_or; /* or() of nothing, and() of nothing */
        if (fixed >= 0) {
            result = const_var(p, fixed);
        } else if (nl == 1) {
            result = ls[0];
        } else {
            int b01[2] = {0, 1};
            int b = csp_add_var_values(p, b01, 2, NULL);
            if (is_or) { /* b -> or(l); l_i -> b */
                csp_post_clause(p, ls, nl, &b, 1);
                for (int j = 0; j < nl; j++) csp_post_clause(p, &b, 1, &ls[j], 1);
            } else { /* b -> l_i; and(l) -> b */
                for (int j = 0; j < nl; j++) csp_post_clause(p, &ls[j], 1, &b, 1);
                csp_post_clause(p, &b, 1, ls, nl);
            }
            result = b;
        }
        FREEN(ls, (size_t)nx + 1);
    } else if (ok) {
        result = 0;
    }
    for (int j = 0; j < nx; j++) FREEN(in[j], szs[j]);
    FREEN(in, (size_t)k);
    FREEN(szs, (size_t)k);
    FREEN(xs, (size_t)k);
    FREEN(par, need);
    FREEN(stack, sneed);
    lits_free(&L);
    return result;
}

/* ---- the literals x = a ------------------------------------------------- */

/* The widest span whose literals become a channel (one variable per value
 * of the span). */
#define XCSP_EQ_CHANNEL_SPAN 4096

/* Per engine variable x (x < n): NULL, or its literals over its span at
 * model time: lit[x][a - lo[x]] the variable of x = a, -1 none yet. */
typedef struct xcsp_eq_lits {
    int n;
    int **lit;
    int *lo, *span, *count;
} xcsp_eq_lits;

int xcsp_eq_lit(xcsp_model *m, int x, int a) {
    csp *p = m->p;
    int b01[2] = {0, 1};
    int64_t lo = csp_min(p, x), span = (int64_t)csp_max(p, x) - lo + 1;
    if (span > XCSP_EQ_CHANNEL_SPAN) { /* no channel: a literal of its own */
        int64_t iv[2] = {a, a};
        int l = csp_add_var_values(p, b01, 2, NULL);
        csp_post_in_reif(p, x, iv, 1, l, CSP_REIF_EQUIV);
        return l;
    }
    xcsp_eq_lits *E = m->eq;
    if (!E) E = m->eq = NEWN(1, xcsp_eq_lits);
    if (x >= E->n) {
        int n = x + 1 > 2 * E->n ? x + 1 : 2 * E->n;
        E->lit = xrealloc(E->lit, (size_t)E->n * sizeof *E->lit, (size_t)n * sizeof *E->lit);
        E->lo = xrealloc(E->lo, (size_t)E->n * sizeof *E->lo, (size_t)n * sizeof *E->lo);
        E->span = xrealloc(E->span, (size_t)E->n * sizeof *E->span, (size_t)n * sizeof *E->span);
        E->count =
            xrealloc(E->count, (size_t)E->n * sizeof *E->count, (size_t)n * sizeof *E->count);
        for (int v = E->n; v < n; v++) E->lit[v] = NULL, E->count[v] = 0;
        E->n = n;
    }
    if (!E->lit[x]) {
        E->lo[x] = (int)lo, E->span[x] = (int)span;
        E->lit[x] = NEWN((size_t)span, int);
        for (int64_t q = 0; q < span; q++) E->lit[x][q] = -1;
    }
    int *l = &E->lit[x][(int64_t)a - E->lo[x]];
    if (*l < 0) *l = csp_add_var_values(p, b01, 2, NULL), E->count[x]++;
    return *l;
}

void xcsp_eq_lits_post(xcsp_model *m, int post) {
    xcsp_eq_lits *E = m->eq;
    if (!E) return;
    csp *p = m->p;
    int b01[2] = {0, 1};
    for (int x = 0; x < E->n; x++) {
        int *lit = E->lit[x], span = lit ? E->span[x] : 0;
        if (!lit) continue;
        if (post && E->count[x] >= 3) { /* the direct encoding of x: one literal per value */
            for (int q = 0; q < span; q++)
                if (lit[q] < 0) lit[q] = csp_add_var_values(p, b01, 2, NULL);
            csp_post_channel_value(p, lit, span, x, E->lo[x]);
        } else if (post) {
            for (int q = 0; q < span; q++) {
                if (lit[q] < 0) continue;
                int64_t iv[2] = {(int64_t)E->lo[x] + q, (int64_t)E->lo[x] + q};
                csp_post_in_reif(p, x, iv, 1, lit[q], CSP_REIF_EQUIV);
            }
        }
        FREEN(lit, (size_t)span);
    }
    if (E->n) {
        FREEN(E->lit, (size_t)E->n);
        FREEN(E->lo, (size_t)E->n);
        FREEN(E->span, (size_t)E->n);
        FREEN(E->count, (size_t)E->n);
    }
    FREEN(E, 1);
    m->eq = NULL;
}
