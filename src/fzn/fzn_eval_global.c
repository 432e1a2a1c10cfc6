/* fzn_eval_global.c - the checker's meaning of the globals of our
 * MiniZinc library (fzn_post_global.c posts them), and of the Gecode
 * constraints that gecode-compat's FlatZinc holds (checked only: an
 * outside solver's answers), from their MiniZinc definitions, by plain
 * loops over the solution; no propagator code. */
#include "fzn_eval.h"

static int64_t val(const fzn_con *c, int k, const int *sol) { return fzn_value(c->args[k].t, sol); }
static int64_t elem(const fzn_con *c, int k, int i, const int *sol) {
    return fzn_value(c->args[k].a[i], sol);
}
static int len(const fzn_con *c, int k) { return c->args[k].n; }

int fzn_eval_all_different(const fzn_con *c, const int *sol) {
    for (int i = 0; i < len(c, 0); i++)
        for (int j = 0; j < i; j++)
            if (elem(c, 0, i, sol) == elem(c, 0, j, sol)) return 0;
    return 1;
}

int fzn_eval_alldifferent_except(const fzn_con *c, const int *sol) {
    const fzn_arg *s = &c->args[1];
    for (int i = 0; i < len(c, 0); i++) {
        int64_t x = elem(c, 0, i, sol), excepted = 0;
        for (int k = 0; k < s->n; k++) excepted |= x >= s->iv[2 * k] && x <= s->iv[2 * k + 1];
        for (int j = 0; j < i && !excepted; j++)
            if (elem(c, 0, j, sol) == x) return 0;
    }
    return 1;
}

int fzn_eval_all_equal(const fzn_con *c, const int *sol) {
    for (int i = 1; i < len(c, 0); i++)
        if (elem(c, 0, i, sol) != elem(c, 0, 0, sol)) return 0;
    return 1;
}

int fzn_eval_table(const fzn_con *c, const int *sol) {
    int n = len(c, 0);
    if (n == 0) return 1;
    for (int r = 0; r + n <= len(c, 1); r += n) {
        int match = 1;
        for (int i = 0; i < n && match; i++) match = elem(c, 1, r + i, sol) == elem(c, 0, i, sol);
        if (match) return 1;
    }
    return 0;
}

int fzn_eval_count_eq(const fzn_con *c, const int *sol) {
    int64_t k = 0;
    for (int i = 0; i < len(c, 0); i++) k += elem(c, 0, i, sol) == val(c, 1, sol);
    return k == val(c, 2, sol);
}

static int gcc(const fzn_con *c, const int *sol, int closed) {
    if (len(c, 1) != len(c, 2)) return 0;
    for (int j = 0; j < len(c, 1); j++) {
        int64_t k = 0;
        for (int i = 0; i < len(c, 0); i++) k += elem(c, 0, i, sol) == elem(c, 1, j, sol);
        if (k != elem(c, 2, j, sol)) return 0;
    }
    for (int i = 0; closed && i < len(c, 0); i++) {
        int covered = 0;
        for (int j = 0; j < len(c, 1) && !covered; j++)
            covered = elem(c, 0, i, sol) == elem(c, 1, j, sol);
        if (!covered) return 0;
    }
    return 1;
}
int fzn_eval_gcc(const fzn_con *c, const int *sol) { return gcc(c, sol, 0); }
int fzn_eval_gcc_closed(const fzn_con *c, const int *sol) { return gcc(c, sol, 1); }

int fzn_eval_regular(const fzn_con *c, const int *sol) {
    int64_t Q = val(c, 1, sol), S = val(c, 2, sol), q = val(c, 4, sol);
    for (int i = 0; i < len(c, 0); i++) {
        int64_t x = elem(c, 0, i, sol);
        if (x < 1 || x > S || q < 1 || q > Q || (q - 1) * S + x - 1 >= len(c, 3)) return 0;
        q = elem(c, 3, (int)((q - 1) * S + x - 1), sol);
        if (q == 0) return 0;
    }
    const fzn_arg *F = &c->args[5];
    for (int k = 0; k < F->n; k++)
        if (q >= F->iv[2 * k] && q <= F->iv[2 * k + 1]) return 1;
    return 0;
}

int fzn_eval_circuit(const fzn_con *c, const int *sol) {
    int n = len(c, 0);
    int64_t ofs = val(c, 1, sol), node = 0;
    if (n == 0) return 1;
    for (int step = 1; step <= n; step++) { /* n steps from node 0 visit every node once */
        int64_t next = elem(c, 0, (int)node, sol) - ofs;
        if (next < 0 || next >= n) return 0;
        node = next;
        if (node == 0) return step == n;
    }
    return 0;
}

/* Durations and heights >= 0 (MiniZinc asserts them), the capacity >= 0
 * once there is a task (its definition), and at each start time of a
 * running task the heights of the tasks running then within the capacity. */
static int cumulative(const fzn_con *c, const int *sol, int disj) {
    int n = len(c, 0);
    if (len(c, 1) != n || (!disj && len(c, 2) != n)) return 0;
    for (int i = 0; i < n; i++)
        if (elem(c, 1, i, sol) < 0 || (!disj && elem(c, 2, i, sol) < 0)) return 0;
    if (n && !disj && val(c, 3, sol) < 0) return 0;
    for (int j = 0; j < n; j++) { /* the load at each start time */
        int64_t t = elem(c, 0, j, sol), load = 0;
        for (int i = 0; i < n; i++) {
            int64_t s = elem(c, 0, i, sol), d = elem(c, 1, i, sol);
            int64_t r = disj ? 1 : elem(c, 2, i, sol);
            if (d > 0 && r > 0 && s <= t && t < s + d) load += r;
        }
        int64_t jd = elem(c, 1, j, sol), jr = disj ? 1 : elem(c, 2, j, sol);
        if (jd > 0 && jr > 0 && load > (disj ? 1 : val(c, 3, sol))) return 0;
    }
    return 1;
}
int fzn_eval_cumulative(const fzn_con *c, const int *sol) { return cumulative(c, sol, 0); }
int fzn_eval_disjunctive(const fzn_con *c, const int *sol) { return cumulative(c, sol, 1); }

/* Weights >= 0 (MiniZinc asserts them), every item in a bin first ..
 * first + m - 1, and each load the weight of its bin's items. */
int fzn_eval_bin_packing_load(const fzn_con *c, const int *sol) {
    int m = len(c, 0), n = len(c, 1);
    int64_t first = val(c, 3, sol);
    if (len(c, 2) != n) return 0;
    for (int i = 0; i < n; i++)
        if (elem(c, 2, i, sol) < 0 || elem(c, 1, i, sol) < first || elem(c, 1, i, sol) >= first + m)
            return 0;
    for (int k = 0; k < m; k++) {
        int64_t load = 0;
        for (int i = 0; i < n; i++)
            if (elem(c, 1, i, sol) == first + k) load += elem(c, 2, i, sol);
        if (load != elem(c, 0, k, sol)) return 0;
    }
    return 1;
}

int fzn_eval_inverse(const fzn_con *c, const int *sol) {
    int n = len(c, 0), m = len(c, 1);
    int64_t fo = val(c, 2, sol), io = val(c, 3, sol);
    if (n != m) return 0;
    for (int i = 0; i < n; i++) {
        int64_t j = elem(c, 0, i, sol) - io;
        if (j < 0 || j >= m || elem(c, 1, (int)j, sol) != i + fo) return 0;
    }
    for (int j = 0; j < m; j++) {
        int64_t i = elem(c, 1, j, sol) - fo;
        if (i < 0 || i >= n || elem(c, 0, (int)i, sol) != j + io) return 0;
    }
    return 1;
}

static int lex(const fzn_con *c, const int *sol, int strict) {
    for (int i = 0; i < len(c, 0) && i < len(c, 1); i++) {
        int64_t x = elem(c, 0, i, sol), y = elem(c, 1, i, sol);
        if (x != y) return x < y;
    }
    return strict ? len(c, 0) < len(c, 1) : len(c, 0) <= len(c, 1);
}
int fzn_eval_lex_less(const fzn_con *c, const int *sol) { return lex(c, sol, 1); }
int fzn_eval_lex_lesseq(const fzn_con *c, const int *sol) { return lex(c, sol, 0); }

int fzn_eval_increasing(const fzn_con *c, const int *sol) {
    for (int i = 1; i < len(c, 0); i++)
        if (elem(c, 0, i - 1, sol) > elem(c, 0, i, sol)) return 0;
    return 1;
}

int fzn_eval_nvalue(const fzn_con *c, const int *sol) {
    int64_t k = 0;
    for (int i = 0; i < len(c, 1); i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++) first = elem(c, 1, j, sol) != elem(c, 1, i, sol);
        k += first;
    }
    return k == val(c, 0, sol);
}

/* ---- Gecode's constraints (gecode-compat's library), checked only ---- */

/* c with its arguments taken in the order of idx (n of them). */
static fzn_con reordered(const fzn_con *c, fzn_arg *args, const int *idx, int n) {
    fzn_con r = *c;
    for (int i = 0; i < n; i++) args[i] = c->args[idx[i]];
    r.args = args, r.nargs = n;
    return r;
}

/* gecode_circuit(offset, x): searchlab_circuit(x, offset) */
int fzn_eval_gecode_circuit(const fzn_con *c, const int *sol) {
    fzn_arg a[2];
    fzn_con r = reordered(c, a, (const int[]){1, 0}, 2);
    return fzn_eval_circuit(&r, sol);
}

/* inverse_offsets(f, foff, invf, invfoff): f's values are offset by foff
 * (invf's first index), invf's by invfoff (f's first index) */
int fzn_eval_inverse_offsets(const fzn_con *c, const int *sol) {
    fzn_arg a[4];
    fzn_con r = reordered(c, a, (const int[]){0, 2, 3, 1}, 4);
    return fzn_eval_inverse(&r, sol);
}

/* gecode_member_int(x, y): y is one of x */
int fzn_eval_member(const fzn_con *c, const int *sol) {
    for (int i = 0; i < len(c, 0); i++)
        if (elem(c, 0, i, sol) == val(c, 1, sol)) return 1;
    return 0;
}

/* gecode_count_imp(x, y, c, r): r -> count(x = y) = c */
int fzn_eval_count_imp(const fzn_con *c, const int *sol) {
    return !val(c, 3, sol) || fzn_eval_count_eq(c, sol);
}

/* gecode_nooverlap(x, w, y, h): MiniZinc's diffn, pairwise: one rectangle
 * left of, right of, below or above the other */
int fzn_eval_nooverlap(const fzn_con *c, const int *sol) {
    int n = len(c, 0);
    if (len(c, 1) != n || len(c, 2) != n || len(c, 3) != n) return 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            int64_t xi = elem(c, 0, i, sol), wi = elem(c, 1, i, sol), yi = elem(c, 2, i, sol),
                    hi = elem(c, 3, i, sol), xj = elem(c, 0, j, sol), wj = elem(c, 1, j, sol),
                    yj = elem(c, 2, j, sol), hj = elem(c, 3, j, sol);
            if (!(xi + wi <= xj || xj + wj <= xi || yi + hi <= yj || yj + hj <= yi)) return 0;
        }
    return 1;
}

/* gecode_count_reif(x, y, c, r): r <-> count(x = y) = c */
int fzn_eval_count_reif(const fzn_con *c, const int *sol) {
    return !val(c, 3, sol) == !fzn_eval_count_eq(c, sol);
}

/* gecode_schedule_unary(s, p): MiniZinc's disjunctive_strict with the
 * durations p: no two tasks overlap, zero-length ones included */
int fzn_eval_schedule_unary(const fzn_con *c, const int *sol) {
    int n = len(c, 0);
    if (len(c, 1) != n) return 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (!(elem(c, 0, i, sol) + elem(c, 1, i, sol) <= elem(c, 0, j, sol) ||
                  elem(c, 0, j, sol) + elem(c, 1, j, sol) <= elem(c, 0, i, sol)))
                return 0;
    return 1;
}

/* gecode_global_cardinality_low_up(_closed)(x, cover, lb, ub): each
 * cover[j] taken between lb[j] and ub[j] times (closed: x within cover) */
static int gcc_low_up(const fzn_con *c, const int *sol, int closed) {
    int m = len(c, 1);
    if (len(c, 2) != m || len(c, 3) != m) return 0;
    for (int j = 0; j < m; j++) {
        int64_t k = 0;
        for (int i = 0; i < len(c, 0); i++) k += elem(c, 0, i, sol) == elem(c, 1, j, sol);
        if (k < elem(c, 2, j, sol) || k > elem(c, 3, j, sol)) return 0;
    }
    for (int i = 0; closed && i < len(c, 0); i++) {
        int covered = 0;
        for (int j = 0; j < m && !covered; j++) covered = elem(c, 0, i, sol) == elem(c, 1, j, sol);
        if (!covered) return 0;
    }
    return 1;
}
int fzn_eval_gcc_low_up(const fzn_con *c, const int *sol) { return gcc_low_up(c, sol, 0); }
int fzn_eval_gcc_low_up_closed(const fzn_con *c, const int *sol) { return gcc_low_up(c, sol, 1); }
