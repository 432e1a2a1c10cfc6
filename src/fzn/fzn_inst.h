/* fzn_inst.h - a parsed FlatZinc model (fzn_read.c builds it; the model
 * builder, the checker and the printers read it; fzn_inst_free frees it).
 *
 * Every `var` declaration is one variable, numbered in declaration order:
 * the solution vector holds their values in that order.  A variable
 * declared equal to another (`var int: y = x;`) is not a variable of its
 * own: every reference to it is a reference to x.  Parameters are folded
 * into the constraints' arguments, so an argument is a scalar (a variable
 * or an integer; Booleans are 0/1), an array of scalars, or a constant
 * set of integers (sorted, disjoint intervals). */
#ifndef SEARCHLAB_FZN_FZN_INST_H
#define SEARCHLAB_FZN_FZN_INST_H

#include <stddef.h>
#include <stdint.h>

/* A scalar: the variable var (>= 0), or the integer val (var -1). */
typedef struct fzn_term {
    int var;
    int64_t val;
} fzn_term;

enum fzn_arg_kind { FZN_SCALAR, FZN_ARRAY, FZN_SET };

typedef struct fzn_arg {
    int kind;
    fzn_term t;  /* FZN_SCALAR */
    fzn_term *a; /* FZN_ARRAY: n terms (owned) */
    int n;       /* FZN_ARRAY: length; FZN_SET: intervals */
    int64_t *iv; /* FZN_SET: 2n bounds (owned) */
} fzn_arg;

struct fzn_builtin;
typedef struct fzn_con {
    const struct fzn_builtin *b;
    int line, col;
    int nargs;
    fzn_arg *args; /* owned */
} fzn_con;

typedef struct fzn_var {
    char *name;  /* owned */
    int64_t *iv; /* the declared domain: niv sorted disjoint intervals (owned) */
    int niv;
    int is_bool;
    int output; /* output_var */
    int tier;   /* search annotations: the position of its group (0..), or -1 */
} fzn_var;

/* One item of the output: output_var (ndims 0, one term) or output_array
 * (ndims index ranges lo..hi in dims[2d], dims[2d+1]; n terms). */
typedef struct fzn_out {
    char *name; /* owned */
    int is_bool;
    int ndims;
    int64_t dims[12];
    fzn_term *t; /* owned */
    int n;
} fzn_out;

typedef struct fzn_inst {
    char *path; /* owned */
    fzn_var *vars;
    int nvars;
    size_t vars_cap;
    fzn_con *cons;
    int ncons;
    size_t cons_cap;
    fzn_out *outs;
    int nouts;
    size_t outs_cap;
    int sense;    /* 0 satisfy, +1 minimize, -1 maximize */
    fzn_term obj; /* with sense */
    int ntiers;   /* search annotations' groups (0: none) */
} fzn_inst;

void fzn_inst_free(fzn_inst *in);

/* The value of t in the solution sol. */
static inline int64_t fzn_value(fzn_term t, const int *sol) {
    return t.var >= 0 ? sol[t.var] : t.val;
}

#endif
