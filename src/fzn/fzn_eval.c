/* fzn_eval.c - the checker's meaning of each FlatZinc builtin: whether
 * a solution (one value per variable) satisfies it, in plain integer
 * arithmetic (128-bit sums, so nothing overflows), written from the
 * FlatZinc specification and sharing no code with the propagators that
 * post it (fzn_post*.c, src/csp), so that a propagator's bug shows as a
 * wrong answer. */
#include <string.h>

#include "fzn_eval.h"

__extension__ typedef __int128 big; /* GCC and clang: no overflow in sums */

static int64_t val(const fzn_con *c, int k, const int *sol) { return fzn_value(c->args[k].t, sol); }
static int64_t elem(const fzn_con *c, int k, int i, const int *sol) {
    return fzn_value(c->args[k].a[i], sol);
}

/* The core relation t tied to the control argument at index k. */
static int reif(const fzn_con *c, int k, const int *sol, int t) {
    return (val(c, k, sol) != 0) == t;
}
static int imp(const fzn_con *c, int k, const int *sol, int t) { return !val(c, k, sol) || t; }

/* ==== linear ============================================================== */

static big lin_sum(const fzn_con *c, const int *sol) {
    big s = 0;
    for (int i = 0; i < c->args[1].n; i++) s += (big)elem(c, 0, i, sol) * elem(c, 1, i, sol);
    return s;
}
#define LIN_EVAL(op, rel)                                                                          \
    int fzn_eval_lin_##op(const fzn_con *c, const int *sol) {                                      \
        int t = lin_sum(c, sol) rel(big) val(c, 2, sol);                                           \
        return c->nargs > 3 ? reif(c, 3, sol, t) : t;                                              \
    }                                                                                              \
    int fzn_eval_lin_##op##_imp(const fzn_con *c, const int *sol) {                                \
        return imp(c, 3, sol, lin_sum(c, sol) rel(big) val(c, 2, sol));                            \
    }
LIN_EVAL(eq, ==)
LIN_EVAL(le, <=)
LIN_EVAL(ne, !=)

#define CMP_EVAL(op, rel)                                                                          \
    int fzn_eval_##op(const fzn_con *c, const int *sol) {                                          \
        int t = val(c, 0, sol) rel val(c, 1, sol);                                                 \
        return c->nargs > 2 ? reif(c, 2, sol, t) : t;                                              \
    }                                                                                              \
    int fzn_eval_##op##_imp(const fzn_con *c, const int *sol) {                                    \
        return imp(c, 2, sol, val(c, 0, sol) rel val(c, 1, sol));                                  \
    }
CMP_EVAL(eq, ==)
CMP_EVAL(ne, !=)
CMP_EVAL(le, <=)
CMP_EVAL(lt, <)

int fzn_eval_plus(const fzn_con *c, const int *sol) {
    return (big)val(c, 0, sol) + val(c, 1, sol) == val(c, 2, sol);
}

/* ==== Booleans ============================================================ */

static int clause_holds(const fzn_con *c, const int *sol) {
    for (int i = 0; i < c->args[0].n; i++)
        if (elem(c, 0, i, sol)) return 1;
    for (int i = 0; i < c->args[1].n; i++)
        if (!elem(c, 1, i, sol)) return 1;
    return 0;
}
int fzn_eval_clause(const fzn_con *c, const int *sol) { return clause_holds(c, sol); }
int fzn_eval_clause_reif(const fzn_con *c, const int *sol) {
    return reif(c, 2, sol, clause_holds(c, sol));
}
int fzn_eval_clause_imp(const fzn_con *c, const int *sol) {
    return imp(c, 2, sol, clause_holds(c, sol));
}

static int all_true(const fzn_con *c, const int *sol) {
    for (int i = 0; i < c->args[0].n; i++)
        if (!elem(c, 0, i, sol)) return 0;
    return 1;
}
static int any_true(const fzn_con *c, const int *sol) {
    for (int i = 0; i < c->args[0].n; i++)
        if (elem(c, 0, i, sol)) return 1;
    return 0;
}
int fzn_eval_array_and(const fzn_con *c, const int *sol) {
    return reif(c, 1, sol, all_true(c, sol));
}
int fzn_eval_array_or(const fzn_con *c, const int *sol) {
    return reif(c, 1, sol, any_true(c, sol));
}
int fzn_eval_array_and_imp(const fzn_con *c, const int *sol) {
    return imp(c, 1, sol, all_true(c, sol));
}
int fzn_eval_array_or_imp(const fzn_con *c, const int *sol) {
    return imp(c, 1, sol, any_true(c, sol));
}
int fzn_eval_array_xor(const fzn_con *c, const int *sol) {
    int odd = 0;
    for (int i = 0; i < c->args[0].n; i++) odd ^= elem(c, 0, i, sol) != 0;
    return odd;
}

int fzn_eval_and(const fzn_con *c, const int *sol) {
    return reif(c, 2, sol, val(c, 0, sol) && val(c, 1, sol));
}
int fzn_eval_or(const fzn_con *c, const int *sol) {
    return reif(c, 2, sol, val(c, 0, sol) || val(c, 1, sol));
}
int fzn_eval_xor(const fzn_con *c, const int *sol) {
    return reif(c, 2, sol, !val(c, 0, sol) != !val(c, 1, sol));
}
int fzn_eval_and_imp(const fzn_con *c, const int *sol) {
    return imp(c, 2, sol, val(c, 0, sol) && val(c, 1, sol));
}
int fzn_eval_or_imp(const fzn_con *c, const int *sol) {
    return imp(c, 2, sol, val(c, 0, sol) || val(c, 1, sol));
}
int fzn_eval_xor_imp(const fzn_con *c, const int *sol) {
    return imp(c, 2, sol, !val(c, 0, sol) != !val(c, 1, sol));
}
int fzn_eval_not(const fzn_con *c, const int *sol) { return !val(c, 0, sol) == !!val(c, 1, sol); }

/* ==== arithmetic ========================================================== */

int fzn_eval_times(const fzn_con *c, const int *sol) {
    return (big)val(c, 0, sol) * val(c, 1, sol) == val(c, 2, sol);
}
int fzn_eval_div(const fzn_con *c, const int *sol) {
    int64_t y = val(c, 1, sol);
    return y != 0 && val(c, 0, sol) / y == val(c, 2, sol); /* C truncates, as FlatZinc */
}
int fzn_eval_mod(const fzn_con *c, const int *sol) {
    int64_t y = val(c, 1, sol);
    return y != 0 && val(c, 0, sol) % y == val(c, 2, sol);
}
int fzn_eval_pow(const fzn_con *c, const int *sol) {
    int64_t x = val(c, 0, sol), y = val(c, 1, sol), z = val(c, 2, sol);
    if (y < 0) return 0;
    big r = 1;
    for (int64_t i = 0; i < y; i++) {
        r *= x;
        if (r > ((big)1 << 40) || r < -((big)1 << 40)) return 0; /* far past any 32-bit z */
    }
    return r == z;
}
int fzn_eval_abs(const fzn_con *c, const int *sol) {
    int64_t x = val(c, 0, sol);
    return (x < 0 ? -x : x) == val(c, 1, sol);
}
int fzn_eval_min(const fzn_con *c, const int *sol) {
    int64_t x = val(c, 0, sol), y = val(c, 1, sol);
    return (x < y ? x : y) == val(c, 2, sol);
}
int fzn_eval_max(const fzn_con *c, const int *sol) {
    int64_t x = val(c, 0, sol), y = val(c, 1, sol);
    return (x > y ? x : y) == val(c, 2, sol);
}
static int array_extreme(const fzn_con *c, const int *sol, int max) {
    if (c->args[1].n == 0) return 0;
    int64_t m = elem(c, 1, 0, sol);
    for (int i = 1; i < c->args[1].n; i++) {
        int64_t x = elem(c, 1, i, sol);
        if (max ? x > m : x < m) m = x;
    }
    return m == val(c, 0, sol);
}
int fzn_eval_array_min(const fzn_con *c, const int *sol) { return array_extreme(c, sol, 0); }
int fzn_eval_array_max(const fzn_con *c, const int *sol) { return array_extreme(c, sol, 1); }
int fzn_eval_element(const fzn_con *c, const int *sol) {
    int64_t i = val(c, 0, sol);
    return i >= 1 && i <= c->args[1].n && elem(c, 1, (int)(i - 1), sol) == val(c, 2, sol);
}

/* ==== sets ================================================================ */

static int member(const fzn_con *c, const int *sol) {
    int64_t x = val(c, 0, sol);
    const fzn_arg *s = &c->args[1];
    for (int j = 0; j < s->n; j++)
        if (x >= s->iv[2 * j] && x <= s->iv[2 * j + 1]) return 1;
    return 0;
}
int fzn_eval_set_in(const fzn_con *c, const int *sol) { return member(c, sol); }
int fzn_eval_set_in_reif(const fzn_con *c, const int *sol) {
    return reif(c, 2, sol, member(c, sol));
}
int fzn_eval_set_in_imp(const fzn_con *c, const int *sol) { return imp(c, 2, sol, member(c, sol)); }
