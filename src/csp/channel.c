/* channel.c - the channel constraints: x an involution (one list), x and
 * y inverse (two lists), and a 0/1 list marking a value.
 *
 * Lists.  With two lists of lengths n <= m, the constraint is the
 * conjunction of the binary constraints C_ij: x_i = j + ys -> y_j = i +
 * xs (and <- as well when n == m; one list is the case y = x).  The
 * propagator makes each C_ij arc consistent, in rounds until one changes
 * nothing:
 * - x_i keeps a value j + ys iff 0 <= j < m and i + xs is in D(y_j);
 * - with the converse, y_j keeps i + xs iff 0 <= i < n and j + ys is in
 *   D(x_i); without it, y_j = i + xs once some x_k (k != i) is j + ys.
 * That is the arc consistency of the decomposition, weaker than GAC on
 * the whole (it does not see that x takes distinct values): the level
 * claimed is `sound`; the XCSP3 front end posts all-different on x (and on
 * y when n == m) beside it, at the spec's alldiff= level.  Cost per round
 * O(n m) tests csp_has: each variable is first cut to the window of values
 * that index the other list, so a wide domain costs two bound moves.
 *
 * Value.  x_i = 1 iff v = i + start, each x_i in {0, 1}.  A value a of v
 * has a support iff x_{a - start} may be 1 and every other x may be 0; x_i
 * = 1 iff i + start is in D(v), x_i = 0 iff D(v) holds another value.
 * With at most one x forced to 1 (else a wipe-out) the propagator keeps
 * exactly those: GAC, in one round (a second one checks it).
 * fc runs the propagators on every assignment of a variable of the scope. */
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "channel.h"
#include "globals.h"

typedef struct ch_state {
    int n, m, xs, ys;
    int one;   /* one list: y is x */
    int value; /* the value form: scope is x_0..x_{n-1}, v */
    int64_t *gone;
    size_t cap;
} ch_state;

static void ch_destroy(void *data, size_t size) {
    (void)size;
    ch_state *s = data;
    if (s->gone) FREEN(s->gone, s->cap);
}

/* The scope positions: x_i is i, y_j is n + j (one list: j). */
static int ypos(const ch_state *s, int j) { return s->one ? j : s->n + j; }

static int ch_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const ch_state *s = c->data;
    if (s->value) {
        int64_t a = (int64_t)vals[s->n] - s->xs;
        for (int i = 0; i < s->n; i++)
            if (vals[i] != (a == i)) return 0; /* also refuses x_i outside {0, 1} */
        return a >= 0 && a < s->n;
    }
    for (int i = 0; i < s->n; i++) {
        int64_t j = (int64_t)vals[i] - s->ys;
        if (j < 0 || j >= s->m || vals[ypos(s, (int)j)] != (int64_t)i + s->xs) return 0;
    }
    if (s->one || s->n < s->m) return 1;
    for (int j = 0; j < s->m; j++) { /* the converse */
        int64_t i = (int64_t)vals[ypos(s, j)] - s->xs;
        if (i < 0 || i >= s->n || vals[i] != (int64_t)j + s->ys) return 0;
    }
    return 1;
}

/* Removes from scope[pos] the values outside lo..hi (its window: the
 * values that may index the other list), then the values a of the window
 * with !keep(a); changed set on a change.  The walk is over the window
 * only, at most the length of a list, however wide the domain. */
#define PRUNE_(pos, lo, hi, keep_expr)                                                             \
    do {                                                                                           \
        int v_ = c->scope[pos], r_;                                                                \
        if ((r_ = csp_remove_below(p, v_, (lo))) == CSP_WIPEOUT) return CSP_WIPEOUT;               \
        changed |= r_ == CSP_CHANGED;                                                              \
        if ((r_ = csp_remove_above(p, v_, (hi))) == CSP_WIPEOUT) return CSP_WIPEOUT;               \
        changed |= r_ == CSP_CHANGED;                                                              \
        size_t ng_ = 0;                                                                            \
        CSP_FOR_VALUES(p, v_, a) {                                                                 \
            if (keep_expr) continue;                                                               \
            GROW(&s->gone, &s->cap, ng_ + 1);                                                      \
            s->gone[ng_++] = a;                                                                    \
        }                                                                                          \
        r_ = csp_remove_values(p, v_, s->gone, ng_);                                               \
        if (r_ == CSP_WIPEOUT) return CSP_WIPEOUT;                                                 \
        changed |= r_ == CSP_CHANGED;                                                              \
    } while (0)

static int lists_round(csp *p, csp_con *c, int *any) {
    ch_state *s = c->data;
    int changed = 0;
    for (int i = 0; i < s->n; i++)
        PRUNE_(i, s->ys, (int64_t)s->ys + s->m - 1,
               a - s->ys >= 0 && a - s->ys < s->m &&
                   csp_has(p, c->scope[ypos(s, (int)(a - s->ys))], (int64_t)i + s->xs));
    if (!s->one && s->n == s->m) {
        for (int j = 0; j < s->m; j++)
            PRUNE_(ypos(s, j), s->xs, (int64_t)s->xs + s->n - 1,
                   a - s->xs >= 0 && a - s->xs < s->n &&
                       csp_has(p, c->scope[a - s->xs], (int64_t)j + s->ys));
    } else if (!s->one) {
        for (int i = 0; i < s->n; i++) {
            int xi = c->scope[i];
            if (!csp_single(p, xi)) continue;
            int j = csp_min(p, xi) - s->ys, y = c->scope[ypos(s, j)]; /* 0 <= j < m: pruned above */
            if (!csp_has(p, y, (int64_t)i + s->xs)) return CSP_WIPEOUT;
            int r = csp_keep(p, y, (int64_t)i + s->xs);
            if (r == CSP_WIPEOUT) return r;
            changed |= r == CSP_CHANGED;
        }
    }
    *any |= changed;
    return changed;
}

static int value_round(csp *p, csp_con *c, int *any) {
    ch_state *s = c->data;
    int n = s->n, v = c->scope[n], changed = 0, forced = -1, r;
    for (int i = 0; i < n; i++) {
        int xi = c->scope[i];
        if ((r = csp_remove_below(p, xi, 0)) == CSP_WIPEOUT ||
            (changed |= r == CSP_CHANGED, r = csp_remove_above(p, xi, 1)) == CSP_WIPEOUT)
            return CSP_WIPEOUT;
        changed |= r == CSP_CHANGED;
        if (csp_min(p, xi) == 1) {
            if (forced >= 0) return CSP_WIPEOUT;
            forced = i;
        }
    }
    if (forced >= 0) {
        if (!csp_has(p, v, (int64_t)forced + s->xs)) return CSP_WIPEOUT;
        if ((r = csp_keep(p, v, (int64_t)forced + s->xs)) == CSP_WIPEOUT) return r;
        changed |= r == CSP_CHANGED;
    }
    PRUNE_(n, s->xs, (int64_t)s->xs + n - 1,
           a - s->xs >= 0 && a - s->xs < n && csp_max(p, c->scope[a - s->xs]) == 1);
    for (int i = 0; i < n; i++) {
        int xi = c->scope[i];
        int64_t a = (int64_t)i + s->xs;
        if (!csp_has(p, v, a))
            r = csp_remove_above(p, xi, 0);
        else if (csp_single(p, v))
            r = csp_remove_below(p, xi, 1);
        else
            continue;
        if (r == CSP_WIPEOUT) return r;
        changed |= r == CSP_CHANGED;
    }
    *any |= changed;
    return changed;
}

static int ch_propagate(csp *p, csp_con *c) {
    const ch_state *s = c->data;
    int any = 0, r;
    while ((r = s->value ? value_round(p, c, &any) : lists_round(p, c, &any)) > 0) {
    }
    if (r == CSP_WIPEOUT) return r;
    return any ? CSP_CHANGED : CSP_NOCHANGE;
}

static const csp_con_ops channel_ops = {
    .name = "channel",
    .check = ch_check,
    .propagate = ch_propagate,
    .on_assign = csp_on_assign_propagate,
    .destroy = ch_destroy,
    .cost = CSP_COST_CHEAP,
    .wake = CSP_WAKE_ANY,
    .idempotent = 1,
};

static int distinct(const int *v, int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (v[i] == v[j]) return 0;
    return 1;
}

int csp_post_channel(csp *p, const int *x, int n, int xs, const int *y, int m, int ys) {
    int one = y == NULL;
    if (one) m = n, ys = xs;
    if (n < 1 || m < n) return -1;
    int ns = one ? n : n + m, *scope = NEWN((size_t)ns, int);
    for (int i = 0; i < n; i++) scope[i] = x[i];
    for (int j = 0; !one && j < m; j++) scope[n + j] = y[j];
    int id = -1;
    if (distinct(scope, ns)) {
        ch_state s = {.n = n, .m = m, .xs = xs, .ys = ys, .one = one};
        id = csp_add_con(p, &channel_ops, scope, ns, &s, sizeof s);
    }
    FREEN(scope, (size_t)ns);
    return id;
}

int csp_post_channel_value(csp *p, const int *x, int n, int v, int start) {
    if (n < 1) return -1;
    int *scope = NEWN((size_t)n + 1, int), id = -1;
    for (int i = 0; i < n; i++) scope[i] = x[i];
    scope[n] = v;
    if (distinct(scope, n + 1)) {
        ch_state s = {.n = n, .m = 0, .xs = start, .value = 1};
        id = csp_add_con(p, &channel_ops, scope, n + 1, &s, sizeof s);
    }
    FREEN(scope, (size_t)n + 1);
    return id;
}

/* ==== the registry's entries (globals.h) =================================== */

static void random_channel(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 2), m = rng_below(g, 3) ? n : n + 1, x[3], y[4];
    int one = rng_below(g, 3) == 0, xs = (int)rng_below(g, 2), ys = one ? xs : (int)rng_below(g, 2);
    for (int i = 0; i < n; i++)
        x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), ys - 1, ys + m);
    for (int j = 0; !one && j < m; j++)
        y[j] = csp_random_var(p, g, 1 + (int)rng_below(g, 4), xs - 1, xs + n);
    csp_post_channel(p, x, n, xs, one ? NULL : y, m, ys);
}

static void random_channel_value(csp *p, rng *g) {
    int n = 2 + (int)rng_below(g, 3), x[4], start = (int)rng_below(g, 3) - 1;
    for (int i = 0; i < n; i++)
        x[i] = csp_random_var(p, g, 1 + (int)rng_below(g, 2), 0, 1 + (int)rng_below(g, 2));
    int v = csp_random_var(p, g, 1 + (int)rng_below(g, (uint64_t)n + 2), start - 1, start + n);
    csp_post_channel_value(p, x, n, v, start);
}

const csp_global csp_global_channel = {
    "channel", "x an involution (x_i = j iff x_j = i), or x and y inverse (x_i = j -> y_j = i)",
    "the arc consistency of the binary decomposition (sound; the front end adds all-different)",
    CSP_LEVEL_SOUND, random_channel};
const csp_global csp_global_channel_value = {
    "channel-value", "x_i = 1 iff v = i (a 0/1 list marks the value of v)",
    "GAC: v keeps the i whose x_i may be 1; x_i is 1 or 0 as v's domain allows", CSP_LEVEL_GAC,
    random_channel_value};
