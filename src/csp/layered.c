/* layered.c - regular and mdd: generalised arc consistency on a layered
 * graph (Pesant, "A regular language membership constraint for finite
 * sequences of variables", CP 2004), one file for both: an MDD is an
 * automaton whose start is its root and whose one final state is its
 * terminal, read over as many layers as it has variables.
 *
 * The graph.  When posted, the automaton (states 0..nstates-1,
 * transitions (q, a, r) sorted by q then a, non-deterministic allowed) is
 * unrolled over the n positions: node (i, q) for each state q reachable
 * at layer i from the start with values of the domains as they are then,
 * and an arc (i, q) -a-> (i+1, r) for each transition with a in the
 * domain of position i; then every arc that cannot reach a final state at
 * layer n is dropped.  Domains only shrink after posting, so the graph
 * holds every path that may still be a solution.  For an MDD this graph
 * is the MDD itself (at most its size); for an automaton it is at most n
 * times the transitions.
 *
 * Propagation, per call (no incremental state: nothing is trailed):
 * forward, the nodes reachable from the root through arcs whose value is
 * in its position's domain; backward, from the final nodes, the arcs
 * lying on such a root-to-final path, which mark their value as
 * supported at their position.  Every unsupported value is removed: GAC,
 * when the positions are distinct variables (Pesant's theorem: a value is
 * in a solution iff some arc with it lies on a complete path).  O(arcs +
 * removed runs) per call: the values a call removes go as runs, in one
 * change (csp_remove_runs), so a gap of 2^31 values costs one interval.
 * A variable at several positions gets the intersection of their supports, recomputed until nothing
 * changes: no longer GAC (the paths may disagree on it), still sound, and exact on a complete
 * assignment.
 *
 * Values may be any 32-bit integers: the positions' values are kept as
 * sorted lists, and domains are read with csp_has / csp_next. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "layered.h"

typedef struct lay {
    int n;                 /* positions (layers of arcs) */
    int *pos;              /* n: position i is scope[pos[i]] */
    int repeats;           /* some variable holds several positions */
    int nnodes;            /* node ids 0..nnodes-1; the root is 0 */
    int narcs;             /* arcs of layer i: arc_start[i] .. arc_start[i+1]-1 */
    int *arc_start;        /* n + 1 */
    int *from, *to, *vidx; /* per arc: its nodes, its value's index in vals */
    int *val_start;        /* n + 1: values of position i: vals[val_start[i] ..] */
    int *vals;             /* sorted, distinct per position */
    int nvals;
    int first_final; /* the nodes of layer n are first_final..nnodes-1, all final */
    /* scratch of one call (not restored: rebuilt every call) */
    unsigned char *fwd, *bwd, *arc_ok, *sup;
    int64_t *runs; /* the runs keep_supported removes */
    size_t runs_cap;
} lay;

static void lay_destroy(void *data, size_t size) {
    (void)size;
    lay *g = data;
    FREEN(g->pos, (size_t)g->n);
    FREEN(g->arc_start, (size_t)g->n + 1);
    FREEN(g->val_start, (size_t)g->n + 1);
    size_t na = g->narcs ? (size_t)g->narcs : 1, nv = g->nvals ? (size_t)g->nvals : 1;
    FREEN(g->from, na);
    FREEN(g->to, na);
    FREEN(g->vidx, na);
    FREEN(g->arc_ok, na);
    FREEN(g->vals, nv);
    FREEN(g->sup, nv);
    FREEN(g->fwd, (size_t)g->nnodes);
    FREEN(g->bwd, (size_t)g->nnodes);
    if (g->runs) FREEN(g->runs, g->runs_cap);
}

/* ==== check =============================================================== */

/* 1 when the values (vals[pos[i]] at position i) follow a path of the
 * graph from the root to a final node. */
static int lay_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    lay *g = c->data;
    memset(g->fwd, 0, (size_t)g->nnodes);
    g->fwd[0] = 1;
    for (int i = 0; i < g->n; i++) {
        int a = vals[g->pos[i]], any = 0;
        for (int k = g->arc_start[i]; k < g->arc_start[i + 1]; k++)
            if (g->fwd[g->from[k]] && g->vals[g->vidx[k]] == a) g->fwd[g->to[k]] = 1, any = 1;
        if (!any) return 0;
    }
    for (int q = g->first_final; q < g->nnodes; q++)
        if (g->fwd[q]) return 1;
    return 0;
}

/* ==== propagation ========================================================= */

/* Keeps in x only the supported values of position i (nsup of them, all
 * in its domain): the gaps between them (and below the first, above the
 * last) go as runs in one change, trailed once, whatever their width
 * (a gap of 2^31 values is one interval edit of a ranges domain). */
static int keep_supported(csp *p, lay *g, int i, int x, int nsup) {
    if (nsup == 0) return CSP_WIPEOUT;
    if (csp_size(p, x) == nsup) return CSP_NOCHANGE;
    int lo = g->val_start[i], hi = g->val_start[i + 1];
    size_t n = 0;
    int64_t below = (int64_t)csp_min(p, x); /* the next value that may go */
    for (int k = lo; k < hi; k++) {
        if (!g->sup[k]) continue;
        if (g->vals[k] > below) {
            GROW(&g->runs, &g->runs_cap, 2 * n + 2);
            g->runs[2 * n] = below, g->runs[2 * n + 1] = (int64_t)g->vals[k] - 1, n++;
        }
        below = (int64_t)g->vals[k] + 1;
    }
    if (below <= csp_max(p, x)) {
        GROW(&g->runs, &g->runs_cap, 2 * n + 2);
        g->runs[2 * n] = below, g->runs[2 * n + 1] = csp_max(p, x), n++;
    }
    return csp_remove_runs(p, x, g->runs, n);
}

static int lay_pass(csp *p, csp_con *c) {
    lay *g = c->data;
    memset(g->fwd, 0, (size_t)g->nnodes);
    memset(g->bwd, 0, (size_t)g->nnodes);
    memset(g->sup, 0, (size_t)(g->nvals ? g->nvals : 1));
    g->fwd[0] = 1;
    for (int i = 0; i < g->n; i++) {
        int x = c->scope[g->pos[i]];
        for (int k = g->arc_start[i]; k < g->arc_start[i + 1]; k++) {
            int ok = g->fwd[g->from[k]] && csp_has(p, x, g->vals[g->vidx[k]]);
            g->arc_ok[k] = (unsigned char)ok;
            if (ok) g->fwd[g->to[k]] = 1;
        }
    }
    for (int q = g->first_final; q < g->nnodes; q++) g->bwd[q] = g->fwd[q];
    for (int i = g->n - 1; i >= 0; i--)
        for (int k = g->arc_start[i]; k < g->arc_start[i + 1]; k++)
            if (g->arc_ok[k] && g->bwd[g->to[k]]) g->bwd[g->from[k]] = 1, g->sup[g->vidx[k]] = 1;
    int r = CSP_NOCHANGE;
    for (int i = 0; i < g->n; i++) {
        int x = c->scope[g->pos[i]], nsup = 0;
        for (int k = g->val_start[i]; k < g->val_start[i + 1]; k++) nsup += g->sup[k];
        /* a repeated variable: supports of another position may be gone */
        if (g->repeats)
            for (int k = g->val_start[i]; k < g->val_start[i + 1]; k++)
                if (g->sup[k] && !csp_has(p, x, g->vals[k])) g->sup[k] = 0, nsup--;
        int ri = keep_supported(p, g, i, x, nsup);
        if (ri == CSP_WIPEOUT) return ri;
        if (ri == CSP_CHANGED) r = CSP_CHANGED;
    }
    return r;
}

static int lay_propagate(csp *p, csp_con *c) {
    lay *g = c->data;
    int r = lay_pass(p, c);
    if (!g->repeats || r != CSP_CHANGED) return r;
    for (int ri; (ri = lay_pass(p, c)) != CSP_NOCHANGE;)
        if (ri == CSP_WIPEOUT) return ri;
    return r;
}

static const csp_con_ops lay_ops = {
    .name = "regular",
    .check = lay_check,
    .propagate = lay_propagate,
    .destroy = lay_destroy,
    .cost = CSP_COST_EXPENSIVE,
    .idempotent = 1, /* one pass is the fixpoint (repeats: lay_propagate loops) */
};

/* ==== posting ============================================================= */

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* A growable int vector. */
typedef struct ivec {
    int *a;
    size_t n, cap;
} ivec;
static void ivec_push(ivec *v, int x) {
    GROW(&v->a, &v->cap, v->n + 1);
    v->a[v->n++] = x;
}
static void ivec_free(ivec *v) {
    if (v->a) FREEN(v->a, v->cap);
}
/* The array of v's n elements as a block of exactly max(n, 1) ints. */
static int *ivec_take(ivec *v) {
    int *r = NEWN(v->n ? v->n : 1, int);
    if (v->n) memcpy(r, v->a, v->n * sizeof *r);
    ivec_free(v);
    return r;
}

int csp_post_layered(csp *p, const int *vars, int n, const csp_automaton *au) {
    if (n < 1) return -1;
    int ns = au->nstates;
    /* the scope: distinct variables, in order of first position */
    int *scope = NEWN((size_t)n, int), arity = 0;
    lay g = {.n = n};
    g.pos = NEWN((size_t)n, int);
    arity = csp_scope_dedup(vars, n, scope, g.pos);
    g.repeats = arity < n;
    /* tstart[q]: the first transition from q */
    int *tstart = NEWN((size_t)ns + 1, int);
    for (int k = 0; k < au->ntrans; k++) tstart[au->trans[3 * k] + 1]++;
    for (int q = 0; q < ns; q++) tstart[q + 1] += tstart[q];
    /* forward: nodes of layer i+1 numbered as they are found; id[q] is
     * q's node in the layer being built (-1 none) */
    int *id_cur = NEWN((size_t)ns, int), *id_next = NEWN((size_t)ns, int);
    for (int q = 0; q < ns; q++) id_cur[q] = id_next[q] = -1;
    ivec cur = {0}, next = {0}, from = {0}, to = {0}, val = {0};
    ivec arc_start = {0};
    int nnodes = 1;
    ivec_push(&cur, au->start);
    id_cur[au->start] = 0;
    for (int i = 0; i < n; i++) {
        ivec_push(&arc_start, (int)from.n);
        int x = vars[i];
        for (size_t s = 0; s < cur.n; s++) {
            int q = cur.a[s];
            for (int k = tstart[q]; k < tstart[q + 1]; k++) {
                const int *t = au->trans + 3 * (size_t)k;
                if (!csp_has(p, x, t[1])) continue;
                if (id_next[t[2]] < 0) {
                    id_next[t[2]] = nnodes++;
                    ivec_push(&next, t[2]);
                }
                ivec_push(&from, id_cur[q]);
                ivec_push(&val, t[1]);
                ivec_push(&to, id_next[t[2]]);
            }
        }
        for (size_t s = 0; s < cur.n; s++) id_cur[cur.a[s]] = -1;
        ivec sw = cur;
        cur = next, next = sw, next.n = 0;
        int *swi = id_cur;
        id_cur = id_next, id_next = swi;
        if (from.n > CSP_LAYERED_MAX_ARCS) break;
    }
    if (from.n > CSP_LAYERED_MAX_ARCS) { /* too large: nothing posted */
        FREEN(tstart, (size_t)ns + 1);
        FREEN(id_cur, (size_t)ns);
        FREEN(id_next, (size_t)ns);
        FREEN(scope, (size_t)n);
        FREEN(g.pos, (size_t)n);
        ivec_free(&cur), ivec_free(&next), ivec_free(&from), ivec_free(&to), ivec_free(&val);
        ivec_free(&arc_start);
        return -1;
    }
    ivec_push(&arc_start, (int)from.n);
    /* the last layer: its final nodes first_final.. (renumbered last) */
    g.first_final = nnodes - (int)cur.n;
    /* backward: alive nodes reach a final one */
    unsigned char *alive = NEWN((size_t)nnodes, unsigned char);
    for (size_t s = 0; s < cur.n; s++) alive[g.first_final + (int)s] = au->final[cur.a[s]];
    for (int i = n - 1; i >= 0; i--)
        for (int k = arc_start.a[i]; k < arc_start.a[i + 1]; k++)
            if (alive[to.a[k]]) alive[from.a[k]] = 1;
    /* the graph: alive arcs only (the last layer's nodes that are not
     * final stay in first_final.., but no alive arc enters them) */
    ivec kf = {0}, kt = {0}, kv = {0}, ks = {0};
    for (int i = 0; i < n; i++) {
        ivec_push(&ks, (int)kf.n);
        for (int k = arc_start.a[i]; k < arc_start.a[i + 1]; k++)
            if (alive[to.a[k]]) {
                ivec_push(&kf, from.a[k]);
                ivec_push(&kt, to.a[k]);
                ivec_push(&kv, val.a[k]);
            }
    }
    ivec_push(&ks, (int)kf.n);
    g.nnodes = nnodes;
    g.narcs = (int)kf.n;
    g.arc_start = ivec_take(&ks);
    g.from = ivec_take(&kf);
    g.to = ivec_take(&kt);
    /* the values of each position, and each arc's index among them */
    g.val_start = NEWN((size_t)n + 1, int);
    ivec vals = {0};
    g.vidx = NEWN(g.narcs ? (size_t)g.narcs : 1, int);
    for (int i = 0; i < n; i++) {
        int lo = g.arc_start[i], hi = g.arc_start[i + 1], m = hi - lo, u = 0;
        int *tmp = NEWN(m ? (size_t)m : 1, int);
        for (int k = lo; k < hi; k++) tmp[k - lo] = kv.a[k];
        qsort(tmp, (size_t)m, sizeof *tmp, cmp_int);
        for (int k = 0; k < m; k++)
            if (!u || tmp[k] != tmp[u - 1]) tmp[u++] = tmp[k];
        g.val_start[i] = (int)vals.n;
        for (int k = 0; k < u; k++) ivec_push(&vals, tmp[k]);
        for (int k = lo; k < hi; k++) {
            int *f = bsearch(&kv.a[k], tmp, (size_t)u, sizeof *tmp, cmp_int);
            g.vidx[k] = g.val_start[i] + (int)(f - tmp);
        }
        FREEN(tmp, m ? (size_t)m : 1);
    }
    g.val_start[n] = (int)vals.n;
    g.nvals = (int)vals.n;
    g.vals = ivec_take(&vals);
    g.fwd = NEWN((size_t)nnodes, unsigned char);
    g.bwd = NEWN((size_t)nnodes, unsigned char);
    g.arc_ok = NEWN(g.narcs ? (size_t)g.narcs : 1, unsigned char);
    g.sup = NEWN(g.nvals ? (size_t)g.nvals : 1, unsigned char);
    int ci = csp_add_con(p, &lay_ops, scope, arity, &g, sizeof g);
    FREEN(alive, (size_t)nnodes);
    FREEN(tstart, (size_t)ns + 1);
    FREEN(id_cur, (size_t)ns);
    FREEN(id_next, (size_t)ns);
    FREEN(scope, (size_t)n);
    ivec_free(&cur), ivec_free(&next), ivec_free(&from), ivec_free(&to), ivec_free(&val);
    ivec_free(&arc_start), ivec_free(&kv);
    return ci;
}

/* ==== the registry's entries (globals.h) ================================== */

/* 2 to 5 variables over about 4 values each, and a random automaton of 2
 * to 5 states (non-deterministic when dfa is 0) over the values -1..3. */
static void random_automaton(csp *p, rng *g, int dfa, int mdd) {
    int n = 2 + (int)rng_below(g, 4), vars[5];
    for (int i = 0; i < n; i++) vars[i] = csp_random_var(p, g, 2 + (int)rng_below(g, 3), -1, 3);
    int ns = 2 + (int)rng_below(g, 4), trans[3 * 60], nt = 0;
    unsigned char final[5] = {0};
    if (mdd) { /* a random layered DAG: one root, 1 to 3 nodes per inner layer, one terminal */
        ns = 0;
        int layer_first[7], layer_n[7];
        for (int i = 0; i <= n; i++) {
            layer_first[i] = ns;
            layer_n[i] = i == 0 || i == n ? 1 : 1 + (int)rng_below(g, 3);
            ns += layer_n[i];
        }
        for (int i = 0; i < n; i++)
            for (int q = 0; q < layer_n[i]; q++)
                for (int a = -1; a <= 3; a++)
                    if (rng_below(g, 5) < 2 && nt < 60) {
                        int *t = trans + 3 * nt++;
                        t[0] = layer_first[i] + q, t[1] = a;
                        t[2] = layer_first[i + 1] + (int)rng_below(g, (uint64_t)layer_n[i + 1]);
                    }
        unsigned char fin[16] = {0};
        fin[layer_first[n]] = 1;
        csp_automaton au = {ns, 0, nt, trans, fin};
        /* made in order of from: grouped as csp_automaton asks */
        csp_post_layered(p, vars, n, &au);
        return;
    }
    for (int q = 0; q < ns; q++) {
        final[q] = rng_below(g, 3) == 0;
        for (int a = -1; a <= 3; a++) {
            int k = dfa ? (rng_below(g, 4) != 0) : (int)rng_below(g, 3);
            for (int j = 0; j < k; j++) {
                int *t = trans + 3 * nt++;
                t[0] = q, t[1] = a, t[2] = (int)rng_below(g, (uint64_t)ns);
            }
        }
    }
    csp_automaton au = {ns, (int)rng_below(g, (uint64_t)ns), nt, trans, final};
    csp_post_layered(p, vars, n, &au);
}
static void random_regular(csp *p, rng *g) { random_automaton(p, g, 0, 0); }
static void random_mdd(csp *p, rng *g) { random_automaton(p, g, 1, 1); }

const csp_global csp_global_regular = {
    "regular", "a sequence of variables spells a word of a finite automaton (NFA allowed)",
    "GAC: forward/backward reachability on the unrolled layered graph (Pesant, CP 2004), "
    "per call",
    CSP_LEVEL_GAC, random_regular};
const csp_global csp_global_mdd = {
    "mdd", "a sequence of variables follows a path of a multi-valued decision diagram",
    "GAC: the same layered graph as regular (the MDD unrolled from its root), per call",
    CSP_LEVEL_GAC, random_mdd};
