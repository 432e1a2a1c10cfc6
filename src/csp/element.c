/* element.c - the element constraint value = entry(r, c) over a list
 * (one index) or a matrix (two), its entries variables or integers, kept
 * generalised arc consistent.
 *
 * Definitions.  A pair (a, b) of index values (a row, b a column; the
 * list form has the one row 0) is compatible when its entry e = entry(a,
 * b) can equal the value: e's domain (or the integer) meets the value's.
 * With the index, value and entry variables distinct:
 * - a value of an index has a support iff it is in some compatible pair;
 * - a value v of the value variable has a support iff some compatible
 *   pair's entry holds v;
 * - an entry's value has a support iff the entry is not the only
 *   compatible pair's, or it is and the value is in the value's domain
 *   (then entry and value are equal).
 * The propagator removes exactly those without support, in rounds until a
 * round removes nothing (removing index values may take supports of the
 * value away and back).  Each round costs O(|Dr| |Dc| d) for the
 * compatibility tests (d: the runs of two domains) plus O(|Rv| np) for
 * the value's supports (Rv: the runs of the value and the entries, np
 * compatible pairs).  Domains are read run by run (csp_has, csp_next, csp_run_end) and values
 * removed as runs (csp_remove_runs), so a round costs the intervals of the domains, not their
 * values: any size works, 2^31 values included (issue 37).  With a variable repeated (an index
 * inside the list, say) the same removals stay sound: each removed value has no support even when
 * the copies are independent.
 *
 * fc runs the same propagator on every assignment of a variable of the
 * scope (it does at least forward checking); bt checks complete scopes. */
#include <assert.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "element.h"
#include "globals.h"

typedef struct el_state {
    int rows, cols, n; /* n = rows * cols entries */
    int rpos, cpos,
        vpos; /* scope positions of the row index (-1: list form), column index, value */
    int rstart, cstart;
    int *epos; /* n: scope position of entry k, -1 for an integer */
    int *ecst; /* n: the integer of entry k */
    /* scratch, not restored (rebuilt by each call) */
    unsigned char *rok, *cok; /* rows, cols: some compatible pair uses it */
    int *rres, *cres;         /* rows, cols: the column (row) of the last compatible pair
                               * found for it, -1 none: a hint, checked before use */
    int *pairs;               /* the compatible entries of a round */
    int64_t *gone;
    size_t gone_cap;
} el_state;

static void el_destroy(void *data, size_t size) {
    (void)size;
    el_state *s = data;
    FREEN(s->epos, (size_t)s->n);
    FREEN(s->ecst, (size_t)s->n);
    FREEN(s->rok, (size_t)s->rows);
    FREEN(s->cok, (size_t)s->cols);
    FREEN(s->pairs, (size_t)s->n);
    FREEN(s->rres, (size_t)s->rows);
    FREEN(s->cres, (size_t)s->cols);
    if (s->gone) FREEN(s->gone, s->gone_cap);
}

/* ==== check =============================================================== */

static int el_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const el_state *s = c->data;
    int64_t a = s->rpos < 0 ? 0 : (int64_t)vals[s->rpos] - s->rstart;
    int64_t b = (int64_t)vals[s->cpos] - s->cstart;
    if (a < 0 || a >= s->rows || b < 0 || b >= s->cols) return 0;
    int k = (int)(a * s->cols + b);
    return (s->epos[k] < 0 ? s->ecst[k] : vals[s->epos[k]]) == vals[s->vpos];
}

/* ==== propagation ========================================================= */

/* Removes from the value variable val the values of no compatible entry
 * (pairs[0..np)): walking val's runs, a value a held by some entry skips
 * to the end of the longest such run; one held by none starts a run of
 * unsupported values up to the entries' next value. */
static int cut_to_entries(csp *p, const el_state *s, const int *sc, int val, int np, int64_t **gone,
                          size_t *cap) {
    size_t n = 0;
    for (int64_t a = csp_min(p, val); a != CSP_NOVAL;) {
        int64_t reach = CSP_NOVAL, nextsup = INT64_MAX;
        for (int q = 0; q < np; q++) {
            int k = s->pairs[q], e = s->epos[k];
            if (e < 0) {
                if (s->ecst[k] == a)
                    reach = reach > a ? reach : a;
                else if (s->ecst[k] > a && s->ecst[k] < nextsup)
                    nextsup = s->ecst[k];
            } else if (csp_has(p, sc[e], a)) {
                int64_t r = csp_run_end(p, sc[e], a);
                reach = r > reach ? r : reach;
            } else {
                int64_t b = csp_next(p, sc[e], a);
                if (b != CSP_NOVAL && b < nextsup) nextsup = b;
            }
        }
        if (reach != CSP_NOVAL) {
            a = csp_next(p, val, reach);
            continue;
        }
        GROW(gone, cap, 2 * n + 2);
        (*gone)[2 * n] = a,
                    (*gone)[2 * n + 1] = nextsup == INT64_MAX ? csp_max(p, val) : nextsup - 1;
        n++;
        a = nextsup == INT64_MAX       ? CSP_NOVAL
            : csp_has(p, val, nextsup) ? nextsup
                                       : csp_next(p, val, nextsup);
    }
    return csp_remove_runs(p, val, *gone, n);
}

/* Adds r's result to the running one; 1 on a wipe-out. */
static int merge(int *acc, int r) {
    if (r == CSP_WIPEOUT) return 1;
    if (r == CSP_CHANGED) *acc = CSP_CHANGED;
    return 0;
}

/* Removes from index variable x (start, count values) the values whose
 * flag in ok is 0. */
static int prune_index(csp *p, int x, int start, const unsigned char *ok, int64_t **gone,
                       size_t *cap) {
    size_t n = 0;
    CSP_FOR_VALUES(p, x, a) {
        if (ok[a - start]) continue;
        GROW(gone, cap, n + 1);
        (*gone)[n++] = a;
    }
    return csp_remove_values(p, x, *gone, n);
}

/* ---- a fixed value: supports with residues -------------------------------
 *
 * With the value fixed to v the compatible pairs are those whose entry
 * holds v, and the value's own supports need no pass: some pair is
 * compatible iff some row keeps a support.  A row (column) keeps its
 * value while the pair of its residue is still compatible, else one scan
 * of the columns (rows) finds another or removes it; rounds repeat as in
 * el_propagate, to the same fixpoint (GAC) at the cost of the residues'
 * checks, not of every pair (QuasiGroup's 512 elements over the whole
 * square, each woken by every change). */

/* 1 when the pair (row, col) holds v. */
static int holds(const csp *p, const el_state *s, const int *sc, int row, int col, int64_t v) {
    int k = row * s->cols + col, e = s->epos[k];
    return e < 0 ? s->ecst[k] == v : csp_has(p, sc[e], v);
}

/* Removes from index x (start: its first index value) the values of no
 * pair with a value of y (ystart; -1: the list form's one row 0) that
 * holds v; res: x's residues (x's index -> y's index), rows 1 when x
 * indexes the rows. */
static int fixed_index(csp *p, el_state *s, const int *sc, int x, int xstart, int y, int ystart,
                       int rows, int64_t v, int *res) {
    size_t n = 0;
    CSP_FOR_VALUES(p, x, a) {
        int i = (int)(a - xstart), j = res[i], ok = 0;
        if (j >= 0 && (y < 0 || csp_has(p, y, (int64_t)j + ystart)) &&
            holds(p, s, sc, rows ? i : j, rows ? j : i, v))
            continue;
        if (y < 0) {
            ok = holds(p, s, sc, rows ? i : 0, rows ? 0 : i, v), j = 0;
        } else {
            CSP_FOR_VALUES(p, y, b) {
                j = (int)(b - ystart);
                if ((ok = holds(p, s, sc, rows ? i : j, rows ? j : i, v))) break;
            }
        }
        if (ok) {
            res[i] = j;
            continue;
        }
        GROW(&s->gone, &s->gone_cap, n + 1);
        s->gone[n++] = a;
    }
    return csp_remove_values(p, x, s->gone, n);
}

static int el_fixed_value(csp *p, el_state *s, const int *sc, int rv, int cv, int val, int r) {
    int64_t v = csp_min(p, val);
    for (;;) {
        int round = CSP_NOCHANGE;
        if ((rv >= 0 &&
             merge(&round, fixed_index(p, s, sc, rv, s->rstart, cv, s->cstart, 1, v, s->rres))) ||
            merge(&round, fixed_index(p, s, sc, cv, s->cstart, rv, s->rstart, 0, v, s->cres)))
            return CSP_WIPEOUT;
        if (round == CSP_NOCHANGE) break;
        r = CSP_CHANGED;
    }
    if ((rv < 0 || csp_single(p, rv)) && csp_single(p, cv)) { /* one pair left: entry = v */
        int row = rv < 0 ? 0 : (int)(csp_min(p, rv) - s->rstart);
        int k = row * s->cols + (int)(csp_min(p, cv) - s->cstart), e = s->epos[k];
        if (e >= 0 && merge(&r, csp_keep(p, sc[e], v))) return CSP_WIPEOUT;
    }
    return r;
}

static int el_propagate(csp *p, csp_con *c) {
    el_state *s = c->data;
    const int *sc = c->scope;
    int rv = s->rpos < 0 ? -1 : sc[s->rpos], cv = sc[s->cpos], val = sc[s->vpos];
    int r = CSP_NOCHANGE;
    if (rv >= 0 && (merge(&r, csp_remove_below(p, rv, s->rstart)) ||
                    merge(&r, csp_remove_above(p, rv, (int64_t)s->rstart + s->rows - 1))))
        return CSP_WIPEOUT;
    if (merge(&r, csp_remove_below(p, cv, s->cstart)) ||
        merge(&r, csp_remove_above(p, cv, (int64_t)s->cstart + s->cols - 1)))
        return CSP_WIPEOUT;
    if (csp_single(p, val)) return el_fixed_value(p, s, sc, rv, cv, val, r);
    for (;;) {
        int round = CSP_NOCHANGE, np = 0;
        memset(s->rok, 0, (size_t)s->rows);
        memset(s->cok, 0, (size_t)s->cols);
        int64_t lo = INT64_MAX, hi = INT64_MIN; /* the bounds of the compatible entries */
        for (int64_t a = rv < 0 ? 0 : csp_min(p, rv); a != CSP_NOVAL;
             a = rv < 0 ? CSP_NOVAL : csp_next(p, rv, a)) {
            int row = (int)(rv < 0 ? 0 : a - s->rstart);
            CSP_FOR_VALUES(p, cv, b) {
                int col = (int)(b - s->cstart), k = row * s->cols + col, e = s->epos[k];
                int ok = e < 0 ? csp_has(p, val, s->ecst[k]) : csp_domains_meet(p, sc[e], val);
                if (!ok) continue;
                s->pairs[np++] = k;
                s->rok[row] = s->cok[col] = 1;
                int64_t elo = e < 0 ? s->ecst[k] : csp_min(p, sc[e]);
                int64_t ehi = e < 0 ? s->ecst[k] : csp_max(p, sc[e]);
                lo = elo < lo ? elo : lo;
                hi = ehi > hi ? ehi : hi;
            }
        }
        if (!np) return CSP_WIPEOUT;
        if ((rv >= 0 &&
             merge(&round, prune_index(p, rv, s->rstart, s->rok, &s->gone, &s->gone_cap))) ||
            merge(&round, prune_index(p, cv, s->cstart, s->cok, &s->gone, &s->gone_cap)))
            return CSP_WIPEOUT;
        if (np == 1) { /* the index is fixed: entry = value */
            int k = s->pairs[0], e = s->epos[k];
            if (e < 0 ? merge(&round, csp_keep(p, val, s->ecst[k]))
                      : merge(&round, csp_keep_common(p, sc[e], val)) ||
                            merge(&round, csp_keep_common(p, val, sc[e])))
                return CSP_WIPEOUT;
        } else {
            if (merge(&round, csp_remove_below(p, val, lo)) ||
                merge(&round, csp_remove_above(p, val, hi)))
                return CSP_WIPEOUT;
            if (merge(&round, cut_to_entries(p, s, sc, val, np, &s->gone, &s->gone_cap)))
                return CSP_WIPEOUT;
        }
        if (round == CSP_NOCHANGE) return r;
        r = CSP_CHANGED;
    }
}

/* fc: the whole propagator on each assignment (at least forward checking). */
static const csp_con_ops element_ops = {
    .name = "element",
    .check = el_check,
    .propagate = el_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = el_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_ANY,
    .idempotent = 1,
};

/* ==== posting ============================================================= */

/* The position of variable v in scope[0..*n), appended when absent. */
int csp_post_element(csp *p, const int *evar, const int *ecst, int rows, int cols, int rindex,
                     int rstart, int cindex, int cstart, int value) {
    assert(rows >= 1 && cols >= 1 && (rindex >= 0 || rows == 1));
    el_state s = {.rows = rows, .cols = cols, .n = rows * cols};
    s.rstart = rindex < 0 ? 0 : rstart;
    s.cstart = cstart;
    size_t n = (size_t)s.n;
    int *scope = NEWN(n + 3, int), ns = 0;
    s.rpos = rindex < 0 ? -1 : csp_scope_add(scope, &ns, rindex);
    s.cpos = csp_scope_add(scope, &ns, cindex);
    s.vpos = csp_scope_add(scope, &ns, value);
    s.epos = NEWN(n, int);
    s.ecst = NEWN(n, int);
    for (size_t k = 0; k < n; k++) {
        s.epos[k] = evar[k] < 0 ? -1 : csp_scope_add(scope, &ns, evar[k]);
        s.ecst[k] = evar[k] < 0 ? ecst[k] : 0;
    }
    s.rok = NEWN((size_t)rows, unsigned char);
    s.cok = NEWN((size_t)cols, unsigned char);
    s.pairs = NEWN(n, int);
    s.rres = NEWN((size_t)rows, int);
    s.cres = NEWN((size_t)cols, int);
    for (int i = 0; i < rows; i++) s.rres[i] = -1;
    for (int j = 0; j < cols; j++) s.cres[j] = -1;
    int id = csp_add_con(p, &element_ops, scope, ns, &s, sizeof s);
    FREEN(scope, n + 3);
    return id;
}

/* ==== the registry's entry (globals.h) ===================================== */

/* A list of 2 to 4 entries (a few integers among them) or a 2 x 2 matrix,
 * indexes that may point outside, a value over about the entries'
 * values. */
static void random_element(csp *p, rng *g) {
    int matrix = (int)rng_below(g, 3) == 0;
    int rows = matrix ? 2 : 1, cols = matrix ? 2 : 2 + (int)rng_below(g, 3);
    int n = rows * cols, evar[4], ecst[4], nvars = 0;
    for (int k = 0; k < n; k++) {
        int isvar = nvars < 3 && rng_below(g, 4) != 0;
        evar[k] = isvar ? csp_random_var(p, g, 1 + (int)rng_below(g, 4), -2, 3) : -1;
        ecst[k] = (int)rng_below(g, 6) - 2;
        nvars += isvar;
    }
    int rstart = (int)rng_below(g, 2), cstart = (int)rng_below(g, 3) - 1;
    int ri = matrix ? csp_random_var(p, g, 1 + (int)rng_below(g, 3), rstart - 1, rstart + 2) : -1;
    int ci = csp_random_var(p, g, 1 + (int)rng_below(g, 4), cstart - 1, cstart + cols);
    int v = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -2, 3);
    csp_post_element(p, evar, ecst, rows, cols, ri, rstart, ci, cstart, v);
}

const csp_global csp_global_element = {
    "element", "value = list[index] or matrix[row][col] (entries variables or integers)",
    "GAC: index values in a compatible entry, value values in some compatible entry, entry = "
    "value once one entry is left (rounds to a fixpoint)",
    CSP_LEVEL_GAC, random_element};
