/* nooverlap.c - the noOverlap global (XCSP3's noOverlap, Gecode's
 * nooverlap, the disjunctive constraint in one dimension): n boxes in k
 * dimensions, box i spanning [o_id, o_id + l_id) in dimension d, pairwise
 * apart in some dimension, unless zero_ignored and one of the pair's
 * lengths is 0.
 *
 * Reasoning (sound, not a consistency level: the classic pairwise
 * disjunctive bounds reasoning).  For a pair (i, j) there are 2k ways to
 * be apart: "i before j in d" (o_id + l_id <= o_jd) is still possible iff
 * min o_id + min l_id <= max o_jd, and "j before i in d" likewise; with
 * zero_ignored, a length that may be 0 is one more way (the pair may be
 * exempt).  No way left: wipe-out.  One way left: it is enforced on
 * bounds (o_jd >= min o_id + min l_id, o_id <= max o_jd - min l_id,
 * l_id <= max o_jd - min o_id).  The only way left being a length 0:
 * that length is fixed to 0.  On a complete assignment each way is
 * decided exactly, so the propagator accepts exactly what check accepts.
 * One sweep over the pairs per call, O(n^2 k); not idempotent (an
 * enforced pair may open another), the queues call it again.  Lengths
 * may take any sign: the bounds arithmetic is in 64 bits and holds for
 * every sign. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "sched.h"

typedef struct novl {
    int n, dims, zero_ignored;
    csp_term *o, *l; /* n * dims each; var: a position in the scope */
} novl;

static void novl_destroy(void *data, size_t size) {
    (void)size;
    novl *s = data;
    FREEN(s->o, (size_t)s->n * (size_t)s->dims);
    FREEN(s->l, (size_t)s->n * (size_t)s->dims);
}

/* ==== check =============================================================== */

static int novl_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const novl *s = c->data;
    int k = s->dims;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++) {
            int apart = 0, zero = 0;
            for (int d = 0; d < k; d++) {
                int64_t oi = csp_term_val(vals, s->o[i * k + d]),
                        li = csp_term_val(vals, s->l[i * k + d]);
                int64_t oj = csp_term_val(vals, s->o[j * k + d]),
                        lj = csp_term_val(vals, s->l[j * k + d]);
                zero |= li == 0 || lj == 0;
                apart |= oi + li <= oj || oj + lj <= oi;
            }
            if (!apart && !(s->zero_ignored && zero)) return 0;
        }
    return 1;
}

/* ==== propagation ========================================================= */

/* Enforces "box a before box b in dimension d". */
static int before(csp *p, const csp_con *c, const novl *s, int a, int b, int d) {
    int k = s->dims, r = CSP_NOCHANGE;
    csp_term oa = s->o[a * k + d], la = s->l[a * k + d], ob = s->o[b * k + d];
    CSP_MERGE(r, csp_term_at_least(p, c, ob, csp_term_min(p, c, oa) + csp_term_min(p, c, la)));
    CSP_MERGE(r, csp_term_at_most(p, c, oa, csp_term_max(p, c, ob) - csp_term_min(p, c, la)));
    CSP_MERGE(r, csp_term_at_most(p, c, la, csp_term_max(p, c, ob) - csp_term_min(p, c, oa)));
    return r;
}

static int novl_pair(csp *p, const csp_con *c, const novl *s, int i, int j) {
    int k = s->dims, ways = 0, way = -1, zeros = 0;
    csp_term zero_term = {-1, 0};
    if (s->zero_ignored)
        for (int d = 0; d < k; d++) {
            csp_term t[2] = {s->l[i * k + d], s->l[j * k + d]};
            for (int e = 0; e < 2; e++)
                if (csp_term_has(p, c, t[e], 0)) {
                    if (csp_term_max(p, c, t[e]) == 0 && csp_term_min(p, c, t[e]) == 0)
                        return CSP_NOCHANGE;
                    zeros++, zero_term = t[e];
                }
        }
    for (int d = 0; d < k && ways < 2; d++) {
        if (csp_term_min(p, c, s->o[i * k + d]) + csp_term_min(p, c, s->l[i * k + d]) <=
            csp_term_max(p, c, s->o[j * k + d]))
            ways++, way = 2 * d;
        if (csp_term_min(p, c, s->o[j * k + d]) + csp_term_min(p, c, s->l[j * k + d]) <=
            csp_term_max(p, c, s->o[i * k + d]))
            ways++, way = 2 * d + 1;
    }
    if (ways + zeros == 0) return CSP_WIPEOUT;
    if (ways + zeros > 1) return CSP_NOCHANGE;
    if (zeros) return csp_keep(p, c->scope[zero_term.var], 0);
    return way & 1 ? before(p, c, s, j, i, way / 2) : before(p, c, s, i, j, way / 2);
}

static int novl_propagate(csp *p, csp_con *c) {
    const novl *s = c->data;
    int r = CSP_NOCHANGE;
    for (int i = 0; i < s->n; i++) {
        /* n^2 / 2 pairs (5 * 10^9 for 10^5 boxes): the deadline is polled
         * once per row, so --timeout holds inside one call (issue 37) */
        if (csp_expired(p)) return CSP_WIPEOUT;
        for (int j = i + 1; j < s->n; j++) CSP_MERGE(r, novl_pair(p, c, s, i, j));
    }
    return r;
}

static const csp_con_ops novl_ops = {
    .name = "noOverlap",
    .check = novl_check,
    .propagate = novl_propagate,
    .destroy = novl_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_BOUNDS, /* bounds, and a length's 0 (its minimum when lengths are >= 0) */
};

/* ==== posting ============================================================= */

/* The position of variable v in scope[0..*arity), added when absent. */
int csp_post_nooverlap(csp *p, int n, int dims, const csp_term *origin, const csp_term *length,
                       int zero_ignored) {
    if (n < 2) return -1;
    size_t m = (size_t)n * (size_t)dims;
    novl s = {n, dims, zero_ignored, NEWN(m, csp_term), NEWN(m, csp_term)};
    int *scope = NEWN(2 * m, int), arity = 0, *vars = NEWN(2 * m, int), *pos = NEWN(2 * m, int);
    int nv = 0;
    for (size_t i = 0; i < m; i++) { /* the terms' variables, deduplicated at once */
        s.o[i] = origin[i], s.l[i] = length[i];
        if (s.o[i].var >= 0) vars[nv++] = s.o[i].var;
        if (s.l[i].var >= 0) vars[nv++] = s.l[i].var;
    }
    arity = csp_scope_dedup(vars, nv, scope, pos);
    nv = 0;
    for (size_t i = 0; i < m; i++) {
        if (s.o[i].var >= 0) s.o[i].var = pos[nv++];
        if (s.l[i].var >= 0) s.l[i].var = pos[nv++];
    }
    FREEN(vars, 2 * m);
    FREEN(pos, 2 * m);
    int ci = csp_add_con(p, &novl_ops, scope, arity, &s, sizeof s);
    FREEN(scope, 2 * m);
    return ci;
}

/* ==== the registry's entry (globals.h) ==================================== */

/* 3 boxes in one dimension (lengths constants or variables, possibly 0)
 * or 2 boxes in two, origins over a few values. */
static void random_nooverlap(csp *p, rng *g) {
    int dims = 1 + (int)rng_below(g, 2), n = dims == 1 ? 3 : 2;
    csp_term o[4], l[4];
    int nv = 0;
    for (int i = 0; i < n * dims; i++) {
        o[i] = (csp_term){csp_random_var(p, g, 2 + (int)rng_below(g, 3), -1, 4), 0};
        nv++;
        if (rng_below(g, 3) == 0 && nv < 8) {
            l[i] = (csp_term){csp_random_var(p, g, 1 + (int)rng_below(g, 3), 0, 3), 0};
            nv++;
        } else {
            l[i] = (csp_term){-1, (int64_t)rng_below(g, 4)};
        }
    }
    csp_post_nooverlap(p, n, dims, o, l, (int)rng_below(g, 2));
}

const csp_global csp_global_nooverlap = {
    "noOverlap", "boxes in k dimensions pairwise apart in some dimension (zero lengths ignored)",
    "sound: pairwise disjunctive bounds reasoning (the one way left to be apart is enforced)",
    CSP_LEVEL_SOUND, random_nooverlap};
