/* fzn_read.c - the FlatZinc reader: text to fzn_inst (fzn_inst.h).
 *
 * FlatZinc 2 (MiniZinc's documentation, "FlatZinc"): predicate
 * declarations (skipped: the builtins are known by name), parameters,
 * variables, constraints and one solve item, each ending with `;`.
 * Parameters are substituted where they are used; variable aliases
 * (`var int: y = x;`) become references to x.  Floats and set variables
 * are refused at the construct that names them (file:line:col).  Every
 * failure is a diag with file:line:col; the reader never prints. */
#include <stdlib.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "fzn.h"
#include "fzn_builtin.h"
#include "fzn_token.h"

/* Values of FlatZinc integers the engine holds (32-bit variables); an
 * unbounded `var int` gets this range, the widest a declared domain may
 * have (var_domain) and Gecode's own limits (Int::Limits: +-(2^31 - 2)),
 * so a proof that no solution exists, or that no better one does, holds
 * on the same integers as Gecode's.  (It was +-10^9: a model whose only
 * solutions lie past 10^9 was proved unsatisfiable.) */
#define FZN_INT_MAX (INT32_MAX - 1)

/* ==== symbols ============================================================== */

enum sym_kind { SYM_INT, SYM_SET, SYM_VAR, SYM_ARRAY };

typedef struct sym {
    char *name;
    int kind;
    int is_bool;
    fzn_term t;  /* SYM_INT (var -1), SYM_VAR */
    fzn_term *a; /* SYM_ARRAY */
    int n;       /* SYM_ARRAY: length; SYM_SET: intervals */
    int64_t *iv; /* SYM_SET */
} sym;

typedef struct reader {
    fzn_lexer lx;
    diag *d;
    fzn_inst *in;
    sym *syms;
    size_t nsyms, syms_cap;
    int *slot; /* open addressing: index into syms + 1, 0 empty */
    size_t nslots;
} reader;

static uint64_t hash_name(const char *s, size_t n) { return fnv1a(FNV1A_OFFSET, s, n); }

static sym *sym_find(reader *rd, const char *s, size_t n) {
    if (!rd->nslots) return NULL;
    for (size_t i = hash_name(s, n) & (rd->nslots - 1);; i = (i + 1) & (rd->nslots - 1)) {
        if (!rd->slot[i]) return NULL;
        sym *y = &rd->syms[rd->slot[i] - 1];
        if (strlen(y->name) == n && !memcmp(y->name, s, n)) return y;
    }
}

static void sym_rehash(reader *rd) {
    size_t old = rd->nslots;
    if (old) FREEN(rd->slot, old);
    rd->nslots = old ? old * 2 : 256;
    rd->slot = NEWN(rd->nslots, int);
    for (size_t k = 0; k < rd->nsyms; k++) {
        size_t i = hash_name(rd->syms[k].name, strlen(rd->syms[k].name)) & (rd->nslots - 1);
        while (rd->slot[i]) i = (i + 1) & (rd->nslots - 1);
        rd->slot[i] = (int)k + 1;
    }
}

/* A new symbol named by tok t; NULL with d when the name is taken. */
static sym *sym_add(reader *rd, const fzn_token *t) {
    if (sym_find(rd, t->s, t->len)) {
        diag_at(rd->d, rd->lx.path, t->line, t->col, "'%.*s' is declared twice", (int)t->len, t->s);
        return NULL;
    }
    if (rd->nsyms > INT32_MAX / 2) {
        diag_at(rd->d, rd->lx.path, t->line, t->col, "too many declarations");
        return NULL;
    }
    GROW(&rd->syms, &rd->syms_cap, rd->nsyms + 1);
    sym *y = &rd->syms[rd->nsyms++];
    memset(y, 0, sizeof *y);
    y->name = NEWN(t->len + 1, char);
    memcpy(y->name, t->s, t->len);
    if ((rd->nsyms + 1) * 2 > rd->nslots)
        sym_rehash(rd);
    else {
        size_t i = hash_name(t->s, t->len) & (rd->nslots - 1);
        while (rd->slot[i]) i = (i + 1) & (rd->nslots - 1);
        rd->slot[i] = (int)rd->nsyms;
    }
    return y;
}

static void syms_free(reader *rd) {
    for (size_t k = 0; k < rd->nsyms; k++) {
        sym *y = &rd->syms[k];
        xfree(y->name, strlen(y->name) + 1);
        if (y->a) FREEN(y->a, (size_t)(y->n ? y->n : 1));
        if (y->iv) FREEN(y->iv, (size_t)(2 * (y->n ? y->n : 1)));
    }
    if (rd->syms) FREEN(rd->syms, rd->syms_cap);
    if (rd->slot) FREEN(rd->slot, rd->nslots);
}

/* ==== tokens =============================================================== */

static const fzn_token *cur(reader *rd) { return &rd->lx.tok; }
static int next(reader *rd) { return fzn_lex_next(&rd->lx, rd->d); }
static int is_punct(reader *rd, char c) { return cur(rd)->kind == FT_PUNCT && cur(rd)->punct == c; }
static int is_word(reader *rd, const char *w) {
    return cur(rd)->kind == FT_ID && cur(rd)->len == strlen(w) &&
           !memcmp(cur(rd)->s, w, cur(rd)->len);
}

static int fail_at(reader *rd, const fzn_token *t, const char *what) {
    if (t->kind == FT_EOF)
        return diag_at(rd->d, rd->lx.path, t->line, t->col,
                       "expected %s, found the end of the file", what);
    int n = t->len > 40 ? 40 : (int)t->len;
    return diag_at(rd->d, rd->lx.path, t->line, t->col, "expected %s, found '%.*s'", what, n, t->s);
}
static int expect(reader *rd, char c, const char *what) {
    if (!is_punct(rd, c)) return fail_at(rd, cur(rd), what);
    return next(rd);
}
static int refuse(reader *rd, const fzn_token *t, const char *what) {
    return diag_at(rd->d, rd->lx.path, t->line, t->col, "%s are not supported (docs/flatzinc.md)",
                   what);
}

/* ==== sets and intervals ================================================== */

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* vals[0..n) (any order, repeats) as sorted disjoint intervals in *iv;
 * returns their number. */
static int vals_to_iv(int64_t *vals, int n, int64_t **iv) {
    qsort(vals, (size_t)n, sizeof *vals, cmp64);
    *iv = NEWN((size_t)(2 * (n ? n : 1)), int64_t);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (k && vals[i] <= (*iv)[2 * k - 1] + 1) {
            if (vals[i] > (*iv)[2 * k - 1]) (*iv)[2 * k - 1] = vals[i];
        } else {
            (*iv)[2 * k] = (*iv)[2 * k + 1] = vals[i], k++;
        }
    }
    /* every owner frees 2 * max(k, 1) bounds */
    int64_t *exact = NEWN((size_t)(2 * (k ? k : 1)), int64_t);
    memcpy(exact, *iv, (size_t)(2 * (k ? k : 1)) * sizeof *exact);
    FREEN(*iv, (size_t)(2 * (n ? n : 1)));
    *iv = exact;
    return k;
}

/* The rest of a range `lo..hi` after lo, at the '..'. */
static int parse_range_rest(reader *rd, int64_t lo, int64_t **iv, int *niv) {
    if (expect(rd, 'R', "'..'")) return -1;
    if (cur(rd)->kind == FT_FLOAT) return refuse(rd, cur(rd), "float ranges");
    if (cur(rd)->kind != FT_INT) return fail_at(rd, cur(rd), "an integer");
    int64_t hi = cur(rd)->ival;
    if (next(rd)) return -1;
    *iv = NEWN(2, int64_t);
    if (lo > hi) {
        *niv = 0;
        return 0;
    }
    (*iv)[0] = lo, (*iv)[1] = hi, *niv = 1;
    return 0;
}

/* A set literal: `{a, b, ...}` or `lo..hi`, at the current token. */
static int parse_set_literal(reader *rd, int64_t **iv, int *niv) {
    const fzn_token t = *cur(rd);
    if (t.kind == FT_INT) return next(rd) ? -1 : parse_range_rest(rd, t.ival, iv, niv);
    if (t.kind == FT_FLOAT) return refuse(rd, &t, "float ranges");
    if (expect(rd, '{', "a set ('{...}' or 'lo..hi')")) return -1;
    int64_t *vals = NULL;
    size_t n = 0, cap = 0;
    while (!is_punct(rd, '}')) {
        if (n && expect(rd, ',', "',' or '}'")) goto bad;
        if (is_punct(rd, '}')) break;
        if (cur(rd)->kind != FT_INT) {
            fail_at(rd, cur(rd), "an integer");
            goto bad;
        }
        if (n >= (size_t)INT32_MAX / 2) {
            fail_at(rd, cur(rd), "a smaller set");
            goto bad;
        }
        GROW(&vals, &cap, n + 1);
        vals[n++] = cur(rd)->ival;
        if (next(rd)) goto bad;
    }
    if (next(rd)) goto bad;
    *niv = vals_to_iv(vals ? vals : (int64_t[1]){0}, (int)n, iv);
    if (vals) FREEN(vals, cap);
    return 0;
bad:
    if (vals) FREEN(vals, cap);
    return -1;
}

/* ==== expressions ========================================================== */

/* `[i]` after the name of array y, at the '[': its element i into *out. */
static int parse_index(reader *rd, const sym *y, fzn_term *out) {
    if (next(rd)) return -1;
    const fzn_token it = *cur(rd);
    if (it.kind != FT_INT) return fail_at(rd, &it, "an integer index");
    if (it.ival < 1 || it.ival > y->n)
        return diag_at(rd->d, rd->lx.path, it.line, it.col, "index %lld is outside %s's 1..%d",
                       (long long)it.ival, y->name, y->n);
    *out = y->a[it.ival - 1];
    if (next(rd)) return -1;
    return expect(rd, ']', "']'");
}

/* One element of an array or a scalar argument: an integer, a Boolean,
 * a variable or a scalar parameter by name, or x[i]. */
static int parse_scalar(reader *rd, fzn_term *out, int *is_bool) {
    const fzn_token t = *cur(rd);
    if (is_bool) *is_bool = 0;
    if (t.kind == FT_INT) {
        *out = (fzn_term){-1, t.ival};
        return next(rd);
    }
    if (t.kind == FT_FLOAT) return refuse(rd, &t, "float constants");
    if (t.kind != FT_ID) return fail_at(rd, &t, "a scalar (an integer, a Boolean or a name)");
    if (is_word(rd, "true") || is_word(rd, "false")) {
        *out = (fzn_term){-1, is_word(rd, "true")};
        if (is_bool) *is_bool = 1;
        return next(rd);
    }
    sym *y = sym_find(rd, t.s, t.len);
    if (!y)
        return diag_at(rd->d, rd->lx.path, t.line, t.col, "'%.*s' is not declared", (int)t.len,
                       t.s);
    if (next(rd)) return -1;
    if (is_bool) *is_bool = y->is_bool;
    if (y->kind == SYM_ARRAY && is_punct(rd, '[')) return parse_index(rd, y, out);
    if (y->kind == SYM_INT || y->kind == SYM_VAR) {
        *out = y->t;
        return 0;
    }
    return diag_at(rd->d, rd->lx.path, t.line, t.col, "'%s' is %s, not a scalar", y->name,
                   y->kind == SYM_SET ? "a set" : "an array");
}

/* `[e, ...]` into a new array *a of *n terms; all_bool: every element
 * was a Boolean. */
static int parse_array_literal(reader *rd, fzn_term **a, int *n, int *all_bool) {
    if (expect(rd, '[', "'['")) return -1;
    size_t k = 0, cap = 0;
    fzn_term *v = NULL;
    int allb = 1;
    while (!is_punct(rd, ']')) {
        if (k && expect(rd, ',', "',' or ']'")) goto bad;
        if (is_punct(rd, ']')) break;
        if (k >= (size_t)INT32_MAX / 2) {
            fail_at(rd, cur(rd), "a shorter array");
            goto bad;
        }
        GROW(&v, &cap, k + 1);
        int b;
        if (parse_scalar(rd, &v[k], &b)) goto bad;
        allb &= b, k++;
    }
    if (next(rd)) goto bad;
    *a = NEWN(k ? k : 1, fzn_term);
    if (k) memcpy(*a, v, k * sizeof *v);
    if (v) FREEN(v, cap);
    *n = (int)k;
    if (all_bool) *all_bool = allb && k;
    return 0;
bad:
    if (v) FREEN(v, cap);
    return -1;
}

/* A constraint's argument. */
static int parse_arg(reader *rd, fzn_arg *arg) {
    memset(arg, 0, sizeof *arg);
    const fzn_token t = *cur(rd);
    if (is_punct(rd, '[')) {
        arg->kind = FZN_ARRAY;
        return parse_array_literal(rd, &arg->a, &arg->n, NULL);
    }
    if (is_punct(rd, '{')) {
        arg->kind = FZN_SET;
        return parse_set_literal(rd, &arg->iv, &arg->n);
    }
    if (t.kind == FT_INT) { /* an integer, or the range lo..hi (blanks allowed around '..') */
        if (next(rd)) return -1;
        if (is_punct(rd, 'R')) {
            arg->kind = FZN_SET;
            return parse_range_rest(rd, t.ival, &arg->iv, &arg->n);
        }
        arg->kind = FZN_SCALAR, arg->t = (fzn_term){-1, t.ival};
        return 0;
    }
    if (t.kind == FT_ID) {
        sym *y = sym_find(rd, t.s, t.len);
        if (y && y->kind == SYM_SET) {
            arg->kind = FZN_SET;
            arg->n = y->n;
            arg->iv = NEWN((size_t)(2 * (y->n ? y->n : 1)), int64_t);
            if (y->n) memcpy(arg->iv, y->iv, (size_t)(2 * y->n) * sizeof *y->iv);
            return next(rd);
        }
        if (y && y->kind == SYM_ARRAY) {
            if (next(rd)) return -1;
            if (is_punct(rd, '[')) { /* x[i] */
                arg->kind = FZN_SCALAR;
                return parse_index(rd, y, &arg->t);
            }
            arg->kind = FZN_ARRAY, arg->n = y->n;
            arg->a = NEWN((size_t)(y->n ? y->n : 1), fzn_term);
            if (y->n) memcpy(arg->a, y->a, (size_t)y->n * sizeof *y->a);
            return 0;
        }
    }
    arg->kind = FZN_SCALAR;
    return parse_scalar(rd, &arg->t, NULL);
}

static void arg_free(fzn_arg *a) {
    if (a->a) FREEN(a->a, (size_t)(a->n ? a->n : 1));
    if (a->iv) FREEN(a->iv, (size_t)(2 * (a->n ? a->n : 1)));
}

/* ==== annotations ========================================================== */

/* A parsed annotation expression (only what the reader interprets is
 * kept: names, calls with their arguments, integers, ranges, arrays). */
typedef struct ann {
    int kind; /* 'c' call or name, 'i' integer, 'r' range, 'a' array, 's' string */
    const char *s;
    size_t len;
    int line, col;
    int64_t lo, hi;
    struct ann *kid; /* arguments or elements */
    int nkids;
} ann;

static void ann_free(ann *a) {
    for (int i = 0; i < a->nkids; i++) ann_free(&a->kid[i]);
    if (a->kid) FREEN(a->kid, (size_t)a->nkids);
}

static int parse_ann(reader *rd, ann *a, int depth);

/* Elements until close into a->kid. */
static int parse_ann_list(reader *rd, ann *a, char close, int depth) {
    size_t cap = 0;
    ann *k = NULL;
    int n = 0;
    while (!is_punct(rd, close)) {
        if (n && expect(rd, ',', close == ')' ? "',' or ')'" : "',' or ']'")) goto bad;
        if (is_punct(rd, close)) break;
        GROW(&k, &cap, (size_t)n + 1);
        memset(&k[n], 0, sizeof *k);
        if (parse_ann(rd, &k[n++], depth + 1)) goto bad;
    }
    a->kid = n ? NEWN((size_t)n, ann) : NULL;
    if (n) memcpy(a->kid, k, (size_t)n * sizeof *k);
    a->nkids = n;
    if (k) FREEN(k, cap);
    return next(rd);
bad:
    for (int i = 0; i < n; i++) ann_free(&k[i]);
    if (k) FREEN(k, cap);
    return -1;
}

static int parse_ann(reader *rd, ann *a, int depth) {
    const fzn_token t = *cur(rd);
    memset(a, 0, sizeof *a);
    a->s = t.s, a->len = t.len, a->line = t.line, a->col = t.col;
    if (depth > 64) return fail_at(rd, &t, "a less deeply nested annotation");
    if (t.kind == FT_INT) {
        a->kind = 'i', a->lo = a->hi = t.ival;
        if (next(rd)) return -1;
        if (is_punct(rd, 'R')) {
            if (next(rd)) return -1;
            if (cur(rd)->kind != FT_INT) return fail_at(rd, cur(rd), "an integer");
            a->kind = 'r', a->hi = cur(rd)->ival;
            return next(rd);
        }
        return 0;
    }
    if (t.kind == FT_STR || t.kind == FT_FLOAT) {
        a->kind = 's';
        return next(rd);
    }
    if (is_punct(rd, '[')) {
        a->kind = 'a';
        if (next(rd)) return -1;
        return parse_ann_list(rd, a, ']', depth);
    }
    if (is_punct(rd, '{')) { /* a set: kept as a string */
        a->kind = 's';
        while (!is_punct(rd, '}'))
            if (cur(rd)->kind == FT_EOF || next(rd)) return fail_at(rd, cur(rd), "'}'");
        return next(rd);
    }
    if (t.kind != FT_ID) return fail_at(rd, &t, "an annotation");
    a->kind = 'c';
    if (next(rd)) return -1;
    if (is_punct(rd, '[')) { /* x[i] */
        if (next(rd)) return -1;
        if (cur(rd)->kind != FT_INT) return fail_at(rd, cur(rd), "an integer index");
        a->lo = cur(rd)->ival, a->kind = 'x';
        if (next(rd)) return -1;
        return expect(rd, ']', "']'");
    }
    if (!is_punct(rd, '(')) return 0;
    if (next(rd)) return -1;
    return parse_ann_list(rd, a, ')', depth);
}

static int ann_is(const ann *a, const char *name) {
    return a->kind == 'c' && a->len == strlen(name) && !memcmp(a->s, name, a->len);
}

/* `:: ann :: ann ...` into a list (the caller frees it with ann_free). */
static int parse_anns(reader *rd, ann *list) {
    memset(list, 0, sizeof *list);
    list->kind = 'a';
    size_t cap = 0;
    while (is_punct(rd, 'C')) {
        GROW(&list->kid, &cap, (size_t)list->nkids + 1);
        memset(&list->kid[list->nkids], 0, sizeof *list->kid);
        /* on failure the one being read too: it may hold its arguments (a
         * token after its ')' was bad) */
        if (next(rd) || parse_ann(rd, &list->kid[list->nkids], 0)) {
            for (int i = 0; i <= list->nkids; i++) ann_free(&list->kid[i]);
            FREEN(list->kid, cap);
            list->kid = NULL, list->nkids = 0;
            return -1;
        }
        list->nkids++;
    }
    if (list->kid && cap != (size_t)list->nkids) { /* exact size for ann_free */
        ann *k = list->kid;
        list->kid = list->nkids ? NEWN((size_t)list->nkids, ann) : NULL;
        if (list->nkids) memcpy(list->kid, k, (size_t)list->nkids * sizeof *k);
        FREEN(k, cap);
    }
    return 0;
}

/* ==== declarations ========================================================= */

typedef struct type {
    int is_var, is_array, is_bool;
    int64_t len; /* arrays */
    int64_t *iv; /* var domain (owned here until moved); NULL: unbounded */
    int niv;
    int is_set_par; /* set of int parameter */
} type;

/* The base type after `var` or the element type of a par array. */
static int parse_base(reader *rd, type *ty) {
    const fzn_token t = *cur(rd);
    if (is_word(rd, "bool")) {
        ty->is_bool = 1;
        return next(rd);
    }
    if (is_word(rd, "int")) return next(rd);
    if (is_word(rd, "float") || t.kind == FT_FLOAT)
        return refuse(rd, &t, ty->is_var ? "float variables (var float)" : "float parameters");
    if (is_word(rd, "set")) {
        if (ty->is_var) return refuse(rd, &t, "set variables (var set of int)");
        if (next(rd)) return -1;
        if (!is_word(rd, "of")) return fail_at(rd, cur(rd), "'of'");
        if (next(rd)) return -1;
        if (!is_word(rd, "int")) {
            if (cur(rd)->kind == FT_INT || is_punct(rd, '{')) { /* set of 1..3 */
                int64_t *iv;
                int n;
                if (parse_set_literal(rd, &iv, &n)) return -1;
                FREEN(iv, (size_t)(2 * (n ? n : 1)));
            } else
                return fail_at(rd, cur(rd), "'int'");
        } else if (next(rd))
            return -1;
        ty->is_set_par = 1;
        return 0;
    }
    if (ty->is_var && (t.kind == FT_INT || is_punct(rd, '{'))) {
        return parse_set_literal(rd, &ty->iv, &ty->niv);
    }
    return fail_at(rd, &t, "a type (bool, int, a range or a set)");
}

static int parse_type(reader *rd, type *ty) {
    memset(ty, 0, sizeof *ty);
    if (is_word(rd, "array")) {
        ty->is_array = 1;
        if (next(rd) || expect(rd, '[', "'['")) return -1;
        if (cur(rd)->kind != FT_INT || cur(rd)->ival != 1)
            return fail_at(rd, cur(rd), "an index set 1..n");
        if (next(rd) || expect(rd, 'R', "'..'")) return -1;
        if (cur(rd)->kind != FT_INT || cur(rd)->ival < 0 || cur(rd)->ival > INT32_MAX / 2)
            return fail_at(rd, cur(rd), "the array's length");
        ty->len = cur(rd)->ival;
        if (next(rd) || expect(rd, ']', "']'")) return -1;
        if (!is_word(rd, "of")) return fail_at(rd, cur(rd), "'of'");
        if (next(rd)) return -1;
    }
    if (is_word(rd, "var")) {
        ty->is_var = 1;
        if (next(rd)) return -1;
    }
    return parse_base(rd, ty);
}

/* The domain of a new variable of type ty, checked against the engine's
 * 32-bit values. */
static int var_domain(reader *rd, const type *ty, const fzn_token *at, int64_t **iv, int *niv) {
    if (ty->is_bool) {
        *iv = NEWN(2, int64_t);
        (*iv)[0] = 0, (*iv)[1] = 1, *niv = 1;
        return 0;
    }
    if (!ty->iv) {
        *iv = NEWN(2, int64_t);
        (*iv)[0] = -FZN_INT_MAX, (*iv)[1] = FZN_INT_MAX, *niv = 1;
        return 0;
    }
    if (ty->niv && (ty->iv[0] < INT32_MIN + 1 || ty->iv[2 * ty->niv - 1] > INT32_MAX - 1))
        return diag_at(rd->d, rd->lx.path, at->line, at->col,
                       "a domain past the engine's 32-bit integers");
    *iv = NEWN((size_t)(2 * (ty->niv ? ty->niv : 1)), int64_t);
    if (ty->niv) memcpy(*iv, ty->iv, (size_t)(2 * ty->niv) * sizeof **iv);
    *niv = ty->niv;
    return 0;
}

static int new_var(reader *rd, const char *name, size_t nlen, int64_t *iv, int niv, int is_bool) {
    fzn_inst *in = rd->in;
    if (in->nvars >= INT32_MAX / 4) return -1;
    GROW(&in->vars, &in->vars_cap, (size_t)in->nvars + 1);
    fzn_var *v = &in->vars[in->nvars];
    memset(v, 0, sizeof *v);
    v->name = NEWN(nlen + 1, char);
    memcpy(v->name, name, nlen);
    v->iv = iv, v->niv = niv, v->is_bool = is_bool, v->tier = -1;
    return in->nvars++;
}

/* output_var / output_array([r1, ...]) among a declaration's annotations. */
static int take_output(reader *rd, const ann *anns, const char *name, size_t nlen, int is_bool,
                       const fzn_term *t, int n, int is_array) {
    for (int i = 0; i < anns->nkids; i++) {
        const ann *a = &anns->kid[i];
        int ov = ann_is(a, "output_var"), oa = ann_is(a, "output_array");
        if (!ov && !oa) continue;
        fzn_out o = {.is_bool = is_bool, .n = n};
        if (oa) {
            if (!is_array)
                return diag_at(rd->d, rd->lx.path, a->line, a->col, "output_array on a scalar");
            if (a->nkids != 1 || a->kid[0].kind != 'a' || a->kid[0].nkids < 1 ||
                a->kid[0].nkids > 6)
                return diag_at(rd->d, rd->lx.path, a->line, a->col,
                               "expected output_array([lo..hi, ...]) with 1 to 6 ranges");
            int64_t cells = 1;
            for (int k = 0; k < a->kid[0].nkids; k++) {
                const ann *r = &a->kid[0].kid[k];
                if (r->kind != 'r' || r->hi < r->lo - 1 || r->hi - r->lo >= INT32_MAX)
                    return diag_at(rd->d, rd->lx.path, r->line, r->col, "expected a range lo..hi");
                o.dims[2 * k] = r->lo, o.dims[2 * k + 1] = r->hi;
                cells *= r->hi - r->lo + 1;
                if (cells > INT32_MAX) cells = INT32_MAX;
            }
            if (cells != n)
                return diag_at(rd->d, rd->lx.path, a->line, a->col,
                               "output_array's ranges hold %lld cells, the array %d",
                               (long long)cells, n);
            o.ndims = a->kid[0].nkids;
        } else if (is_array) {
            return diag_at(rd->d, rd->lx.path, a->line, a->col, "output_var on an array");
        }
        fzn_inst *in = rd->in;
        GROW(&in->outs, &in->outs_cap, (size_t)in->nouts + 1);
        o.name = NEWN(nlen + 1, char);
        memcpy(o.name, name, nlen);
        o.t = NEWN((size_t)(n ? n : 1), fzn_term);
        if (n) memcpy(o.t, t, (size_t)n * sizeof *t);
        in->outs[in->nouts++] = o;
    }
    return 0;
}

/* A parameter or variable declaration, at its type. */
static int parse_decl(reader *rd) {
    type ty;
    int ret = -1;
    int64_t *dom = NULL;
    int ndom = 0;
    ann anns = {0};
    fzn_term *arr = NULL;
    int narr = 0;
    if (parse_type(rd, &ty)) goto out;
    if (expect(rd, ':', "':'")) goto out;
    if (cur(rd)->kind != FT_ID) {
        fail_at(rd, cur(rd), "a name");
        goto out;
    }
    const fzn_token name = *cur(rd);
    if (next(rd) || parse_anns(rd, &anns)) goto out;
    int has_value = is_punct(rd, '=');
    if (has_value && next(rd)) goto out;
    sym *y = NULL;
    if (!ty.is_var && !has_value) {
        fail_at(rd, cur(rd), "'=' and the parameter's value");
        goto out;
    }
    if (ty.is_array) {
        if (ty.is_set_par) {
            refuse(rd, &name, "arrays of sets");
            goto out;
        }
        if (has_value) {
            int allb;
            if (is_punct(rd, '[')) {
                if (parse_array_literal(rd, &arr, &narr, &allb)) goto out;
            } else {
                fail_at(rd, cur(rd), "an array literal '[...]'");
                goto out;
            }
            if (narr != ty.len) {
                diag_at(rd->d, rd->lx.path, name.line, name.col,
                        "'%.*s' is declared with %lld elements and given %d", (int)name.len, name.s,
                        (long long)ty.len, narr);
                goto out;
            }
            for (int i = 0; i < narr && !ty.is_var; i++)
                if (arr[i].var >= 0) {
                    diag_at(rd->d, rd->lx.path, name.line, name.col,
                            "parameter array '%.*s' holds a variable", (int)name.len, name.s);
                    goto out;
                }
        } else { /* var array without a value: fresh variables */
            narr = (int)ty.len;
            arr = NEWN((size_t)(narr ? narr : 1), fzn_term);
            for (int i = 0; i < narr; i++) {
                int64_t *iv;
                int niv;
                if (var_domain(rd, &ty, &name, &iv, &niv)) goto out;
                char nm[64];
                int l = snprintf(nm, sizeof nm, "%.*s[%d]", (int)(name.len > 40 ? 40 : name.len),
                                 name.s, i + 1);
                arr[i] = (fzn_term){new_var(rd, nm, (size_t)l, iv, niv, ty.is_bool), 0};
            }
        }
        if (!(y = sym_add(rd, &name))) goto out;
        y->kind = SYM_ARRAY, y->is_bool = ty.is_bool, y->a = arr, y->n = narr;
        arr = NULL;
        if (take_output(rd, &anns, name.s, name.len, ty.is_bool, y->a, y->n, 1)) goto out;
    } else if (ty.is_set_par) {
        int64_t *iv;
        int niv;
        if (parse_set_literal(rd, &iv, &niv)) goto out;
        if (!(y = sym_add(rd, &name))) {
            FREEN(iv, (size_t)(2 * (niv ? niv : 1)));
            goto out;
        }
        y->kind = SYM_SET, y->iv = iv, y->n = niv;
    } else if (!ty.is_var) {
        fzn_term t;
        int b;
        if (parse_scalar(rd, &t, &b)) goto out;
        if (t.var >= 0) {
            diag_at(rd->d, rd->lx.path, name.line, name.col, "parameter '%.*s' given a variable",
                    (int)name.len, name.s);
            goto out;
        }
        if (!(y = sym_add(rd, &name))) goto out;
        y->kind = SYM_INT, y->t = t, y->is_bool = ty.is_bool;
    } else {
        fzn_term t;
        if (has_value) {
            int b;
            if (parse_scalar(rd, &t, &b)) goto out;
        }
        if (!has_value || t.var < 0) {
            if (var_domain(rd, &ty, &name, &dom, &ndom)) goto out;
            if (has_value) { /* var ..: x = 3: a variable of that one value, if allowed */
                int in_dom = 0;
                for (int j = 0; j < ndom; j++)
                    in_dom |= t.val >= dom[2 * j] && t.val <= dom[2 * j + 1];
                if (!in_dom && (t.val < INT32_MIN + 1 || t.val > INT32_MAX - 1)) {
                    diag_at(rd->d, rd->lx.path, name.line, name.col,
                            "a value past the engine's 32-bit integers");
                    goto out;
                }
                FREEN(dom, (size_t)(2 * (ndom ? ndom : 1)));
                dom = NEWN(2, int64_t);
                dom[0] = dom[1] = t.val;
                ndom = in_dom; /* 0: no value (the model has no solution) */
            }
            t = (fzn_term){new_var(rd, name.s, name.len, dom, ndom, ty.is_bool), 0};
            dom = NULL;
        }
        if (!(y = sym_add(rd, &name))) goto out;
        y->kind = SYM_VAR, y->t = t, y->is_bool = ty.is_bool;
        if (take_output(rd, &anns, name.s, name.len, ty.is_bool, &t, 1, 0)) goto out;
    }
    ret = expect(rd, ';', "';'");
out:
    if (dom) FREEN(dom, (size_t)(2 * (ndom ? ndom : 1)));
    if (ty.iv) FREEN(ty.iv, (size_t)(2 * (ty.niv ? ty.niv : 1)));
    if (arr) FREEN(arr, (size_t)(narr ? narr : 1));
    ann_free(&anns);
    return ret;
}

/* Argument k (from 1) of b, a Boolean one ('b' or 'B' in its signature):
 * its variables are declared `var bool` and its constants are 0 or 1.
 * Anything else is ill-typed FlatZinc, refused here since the propagators
 * read a Boolean as 0/1 and the checker as any nonzero. */
static int check_bool_arg(reader *rd, const fzn_builtin *b, int k, const fzn_arg *g,
                          const fzn_token *at) {
    int n = g->kind == FZN_ARRAY ? g->n : 1;
    for (int i = 0; i < n; i++) {
        fzn_term t = g->kind == FZN_ARRAY ? g->a[i] : g->t;
        if (t.var >= 0 && !rd->in->vars[t.var].is_bool)
            return diag_at(rd->d, rd->lx.path, at->line, at->col,
                           "%s: argument %d: expected a var bool, found the var int %s", b->name, k,
                           rd->in->vars[t.var].name);
        if (t.var < 0 && t.val != 0 && t.val != 1)
            return diag_at(rd->d, rd->lx.path, at->line, at->col,
                           "%s: argument %d: expected a Boolean, found %lld", b->name, k,
                           (long long)t.val);
    }
    return 0;
}

/* `constraint NAME(ARGS) ANNS;` */
static int parse_constraint(reader *rd) {
    if (next(rd)) return -1;
    const fzn_token t = *cur(rd);
    if (t.kind != FT_ID) return fail_at(rd, &t, "a constraint's name");
    const fzn_builtin *b = fzn_builtin_find(t.s, t.len);
    if (!b) {
        if (t.len > 6 && !memcmp(t.s, "float_", 6)) return refuse(rd, &t, "float constraints");
        if (t.len > 4 && !memcmp(t.s, "set_", 4))
            return refuse(rd, &t, "set constraints other than set_in and set_in_reif");
        return diag_at(rd->d, rd->lx.path, t.line, t.col,
                       "unknown constraint '%.*s' (docs/flatzinc.md lists the supported ones)",
                       (int)(t.len > 60 ? 60 : t.len), t.s);
    }
    if (next(rd) || expect(rd, '(', "'('")) return -1;
    int nsig = (int)strlen(b->sig);
    fzn_arg *args = NEWN((size_t)nsig, fzn_arg);
    int n = 0;
    while (!is_punct(rd, ')')) {
        if (n && expect(rd, ',', "',' or ')'")) goto out;
        if (n == nsig) {
            diag_at(rd->d, rd->lx.path, t.line, t.col, "%s takes %d arguments", b->name, nsig);
            goto out;
        }
        const fzn_token at = *cur(rd);
        if (parse_arg(rd, &args[n])) goto out;
        char want = b->sig[n];
        int kind = args[n++].kind;
        if (((want == 's' || want == 'b') && kind != FZN_SCALAR) ||
            ((want == 'a' || want == 'c' || want == 'B') && kind != FZN_ARRAY) ||
            (want == 'S' && kind != FZN_SET)) {
            diag_at(rd->d, rd->lx.path, at.line, at.col, "%s: argument %d must be %s", b->name, n,
                    want == 's' || want == 'b' ? "a scalar"
                    : want == 'S'              ? "a constant set"
                                               : "an array");
            goto out;
        }
        if ((want == 'b' || want == 'B') && check_bool_arg(rd, b, n, &args[n - 1], &at)) goto out;
        for (int i = 0; want == 'c' && i < args[n - 1].n; i++) {
            fzn_term e = args[n - 1].a[i];
            if (e.var >= 0 || e.val < INT32_MIN || e.val > INT32_MAX) {
                diag_at(rd->d, rd->lx.path, at.line, at.col,
                        "%s: argument %d must hold integers of at most 32 bits%s", b->name, n,
                        e.var >= 0 ? ", not variables" : "");
                goto out;
            }
        }
    }
    if (n != nsig) {
        diag_at(rd->d, rd->lx.path, t.line, t.col, "%s takes %d arguments, given %d", b->name, nsig,
                n);
        goto out;
    }
    /* the linear forms (coefficients, then terms) pair their arrays up */
    if (b->sig[0] == 'c' && (b->sig[1] == 'a' || b->sig[1] == 'B') && args[0].n != args[1].n) {
        diag_at(rd->d, rd->lx.path, t.line, t.col, "%s: %d coefficients for %d terms", b->name,
                args[0].n, args[1].n);
        goto out;
    }
    if (next(rd)) goto out;
    ann anns;
    if (parse_anns(rd, &anns)) {
        ann_free(&anns);
        goto out;
    }
    ann_free(&anns);
    if (expect(rd, ';', "';'")) goto out;
    fzn_inst *in = rd->in;
    GROW(&in->cons, &in->cons_cap, (size_t)in->ncons + 1);
    in->cons[in->ncons++] = (fzn_con){b, t.line, t.col, nsig, args};
    return 0;
out:
    for (int i = 0; i < n; i++) arg_free(&args[i]);
    FREEN(args, (size_t)nsig);
    return -1;
}

/* The variables of an annotation argument: a name of an array or
 * variable, or an array literal of them. */
static int ann_vars(reader *rd, const ann *a, int tier) {
    if (a->kind == 'a') {
        for (int i = 0; i < a->nkids; i++)
            if (ann_vars(rd, &a->kid[i], tier)) return -1;
        return 0;
    }
    if (a->kind != 'c' && a->kind != 'x') return 0; /* an integer: nothing to branch on */
    sym *y = sym_find(rd, a->s, a->len);
    if (!y)
        return diag_at(rd->d, rd->lx.path, a->line, a->col, "'%.*s' is not declared", (int)a->len,
                       a->s);
    const fzn_term *t = y->kind == SYM_ARRAY ? y->a : &y->t;
    int n = y->kind == SYM_ARRAY ? y->n : 1;
    if (a->kind == 'x') {
        if (y->kind != SYM_ARRAY || a->lo < 1 || a->lo > y->n)
            return diag_at(rd->d, rd->lx.path, a->line, a->col, "a bad index into '%s'", y->name);
        t = &y->a[a->lo - 1], n = 1;
    }
    for (int i = 0; i < n; i++)
        if (t[i].var >= 0 && rd->in->vars[t[i].var].tier < 0) rd->in->vars[t[i].var].tier = tier;
    return 0;
}

/* int_search/bool_search (each a tier), seq_search (its parts in order);
 * any other annotation is ignored. */
static int take_search(reader *rd, const ann *a) {
    if (ann_is(a, "seq_search")) {
        for (int i = 0; i < a->nkids; i++)
            if (a->kid[i].kind == 'a')
                for (int j = 0; j < a->kid[i].nkids; j++)
                    if (take_search(rd, &a->kid[i].kid[j])) return -1;
        return 0;
    }
    if ((ann_is(a, "int_search") || ann_is(a, "bool_search")) && a->nkids >= 1) {
        if (ann_vars(rd, &a->kid[0], rd->in->ntiers)) return -1;
        rd->in->ntiers++;
    }
    return 0;
}

static int parse_solve(reader *rd) {
    fzn_inst *in = rd->in;
    if (next(rd)) return -1;
    ann anns;
    int ret = -1;
    if (parse_anns(rd, &anns)) goto out;
    for (int i = 0; i < anns.nkids; i++)
        if (take_search(rd, &anns.kid[i])) goto out;
    if (is_word(rd, "satisfy")) {
        if (next(rd)) goto out;
    } else if (is_word(rd, "minimize") || is_word(rd, "maximize")) {
        in->sense = is_word(rd, "minimize") ? 1 : -1;
        int b;
        if (next(rd) || parse_scalar(rd, &in->obj, &b)) goto out;
    } else {
        fail_at(rd, cur(rd), "satisfy, minimize or maximize");
        goto out;
    }
    ret = expect(rd, ';', "';'");
out:
    ann_free(&anns);
    return ret;
}

/* `predicate NAME(...);`: skipped to its ';' (parentheses balanced). */
static int skip_predicate(reader *rd) {
    int depth = 0;
    for (;;) {
        if (next(rd)) return -1;
        if (cur(rd)->kind == FT_EOF) return fail_at(rd, cur(rd), "the end of the predicate");
        if (is_punct(rd, '(')) depth++;
        if (is_punct(rd, ')')) depth--;
        if (is_punct(rd, ';') && depth == 0) break;
    }
    return next(rd);
}

/* ==== the model ============================================================ */

void fzn_inst_free(fzn_inst *in) {
    if (!in) return;
    for (int i = 0; i < in->nvars; i++) {
        xfree(in->vars[i].name, strlen(in->vars[i].name) + 1);
        FREEN(in->vars[i].iv, (size_t)(2 * (in->vars[i].niv ? in->vars[i].niv : 1)));
    }
    for (int i = 0; i < in->ncons; i++) {
        for (int k = 0; k < in->cons[i].nargs; k++) arg_free(&in->cons[i].args[k]);
        FREEN(in->cons[i].args, (size_t)in->cons[i].nargs);
    }
    for (int i = 0; i < in->nouts; i++) {
        xfree(in->outs[i].name, strlen(in->outs[i].name) + 1);
        FREEN(in->outs[i].t, (size_t)(in->outs[i].n ? in->outs[i].n : 1));
    }
    if (in->vars) FREEN(in->vars, in->vars_cap);
    if (in->cons) FREEN(in->cons, in->cons_cap);
    if (in->outs) FREEN(in->outs, in->outs_cap);
    xfree(in->path, strlen(in->path) + 1);
    xfree(in, sizeof *in);
}

fzn_inst *fzn_read(const char *buf, size_t len, const char *path, diag *d) {
    reader rd = {.d = d};
    rd.in = NEWN(1, fzn_inst);
    rd.in->path = xstrdup(path);
    int ret = fzn_lex_init(&rd.lx, path, buf, len, d);
    int solved = 0;
    while (!ret && cur(&rd)->kind != FT_EOF) {
        if (solved) {
            ret = fail_at(&rd, cur(&rd), "the end of the file after the solve item");
        } else if (is_word(&rd, "predicate")) {
            ret = skip_predicate(&rd);
        } else if (is_word(&rd, "constraint")) {
            ret = parse_constraint(&rd);
        } else if (is_word(&rd, "solve")) {
            ret = parse_solve(&rd);
            solved = 1;
        } else if (is_word(&rd, "output")) {
            ret = refuse(&rd, cur(&rd), "MiniZinc output items (FlatZinc has none)");
        } else {
            ret = parse_decl(&rd);
        }
    }
    if (!ret && !solved) ret = fail_at(&rd, cur(&rd), "a solve item");
    syms_free(&rd);
    if (ret) {
        fzn_inst_free(rd.in);
        return NULL;
    }
    return rd.in;
}
