/* xcsp_cliques.c - cliques of binary != recognised and posted as
 * all-different (issue 24, as ACE does): an <intension> ne(x, y), or a
 * binary <extension> whose relation over the two domains is exactly
 * x != y (conflicts (v, v), or supports every (a, b) with a != b), is an
 * edge of a graph over the variables; the edges are covered greedily by
 * maximal cliques, each clique of three variables or more is posted as one
 * <allDifferent> at the spec's alldiff= level, and the edges left over as
 * the built-in !=.  The conjunction is the same (every edge lies in a
 * posted clique or is posted itself), so the solutions are; at
 * alldiff=pairwise every clique is a clique of != again.  This is what
 * makes a Latin square written with binary tables (bqwh "X2") the QWH
 * model with rows and columns as all-different.  The same cover serves
 * the != between engine variables that xcsp_shared.c keeps (intensions
 * ne(A, B) over auxiliary variables: xcsp_post_ne_edges), after every
 * constraint is posted, in a graph of their own.
 *
 * The cover: edges in the order of their (smaller, larger) ends; an edge
 * (u, v) not yet covered grows a clique from its two ends by adding u's
 * neighbours, smallest first, that are adjacent to every member so far;
 * the clique's edges are then covered.  Adjacency lists are sorted and
 * tested by binary search. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_family.h"
#include "xcsp_model.h"

extern const xcsp_family xcsp_c_intension, xcsp_c_extension;

/* 1 when c is ne(x, y) of two variables. */
static int intension_ne(const xcsp_inst *in, const xcsp_con *c, int *x, int *y) {
    const xcsp_prog *pg = &in->progs[c->aux];
    const xcsp_list *l = &c->lists[0];
    if (pg->n != 3 || pg->code[2].op != XOP_ne || pg->code[0].op != XOP_PARAM ||
        pg->code[1].op != XOP_PARAM)
        return 0;
    const xcsp_term *a = &l->t[pg->code[0].a], *b = &l->t[pg->code[1].a];
    if (a->kind != XT_VAR || b->kind != XT_VAR || a->v == b->v) return 0;
    *x = a->v, *y = b->v;
    return 1;
}

/* Index of value a in the domain of v when that domain holds at most 64
 * values (its rank), else -1. */
static int rank_of(const xcsp_inst *in, int v, int64_t a) {
    const xcsp_dom *d = xcsp_var_dom(in, v);
    if (d->size > 64) return -1;
    int r = 0;
    for (int k = 0; k < d->n; k++) {
        int lo = in->ivals[2 * (d->first + k)], hi = in->ivals[2 * (d->first + k) + 1];
        if (a >= lo && a <= hi) return r + (int)(a - lo);
        r += hi - lo + 1;
    }
    return -1;
}

/* The value of rank r in the domain of v. */
static int64_t value_at(const xcsp_inst *in, int v, int r) {
    const xcsp_dom *d = xcsp_var_dom(in, v);
    for (int k = 0; k < d->n; k++) {
        int lo = in->ivals[2 * (d->first + k)], hi = in->ivals[2 * (d->first + k) + 1];
        if (r <= hi - lo) return (int64_t)lo + r;
        r -= hi - lo + 1;
    }
    return 0;
}

/* 1 when c is a binary table, over two variables of at most 64 values,
 * whose relation on their domains is exactly !=. */
static int extension_ne(const xcsp_inst *in, const xcsp_con *c, int *x, int *y) {
    const xcsp_table *t = &in->tables[c->aux];
    const xcsp_list *l = &c->lists[0];
    if (t->arity != 2 || t->stars || t->unary_ranges || l->n != 2 || l->t[0].v == l->t[1].v)
        return 0;
    int vx = l->t[0].v, vy = l->t[1].v;
    const xcsp_dom *dx = xcsp_var_dom(in, vx), *dy = xcsp_var_dom(in, vy);
    if (dx->size > 64 || dy->size > 64) return 0;
    uint64_t row[64] = {0}; /* row[i]: the ranks of y listed with x's rank i */
    for (size_t k = 0; k < t->nrows; k++) {
        int i = rank_of(in, vx, t->rows[2 * k]), j = rank_of(in, vy, t->rows[2 * k + 1]);
        if (i >= 0 && j >= 0) row[i] |= (uint64_t)1 << j;
    }
    for (int i = 0; i < dx->size; i++) {
        uint64_t all = dy->size == 64 ? ~(uint64_t)0 : ((uint64_t)1 << dy->size) - 1;
        int j = rank_of(in, vy, value_at(in, vx, i)); /* y's rank of x's value, or -1 */
        uint64_t ne = j < 0 ? all : all & ~((uint64_t)1 << j);
        uint64_t allowed = t->positive ? row[i] : all & ~row[i];
        if (allowed != ne) return 0;
    }
    *x = vx, *y = vy;
    return 1;
}

/* Adjacency: each variable's neighbours, sorted. */
typedef struct graph {
    int n;
    int *start, *adj; /* adj[start[v] .. start[v+1]) */
} graph;

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int adjacent(const graph *g, int u, int v) {
    return bsearch(&v, g->adj + g->start[u], (size_t)(g->start[u + 1] - g->start[u]), sizeof v,
                   cmp_int) != NULL;
}

/* The edges as a sorted array of pairs (u < v), each with its covered
 * flag, found by binary search. */
typedef struct pair {
    int u, v;
    unsigned char covered;
} pair;

static int cmp_pair(const void *a, const void *b) {
    const pair *x = a, *y = b;
    if (x->u != y->u) return (x->u > y->u) - (x->u < y->u);
    return (x->v > y->v) - (x->v < y->v);
}

static pair *find_pair(pair *ps, size_t n, int u, int v) {
    pair key = {u < v ? u : v, u < v ? v : u, 0};
    return bsearch(&key, ps, n, sizeof key, cmp_pair);
}

/* Covers the edges ps[0..np) (capacity cap, freed here) over variables
 * 0..nv-1 by cliques, posted. */
static void cover(xcsp_model *m, pair *ps, size_t np, size_t cap, int nv) {
    if (!np) {
        if (ps) FREEN(ps, cap);
        return;
    }
    qsort(ps, np, sizeof *ps, cmp_pair);
    size_t m2 = 0; /* the same pair twice is one edge */
    for (size_t k = 0; k < np; k++)
        if (!m2 || cmp_pair(&ps[m2 - 1], &ps[k])) ps[m2++] = ps[k];
    np = m2;
    graph g = {nv, NEWN((size_t)nv + 1, int), NEWN(2 * np, int)};
    for (size_t k = 0; k < np; k++) g.start[ps[k].u + 1]++, g.start[ps[k].v + 1]++;
    for (int v = 0; v < nv; v++) g.start[v + 1] += g.start[v];
    int *fill = NEWN((size_t)nv + 1, int);
    for (size_t k = 0; k < np; k++) {
        g.adj[g.start[ps[k].u] + fill[ps[k].u]++] = ps[k].v;
        g.adj[g.start[ps[k].v] + fill[ps[k].v]++] = ps[k].u;
    }
    for (int v = 0; v < nv; v++)
        qsort(g.adj + g.start[v], (size_t)(g.start[v + 1] - g.start[v]), sizeof(int), cmp_int);
    int *clique = NEWN((size_t)nv + 1, int);
    for (size_t k = 0; k < np; k++) {
        if (ps[k].covered) continue;
        int u = ps[k].u, v = ps[k].v, n = 0;
        clique[n++] = u, clique[n++] = v;
        /* grow: u's neighbours adjacent to every member, in list order */
        for (int a = g.start[u]; a < g.start[u + 1]; a++) {
            int w = g.adj[a], all = w != v;
            for (int i = 0; i < n && all; i++) all = adjacent(&g, w, clique[i]);
            if (all) clique[n++] = w;
        }
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) find_pair(ps, np, clique[i], clique[j])->covered = 1;
        if (n >= 3)
            xcsp_post_alldiff(m, clique, n);
        else
            csp_add_rel(m->p, u, CSP_REL_NE, v);
    }
    FREEN(clique, (size_t)nv + 1);
    FREEN(fill, (size_t)nv + 1);
    FREEN(g.start, (size_t)nv + 1);
    FREEN(g.adj, 2 * np);
    FREEN(ps, cap);
}

void xcsp_post_ne_cliques(xcsp_model *m, unsigned char *skip) {
    const xcsp_inst *in = m->in;
    pair *ps = NULL;
    size_t np = 0, cap = 0;
    for (size_t i = 0; i < in->ncons; i++) {
        const xcsp_con *c = &in->cons[i];
        const xcsp_family *f = XCSP_FAMILY(c);
        int x, y;
        if (c->arity != 2) continue;
        if (!((f == &xcsp_c_intension && intension_ne(in, c, &x, &y)) ||
              (f == &xcsp_c_extension && extension_ne(in, c, &x, &y))))
            continue;
        skip[i] = 1;
        GROW(&ps, &cap, np + 1);
        ps[np++] = (pair){x < y ? x : y, x < y ? y : x, 0};
    }
    cover(m, ps, np, cap, in->nvars);
}

void xcsp_post_ne_edges(xcsp_model *m, const int *uv, size_t n) {
    pair *ps = NEWN(n ? n : 1, pair);
    for (size_t k = 0; k < n; k++) {
        int x = uv[2 * k], y = uv[2 * k + 1];
        ps[k] = (pair){x < y ? x : y, x < y ? y : x, 0};
    }
    cover(m, ps, n, n ? n : 1, m->p->nvars);
}
