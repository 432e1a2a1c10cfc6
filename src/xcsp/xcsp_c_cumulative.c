/* xcsp_c_cumulative.c - <cumulative>: <origins>, <lengths>, optional
 * <ends>, <heights> (integers or variables) and <condition> on the load at
 * every time some task runs.  Posted as the engine's cumulative global
 * (csp/sched.h: time-tabling) when the condition is le or lt on an
 * integer or a variable, every term a variable or an integer and no
 * height negative; the generic checker otherwise. */
#include <stdlib.h>

#include "../core/xmalloc.h"
#include "../csp/sched.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

#define V_(t) xcsp_term_value(in, c, (t), val, &undef)

static int parse_cumulative(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "origins", XR_VARS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "lengths", XR_VARS | XR_CONSTS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "ends", XR_VARS, 0, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "heights", XR_VARS | XR_CONSTS, 1, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int validate_cumulative(reader *rd, xcsp_con *c) {
    int n = c->lists[0].n;
    if (c->lists[1].n != n || c->lists[3].n != n || (c->lists[2].n && c->lists[2].n != n))
        return xr_fail(rd, c->line, "<cumulative>: %s%s",
                       "as many lengths, heights (and ends) as origins", "");
    return 0;
}

static int cmp_event(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int check_cumulative(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n, ok = 1;
    int64_t small[64], *t = n <= 32 ? small : NEWN(2 * (size_t)n, int64_t);
    for (int i = 0; i < n; i++) { /* the ends, then every point where a load may change */
        int64_t o = V_(&c->lists[0].t[i]), l = V_(&c->lists[1].t[i]);
        if (c->lists[2].n && V_(&c->lists[2].t[i]) != o + l) ok = 0;
        t[2 * i] = o, t[2 * i + 1] = o + l;
    }
    qsort(t, 2 * (size_t)n, sizeof *t, cmp_event);
    for (int e = 0; ok && e < 2 * n; e++) { /* the load on [t[e], next point) */
        if (e && t[e] == t[e - 1]) continue;
        int64_t load = 0;
        int runs = 0;
        for (int i = 0; i < n; i++) {
            int64_t o = V_(&c->lists[0].t[i]), l = V_(&c->lists[1].t[i]);
            if (o <= t[e] && t[e] < o + l) load += V_(&c->lists[3].t[i]), runs = 1;
        }
        if (runs && !xcsp_cond_holds(c, load, val)) ok = 0;
    }
    if (t != small) FREEN(t, 2 * (size_t)n);
    return ok && !undef;
}

/* A variable or an integer as the engine's term; 0 for anything else. */
static int as_term(const xcsp_term *t, csp_term *out) {
    if (t->kind == XT_VAR) return *out = (csp_term){t->v, 0}, 1;
    if (t->kind == XT_CONST) return *out = (csp_term){-1, t->k}, 1;
    return 0;
}

static int post_cumulative(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, ok = c->cond.op == XCO_le || c->cond.op == XCO_lt;
    size_t un = (size_t)(n ? n : 1);
    csp_term *t = NEWN(4 * un, csp_term), *o = t, *l = t + un, *e = t + 2 * un, *h = t + 3 * un;
    csp_term cap;
    ok = ok && as_term(&c->cond.rhs, &cap);
    for (int i = 0; i < n && ok; i++)
        ok = as_term(&c->lists[0].t[i], &o[i]) && as_term(&c->lists[1].t[i], &l[i]) &&
             as_term(&c->lists[3].t[i], &h[i]) &&
             (!c->lists[2].n || as_term(&c->lists[2].t[i], &e[i]));
    if (ok)
        ok = csp_post_cumulative(m->p, n, o, l, c->lists[2].n ? e : NULL, h, cap,
                                 c->cond.op == XCO_lt) >= 0;
    FREEN(t, 4 * un);
    return ok ? 0 : xcsp_post_checker(m, c);
}

const xcsp_family xcsp_c_cumulative = {
    .name = "cumulative",
    .summary = "<origins> <lengths> [<ends>] <heights> (integers or variables) <condition>",
    .parse = parse_cumulative,
    .validate = validate_cumulative,
    .check = check_cumulative,
    .post = post_cumulative,
};
