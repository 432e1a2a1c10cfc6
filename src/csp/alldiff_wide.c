/* alldiff_wide.c - all-different over a group in which some variable
 * spans more than 64 values (alldiff.c posts the others, whose
 * propagators work on 64-bit windows).  Everything here works on values,
 * through the value-level interface, so any representation and any
 * value range will do.
 *
 * Levels: value (each singleton's value leaves the other domains, to a
 * fixpoint; cheap, woken by fixes), bounds (bounds(Z) by Hall intervals,
 * alldiff_hall.h; woken by bounds), domain (value and bounds together,
 * two constraints: weaker than GAC, which would need a matching over the
 * union of the values; docs/DESIGN.md).  bt's partial check and fc's
 * step are the clique's, as at every level. */
#include <stdlib.h>

#include "../core/xmalloc.h"
#include "alldiff.h"
#include "alldiff_hall.h"

typedef struct wide {
    ad_hall hall; /* bounds only */
    int n;
    int64_t *vals; /* scratch: the assigned values (partial) */
} wide;

static void wide_destroy(void *data, size_t size) {
    (void)size;
    wide *w = data;
    ad_hall_free(&w->hall);
    FREEN(w->vals, (size_t)w->n);
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* bt: no two assigned variables of the group take the same value. */
static int wide_partial(const csp *p, const csp_con *c) {
    wide *w = c->data;
    int k = 0;
    for (int i = 0; i < c->arity; i++)
        if (p->s.assigned[c->scope[i]]) w->vals[k++] = csp_min(p, c->scope[i]);
    qsort(w->vals, (size_t)k, sizeof *w->vals, cmp64);
    for (int i = 1; i < k; i++)
        if (w->vals[i] == w->vals[i - 1]) return 0;
    return 1;
}

/* fc: scope[pos] was assigned; its value leaves the other domains. */
static int wide_on_assign(csp *p, csp_con *c, int pos) {
    int a = csp_min(p, c->scope[pos]), r = CSP_NOCHANGE;
    for (int j = 0; j < c->arity; j++) {
        if (j == pos) continue;
        int rj = csp_remove(p, c->scope[j], a);
        if (rj == CSP_WIPEOUT) return rj;
        if (rj == CSP_CHANGED) r = rj;
    }
    return r;
}

/* The singletons' values leave the other domains, in rounds until no
 * new singleton appears (two equal singletons: a wipe-out). */
static int wide_value(csp *p, csp_con *c) {
    int r = CSP_NOCHANGE;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < c->arity; i++) {
            if (!csp_single(p, c->scope[i])) continue;
            int a = csp_min(p, c->scope[i]);
            for (int j = 0; j < c->arity; j++) {
                if (j == i) continue;
                int y = c->scope[j], was_single = csp_single(p, y);
                int rj = csp_remove(p, y, a);
                if (rj == CSP_WIPEOUT) return rj;
                if (rj == CSP_CHANGED) r = rj, again |= !was_single && csp_single(p, y);
            }
        }
    }
    return r;
}

static int wide_bounds(csp *p, csp_con *c) {
    wide *w = c->data;
    return ad_hall_propagate(p, c, &w->hall);
}

static const csp_con_ops wide_value_ops = {
    .name = "alldiff-value",
    .check = csp_alldiff_check,
    .partial = wide_partial,
    .on_assign = wide_on_assign,
    .propagate = wide_value,
    .destroy = wide_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX,
    .idempotent = 1,
};

static const csp_con_ops wide_bounds_ops = {
    .name = "alldiff-bounds",
    .check = csp_alldiff_check,
    .partial = wide_partial,
    .on_assign = wide_on_assign,
    .propagate = wide_bounds,
    .destroy = wide_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_BOUNDS,
    .idempotent = 1,
};

static void post(csp *p, const int *vars, int n, const csp_con_ops *ops) {
    wide w = {.n = n};
    w.vals = NEWN((size_t)n, int64_t);
    if (ops == &wide_bounds_ops) ad_hall_init(&w.hall, n);
    csp_add_con(p, ops, vars, n, &w, sizeof w);
}

void csp_post_alldiff_wide(csp *p, const int *vars, int n, enum csp_alldiff level) {
    if (level != CSP_ALLDIFF_BOUNDS) post(p, vars, n, &wide_value_ops);
    if (level != CSP_ALLDIFF_VALUE) post(p, vars, n, &wide_bounds_ops);
}
