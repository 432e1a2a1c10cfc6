/* card_flow.c - GAC of the global cardinality constraint on its list
 * (card_flow.h; Regin, "Generalized arc consistency for global
 * cardinality constraint", AAAI 1996).
 *
 * The bipartite graph: variable i -- value j when j is in D(x_i) (the
 * values outside vals, when the constraint is not closed, are one node
 * "other", taken between 0 and n times).  A flow gives each variable one
 * value and each value j between lo[j] and hi[j] variables (match[i],
 * cnt[j]); none: a wipe-out.  In the residual graph (an unmatched edge
 * i -> j, a matched one j -> i, j -> t while cnt[j] < hi[j], t -> j
 * while cnt[j] > lo[j]) an unmatched edge (i, j) lies in some flow iff
 * i and j share a strongly connected component; the others leave D(x_i).
 *
 * The flow: the last call's matching where it still holds, greedy for the
 * rest, augmenting paths (breadth first over the values) for the
 * variables left, then for each value under its lower bound an augmenting
 * path back to a value above its own.  O(E (n + |vals|)) at worst per
 * call, E the edges; the components by Tarjan's algorithm without
 * recursion, O(E). */
#include "card_flow.h"

#include "../core/xmalloc.h"

struct card_flow {
    int n, nv;                      /* variables; value nodes, "other" included (nv = |vals| + 1) */
    size_t cap;                     /* edges it can hold (the sum of the domains' sizes at post) */
    int *adj_start;                 /* n + 1: the edges of variable i, adj[adj_start[i] ..] */
    int *adj;                       /* cap: value indices */
    int *radj_start, *radj;         /* nv + 1, cap: the variables of each value */
    int *match, *cnt;               /* n (value or -1), nv */
    int *lo, *hi;                   /* nv: the bounds of one call */
    int64_t *lo64, *hi64;           /* nv: the caller's scratch (card_flow_lo/hi) */
    int *seen, *via, *from, *queue; /* nv each: breadth-first search over values */
    int *head, *next;               /* nv, n: the variables matched to each value */
    /* Tarjan: N = n + nv + 1 nodes (variables, values, t) */
    int *out_start, *out; /* N + 1, cap + n + 2 nv */
    int *index, *low, *comp, *stack, *it, *cstack;
    unsigned char *on;
};

static size_t nodes_of(const card_flow *f) { return (size_t)(f->n + f->nv + 1); }
static size_t outs_of(const card_flow *f) { return f->cap + (size_t)f->n + 2 * (size_t)f->nv; }

card_flow *card_flow_new(const csp *p, const int *vars, int n, int nvals) {
    size_t cap = 0;
    for (int i = 0; i < n; i++) cap += (size_t)csp_size(p, vars[i]);
    if (cap > CARD_FLOW_MAX_EDGES || n == 0) return NULL;
    card_flow *f = NEWN(1, card_flow);
    f->n = n, f->nv = nvals + 1, f->cap = cap;
    size_t nv = (size_t)f->nv, N = nodes_of(f), un = (size_t)n;
    f->adj_start = NEWN(un + 1, int), f->adj = NEWN(cap, int);
    f->radj_start = NEWN(nv + 1, int), f->radj = NEWN(cap, int);
    f->match = NEWN(un, int), f->cnt = NEWN(nv, int);
    f->lo = NEWN(nv, int), f->hi = NEWN(nv, int);
    f->lo64 = NEWN(nv, int64_t), f->hi64 = NEWN(nv, int64_t);
    for (int i = 0; i < n; i++) f->match[i] = -1;
    f->seen = NEWN(nv, int), f->via = NEWN(nv, int), f->from = NEWN(nv, int);
    f->queue = NEWN(nv, int), f->head = NEWN(nv, int), f->next = NEWN(un, int);
    f->out_start = NEWN(N + 1, int), f->out = NEWN(outs_of(f), int);
    f->index = NEWN(N, int), f->low = NEWN(N, int), f->comp = NEWN(N, int);
    f->stack = NEWN(N, int), f->it = NEWN(N, int), f->cstack = NEWN(N, int);
    f->on = NEWN(N, unsigned char);
    return f;
}

void card_flow_free(card_flow *f) {
    if (!f) return;
    size_t nv = (size_t)f->nv, N = nodes_of(f), un = (size_t)f->n;
    FREEN(f->adj_start, un + 1), FREEN(f->adj, f->cap);
    FREEN(f->radj_start, nv + 1), FREEN(f->radj, f->cap);
    FREEN(f->match, un), FREEN(f->cnt, nv);
    FREEN(f->lo, nv), FREEN(f->hi, nv);
    FREEN(f->lo64, nv), FREEN(f->hi64, nv);
    FREEN(f->seen, nv), FREEN(f->via, nv), FREEN(f->from, nv);
    FREEN(f->queue, nv), FREEN(f->head, nv), FREEN(f->next, un);
    FREEN(f->out_start, N + 1), FREEN(f->out, outs_of(f));
    FREEN(f->index, N), FREEN(f->low, N), FREEN(f->comp, N);
    FREEN(f->stack, N), FREEN(f->it, N), FREEN(f->cstack, N);
    FREEN(f->on, N);
    FREEN(f, 1);
}

int64_t *card_flow_lo(card_flow *f) { return f->lo64; }
int64_t *card_flow_hi(card_flow *f) { return f->hi64; }

/* The index of a in vals[0..m) (sorted), m ("other") when absent. */
static int value_index(const int64_t *vals, int m, int64_t a) {
    int lo = 0, hi = m - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (vals[mid] == a) return mid;
        if (vals[mid] < a)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return m;
}

/* The edges from the current domains (other once per variable) and the
 * reverse lists. */
static void build_edges(const csp *p, card_flow *f, const int *vars, const int64_t *vals) {
    int m = f->nv - 1, e = 0;
    for (int i = 0; i < f->n; i++) {
        f->adj_start[i] = e;
        int other = 0;
        CSP_FOR_VALUES(p, vars[i], a) {
            int j = value_index(vals, m, a);
            if (j == m && other++) continue;
            f->adj[e++] = j;
        }
    }
    f->adj_start[f->n] = e;
    for (int j = 0; j <= f->nv; j++) f->radj_start[j] = 0;
    for (int k = 0; k < e; k++) f->radj_start[f->adj[k] + 1]++;
    for (int j = 0; j < f->nv; j++) f->radj_start[j + 1] += f->radj_start[j];
    for (int j = 0; j < f->nv; j++) f->seen[j] = f->radj_start[j]; /* fill positions */
    for (int i = 0; i < f->n; i++)
        for (int k = f->adj_start[i]; k < f->adj_start[i + 1]; k++)
            f->radj[f->seen[f->adj[k]]++] = i;
}

static int has_edge(const card_flow *f, int i, int j) {
    for (int k = f->adj_start[i]; k < f->adj_start[i + 1]; k++)
        if (f->adj[k] == j) return 1;
    return 0;
}

/* Unmatched variable i gets a value, values shifting along an augmenting
 * path; 0 when none exists. */
static int augment_var(card_flow *f, int i, const int *hi) {
    int qh = 0, qt = 0;
    for (int j = 0; j < f->nv; j++) f->seen[j] = 0;
    for (int k = f->adj_start[i]; k < f->adj_start[i + 1]; k++) {
        int j = f->adj[k];
        if (!f->seen[j]) f->seen[j] = 1, f->via[j] = i, f->queue[qt++] = j;
    }
    while (qh < qt) {
        int j = f->queue[qh++];
        if (f->cnt[j] < hi[j]) { /* shift along the path back to i */
            f->cnt[j]++;
            for (;;) {
                int k = f->via[j], prev = f->match[k];
                f->match[k] = j;
                if (k == i) return 1;
                j = prev;
            }
        }
        for (int r = f->radj_start[j]; r < f->radj_start[j + 1]; r++) {
            int k = f->radj[r];
            if (f->match[k] != j) continue;
            for (int a = f->adj_start[k]; a < f->adj_start[k + 1]; a++) {
                int j2 = f->adj[a];
                if (!f->seen[j2]) f->seen[j2] = 1, f->via[j2] = k, f->queue[qt++] = j2;
            }
        }
    }
    return 0;
}

/* Value j0 under its lower bound gets one more variable, taken from a
 * value above its own along a path; 0 when none exists. */
static int augment_value(card_flow *f, int j0, const int *lo) {
    int qh = 0, qt = 0;
    for (int j = 0; j < f->nv; j++) f->seen[j] = 0;
    f->seen[j0] = 1, f->queue[qt++] = j0;
    while (qh < qt) {
        int w = f->queue[qh++];
        for (int r = f->radj_start[w]; r < f->radj_start[w + 1]; r++) {
            int k = f->radj[r], u = f->match[k];
            if (u < 0 || f->seen[u]) continue;
            f->seen[u] = 1, f->via[u] = k, f->from[u] = w;
            if (f->cnt[u] > lo[u]) { /* k moves from u to w, and so on back to j0 */
                f->cnt[u]--, f->cnt[j0]++;
                for (int v = u; v != j0; v = f->from[v]) f->match[f->via[v]] = f->from[v];
                return 1;
            }
            f->queue[qt++] = u;
        }
    }
    return 0;
}

/* Tarjan's components of the residual graph, without recursion. */
static void components(card_flow *f, const int *lo, const int *hi) {
    int n = f->n, nv = f->nv, N = (int)nodes_of(f), t = N - 1, e = 0;
    for (int j = 0; j < nv; j++) f->head[j] = -1;
    for (int i = 0; i < n; i++) f->next[i] = f->head[f->match[i]], f->head[f->match[i]] = i;
    for (int i = 0; i < n; i++) {
        f->out_start[i] = e;
        for (int k = f->adj_start[i]; k < f->adj_start[i + 1]; k++)
            if (f->adj[k] != f->match[i]) f->out[e++] = n + f->adj[k];
    }
    for (int j = 0; j < nv; j++) {
        f->out_start[n + j] = e;
        for (int i = f->head[j]; i >= 0; i = f->next[i]) f->out[e++] = i;
        if (f->cnt[j] < hi[j]) f->out[e++] = t;
    }
    f->out_start[t] = e;
    for (int j = 0; j < nv; j++)
        if (f->cnt[j] > lo[j]) f->out[e++] = n + j;
    f->out_start[N] = e;
    for (int v = 0; v < N; v++) f->index[v] = -1, f->on[v] = 0;
    int counter = 0, sp = 0, ncomp = 0;
    for (int root = 0; root < N; root++) {
        if (f->index[root] >= 0) continue;
        int cs = 0;
        f->cstack[cs++] = root;
        f->index[root] = f->low[root] = counter++;
        f->it[root] = f->out_start[root];
        f->stack[sp++] = root, f->on[root] = 1;
        while (cs) {
            int v = f->cstack[cs - 1];
            if (f->it[v] < f->out_start[v + 1]) {
                int w = f->out[f->it[v]++];
                if (f->index[w] < 0) {
                    f->index[w] = f->low[w] = counter++;
                    f->it[w] = f->out_start[w];
                    f->stack[sp++] = w, f->on[w] = 1;
                    f->cstack[cs++] = w;
                } else if (f->on[w] && f->index[w] < f->low[v]) {
                    f->low[v] = f->index[w];
                }
                continue;
            }
            cs--;
            if (cs && f->low[v] < f->low[f->cstack[cs - 1]]) f->low[f->cstack[cs - 1]] = f->low[v];
            if (f->low[v] == f->index[v]) {
                int w;
                do {
                    w = f->stack[--sp];
                    f->on[w] = 0;
                    f->comp[w] = ncomp;
                } while (w != v);
                ncomp++;
            }
        }
    }
}

int card_flow_run(csp *p, card_flow *f, const int *vars, const int64_t *vals, const int64_t *lo64,
                  const int64_t *hi64, int closed) {
    int n = f->n, nv = f->nv, m = nv - 1;
    int *lo = f->lo, *hi = f->hi;
    for (int j = 0; j < m; j++) {
        lo[j] = lo64[j] < 0 ? 0 : lo64[j] > n ? n + 1 : (int)lo64[j];
        hi[j] = hi64[j] < 0 ? -1 : hi64[j] > n ? n : (int)hi64[j];
        if (lo[j] > hi[j]) return CSP_WIPEOUT;
    }
    lo[m] = 0, hi[m] = closed ? 0 : n;
    build_edges(p, f, vars, vals);
    for (int j = 0; j < nv; j++) f->cnt[j] = 0;
    for (int i = 0; i < n; i++) { /* the last flow where it still holds */
        int j = f->match[i];
        if (j >= 0 && j < nv && has_edge(f, i, j) && f->cnt[j] < hi[j])
            f->cnt[j]++;
        else
            f->match[i] = -1;
    }
    for (int i = 0; i < n; i++) {
        if (f->match[i] >= 0) continue;
        for (int k = f->adj_start[i]; k < f->adj_start[i + 1] && f->match[i] < 0; k++)
            if (f->cnt[f->adj[k]] < hi[f->adj[k]]) f->match[i] = f->adj[k], f->cnt[f->adj[k]]++;
        if (f->match[i] < 0 && !augment_var(f, i, hi)) return CSP_WIPEOUT;
    }
    for (int j = 0; j < nv; j++)
        while (f->cnt[j] < lo[j])
            if (!augment_value(f, j, lo)) return CSP_WIPEOUT;
    components(f, lo, hi);
    int r = CSP_NOCHANGE;
    for (int i = 0; i < n; i++)
        for (int k = f->adj_start[i]; k < f->adj_start[i + 1]; k++) {
            int j = f->adj[k];
            if (j == f->match[i] || f->comp[i] == f->comp[n + j]) continue;
            int q;
            if (j < m) {
                q = csp_remove(p, vars[i], vals[j]);
            } else {             /* every value outside vals */
                int64_t out[64]; /* at most 64 a call: sound, GAC once fewer are left */
                int no = 0;
                q = CSP_NOCHANGE;
                CSP_FOR_VALUES(p, vars[i], a) {
                    if (value_index(vals, m, a) == m) out[no++] = a;
                    if (no == 64) break;
                }
                for (int o = 0; o < no && q != CSP_WIPEOUT; o++) {
                    int q1 = csp_remove(p, vars[i], out[o]);
                    if (q1 != CSP_NOCHANGE) q = q1;
                }
            }
            if (q == CSP_WIPEOUT) return q; /* cannot happen: its matched value stays */
            if (q == CSP_CHANGED) r = CSP_CHANGED;
        }
    return r;
}
