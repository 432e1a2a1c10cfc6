/* xcsp_divisors.c - the unary constraints an <intension> eq(mul(a_1..a_n), K)
 * (or eq(K, mul(...))) implies, K a non-zero integer: the product is exact
 * (the reader bounds every expression within 64 bits), so no factor is 0
 * and each divides K; every variable among the a_i keeps only the divisors
 * of K in its domain.  The intension itself is posted as before; this only
 * removes values no solution has, at once for every strategy (bt included),
 * which the intension's support search cannot do within its budget when
 * the domains are wide (Grocery: four prices in 0..710 whose product is
 * 711000000, 61 divisors each). */
#include "../core/xmalloc.h"
#include "xcsp_model.h"

/* Domains wider than this are left alone (each value is tried once). */
#define XCSP_DIVISORS_MAX_SIZE ((uint64_t)1 << 20)

/* The code of pg is mul over n parameters and a constant, compared by eq:
 * its first instruction index of the mul's operands (*first, n = *nf) and
 * the constant (*k); 0 when it is not that form. */
static int product_form(const xcsp_prog *pg, int *first, int *nf, int64_t *k) {
    const xcsp_instr *c = pg->code;
    int n = pg->n;
    if (n < 4 || c[n - 1].op != XOP_eq || c[n - 1].a != 2) return 0;
    int mul, par0;
    if (c[n - 2].op == XOP_CONST && c[n - 3].op == XOP_mul) /* eq(mul(..), K) */
        mul = n - 3, par0 = 0, *k = c[n - 2].k;
    else if (c[0].op == XOP_CONST && c[n - 2].op == XOP_mul) /* eq(K, mul(..)) */
        mul = n - 2, par0 = 1, *k = c[0].k;
    else
        return 0;
    if (c[mul].a != mul - par0) return 0; /* the mul's operands: every instruction before it */
    for (int i = par0; i < mul; i++)
        if (c[i].op != XOP_PARAM) return 0;
    *first = par0, *nf = mul - par0;
    return *k != 0;
}

void xcsp_post_divisors(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms) {
    const xcsp_prog *pg = &m->in->progs[prog];
    int first, nf;
    int64_t k;
    if (!product_form(pg, &first, &nf, &k)) return;
    csp *p = m->p;
    for (int i = first; i < first + nf; i++) {
        const xcsp_term *t = &terms->t[pg->code[i].a];
        if (t->kind != XT_VAR) continue; /* a constant factor: the intension checks it */
        int v = c->scope[t->pos];
        size_t size = (size_t)csp_size(p, v);
        if (size > XCSP_DIVISORS_MAX_SIZE) continue;
        int *keep = NEWN(size, int);
        size_t nk = 0;
        CSP_FOR_VALUES(p, v, a) /* a == -1 divides all (and INT64_MIN % -1 traps) */
            if (a != 0 && (a == -1 || k % a == 0)) keep[nk++] = (int)a;
        if (!nk)
            xcsp_post_false(m);
        else if (nk < size)
            csp_restrict_values(p, v, keep, nk);
        FREEN(keep, size);
    }
}
