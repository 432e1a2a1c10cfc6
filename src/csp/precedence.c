/* precedence.c - value precedence over a chain of values (Law and Lee,
 * "Global constraints for integer and set value precedence", CP 2004):
 * precedence(X, V = v_0..v_{k-1}, covered) holds when, for each j >= 1,
 * a position of X that takes v_j comes after one that takes v_{j-1};
 * covered: every v_j is taken.  GAC (distinct variables).
 *
 * Read along X the constraint is a deterministic automaton: state s
 * (0..k) is how many values of V have appeared, always the prefix
 * v_0..v_{s-1}.  From s, x_i may take a value outside V or one of
 * v_0..v_{s-1} (stay at s), or v_s (go to s + 1); v_j with j > s is
 * refused.  Final states: k when covered, all otherwise.  Each call
 * computes the states reachable forward (F_i, before x_i) and those from
 * which a final state is reachable (B_i), O(n k); value v_j of x_i is
 * kept iff an edge labelled by it joins F_i to B_{i+1}: F_i[j] and
 * B_{i+1}[j+1], or F_i[s] and B_{i+1}[s] for some s > j; a value outside
 * V iff F_i[s] and B_{i+1}[s] for some s.  As for regular, the edges kept
 * are exactly those on an accepted path, so one call reaches the fixpoint
 * (idempotent).  Domains are read by k membership tests per variable and
 * csp_valset_meets, never enumerated.  A variable written twice in X:
 * its positions are reasoned about as if independent (sound; exact once
 * they are fixed). */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "globals.h"
#include "precedence.h"
#include "valset.h"

typedef struct prec_state {
    int n, k, covered;
    int *xpos;            /* n: the scope position of x_i */
    int64_t *v;           /* k: the chain v_0..v_{k-1} */
    int64_t *sorted;      /* k: the same values sorted (valset) */
    unsigned char *f;     /* (n+1)*(k+1): F_i[s] at f[i*(k+1)+s]; scratch of a call */
    unsigned char *b;     /* (n+1)*(k+1): B_i[s] */
    unsigned char *m;     /* n*k: v_j in D(x_i) */
    unsigned char *out;   /* n: D(x_i) has a value outside V */
    int *minj;            /* n: the least j with v_j in D(x_i), k when none */
    unsigned char *above; /* k+2: scratch of the pruning of one x_i */
} prec_state;

static void prec_destroy(void *data, size_t size) {
    (void)size;
    prec_state *s = data;
    size_t n = (size_t)s->n, k = (size_t)s->k, w = (n + 1) * (k + 1);
    FREEN(s->xpos, n ? n : 1);
    FREEN(s->v, k);
    FREEN(s->sorted, k);
    FREEN(s->f, w);
    FREEN(s->b, w);
    FREEN(s->m, n * k > 0 ? n * k : 1);
    FREEN(s->out, n ? n : 1);
    FREEN(s->minj, n ? n : 1);
    FREEN(s->above, k + 2);
}

/* The automaton on a complete assignment. */
static int prec_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const prec_state *s = c->data;
    int st = 0;
    for (int i = 0; i < s->n; i++) {
        int64_t a = vals[s->xpos[i]];
        for (int j = st; j < s->k; j++)
            if (a == s->v[j]) {
                if (j > st) return 0;
                st++;
                break;
            }
    }
    return !s->covered || st == s->k;
}

static int prec_propagate(csp *p, csp_con *c) {
    prec_state *s = c->data;
    int n = s->n, k = s->k, w = k + 1, r = CSP_NOCHANGE;
    unsigned char *F = s->f, *B = s->b;
    for (int i = 0; i < n; i++) {
        int x = c->scope[s->xpos[i]], cnt = 0;
        s->minj[i] = k;
        for (int j = 0; j < k; j++) {
            s->m[i * k + j] = (unsigned char)csp_has(p, x, s->v[j]);
            cnt += s->m[i * k + j];
            if (s->m[i * k + j] && s->minj[i] == k) s->minj[i] = j;
        }
        s->out[i] = csp_size(p, x) > cnt;
    }
    /* stay at s on x_i: a value outside V, or some v_j with j < s */
#define STAY_(i, st) (s->out[i] || s->minj[i] < (st))
#define ADV_(i, st) ((st) < k && s->m[(i)*k + (st)])
    memset(F, 0, (size_t)(n + 1) * (size_t)w);
    F[0] = 1;
    for (int i = 0; i < n; i++)
        for (int st = 0; st <= k; st++) {
            if (!F[i * w + st]) continue;
            if (STAY_(i, st)) F[(i + 1) * w + st] = 1;
            if (ADV_(i, st)) F[(i + 1) * w + st + 1] = 1;
        }
    for (int st = 0; st <= k; st++) B[n * w + st] = (unsigned char)(!s->covered || st == k);
    for (int i = n - 1; i >= 0; i--)
        for (int st = 0; st <= k; st++)
            B[i * w + st] = (unsigned char)((STAY_(i, st) && B[(i + 1) * w + st]) ||
                                            (ADV_(i, st) && B[(i + 1) * w + st + 1]));
    if (!B[0]) return CSP_WIPEOUT;
    for (int i = 0; i < n; i++) {
        int x = c->scope[s->xpos[i]];
        const unsigned char *Fi = F + i * w, *Bn = B + (i + 1) * w;
        /* above[st]: a stay edge on a state >= st joins F_i to B_{i+1} */
        unsigned char *above = s->above;
        above[w] = 0;
        for (int st = k; st >= 0; st--)
            above[st] = (unsigned char)(above[st + 1] || (Fi[st] && Bn[st]));
        for (int j = 0; j < k; j++) {
            if (!s->m[i * k + j]) continue;
            if ((Fi[j] && Bn[j + 1]) || above[j + 1]) continue;
            int q = csp_remove(p, x, s->v[j]);
            if (q == CSP_WIPEOUT) return q;
            r |= q;
        }
        if (s->out[i] && !above[0]) {
            int q = csp_valset_keep(p, x, s->sorted, k);
            if (q == CSP_WIPEOUT) return q;
            r |= q;
        }
    }
#undef STAY_
#undef ADV_
    return r ? CSP_CHANGED : CSP_NOCHANGE;
}

static const csp_con_ops prec_ops = {
    .name = "precedence",
    .check = prec_check,
    .propagate = prec_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = prec_destroy,
    .cost = CSP_COST_CHEAP,
    .idempotent = 1,
};

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int csp_post_precedence(csp *p, const int *x, int n, const int64_t *v, int k, int covered) {
    size_t un = (size_t)n, uk = (size_t)k, w = (un + 1) * (uk + 1);
    int *scope = NEWN(un ? un : 1, int);
    prec_state s = {.n = n, .k = k, .covered = covered != 0};
    s.xpos = NEWN(un ? un : 1, int);
    int ns = csp_scope_dedup(x, n, scope, s.xpos);
    s.v = NEWN(uk, int64_t), s.sorted = NEWN(uk, int64_t);
    memcpy(s.v, v, uk * sizeof *v), memcpy(s.sorted, v, uk * sizeof *v);
    qsort(s.sorted, uk, sizeof *s.sorted, cmp_i64);
    s.f = NEWN(w, unsigned char), s.b = NEWN(w, unsigned char);
    s.m = NEWN(un * uk > 0 ? un * uk : 1, unsigned char);
    s.out = NEWN(un ? un : 1, unsigned char), s.minj = NEWN(un ? un : 1, int);
    s.above = NEWN(uk + 2, unsigned char);
    int id = csp_add_con(p, &prec_ops, scope, ns, &s, sizeof s);
    FREEN(scope, un ? un : 1);
    return id;
}

/* 2 to 5 variables over -1..3, a chain of 1 to 3 distinct values of
 * -1..3 in random order, covered or not. */
static void random_precedence(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 4), x[5], k = 1 + (int)rng_below(g, 3);
    int64_t v[3];
    for (int i = 0; i < n; i++) x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 5), -1, 3);
    for (int j = 0; j < k;) {
        int64_t a = -1 + (int64_t)rng_below(g, 5);
        int dup = 0;
        for (int i = 0; i < j; i++) dup |= v[i] == a;
        if (!dup) v[j++] = a;
    }
    csp_post_precedence(p, x, n, v, k, (int)rng_below(g, 2));
}

const csp_global csp_global_precedence = {
    "precedence", "precedence(X, v_0..v_k-1, covered): v_j appears only after v_j-1",
    "GAC: the chain as an automaton over how many values appeared, forward and backward "
    "reachability per call (Law and Lee 2004), O(n k)",
    CSP_LEVEL_GAC, random_precedence};
