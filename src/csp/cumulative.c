/* cumulative.c - the cumulative global: tasks i over [o_i, o_i + l_i)
 * with heights h_i >= 0 (optional ends e_i = o_i + l_i), and at every
 * time some task runs the load (the sum of the heights of the tasks
 * running then) is <= cap (< cap when strict).  Terms are variables or
 * constants (sched.h); the capacity may be a variable.
 *
 * Reasoning: time-tabling (sound, not a consistency level; Beldiceanu
 * and Carlsson's compulsory parts, as in Gecode's and Choco's first
 * filter):
 * - ends: bounds of e = o + l on the three terms;
 * - the compulsory part of task i is [max o_i, min o_i + min l_i) when
 *   that is not empty: it runs then whatever its start; the profile sums
 *   min h_i over the compulsory parts, in segments between event times;
 * - a segment covered by some compulsory part with a load above max cap
 *   is a wipe-out (it raises min cap when cap is a variable);
 * - task i (min l_i > 0) cannot run during a segment whose load without
 *   i's own part, plus min h_i, exceeds max cap: its earliest start moves
 *   past every such segment met by [s, s + min l_i), its latest start
 *   before every one met by [s, s + min l_i) from the right.
 * Compulsory parts only grow as domains shrink, so a profile read at the
 * start of a call stays a lower bound during it.  On a complete
 * assignment every part is the task itself, so a violated assignment
 * (an overload, a wrong end) is a wipe-out: exactly check's verdict.
 * One profile and one sweep per call, O(n log n + n * segments); not
 * idempotent. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "sched.h"

typedef struct cumu {
    int n, has_end, strict;
    csp_term *o, *l, *e, *h; /* n each (e: only when has_end); var: a position in the scope */
    csp_term cap;
    /* scratch of one call: 2n events, 2n + 1 segments */
    struct cumu_event *ev;
    int64_t *seg_t, *seg_load;
    int *seg_cover;
} cumu;

/* A time where a compulsory part starts (task i: d = i) or ends (d = -1 - i). */
typedef struct cumu_event {
    int64_t t;
    int d;
} cumu_event;

static void cumu_destroy(void *data, size_t size) {
    (void)size;
    cumu *s = data;
    size_t n = (size_t)s->n, m = 2 * n + 1;
    FREEN(s->o, n), FREEN(s->l, n), FREEN(s->e, n), FREEN(s->h, n);
    FREEN(s->ev, m), FREEN(s->seg_t, m), FREEN(s->seg_load, m), FREEN(s->seg_cover, m);
}

/* ==== check =============================================================== */

static int cumu_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const cumu *s = c->data;
    int64_t cap = csp_term_val(vals, s->cap) - (s->strict ? 1 : 0);
    for (int i = 0; i < s->n; i++)
        if (s->has_end && csp_term_val(vals, s->e[i]) !=
                              csp_term_val(vals, s->o[i]) + csp_term_val(vals, s->l[i]))
            return 0;
    /* the load at each start of a running task (loads change only there
     * upwards) */
    for (int i = 0; i < s->n; i++) {
        int64_t t = csp_term_val(vals, s->o[i]), load = 0;
        if (csp_term_val(vals, s->l[i]) <= 0) continue;
        for (int j = 0; j < s->n; j++) {
            int64_t o = csp_term_val(vals, s->o[j]);
            if (o <= t && t < o + csp_term_val(vals, s->l[j])) load += csp_term_val(vals, s->h[j]);
        }
        if (load > cap) return 0;
    }
    return 1;
}

/* ==== propagation ========================================================= */

static int cmp_event(const void *a, const void *b) {
    const cumu_event *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

/* The profile of the compulsory parts: nseg segments [seg_t[k],
 * seg_t[k+1]) with their load and number of parts covering them (the
 * last segment is open and empty). */
static int profile(const csp *p, const csp_con *c, cumu *s) {
    int ne = 0;
    for (int i = 0; i < s->n; i++) {
        int64_t lst = csp_term_max(p, c, s->o[i]),
                ect = csp_term_min(p, c, s->o[i]) + csp_term_min(p, c, s->l[i]);
        if (lst >= ect) continue;
        s->ev[ne++] = (cumu_event){lst, i};
        s->ev[ne++] = (cumu_event){ect, -1 - i};
    }
    qsort(s->ev, (size_t)ne, sizeof *s->ev, cmp_event);
    int nseg = 0;
    int64_t load = 0;
    int cover = 0;
    for (int k = 0; k < ne;) {
        int64_t t = s->ev[k].t;
        for (; k < ne && s->ev[k].t == t; k++) {
            int d = s->ev[k].d, i = d >= 0 ? d : -1 - d;
            int64_t h = csp_term_min(p, c, s->h[i]);
            if (d >= 0)
                load += h, cover++;
            else
                load -= h, cover--;
        }
        s->seg_t[nseg] = t, s->seg_load[nseg] = load, s->seg_cover[nseg] = cover, nseg++;
    }
    return nseg;
}

/* i's own contribution to segment k of the profile. */
static int64_t own(const csp *p, const csp_con *c, const cumu *s, int i, int k, int64_t lst,
                   int64_t ect) {
    return lst < ect && s->seg_t[k] >= lst && s->seg_t[k] < ect ? csp_term_min(p, c, s->h[i]) : 0;
}

static int cumu_propagate(csp *p, csp_con *c) {
    cumu *s = c->data;
    int r = CSP_NOCHANGE;
    if (s->has_end)
        for (int i = 0; i < s->n; i++) {
            csp_term o = s->o[i], l = s->l[i], e = s->e[i];
            CSP_MERGE(r, csp_term_at_least(p, c, e, csp_term_min(p, c, o) + csp_term_min(p, c, l)));
            CSP_MERGE(r, csp_term_at_most(p, c, e, csp_term_max(p, c, o) + csp_term_max(p, c, l)));
            CSP_MERGE(r, csp_term_at_least(p, c, o, csp_term_min(p, c, e) - csp_term_max(p, c, l)));
            CSP_MERGE(r, csp_term_at_most(p, c, o, csp_term_max(p, c, e) - csp_term_min(p, c, l)));
            CSP_MERGE(r, csp_term_at_least(p, c, l, csp_term_min(p, c, e) - csp_term_max(p, c, o)));
            CSP_MERGE(r, csp_term_at_most(p, c, l, csp_term_max(p, c, e) - csp_term_min(p, c, o)));
        }
    int nseg = profile(p, c, s), sub = s->strict ? 1 : 0;
    int64_t top = INT64_MIN;
    for (int k = 0; k < nseg; k++)
        if (s->seg_cover[k] && s->seg_load[k] > top) top = s->seg_load[k];
    if (top != INT64_MIN) CSP_MERGE(r, csp_term_at_least(p, c, s->cap, top + sub));
    int64_t cap = csp_term_max(p, c, s->cap) - sub;
    for (int i = 0; i < s->n; i++) {
        int64_t len = csp_term_min(p, c, s->l[i]), h = csp_term_min(p, c, s->h[i]);
        if (len <= 0) continue;
        if (h > cap) return CSP_WIPEOUT; /* it runs some time, alone too heavy */
        int64_t lst = csp_term_max(p, c, s->o[i]), est = csp_term_min(p, c, s->o[i]),
                ect = est + len;
        /* earliest start: past every overloaded segment met */
        int64_t st = est;
        for (int k = 0; k < nseg - 1; k++) {
            if (s->seg_t[k + 1] <= st) continue;
            if (s->seg_t[k] >= st + len) break;
            if (s->seg_load[k] - own(p, c, s, i, k, lst, ect) + h > cap) st = s->seg_t[k + 1];
        }
        /* latest start: before every overloaded segment met, from the right */
        int64_t en = lst + len;
        for (int k = nseg - 2; k >= 0; k--) {
            if (s->seg_t[k] >= en) continue;
            if (s->seg_t[k + 1] <= en - len) break;
            if (s->seg_load[k] - own(p, c, s, i, k, lst, ect) + h > cap) en = s->seg_t[k];
        }
        if (st > est) CSP_MERGE(r, csp_term_at_least(p, c, s->o[i], st));
        if (en < lst + len) CSP_MERGE(r, csp_term_at_most(p, c, s->o[i], en - len));
    }
    return r;
}

static const csp_con_ops cumu_ops = {
    .name = "cumulative",
    .check = cumu_check,
    .propagate = cumu_propagate,
    .destroy = cumu_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_BOUNDS, /* only bounds are read */
};

/* ==== posting ============================================================= */

static void map_term(csp_term *t, int *scope, int *arity) {
    if (t->var >= 0) t->var = csp_scope_add(scope, arity, t->var);
}

int csp_post_cumulative(csp *p, int n, const csp_term *origin, const csp_term *length,
                        const csp_term *end, const csp_term *height, csp_term cap, int strict) {
    for (int i = 0; i < n; i++)
        if (height[i].var < 0 ? height[i].k < 0 : csp_min(p, height[i].var) < 0) return -1;
    size_t un = (size_t)(n ? n : 1), m = 2 * un + 1;
    cumu s = {.n = n, .has_end = end != NULL, .strict = strict};
    s.o = NEWN(un, csp_term), s.l = NEWN(un, csp_term), s.e = NEWN(un, csp_term);
    s.h = NEWN(un, csp_term);
    s.ev = NEWN(m, cumu_event), s.seg_t = NEWN(m, int64_t);
    s.seg_load = NEWN(m, int64_t), s.seg_cover = NEWN(m, int);
    int *scope = NEWN(4 * un + 1, int), arity = 0;
    for (int i = 0; i < n; i++) {
        s.o[i] = origin[i], s.l[i] = length[i], s.h[i] = height[i];
        s.e[i] = end ? end[i] : (csp_term){-1, 0};
        map_term(&s.o[i], scope, &arity), map_term(&s.l[i], scope, &arity);
        map_term(&s.e[i], scope, &arity), map_term(&s.h[i], scope, &arity);
    }
    s.cap = cap;
    map_term(&s.cap, scope, &arity);
    s.n = n ? n : 1; /* the arrays' size; a task with length 0 never runs */
    if (!n) s.o[0] = s.l[0] = s.h[0] = s.e[0] = (csp_term){-1, 0};
    int ci = csp_add_con(p, &cumu_ops, scope, arity, &s, sizeof s);
    FREEN(scope, 4 * un + 1);
    return ci;
}

/* ==== the registry's entry (globals.h) ==================================== */

/* 2 or 3 tasks: origins over a few values, lengths and heights constants
 * or variables, ends sometimes, a capacity constant or variable. */
static void random_cumulative(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 2), nv = n, ends = rng_below(g, 3) == 0;
    csp_term o[3], l[3], e[3], h[3];
    if (ends) nv += n;
    for (int i = 0; i < n; i++) {
        o[i] = (csp_term){csp_random_var(p, g, 2 + (int)rng_below(g, 3), -1, 4), 0};
        if (ends) e[i] = (csp_term){csp_random_var(p, g, 3, 0, 7), 0};
        if (rng_below(g, 3) == 0 && nv < 8)
            l[i] = (csp_term){csp_random_var(p, g, 1 + (int)rng_below(g, 2), 0, 3), 0}, nv++;
        else
            l[i] = (csp_term){-1, (int64_t)rng_below(g, 4)};
        if (rng_below(g, 3) == 0 && nv < 8)
            h[i] = (csp_term){csp_random_var(p, g, 1 + (int)rng_below(g, 2), 0, 3), 0}, nv++;
        else
            h[i] = (csp_term){-1, 1 + (int64_t)rng_below(g, 3)};
    }
    csp_term cap = rng_below(g, 3) == 0 && nv < 8 ? (csp_term){csp_random_var(p, g, 2, 1, 4), 0}
                                                  : (csp_term){-1, 2 + (int64_t)rng_below(g, 3)};
    csp_post_cumulative(p, n, o, l, ends ? e : NULL, h, cap, (int)rng_below(g, 2));
}

const csp_global csp_global_cumulative = {
    "cumulative", "tasks whose load never exceeds a capacity (constant or variable), ends optional",
    "sound: time-tabling on compulsory parts (profile, start bounds pushed), ends by bounds",
    CSP_LEVEL_SOUND, random_cumulative};
