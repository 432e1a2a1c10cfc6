/* alldiff_except.c - all-different except E: no two of x_1..x_n take the
 * same value unless that value is in E (XCSP3's <allDifferent> with
 * <except>).  Sound: the arc consistency of its binary decomposition
 * (x_i != x_j or x_i in E, for every pair).  In that decomposition a
 * value a of x_i loses its support only when some other x_j is fixed to a
 * and a is not in E; so the propagator removes the value of every fixed
 * variable outside E from the other domains, cascading until no new
 * variable is fixed (idempotent).  O(n) per fixed variable per call; no
 * matching (Regin's GAC would count the excepted values as unlimited).
 * fc runs the propagator on every assignment of a variable of the list. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "alldiff.h"
#include "globals.h"
#include "valset.h"

typedef struct ade_data {
    int ne;      /* |E| */
    int64_t e[]; /* E, sorted, distinct */
} ade_data;

static int ade_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const ade_data *s = c->data;
    for (int i = 0; i < c->arity; i++)
        for (int j = i + 1; j < c->arity; j++)
            if (vals[i] == vals[j] && !csp_valset_has(s->e, s->ne, vals[i])) return 0;
    return 1;
}

static int ade_propagate(csp *p, csp_con *c) {
    const ade_data *s = c->data;
    int r = CSP_NOCHANGE, n = c->arity;
    for (int again = 1; again;) { /* until a pass fixes no variable */
        again = 0;
        for (int i = 0; i < n; i++) {
            int x = c->scope[i];
            if (!csp_single(p, x)) continue;
            int64_t a = csp_min(p, x);
            if (csp_valset_has(s->e, s->ne, a)) continue;
            for (int j = 0; j < n; j++) {
                int y = c->scope[j];
                if (j == i || !csp_has(p, y, a)) continue;
                CSP_MERGE(r, csp_remove(p, y, a));
                again |= csp_single(p, y);
            }
        }
    }
    return r;
}

static const csp_con_ops alldiff_except_ops = {
    .name = "alldiff-except",
    .check = ade_check,
    .propagate = ade_propagate,
    .on_assign = csp_on_assign_propagate,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_FIX,
    .idempotent = 1,
};

int csp_post_alldiff_except(csp *p, const int *vars, int n, const int64_t *except, int ne) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (vars[i] == vars[j]) return -1;
    if (n < 2) return 0;
    size_t size = sizeof(ade_data) + (size_t)ne * sizeof(int64_t);
    ade_data *s = xmalloc(size);
    s->ne = ne;
    if (ne) memcpy(s->e, except, (size_t)ne * sizeof *except);
    csp_add_con(p, &alldiff_except_ops, vars, n, s, size);
    xfree(s, size);
    return 0;
}

/* 2 to 6 variables over -1..4, E of 0 to 2 values of that range. */
static void random_alldiff_except(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 5), vars[6], ne = (int)rng_below(g, 3);
    int64_t e[2] = {-1 + (int64_t)rng_below(g, 3), 2 + (int64_t)rng_below(g, 3)};
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), -1, 4);
    csp_post_alldiff_except(p, vars, n, e, ne);
}

const csp_global csp_global_alldiff_except = {
    "alldiff-except", "all-different except E: two variables may share only values of E",
    "sound: the arc consistency of the pairwise decomposition (a fixed value outside E "
    "leaves the other domains, cascading)",
    CSP_LEVEL_SOUND, random_alldiff_except};
