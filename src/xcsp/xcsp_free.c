/* xcsp_free.c - the free variables of an instance: those that occur in
 * no constraint and not in the objective (XCSP3 arrays often declare more
 * cells than a model uses).  Like ACE, the model leaves them out: the
 * reader renumbers the instance so that the variables that occur come
 * first (declaration order kept among them) and the free ones last, and
 * the CSP has engine variables for the first in->nlive only.  Solution
 * vectors stay in declaration order (in->decl maps a declaration position
 * to the renumbered variable); a free variable takes the least value of
 * its domain, and the factor each solution stands for is the product of
 * the free variables' domain sizes (xcsp_free_factor, exact).
 *
 * Invariant after xcsp_drop_free: every variable named by a constraint or
 * the objective is < in->nlive; in->decl is NULL exactly when nlive ==
 * nvars (no free variable: nothing renumbered, byte-identical answers). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp.h"
#include "xcsp_names.h"

static void mark_con(const xcsp_con *c, unsigned char *used) {
    for (int i = 0; i < c->arity; i++) used[c->scope[i]] = 1;
}

static void renumber_term(xcsp_term *t, const int *to) {
    if (t->kind == XT_VAR) t->v = to[t->v];
}

static void renumber_con(xcsp_con *c, const int *to) {
    for (int i = 0; i < c->arity; i++) c->scope[i] = to[c->scope[i]];
    for (int l = 0; l < c->nlists; l++)
        for (int j = 0; j < c->lists[l].n; j++) renumber_term(&c->lists[l].t[j], to);
    renumber_term(&c->cond.rhs, to);
    for (int x = 0; x < c->nexprs; x++)
        for (int k = 0; k < c->exprs[x].nbind; k++) renumber_term(&c->exprs[x].bind[k], to);
}

void xcsp_drop_free(xcsp_inst *in) {
    int n = in->nvars;
    in->nlive = n;
    in->decl = NULL;
    if (!n) return;
    unsigned char *used = NEWN((size_t)n, unsigned char);
    for (size_t i = 0; i < in->ncons; i++) mark_con(&in->cons[i], used);
    if (in->obj.present) mark_con(&in->obj.c, used);
    int nlive = 0;
    for (int v = 0; v < n; v++) nlive += used[v];
    if (nlive == n) {
        FREEN(used, (size_t)n);
        return;
    }
    /* to[v]: the new index of variable v; decl[k]: the new index of the
     * k-th declared variable (the inverse of to) */
    int *to = NEWN((size_t)n, int), *decl = NEWN((size_t)n, int);
    int next_used = 0, next_free = nlive;
    for (int v = 0; v < n; v++) {
        to[v] = used[v] ? next_used++ : next_free++;
        decl[v] = to[v];
    }
    xcsp_var *vars = NEWN((size_t)n, xcsp_var);
    for (int v = 0; v < n; v++) vars[to[v]] = in->vars[v];
    memcpy(in->vars, vars, (size_t)n * sizeof *vars);
    FREEN(vars, (size_t)n);
    for (int a = 0; a < in->narrays; a++)
        for (int c = 0; c < in->arrays[a].ncells; c++)
            if (in->arrays[a].var[c] >= 0) in->arrays[a].var[c] = to[in->arrays[a].var[c]];
    for (size_t s = 0; s < in->nslots; s++)
        if (in->slots[s].key && in->slots[s].kind == XCSP_NAME_VAR)
            in->slots[s].index = to[in->slots[s].index];
    for (size_t i = 0; i < in->ncons; i++) renumber_con(&in->cons[i], to);
    if (in->obj.present) renumber_con(&in->obj.c, to);
    /* a decision variable that is free is not searched: it leaves the list */
    int nd = 0;
    for (int i = 0; i < in->ndecision; i++)
        if (used[in->decision[i]]) in->decision[nd++] = to[in->decision[i]];
    if (nd < in->ndecision) {
        if (nd)
            in->decision = xrealloc(in->decision, (size_t)in->ndecision * sizeof(int),
                                    (size_t)nd * sizeof(int));
        else
            FREEN(in->decision, (size_t)in->ndecision), in->decision = NULL;
        in->ndecision = nd;
    }
    in->nlive = nlive;
    in->decl = decl;
    FREEN(to, (size_t)n);
    FREEN(used, (size_t)n);
}

const int *xcsp_inst_order(const xcsp_inst *in, const int *sol, int **buf) {
    *buf = NULL;
    if (!in->decl) return sol;
    *buf = NEWN((size_t)in->nvars, int);
    for (int k = 0; k < in->nvars; k++) (*buf)[in->decl[k]] = sol[k];
    return *buf;
}

/* ---- the factor: an exact product of domain sizes ----------------------------- */

/* Decimal digits at most for the factor written out in decimal; past it
 * (a hostile file: 2^20 free variables of 2^32 values have about 10^7
 * digits, a quadratic product), the factor is written as a product of
 * powers of the domain sizes, exact still. */
#define XCSP_FACTOR_DIGITS 100000
#define LIMB 1000000000u /* base of the decimal limbs */

/* n *= m, n little-endian limbs of base LIMB; m < 2^34, so that
 * limb * m + carry < 10^9 * 2^34 + 2^35 < 2^64. */
static void mul_small(uint32_t **n, size_t *len, size_t *cap, uint64_t m) {
    uint64_t carry = 0;
    for (size_t i = 0; i < *len; i++) {
        uint64_t x = (uint64_t)(*n)[i] * m + carry;
        (*n)[i] = (uint32_t)(x % LIMB);
        carry = x / LIMB;
    }
    while (carry) {
        GROW(n, cap, *len + 1);
        (*n)[(*len)++] = (uint32_t)(carry % LIMB);
        carry /= LIMB;
    }
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

char *xcsp_free_factor(const xcsp_inst *in) {
    int nf = in->nvars - in->nlive;
    double digits = 0;
    for (int v = in->nlive; v < in->nvars; v++) digits += log10((double)xcsp_var_dom(in, v)->size);
    char *out;
    if (digits > XCSP_FACTOR_DIGITS) { /* the sizes' powers: s1^k1*s2^k2... */
        int64_t *s = NEWN((size_t)nf, int64_t);
        for (int i = 0; i < nf; i++) s[i] = xcsp_var_dom(in, in->nlive + i)->size;
        qsort(s, (size_t)nf, sizeof *s, cmp_i64);
        size_t cap = 64, len = 0;
        out = NEWN(cap, char);
        for (int i = 0; i < nf;) {
            int j = i;
            while (j < nf && s[j] == s[i]) j++;
            char term[64];
            int w = snprintf(term, sizeof term, "%s%lld^%d", len ? "*" : "", (long long)s[i], j - i);
            GROW(&out, &cap, len + (size_t)w + 1);
            memcpy(out + len, term, (size_t)w + 1);
            len += (size_t)w;
            i = j;
        }
        FREEN(s, nf);
        char *r = xstrdup(out);
        FREEN(out, cap);
        return r;
    }
    uint32_t *n = NEWN(1, uint32_t);
    size_t len = 1, cap = 1;
    n[0] = 1;
    uint64_t batch = 1; /* sizes multiplied in batches below 2^34 */
    for (int v = in->nlive; v < in->nvars; v++) {
        uint64_t s = (uint64_t)xcsp_var_dom(in, v)->size; /* < 2^32 */
        if (batch * s >= ((uint64_t)1 << 34)) mul_small(&n, &len, &cap, batch), batch = 1;
        batch *= s;
    }
    mul_small(&n, &len, &cap, batch);
    out = NEWN(len * 9 + 1, char);
    size_t o = (size_t)sprintf(out, "%u", n[len - 1]);
    for (size_t i = len - 1; i-- > 0;) o += (size_t)sprintf(out + o, "%09u", n[i]);
    FREEN(n, cap);
    char *r = xstrdup(out);
    FREEN(out, len * 9 + 1);
    return r;
}
