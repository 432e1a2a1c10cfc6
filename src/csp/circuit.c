/* circuit.c - the circuit global in successor form (XCSP3's circuit): x_i
 * = start + j means node j follows node i; the nodes that do not point to
 * themselves form one cycle of at least two nodes, of `size` nodes when a
 * size (variable or constant) is given.
 *
 * Reasoning (sound, not a consistency level; all-different on the
 * successors is posted beside it by the front end at the alldiff= level):
 * - every successor lies in start..start+n-1;
 * - a node with a fixed predecessor other than itself is not a loop, and
 *   no node has two fixed predecessors;
 * - subtour elimination (the classic "a path end must not point to its
 *   start", generalised to loops): a chain of fixed arcs s -> ... -> e
 *   (e's successor free) may close by e -> s only when that cycle may be
 *   the circuit: every node outside it may still be a loop, and its
 *   length may be the size;
 * - a closed cycle of fixed arcs is the circuit: every other node is a
 *   loop and the size is its length;
 * - the size lies between max(2, the nodes that cannot be loops) and n
 *   less the fixed loops.
 * On a complete assignment these decide exactly what check decides (a
 * second predecessor, a second cycle, no cycle, the size: each is a
 * wipe-out), so the propagator is exact there.  O(n) per call plus the
 * removals; not idempotent. */
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "circuit.h"
#include "globals.h"

typedef struct circ {
    int n, start, has_size;
    csp_term size; /* var: a position in the scope (after the n successors) */
    /* scratch of one call */
    int *succ, *pred, *mark;
} circ;

static void circ_destroy(void *data, size_t size) {
    (void)size;
    circ *s = data;
    FREEN(s->succ, (size_t)s->n), FREEN(s->pred, (size_t)s->n), FREEN(s->mark, (size_t)s->n);
}

/* ==== check =============================================================== */

static int circ_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const circ *s = c->data;
    int n = s->n, first = -1, size = 0;
    for (int i = 0; i < n; i++) {
        int64_t j = (int64_t)vals[i] - s->start;
        if (j < 0 || j >= n) return 0;
        if (j != i) size++, first = first < 0 ? i : first;
    }
    if (size < 2) return 0;
    int len = 0, i = first;
    do {
        i = (int)((int64_t)vals[i] - s->start);
        len++;
    } while (i != first && len <= n);
    if (len != size) return 0;
    return !s->has_size || size == (s->size.var < 0 ? s->size.k : vals[s->size.var]);
}

/* ==== propagation ========================================================= */

static int size_has(const csp *p, const csp_con *c, const circ *s, int64_t a) {
    if (!s->has_size) return 1;
    return s->size.var < 0 ? s->size.k == a : csp_has(p, c->scope[s->size.var], a);
}
static int size_keep(csp *p, const csp_con *c, const circ *s, int64_t a) {
    if (!s->has_size) return CSP_NOCHANGE;
    if (!size_has(p, c, s, a)) return CSP_WIPEOUT;
    return s->size.var < 0 ? CSP_NOCHANGE : csp_keep(p, c->scope[s->size.var], a);
}

static int circ_propagate(csp *p, csp_con *c) {
    circ *s = c->data;
    int n = s->n, r = CSP_NOCHANGE, nloops = 0, noloop = 0;
    int64_t st = s->start;
    for (int i = 0; i < n; i++) {
        CSP_MERGE(r, csp_remove_below(p, c->scope[i], st));
        CSP_MERGE(r, csp_remove_above(p, c->scope[i], st + n - 1));
    }
    for (int i = 0; i < n; i++) s->pred[i] = -1, s->mark[i] = 0;
    for (int i = 0; i < n; i++) {
        int x = c->scope[i];
        s->succ[i] = csp_single(p, x) ? (int)(csp_min(p, x) - st) : -1;
        int j = s->succ[i];
        if (j == i) nloops++;
        if (j < 0 || j == i) continue;
        if (s->pred[j] >= 0) return CSP_WIPEOUT; /* two predecessors */
        s->pred[j] = i;
    }
    for (int j = 0; j < n; j++) /* a node entered from another is no loop */
        if (s->pred[j] >= 0) CSP_MERGE(r, csp_remove(p, c->scope[j], st + j));
    for (int i = 0; i < n; i++) noloop += !csp_has(p, c->scope[i], st + i);
    if (n - nloops < 2) return CSP_WIPEOUT;
    /* chains from their starts */
    for (int b = 0; b < n; b++) {
        if (s->succ[b] < 0 || s->succ[b] == b || s->pred[b] >= 0) continue;
        int e = b, len = 1;
        s->mark[b] = 1;
        while (s->succ[e] >= 0) e = s->succ[e], s->mark[e] = 1, len++;
        /* the chain's nodes cannot be loops (every one but b has a
         * predecessor, b a successor), so noloop counts them all */
        if (!csp_has(p, c->scope[e], st + b)) continue;
        if (noloop > len || !size_has(p, c, s, len))
            CSP_MERGE(r, csp_remove(p, c->scope[e], st + b));
    }
    /* closed cycles: fixed arcs on nodes no chain visited */
    for (int b = 0; b < n; b++) {
        if (s->mark[b] || s->succ[b] < 0 || s->succ[b] == b) continue;
        int len = 0, e = b;
        do s->mark[e] = 2, e = s->succ[e], len++;
        while (e != b);
        for (int j = 0; j < n; j++)
            if (s->mark[j] != 2) CSP_MERGE(r, csp_keep(p, c->scope[j], st + j));
        CSP_MERGE(r, size_keep(p, c, s, len));
        return r;
    }
    if (s->has_size && s->size.var >= 0) {
        int z = c->scope[s->size.var];
        CSP_MERGE(r, csp_remove_below(p, z, noloop > 2 ? noloop : 2));
        CSP_MERGE(r, csp_remove_above(p, z, n - nloops));
    } else if (s->has_size && (s->size.k < (noloop > 2 ? noloop : 2) || s->size.k > n - nloops)) {
        return CSP_WIPEOUT;
    }
    return r;
}

static const csp_con_ops circ_ops = {
    .name = "circuit",
    .check = circ_check,
    .propagate = circ_propagate,
    .destroy = circ_destroy,
    .cost = CSP_COST_CHEAP,
};

/* ==== posting ============================================================= */

int csp_post_circuit(csp *p, const int *succ, int n, int start, const csp_term *size) {
    if (n < 1) return -1;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (succ[i] == succ[j]) return -1;
    int *scope = NEWN((size_t)n + 1, int), arity = n;
    memcpy(scope, succ, (size_t)n * sizeof *scope);
    circ s = {.n = n, .start = start, .has_size = size != NULL};
    if (size) {
        s.size = *size;
        if (size->var >= 0) {
            int k = 0;
            while (k < n && succ[k] != size->var) k++;
            if (k == n) scope[arity++] = size->var;
            s.size.var = k;
        }
    }
    s.succ = NEWN((size_t)n, int), s.pred = NEWN((size_t)n, int), s.mark = NEWN((size_t)n, int);
    int ci = csp_add_con(p, &circ_ops, scope, arity, &s, sizeof s);
    FREEN(scope, (size_t)n + 1);
    return ci;
}

/* ==== the registry's entry (globals.h) ==================================== */

/* 3 to 5 successors with values around start..start+n-1 (one beyond at
 * each end), and a size constant or variable, or none. */
static void random_circuit(csp *p, rng *g) {
    int n = 3 + (int)rng_below(g, 3), start = (int)rng_below(g, 3) - 1, succ[5];
    for (int i = 0; i < n; i++) {
        int span = n + 2;
        succ[i] =
            csp_random_var(p, g, 2 + (int)rng_below(g, (uint64_t)(span - 2 < 5 ? span - 2 : 5)),
                           start - 1, start + n);
    }
    int kind = (int)rng_below(g, 3);
    csp_term size = kind == 1 ? (csp_term){csp_random_var(p, g, 3, 0, n + 1), 0}
                              : (csp_term){-1, 2 + (int64_t)rng_below(g, (uint64_t)n - 1)};
    csp_post_circuit(p, succ, n, start, kind ? &size : NULL);
}

const csp_global csp_global_circuit = {
    "circuit", "successors forming one cycle of at least two nodes (loops left out), of a size",
    "sound: subtour elimination on chains of fixed arcs (loops allowed), a fixed cycle closes "
    "the rest, size bounds; all-different beside it",
    CSP_LEVEL_SOUND, random_circuit};
