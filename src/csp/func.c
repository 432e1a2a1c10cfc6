/* func.c - z = f(x, y) for division, modulo, power and absolute value
 * (func.h).
 *
 * When x and y have at most FUNC_PAIRS pairs of values, every pair is
 * evaluated and each of x, y, z keeps the values that take part in a pair
 * with f defined and its value in z's domain: GAC.  Past that, sound
 * bounds only: abs keeps z >= 0, z <= max |x| and |x| <= max z; the others
 * wait until x and y are fixed and then fix z (or fail when f is
 * undefined there).  fc runs the propagator on each assignment. */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "func.h"
#include "globals.h"

#define FUNC_PAIRS 4096

typedef struct func_state {
    int func, unary; /* unary: abs (scope x, z) */
} func_state;

/* f(x, y) into *z; 0 when undefined (or past 32 bits). */
static int func_eval(int func, int64_t x, int64_t y, int64_t *z) {
    switch (func) {
    case CSP_FUNC_DIV:
        if (y == 0) return 0;
        *z = x / y;
        break;
    case CSP_FUNC_MOD:
        if (y == 0) return 0;
        *z = x % y;
        break;
    case CSP_FUNC_POW: {
        if (y < 0) return 0; /* FlatZinc: an error; no integer value */
        int64_t r = 1;
        for (int64_t i = 0; i < y; i++) {
            r *= x;
            if (r > INT32_MAX || r < INT32_MIN) return 0;
            if (r == 0 || r == 1) break; /* stays */
            if (r == -1) {
                r = (y - i - 1) % 2 ? -r : r;
                break;
            }
        }
        *z = r;
        break;
    }
    default:
        *z = x < 0 ? -x : x;
    }
    return *z >= INT32_MIN && *z <= INT32_MAX;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int func_exact(csp *p, const func_state *s, int x, int y, int z) {
    int64_t sx = csp_size(p, x), sy = s->unary ? 1 : csp_size(p, y);
    int64_t *xs = NEWN((size_t)sx, int64_t), *ys = NEWN((size_t)sy, int64_t);
    int64_t *zs = NEWN((size_t)(sx * sy), int64_t);
    unsigned char *xok = NEWN((size_t)sx, unsigned char), *yok = NEWN((size_t)sy, unsigned char);
    int64_t i = 0, nz = 0;
    for (int64_t v = csp_min(p, x); v != CSP_NOVAL; v = csp_next(p, x, v)) xs[i++] = v;
    i = 0;
    if (s->unary)
        ys[0] = 0;
    else
        for (int64_t v = csp_min(p, y); v != CSP_NOVAL; v = csp_next(p, y, v)) ys[i++] = v;
    for (int64_t a = 0; a < sx; a++)
        for (int64_t b = 0; b < sy; b++) {
            int64_t r;
            if (func_eval(s->func, xs[a], ys[b], &r) && csp_has(p, z, r))
                xok[a] = yok[b] = 1, zs[nz++] = r;
        }
    int r = nz ? CSP_NOCHANGE : CSP_WIPEOUT;
    if (nz) {
        qsort(zs, (size_t)nz, sizeof *zs, cmp64);
        for (int64_t a = 0; a < sx && r != CSP_WIPEOUT; a++)
            if (!xok[a] && csp_remove(p, x, xs[a]) == CSP_CHANGED) r = CSP_CHANGED;
        for (int64_t b = 0; !s->unary && b < sy; b++)
            if (!yok[b] && csp_remove(p, y, ys[b]) == CSP_CHANGED) r = CSP_CHANGED;
        int rr = csp_remove_below(p, z, zs[0]);
        if (rr == CSP_CHANGED) r = CSP_CHANGED;
        rr = csp_remove_above(p, z, zs[nz - 1]);
        if (rr == CSP_CHANGED) r = CSP_CHANGED;
        for (int64_t v = csp_min(p, z); v != CSP_NOVAL;) {
            int64_t next = csp_next(p, z, v);
            if (!bsearch(&v, zs, (size_t)nz, sizeof *zs, cmp64) &&
                csp_remove(p, z, v) == CSP_CHANGED)
                r = CSP_CHANGED;
            v = next;
        }
    }
    FREEN(xs, (size_t)sx), FREEN(ys, (size_t)sy), FREEN(zs, (size_t)(sx * sy));
    FREEN(xok, (size_t)sx), FREEN(yok, (size_t)sy);
    return r;
}

static int func_propagate(csp *p, csp_con *c) {
    const func_state *s = c->data;
    int x = c->scope[0], y = s->unary ? -1 : c->scope[1], z = c->scope[c->arity - 1];
    int64_t sx = csp_size(p, x), sy = s->unary ? 1 : csp_size(p, y);
    if (sx <= FUNC_PAIRS && sy <= FUNC_PAIRS && sx * sy <= FUNC_PAIRS)
        return func_exact(p, s, x, y, z);
    int r = CSP_NOCHANGE;
    if (s->func == CSP_FUNC_ABS) {
        int64_t m =
            -(int64_t)csp_min(p, x) > csp_max(p, x) ? -(int64_t)csp_min(p, x) : csp_max(p, x);
        CSP_MERGE(r, csp_remove_below(p, z, 0));
        CSP_MERGE(r, csp_remove_above(p, z, m));
        CSP_MERGE(r, csp_remove_below(p, x, -(int64_t)csp_max(p, z)));
        CSP_MERGE(r, csp_remove_above(p, x, csp_max(p, z)));
        return r;
    }
    if (csp_single(p, x) && csp_single(p, y)) {
        int64_t v;
        if (!func_eval(s->func, csp_min(p, x), csp_min(p, y), &v)) return CSP_WIPEOUT;
        return csp_keep(p, z, v);
    }
    return r;
}

static int func_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const func_state *s = c->data;
    int64_t r;
    return func_eval(s->func, vals[0], s->unary ? 0 : vals[1], &r) && r == vals[c->arity - 1];
}

static const csp_con_ops func_ops = {
    .name = "func",
    .check = func_check,
    .propagate = func_propagate,
    .on_assign = csp_on_assign_propagate,
    .cost = CSP_COST_EXPENSIVE,
};

int csp_post_func(csp *p, int func, int x, int y, int z) {
    func_state s = {.func = func, .unary = func == CSP_FUNC_ABS};
    int scope[3] = {x, y, z};
    if (s.unary) scope[1] = z;
    return csp_add_con(p, &func_ops, scope, s.unary ? 2 : 3, &s, sizeof s);
}

/* x, y over -4..4, z over -5..9, any function. */
static void random_func(csp *p, rng *g) {
    int x = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -4, 4);
    int y = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -4, 4);
    int z = csp_random_var(p, g, 1 + (int)rng_below(g, 6), -5, 9);
    csp_post_func(p, (int)rng_below(g, 4), x, y, z);
}

const csp_global csp_global_func = {
    "func", "z = x div y, x mod y, x ^ y or |x| (truncating division)",
    "GAC over at most 4096 pairs of x and y; past that bounds for abs, else fixed x and y",
    CSP_LEVEL_GAC, random_func};
