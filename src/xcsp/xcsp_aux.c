/* xcsp_aux.c - engine variables for the terms of a constraint's lists, so
 * that a propagator over variables serves lists of expressions and
 * constants too (as ACE and the XCSP3 tools reformulate them): a variable
 * is itself; a constant is a new variable of that one value; an expression
 * over variables x1..xd is a new variable y whose domain is exactly the
 * set of values the expression takes on the current domains, linked by
 * the positive table (x1..xd, y) of every tuple where it is defined
 * (Compact-Table: GAC on the link, so the propagator on y loses nothing a
 * propagator on the expression would see).
 *
 * Invariant: every solution of the model restricted to the instance's
 * variables is a solution of the instance and vice versa: y is a function
 * of x1..xd (one row per tuple of theirs), and a tuple where the
 * expression is undefined (division by 0) has no row, as it satisfies no
 * constraint.  An expression whose variables' domains multiply past
 * XCSP_AUX_MAX_ROWS, or whose table over variables wider than 64 values
 * would pass XCSP_WIDE_TABLE_WORDS, gets no table (a linear one gets the
 * engine's sum, another no variable: the caller posts the generic
 * checker, which evaluates the expression itself). */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/mul.h"
#include "../csp/table.h"
#include "xcsp_model.h"

/* An <intension> whose scope's domains multiply to at most
 * XCSP_INTENSION_TABLE_ROWS tuples becomes a table (as ACE does):
 * Compact-Table's GAC is exact and cheaper per call than the intension's
 * bounded support search.  Up to XCSP_INTENSION_TABLE_EVALS tuples it is
 * evaluated too, and becomes a table when at most XCSP_INTENSION_TABLE_ROWS
 * of them satisfy it (a functional eq(x, f(y, z)) over three domains of 28
 * values: 784 rows of 21,952 tuples, GracefulGraph-3-5): the table's size
 * is its rows, and the evaluations are a one-off cost. */
#define XCSP_INTENSION_TABLE_ROWS ((int64_t)1 << 12)
#define XCSP_INTENSION_TABLE_EVALS ((int64_t)1 << 15)
/* A table made here over a variable wider than 64 values is the engine's
 * wide table, whose bit-sets grow with values times rows: at most this
 * many words of them (512 KiB) per table, or no table. */
#define XCSP_WIDE_TABLE_WORDS ((size_t)1 << 16)

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* A one-value variable. */
static int const_var(csp *p, int64_t k) {
    int v = (int)k;
    return csp_add_var_values(p, &v, 1, NULL);
}

/* The distinct variables of the bindings bind[0..nb) (vars, nd) and the
 * one of each binding (slot[k], -1 for a constant); returns the product
 * of their domain sizes, or XCSP_AUX_MAX_ROWS + 1 once it passes that. */
static int64_t bind_scope(const csp *p, const xcsp_con *c, const xcsp_term *bind, int nb, int *vars,
                          int *slot, int *nd) {
    int64_t prod = 1;
    *nd = 0;
    for (int k = 0; k < nb; k++) {
        slot[k] = -1;
        if (bind[k].kind != XT_VAR) continue;
        int v = c->scope[bind[k].pos], j = 0;
        while (j < *nd && vars[j] != v) j++;
        if (j == *nd) {
            vars[(*nd)++] = v;
            prod *= csp_size(p, v);
            if (prod > XCSP_AUX_MAX_ROWS) return XCSP_AUX_MAX_ROWS + 1;
        }
        slot[k] = j;
    }
    return prod;
}

/* 1 when a positive table of nrows rows over vars[0..n) and, when
 * extra > 0, one more variable of extra values spanning extra_span, is
 * within the limits: always over narrow variables (table.c), within
 * XCSP_WIDE_TABLE_WORDS and the model's budget over a wide one (whose
 * words are then counted: the caller posts it). */
static int table_fits(xcsp_model *m, const int *vars, int n, int64_t extra, int64_t extra_span,
                      size_t nrows) {
    int64_t values = extra;
    int wide = extra_span > CSP_MAX_VALUES;
    for (int j = 0; j < n; j++)
        values += csp_size(m->p, vars[j]), wide |= !csp_narrow(m->p, vars[j]);
    size_t words = csp_table_wide_words(values, nrows);
    return !wide || (values <= CSP_TABLE_WIDE_MAX_VALUES && words <= XCSP_WIDE_TABLE_WORDS &&
                     xcsp_wide_charge(m, words));
}

/* Program pg on every tuple of vars[0..nd) (the current domains; bind and
 * slot as bind_scope made them): the rows of the tuples where it is
 * defined and within the 32-bit values, each with the value appended
 * (value_col) or, for a predicate, only those where it is true.  rows has
 * room for every tuple; returns the number of rows. */
static size_t eval_rows(const csp *p, const xcsp_prog *pg, const xcsp_term *bind, int nb,
                        const int *slot, const int *vars, int nd, int value_col, int *rows) {
    size_t nrows = 0, width = (size_t)nd + (value_col ? 1 : 0), need = (size_t)nb + pg->depth + 1;
    int64_t *cur = NEWN((size_t)nd + 1, int64_t), *buf = NEWN(need, int64_t);
    for (int j = 0; j < nd; j++) cur[j] = csp_min(p, vars[j]);
    for (;;) { /* the last variable fastest */
        int undef = 0;
        for (int k = 0; k < nb; k++) buf[k] = slot[k] < 0 ? bind[k].k : cur[slot[k]];
        int64_t r = xcsp_eval(pg, buf, buf + nb, &undef);
        if (!undef && (value_col ? r >= XCSP_MIN_VALUE && r <= XCSP_MAX_VALUE : r != 0)) {
            int *row = rows + nrows++ * width;
            for (int j = 0; j < nd; j++) row[j] = (int)cur[j];
            if (value_col) row[nd] = (int)r;
        }
        int j = nd - 1;
        while (j >= 0 && (cur[j] = csp_next(p, vars[j], cur[j])) == CSP_NOVAL)
            cur[j] = csp_min(p, vars[j]), j--;
        if (j < 0) break;
    }
    FREEN(buf, need);
    FREEN(cur, (size_t)nd + 1);
    return nrows;
}

int xcsp_prog_var(xcsp_model *m, const xcsp_con *c, const xcsp_prog *pg, const xcsp_term *bind,
                  int nb) {
    csp *p = m->p;
    int nd, y = -1;
    int *vars = NEWN((size_t)nb + 1, int), *slot = NEWN((size_t)nb + 1, int);
    int64_t prod = bind_scope(p, c, bind, nb, vars, slot, &nd);
    if (prod <= XCSP_AUX_MAX_ROWS) {
        size_t width = (size_t)nd + 1;
        int *rows = NEWN((size_t)prod * width, int);
        size_t nrows = eval_rows(p, pg, bind, nb, slot, vars, nd, 1, rows);
        int64_t *ys = NEWN((size_t)prod, int64_t);
        for (size_t i = 0; i < nrows; i++) ys[i] = rows[i * width + (size_t)nd];
        qsort(ys, nrows, sizeof *ys, cmp_i64);
        size_t ny = 0;
        for (size_t i = 0; i < nrows; i++)
            if (!ny || ys[ny - 1] != ys[i]) ys[ny++] = ys[i];
        if (!ny) { /* defined nowhere: no tuple satisfies c */
            y = const_var(p, 0);
            xcsp_post_false(m);
        } else if (!table_fits(m, vars, nd, (int64_t)ny, ys[ny - 1] - ys[0] + 1, nrows)) {
            y = -1;
        } else {
            int *yv = NEWN(ny, int);
            for (size_t i = 0; i < ny; i++) yv[i] = (int)ys[i];
            y = csp_add_var_values(p, yv, ny, NULL);
            FREEN(yv, ny);
            vars[nd] = y;
            csp_post_table(p, vars, nd + 1, rows, nrows, 1);
        }
        FREEN(ys, (size_t)prod);
        FREEN(rows, (size_t)prod * width);
    }
    FREEN(vars, (size_t)nb + 1);
    FREEN(slot, (size_t)nb + 1);
    return y;
}

/* The rows of xcsp_prog_var's table: bind_scope's product. */
static int64_t prog_var_rows(const csp *p, const xcsp_con *c, const xcsp_term *bind, int nb) {
    int nd, *vars = NEWN((size_t)nb + 1, int), *slot = NEWN((size_t)nb + 1, int);
    int64_t prod = bind_scope(p, c, bind, nb, vars, slot, &nd);
    FREEN(vars, (size_t)nb + 1);
    FREEN(slot, (size_t)nb + 1);
    return prod;
}

int xcsp_prog_var_fits(const xcsp_model *m, const xcsp_con *c, const xcsp_term *bind, int nb,
                       int64_t lo, int64_t hi) {
    const csp *p = m->p;
    int nd, *vars = NEWN((size_t)nb + 1, int), *slot = NEWN((size_t)nb + 1, int);
    int64_t prod = bind_scope(p, c, bind, nb, vars, slot, &nd), span = hi - lo + 1;
    int fits = prod <= XCSP_AUX_MAX_ROWS;
    if (fits) { /* table_fits with every tuple a row and every value of [lo, hi] taken */
        int64_t values = span < prod ? span : prod;
        int wide = span > CSP_MAX_VALUES;
        for (int j = 0; j < nd; j++)
            values += csp_size(p, vars[j]), wide |= !csp_narrow(p, vars[j]);
        size_t words = csp_table_wide_words(values, (size_t)prod);
        fits = !wide || (values <= CSP_TABLE_WIDE_MAX_VALUES && words <= XCSP_WIDE_TABLE_WORDS &&
                         words <= XCSP_WIDE_WORDS_TOTAL - m->wide_words);
    }
    FREEN(vars, (size_t)nb + 1);
    FREEN(slot, (size_t)nb + 1);
    return fits;
}

/* The variable of expression e of c, or -1 (see the header comment). */
static int expr_var(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e) {
    int y = xcsp_lits_var(m, c, e, 1);
    if (y >= 0) return y; /* a disjunction or conjunction of literals (xcsp_lits.c) */
    y = xcsp_prog_var(m, c, &m->in->progs[e->prog], e->bind, e->nbind);
    /* too many tuples or values for a table: a linear expression is the
     * engine's sum (SchedulingOS-GP's add(s,d) over 0..3000) */
    return y >= 0 ? y : xcsp_expr_linear_var(m, c, e, 1);
}

/* eq(%p, f) or eq(f, %p) (postfix: the root eq of two operands, one of
 * them the one instruction PARAM p): the parameter p, and f as the
 * program *f (a view of pg's code: its other operand); -1 when pg is not
 * of that form or f reads %p. */
static int functional_param(const xcsp_prog *pg, xcsp_prog *f) {
    int n = pg->n, split = -1, h = 0;
    if (n < 3 || pg->code[n - 1].op != XOP_eq || pg->code[n - 1].a != 2) return -1;
    for (int i = 0; i < n - 1; i++) { /* the first operand ends where the stack last held 1 */
        int op = pg->code[i].op;
        h += op == XOP_PARAM || op == XOP_CONST ? 1 : 1 - pg->code[i].a;
        if (h == 1) split = i;
    }
    int p;
    *f = *pg;
    f->boolean = 0;
    if (split == 0 && pg->code[0].op == XOP_PARAM) {
        p = pg->code[0].a, f->code = pg->code + 1, f->n = n - 2;
    } else if (split == n - 3 && pg->code[n - 2].op == XOP_PARAM) {
        p = pg->code[n - 2].a, f->n = n - 2;
    } else {
        return -1;
    }
    for (int i = 0; i < f->n; i++)
        if (f->code[i].op == XOP_PARAM && f->code[i].a == p) return -1;
    return p;
}

/* A functional intension eq(x, f(others)) (or eq(f(others), x)) where x
 * is a variable that no other parameter names: the table of the tuples
 * of the others (their domains multiply to at most
 * XCSP_INTENSION_TABLE_ROWS) with the value of f appended where x can
 * take it, however wide x is (AircraftLanding's eq(t, max(0, sub(x, k))):
 * 431 rows where the scope has 174,555 tuples).  1 when posted. */
static int functional_table(xcsp_model *m, const xcsp_con *c, const xcsp_prog *pg,
                            const xcsp_list *terms) {
    csp *p = m->p;
    xcsp_prog f;
    int px = functional_param(pg, &f), nb = terms->n, nd = 0, done = 0;
    if (px < 0 || px >= nb || terms->t[px].kind != XT_VAR) return 0;
    int x = c->scope[terms->t[px].pos];
    int *vars = NEWN((size_t)nb + 1, int), *slot = NEWN((size_t)nb + 1, int);
    int64_t prod = 1;
    for (int k = 0; k < nb && prod <= XCSP_INTENSION_TABLE_ROWS; k++) {
        slot[k] = -1;
        if (k == px || terms->t[k].kind != XT_VAR) continue;
        int v = c->scope[terms->t[k].pos], j = 0;
        if (v == x) prod = XCSP_INTENSION_TABLE_ROWS + 1; /* x is not a function of the others */
        while (j < nd && vars[j] != v) j++;
        if (j == nd) vars[nd++] = v, prod *= csp_size(p, v);
        slot[k] = j;
    }
    if (nd >= 1 && prod <= XCSP_INTENSION_TABLE_ROWS) {
        size_t width = (size_t)nd + 1, kept = 0;
        int *rows = NEWN((size_t)prod * width, int);
        size_t nrows = eval_rows(p, &f, terms->t, nb, slot, vars, nd, 1, rows);
        for (size_t i = 0; i < nrows; i++) /* the rows where x can take f's value */
            if (csp_has(p, x, rows[i * width + (size_t)nd]))
                memmove(rows + kept++ * width, rows + i * width, width * sizeof *rows);
        vars[nd] = x;
        done = table_fits(m, vars, nd + 1, 0, 0, kept);
        if (done && kept)
            csp_post_table(p, vars, nd + 1, rows, kept, 1);
        else if (done)
            xcsp_post_false(m);
        FREEN(rows, (size_t)prod * width);
    }
    FREEN(vars, (size_t)nb + 1);
    FREEN(slot, (size_t)nb + 1);
    return done;
}

int xcsp_post_intension_table(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms) {
    csp *p = m->p;
    int nb = terms->n, nd, done = 0;
    int *vars = NEWN((size_t)nb + 1, int), *slot = NEWN((size_t)nb + 1, int);
    int64_t prod = bind_scope(p, c, terms->t, nb, vars, slot, &nd);
    if (nd >= 2 && prod <= XCSP_INTENSION_TABLE_EVALS) {
        int *rows = NEWN((size_t)prod * (size_t)nd, int);
        size_t nrows = eval_rows(p, &m->in->progs[prog], terms->t, nb, slot, vars, nd, 0, rows);
        done = (prod <= XCSP_INTENSION_TABLE_ROWS || nrows <= (size_t)XCSP_INTENSION_TABLE_ROWS) &&
               table_fits(m, vars, nd, 0, 0, nrows);
        if (done && nrows)
            csp_post_table(p, vars, nd, rows, nrows, 1);
        else if (done)
            xcsp_post_false(m);
        FREEN(rows, (size_t)prod * (size_t)nd);
    }
    FREEN(vars, (size_t)nb + 1);
    FREEN(slot, (size_t)nb + 1);
    return done || functional_table(m, c, &m->in->progs[prog], terms);
}

int xcsp_term_var(xcsp_model *m, const xcsp_con *c, const xcsp_term *t) {
    switch (t->kind) {
    case XT_VAR:
        return t->v;
    case XT_CONST:
        return t->k >= XCSP_MIN_VALUE && t->k <= XCSP_MAX_VALUE ? const_var(m->p, t->k) : -1;
    case XT_EXPR:
        return expr_var(m, c, &c->exprs[t->v]);
    default:
        return -1;
    }
}

/* 1 when xcsp_term_var gives t a variable. */
static int term_fits(xcsp_model *m, const xcsp_con *c, const xcsp_term *t) {
    if (t->kind == XT_VAR) return 1;
    if (t->kind == XT_CONST) return t->k >= XCSP_MIN_VALUE && t->k <= XCSP_MAX_VALUE;
    if (t->kind != XT_EXPR) return 0;
    const xcsp_expr *e = &c->exprs[t->v];
    if (xcsp_lits_var(m, c, e, 0) == 0) return 1;
    return prog_var_rows(m->p, c, e->bind, e->nbind) <= XCSP_AUX_MAX_ROWS ||
           xcsp_expr_linear_var(m, c, e, 0) == 0;
}

int *xcsp_list_term_vars(xcsp_model *m, const xcsp_con *c, const xcsp_list *l) {
    for (int i = 0; i < l->n; i++) /* all or nothing: no variable made in vain */
        if (!term_fits(m, c, &l->t[i])) return NULL;
    int *v = NEWN((size_t)l->n + 1, int);
    for (int i = 0; i < l->n; i++)
        if ((v[i] = xcsp_term_var(m, c, &l->t[i])) < 0) { /* its values span too wide */
            FREEN(v, (size_t)l->n + 1); /* the variables made stay functions of theirs */
            return NULL;
        }
    return v;
}

int xcsp_product_var(xcsp_model *m, int x, int y) {
    csp *p = m->p;
    int64_t b[4] = {(int64_t)csp_min(p, x) * csp_min(p, y), (int64_t)csp_min(p, x) * csp_max(p, y),
                    (int64_t)csp_max(p, x) * csp_min(p, y), (int64_t)csp_max(p, x) * csp_max(p, y)};
    int64_t lo = b[0], hi = b[0];
    for (int i = 1; i < 4; i++) lo = b[i] < lo ? b[i] : lo, hi = b[i] > hi ? b[i] : hi;
    if (lo < XCSP_MIN_VALUE || hi > XCSP_MAX_VALUE)
        return -1; /* a product the engine cannot hold */
    int64_t pairs = x == y ? csp_size(p, x) : csp_size(p, x) * csp_size(p, y);
    int z;
    if (pairs > CSP_MUL_GAC_PAIRS) {
        z = csp_add_var(p, (int)lo, (int)hi, NULL);
    } else { /* exactly the products */
        int *zs = NEWN((size_t)pairs, int), n = 0;
        CSP_FOR_VALUES(p, x, a) {
            if (x == y)
                zs[n++] = (int)(a * a);
            else
                CSP_FOR_VALUES(p, y, bv) zs[n++] = (int)(a * bv);
        }
        qsort(zs, (size_t)n, sizeof *zs, cmp_int);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!k || zs[k - 1] != zs[i]) zs[k++] = zs[i];
        z = csp_add_var_values(p, zs, (size_t)k, NULL);
        FREEN(zs, (size_t)pairs);
    }
    csp_post_mul(p, x, y, z);
    return z;
}
