/* fzn_model.c - the CSP of a FlatZinc model: one engine variable per
 * declared variable (same index: the solution vector is the first nvars
 * variables), each constraint posted by its builtin (fzn_builtins.c),
 * the objective, and with `model=search` the branching tiers of the
 * search annotations.  Constants that a propagator needs as variables
 * get fixed variables after the declared ones, as do the auxiliary
 * variables of decompositions. */
#include <string.h>

#include "../core/xmalloc.h"
#include "fzn.h"
#include "fzn_builtin.h"

typedef struct cst {
    int64_t val;
    int var;
} cst;

/* The constants' variables, per build (a small list: linear search). */
typedef struct build_ext {
    fzn_build b;
    cst *c;
    size_t n, cap;
} build_ext;

int fzn_var_of(fzn_build *b, fzn_term t) {
    if (t.var >= 0) return t.var;
    build_ext *e = (build_ext *)b;
    for (size_t i = 0; i < e->n; i++)
        if (e->c[i].val == t.val) return e->c[i].var;
    int v;
    if (t.val < INT32_MIN || t.val > INT32_MAX) { /* no such value: fail */
        v = csp_add_var(b->p, 0, 0, NULL);
        csp_fix(b->p, v, 1);
    } else {
        v = csp_add_var(b->p, (int)t.val, (int)t.val, NULL);
        csp_fix(b->p, v, (int)t.val);
    }
    GROW(&e->c, &e->cap, e->n + 1);
    e->c[e->n++] = (cst){t.val, v};
    return v;
}

csp *fzn_build_csp(const fzn_inst *in, int alldiff, int follow_search, diag *d) {
    build_ext e = {.b = {.in = in, .p = csp_new(), .alldiff = alldiff}};
    csp *p = e.b.p;
    for (int i = 0; i < in->nvars; i++) {
        const fzn_var *v = &in->vars[i];
        if (v->niv == 0) { /* an empty domain: no solution */
            csp_add_var(p, 0, 0, v->name);
            e.b.fail = 1;
            continue;
        }
        int *iv = NEWN((size_t)(2 * v->niv), int);
        for (int j = 0; j < 2 * v->niv; j++) iv[j] = (int)v->iv[j];
        csp_add_var_intervals(p, iv, (size_t)v->niv, v->name);
        FREEN(iv, (size_t)(2 * v->niv));
    }
    for (int i = 0; i < in->ncons; i++) {
        const fzn_con *c = &in->cons[i];
        if (c->b->post(&e.b, c, d)) {
            if (e.c) FREEN(e.c, e.cap);
            csp_free(p);
            return NULL;
        }
    }
    if (e.b.fail) { /* a constraint false whatever the values: empty a domain */
        int v = csp_add_var(p, 0, 0, NULL);
        csp_fix(p, v, 1);
    }
    if (in->sense) {
        int v = fzn_var_of(&e.b, in->obj);
        csp_set_objective(p, &v, 1, in->sense);
    }
    if (follow_search && in->ntiers) {
        unsigned char *tier = NEWN((size_t)p->nvars, unsigned char);
        int last = in->ntiers < 254 ? in->ntiers : 254;
        for (int v = 0; v < p->nvars; v++) {
            int t = v < in->nvars ? in->vars[v].tier : -1;
            tier[v] = (unsigned char)(t < 0 || t > last ? last : t);
        }
        csp_set_tiers(p, tier, last + 1);
        FREEN(tier, (size_t)p->nvars);
    }
    if (e.c) FREEN(e.c, e.cap);
    return p;
}
