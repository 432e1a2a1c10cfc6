/* binpacking.c - the bin-packing global: item i (variable x_i, constant
 * size s_i >= 0) goes into bin x_i, the bins are first .. first + m - 1,
 * and every bin's load (the sizes of its items) lies in [lo_j, hi_j]
 * (terms: variables or constants, binpacking.h).
 *
 * Reasoning: Shaw's load and item rules (P. Shaw, "A constraint for bin
 * packing", CP 2004), without his knapsack (no-sum) filter, so sound,
 * not a consistency level.  With R_j the sizes of the items fixed to j,
 * P_j those of R_j plus the unfixed items that may go to j and S the
 * sum of all sizes, one pass:
 * - load bounds: load_j in [max(R_j, min lo_j), min(P_j, max hi_j)];
 * - total size: every item is in some bin, so the loads sum to S:
 *   load_j >= S - sum_{k != j} max load_k and load_j <= S - sum_{k != j}
 *   min load_k (an empty range: wipe-out);
 * - the bounds' terms: hi_j >= min load_j, lo_j <= max load_j;
 * - elimination: an unfixed item i leaves bin j when R_j + s_i > max
 *   load_j (it does not fit beside the items already there);
 * - commitment: item i goes into bin j when P_j - s_i < min load_j (the
 *   bin cannot be filled enough without it).
 * Passes repeat until one changes nothing (idempotent).  Each step keeps
 * every solution: a solution's load_j lies between R_j and P_j and in its
 * term bounds, and the loads of a solution sum to S.  On a complete
 * assignment R_j = P_j = load_j, so a violated bound is a wipe-out:
 * exactly check's verdict.  One pass is O(sum of the item domains + m). */
#include "binpacking.h"

#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"

typedef struct binpack {
    int n, m;
    int64_t first;
    int *x;        /* n: the items' positions in the scope */
    int64_t *s;    /* n sizes */
    csp_term *lo;  /* m terms (var: a position in the scope) */
    csp_term *hi;  /* m terms */
    int64_t total; /* S */
    /* scratch of one call: m each, and up to m values of one item */
    int64_t *req, *pos, *lmin, *umax, *nl, *nu, *drop;
} binpack;

static void binpack_destroy(void *data, size_t size) {
    (void)size;
    binpack *b = data;
    size_t n = (size_t)b->n, m = (size_t)b->m;
    FREEN(b->x, n), FREEN(b->s, n), FREEN(b->lo, m), FREEN(b->hi, m);
    FREEN(b->req, m), FREEN(b->pos, m), FREEN(b->lmin, m), FREEN(b->umax, m);
    FREEN(b->nl, m), FREEN(b->nu, m), FREEN(b->drop, m);
}

/* ==== check =============================================================== */

static int binpack_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const binpack *b = c->data;
    int64_t *load = b->req; /* scratch: check never runs inside propagate */
    memset(load, 0, (size_t)b->m * sizeof *load);
    for (int i = 0; i < b->n; i++) {
        int64_t j = vals[b->x[i]] - b->first;
        if (j < 0 || j >= b->m) return 0;
        load[j] += b->s[i];
    }
    for (int j = 0; j < b->m; j++)
        if (load[j] < csp_term_val(vals, b->lo[j]) || load[j] > csp_term_val(vals, b->hi[j]))
            return 0;
    return 1;
}

/* ==== propagation ========================================================= */

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* One pass of the rules; CSP_CHANGED when a domain changed. */
static int binpack_pass(csp *p, csp_con *c, binpack *b) {
    int r = CSP_NOCHANGE, m = b->m;
    int64_t last = b->first + m - 1;
    for (int i = 0; i < b->n; i++) { /* items in the bins only */
        int v = c->scope[b->x[i]];
        CSP_MERGE(r, csp_remove_below(p, v, b->first));
        CSP_MERGE(r, csp_remove_above(p, v, last));
    }
    memset(b->req, 0, (size_t)m * sizeof *b->req);
    memset(b->pos, 0, (size_t)m * sizeof *b->pos);
    for (int i = 0; i < b->n; i++) {
        int v = c->scope[b->x[i]];
        if (csp_single(p, v)) b->req[csp_min(p, v) - b->first] += b->s[i];
        CSP_FOR_VALUES(p, v, a) b->pos[a - b->first] += b->s[i];
    }
    /* Loads within [0, S] from here on, so the sums below cannot overflow
     * (S <= n * INT32_MAX). */
    int64_t sl = 0, su = 0;
    for (int j = 0; j < m; j++) {
        b->lmin[j] = max64(b->req[j], csp_term_min(p, c, b->lo[j]));
        b->umax[j] = min64(b->pos[j], csp_term_max(p, c, b->hi[j]));
        if (b->lmin[j] > b->umax[j]) return CSP_WIPEOUT;
        sl += b->lmin[j], su += b->umax[j];
    }
    if (sl > b->total || su < b->total) return CSP_WIPEOUT;
    for (int j = 0; j < m; j++) {
        b->nl[j] = max64(b->lmin[j], b->total - (su - b->umax[j]));
        b->nu[j] = min64(b->umax[j], b->total - (sl - b->lmin[j]));
        if (b->nl[j] > b->nu[j]) return CSP_WIPEOUT;
    }
    for (int j = 0; j < m; j++) {
        b->lmin[j] = b->nl[j], b->umax[j] = b->nu[j];
        CSP_MERGE(r, csp_term_at_least(p, c, b->hi[j], b->lmin[j]));
        CSP_MERGE(r, csp_term_at_most(p, c, b->lo[j], b->umax[j]));
    }
    for (int i = 0; i < b->n; i++) {
        int v = c->scope[b->x[i]], nd = 0;
        if (csp_single(p, v)) continue;
        int64_t s = b->s[i], must = CSP_NOVAL;
        CSP_FOR_VALUES(p, v, a) {
            int64_t j = a - b->first;
            if (b->req[j] + s > b->umax[j])
                b->drop[nd++] = a;
            else if (b->pos[j] - s < b->lmin[j])
                must = a;
        }
        if (must != CSP_NOVAL)
            CSP_MERGE(r, csp_keep(p, v, must));
        else if (nd)
            CSP_MERGE(r, csp_remove_values(p, v, b->drop, (size_t)nd));
    }
    return r;
}

static int binpack_propagate(csp *p, csp_con *c) {
    binpack *b = c->data;
    int r = CSP_NOCHANGE, k;
    while ((k = binpack_pass(p, c, b)) == CSP_CHANGED) r = CSP_CHANGED;
    return k == CSP_WIPEOUT ? CSP_WIPEOUT : r;
}

static const csp_con_ops binpack_ops = {
    .name = "binPacking",
    .check = binpack_check,
    .propagate = binpack_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = binpack_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .wake = CSP_WAKE_ANY, /* a hole changes P_j */
    .idempotent = 1,
};

/* ==== posting ============================================================= */

static void map_term(csp_term *t, int *scope, int *arity) {
    if (t->var >= 0) t->var = csp_scope_add(scope, arity, t->var);
}

int csp_post_binpacking(csp *p, int n, const int *bin, const int64_t *size, int64_t first, int m,
                        const csp_term *lo, const csp_term *hi) {
    if (n < 1 || m < 1 || first < INT32_MIN || first + m - 1 > INT32_MAX) return -1;
    for (int i = 0; i < n; i++)
        if (size[i] < 0 || size[i] > INT32_MAX) return -1;
    size_t un = (size_t)n, um = (size_t)m;
    binpack b = {.n = n, .m = m, .first = first};
    b.x = NEWN(un, int), b.s = NEWN(un, int64_t), b.lo = NEWN(um, csp_term);
    b.hi = NEWN(um, csp_term);
    b.req = NEWN(um, int64_t), b.pos = NEWN(um, int64_t), b.lmin = NEWN(um, int64_t);
    b.umax = NEWN(um, int64_t), b.nl = NEWN(um, int64_t), b.nu = NEWN(um, int64_t);
    b.drop = NEWN(um, int64_t);
    int *scope = NEWN(un + 2 * um, int), arity = 0;
    for (int i = 0; i < n; i++) {
        b.x[i] = csp_scope_add(scope, &arity, bin[i]);
        b.s[i] = size[i], b.total += size[i];
    }
    for (int j = 0; j < m; j++) {
        b.lo[j] = lo[j], b.hi[j] = hi[j];
        map_term(&b.lo[j], scope, &arity), map_term(&b.hi[j], scope, &arity);
    }
    int ci = csp_add_con(p, &binpack_ops, scope, arity, &b, sizeof b);
    FREEN(scope, un + 2 * um);
    return ci;
}

/* ==== the registry's entry (globals.h) ==================================== */

/* 2 to 4 items over bins 0..2 (some values outside them), sizes 0..4,
 * each bin's bounds: none, a constant or a variable, below and above
 * (the same variable for both: a load). */
static void random_binpacking(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 3), m = 2 + (int)rng_below(g, 2), nv = n, x[4];
    int64_t s[4];
    csp_term lo[3], hi[3];
    for (int i = 0; i < n; i++) {
        x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 3), -1, m);
        s[i] = (int64_t)rng_below(g, 5);
    }
    for (int j = 0; j < m; j++) {
        int kind = (int)rng_below(g, 5);
        lo[j] = CSP_BINPACK_NO_LO, hi[j] = CSP_BINPACK_NO_HI;
        if (kind == 1) hi[j] = (csp_term){-1, 2 + (int64_t)rng_below(g, 5)};
        if (kind == 2) lo[j] = (csp_term){-1, (int64_t)rng_below(g, 4)};
        if (kind >= 3 && nv < 6) {
            int v = csp_random_var(p, g, 2 + (int)rng_below(g, 3), 0, 8);
            nv++;
            if (kind == 3) hi[j] = (csp_term){v, 0};
            if (kind == 4) lo[j] = hi[j] = (csp_term){v, 0};
        }
    }
    csp_post_binpacking(p, n, x, s, 0, m, lo, hi);
}

const csp_global csp_global_binpacking = {
    "binpacking", "items of constant sizes into bins whose loads lie between bounds (terms)",
    "sound: Shaw's load bounds, total size, item elimination and commitment (CP 2004)",
    CSP_LEVEL_SOUND, random_binpacking};
