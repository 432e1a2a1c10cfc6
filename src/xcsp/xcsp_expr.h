/* xcsp_expr.h - intension expressions in XCSP3's functional syntax
 * (eq(add(x,y),z)), compiled to postfix code over parameters: exact
 * evaluation on int64 values and bounds by interval arithmetic
 * (xcsp_expr.c). */
#ifndef SEARCHLAB_XCSP_XCSP_EXPR_H
#define SEARCHLAB_XCSP_XCSP_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"

#define XCSP_MAX_EXPR_DEPTH 1000          /* nesting of an intension expression */
#define XCSP_MAX_PARAMS 65536             /* formal parameters %0.. of a template */
#define XCSP_MAX_CONST ((int64_t)1 << 62) /* |constant| and |intermediate| of an expression */

/* Operators of the functional syntax (XCSP3-core's table); X(name, min
 * arity, max arity (-1: any), result is Boolean).  set(...) is only the
 * second operand of in and notin, whose instruction then takes the
 * element x and the set's members as its operands. */
#define XCSP_OPS(X)                                                                                \
    X(neg, 1, 1, 0)                                                                                \
    X(abs, 1, 1, 0)                                                                                \
    X(sqr, 1, 1, 0)                                                                                \
    X(add, 2, -1, 0)                                                                               \
    X(sub, 2, 2, 0)                                                                                \
    X(mul, 2, -1, 0)                                                                               \
    X(div, 2, 2, 0)                                                                                \
    X(mod, 2, 2, 0)                                                                                \
    X(pow, 2, 2, 0)                                                                                \
    X(min, 2, -1, 0)                                                                               \
    X(max, 2, -1, 0)                                                                               \
    X(dist, 2, 2, 0)                                                                               \
    X(lt, 2, 2, 1)                                                                                 \
    X(le, 2, 2, 1)                                                                                 \
    X(ge, 2, 2, 1)                                                                                 \
    X(gt, 2, 2, 1)                                                                                 \
    X(ne, 2, 2, 1)                                                                                 \
    X(eq, 2, -1, 1)                                                                                \
    X(set, 0, -1, 0)                                                                               \
    X(in, 2, 2, 1)                                                                                 \
    X(notin, 2, 2, 1)                                                                              \
    X(not, 1, 1, 1)                                                                                \
    X(and, 2, -1, 1)                                                                               \
    X(or, 2, -1, 1)                                                                                \
    X(xor, 2, -1, 1)                                                                               \
    X(iff, 2, -1, 1)                                                                               \
    X(imp, 2, 2, 1)                                                                                \
    X(if, 3, 3, 0)

enum xcsp_op {
    XOP_PARAM = 0, /* push parameter a */
    XOP_CONST,     /* push constant k */
#define XCSP_OP_ENUM_(name, lo, hi, b) XOP_##name,
    XCSP_OPS(XCSP_OP_ENUM_)
#undef XCSP_OP_ENUM_
        XOP_COUNT
};

typedef struct xcsp_instr {
    int op; /* enum xcsp_op */
    int a;  /* XOP_PARAM: the parameter; n-ary operators: the number of operands */
    int64_t k;
} xcsp_instr;

/* A compiled expression: postfix code over parameters 0..nparams-1. */
typedef struct xcsp_prog {
    xcsp_instr *code;
    int n, depth, nparams;
    int boolean;                  /* the result is Boolean (relational or logical) */
    unsigned char *boolean_param; /* 1: the parameter is a logical operand (0/1 needed) */
} xcsp_prog;

/* Evaluates prog with parameter values par; stack has prog->depth
 * entries.  Exact on int64 (the bounds were checked when the constraint
 * was read).  Where the value is undefined (div or mod by 0, 0 to a
 * negative power) sets *undef (when not NULL) and returns 0: a tuple
 * whose value is undefined satisfies no constraint. */
int64_t xcsp_eval(const xcsp_prog *prog, const int64_t *par, int64_t *stack, int *undef);
/* Bounds of prog's value when each parameter k lies in [lo[k], hi[k]];
 * st has 2 * prog->depth entries.  Returns 0, or -1 when a bound would
 * leave [-XCSP_MAX_CONST, XCSP_MAX_CONST] (checked once per constraint). */
int xcsp_bounds(const xcsp_prog *prog, const int64_t *lo, const int64_t *hi, int64_t *st,
                int64_t *out_lo, int64_t *out_hi);
/* Compiles an expression (functional syntax).  Names are resolved by
 * resolve(ctx, name, len, line, &var): 0 with the variable index, or -1
 * with d.  params: formal parameters %0..%m allowed (a template).  Each
 * distinct variable of the text becomes a parameter (after %0..%m in a
 * template), and *vars (allocated, one per parameter; vars may be NULL)
 * is the variable of parameter k, -1 for a %k.  predicate: the result
 * must be Boolean (an <intension>); else any integer expression.  elem
 * names the element in messages.  Returns 0 or -1 with d (file:line of
 * the error within text). */
typedef int (*xcsp_resolve_fn)(void *ctx, const char *name, size_t len, int line, int *var,
                               diag *d);
int xcsp_compile(const char *text, size_t len, const char *path, int line, int params,
                 int predicate, const char *elem, xcsp_resolve_fn resolve, void *ctx,
                 xcsp_prog *out, int **vars, diag *d);
void xcsp_prog_free(xcsp_prog *p);

#endif
