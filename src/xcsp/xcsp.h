/* xcsp.h - the XCSP3-core front end (docs/xcsp.md): the parsed instance
 * and the functions its files share.  Files: xcsp.c (the puzzle table,
 * decode, verify), xcsp_read.c (the streaming XML reader, the document and
 * the variables), xcsp_cons.c (the constraints), xcsp_group.c (<group>),
 * with xcsp_reader.h between them, xcsp_names.c (variables, arrays,
 * references such as x[2][], the names of cells), xcsp_text.c (numbers,
 * domains, tuples in element text), xcsp_expr.c (intension expressions:
 * parse, compile, evaluate, bounds), xcsp_model.c (the CSP model),
 * xcsp_out.c (the competition output and JSON).
 *
 * Ownership: the instance owns every array below; programs and tables are
 * shared by the constraints of one <group> and referred to by index.  The
 * CSP built from an instance points into it (programs, bindings), so an
 * instance outlives the models built from it (solve_puzzle frees the model
 * first).
 */
#ifndef SEARCHLAB_XCSP_XCSP_H
#define SEARCHLAB_XCSP_XCSP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../puzzles/puzzle.h"

/* Limits a hostile file cannot blow up (docs/xcsp.md). */
#define XCSP_MAX_DIMS 8           /* dimensions of an array */
#define XCSP_MAX_VARS (1 << 20)   /* variables, array cells included */
#define XCSP_MAX_SCOPES (1 << 25) /* variables in the scopes of all constraints */
/* allDifferent: at most this many variables in one; at alldiff=pairwise
 * (a clique of !=) at most this many != in all */
#define XCSP_MAX_ALLDIFF 1024
#define XCSP_MAX_NE (1 << 19)
#define XCSP_MAX_DEPTH 64                 /* nesting of XML elements (<block>s) */
#define XCSP_MAX_EXPR_DEPTH 1000          /* nesting of an intension expression */
#define XCSP_MAX_PARAMS 65536             /* formal parameters %0.. of a template */
#define XCSP_MAX_VALUE (1 << 30)          /* |value| of a domain or tuple value */
#define XCSP_MAX_CONST ((int64_t)1 << 62) /* |constant| and |intermediate| of an expression */

/* ---- variables and arrays ---------------------------------------------- */

typedef struct xcsp_var {
    int lo;      /* value of bit 0 */
    csp_dom dom; /* declared domain, bits relative to lo */
    int array;   /* index of its array, -1 for a <var> */
    int cell;    /* row-major index in its array; for a <var>: index of its name */
} xcsp_var;

typedef struct xcsp_array {
    char *id;
    int ndims, dims[XCSP_MAX_DIMS];
    int first; /* variable index of cell 0 (cells are consecutive, row-major) */
    int ncells;
} xcsp_array;

/* ---- intension programs ---------------------------------------------------- */

/* Operators of the functional syntax (XCSP3-core's table); X(name, min
 * arity, max arity (-1: any), result is Boolean). */
#define XCSP_OPS(X)                                                                                \
    X(neg, 1, 1, 0)                                                                                \
    X(abs, 1, 1, 0)                                                                                \
    X(sqr, 1, 1, 0)                                                                                \
    X(add, 2, -1, 0)                                                                               \
    X(sub, 2, 2, 0)                                                                                \
    X(mul, 2, -1, 0)                                                                               \
    X(min, 2, -1, 0)                                                                               \
    X(max, 2, -1, 0)                                                                               \
    X(dist, 2, 2, 0)                                                                               \
    X(lt, 2, 2, 1)                                                                                 \
    X(le, 2, 2, 1)                                                                                 \
    X(ge, 2, 2, 1)                                                                                 \
    X(gt, 2, 2, 1)                                                                                 \
    X(ne, 2, 2, 1)                                                                                 \
    X(eq, 2, -1, 1)                                                                                \
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

/* A compiled predicate: postfix code over parameters 0..nparams-1. */
typedef struct xcsp_prog {
    xcsp_instr *code;
    int n, depth, nparams;
    unsigned char *boolean_param; /* 1: the parameter is a logical operand (0/1 needed) */
} xcsp_prog;

/* Evaluates prog with parameter values par (exact, int64: the model
 * checked the bounds when it was read); stack has prog->depth entries. */
int64_t xcsp_eval(const xcsp_prog *prog, const int64_t *par, int64_t *stack);
/* Bounds of prog's value when each parameter k lies in [lo[k], hi[k]];
 * st has 2 * prog->depth entries.  Returns 0, or -1 when a bound would
 * leave [-XCSP_MAX_CONST, XCSP_MAX_CONST] (checked once per constraint). */
int xcsp_bounds(const xcsp_prog *prog, const int64_t *lo, const int64_t *hi, int64_t *st,
                int64_t *out_lo, int64_t *out_hi);
/* Compiles the text of an intension (functional syntax).  Names are
 * resolved by resolve(ctx, name, len, &var): 0 with the variable index,
 * or -1 with d.  params: formal parameters %0..%n allowed (a template);
 * else each distinct variable becomes a parameter, and vars[k] (room for
 * the number of tokens) is the variable of parameter k.  Returns 0 or -1
 * with d (file:line of the error within text). */
typedef int (*xcsp_resolve_fn)(void *ctx, const char *name, size_t len, int line, int *var,
                               diag *d);
int xcsp_compile(const char *text, size_t len, const char *path, int line, int params,
                 xcsp_resolve_fn resolve, void *ctx, xcsp_prog *out, int **vars, diag *d);
void xcsp_prog_free(xcsp_prog *p);

/* ---- tables ------------------------------------------------------------------ */

typedef struct xcsp_table {
    int arity, positive;
    int unary_ranges; /* rows are [lo, hi] intervals of the one variable */
    int stars;        /* some row has a star */
    /* conflicts with stars: the distinct sets of starred positions and how
     * many rows have each (nmasks 0: not computed yet, -1: more than 256
     * sets, counted row by row; arity <= 64) */
    uint64_t *star_masks;
    size_t *star_counts;
    int nmasks;
    size_t masks_cap;
    size_t nrows;
    int *rows; /* nrows * arity values (CSP_TABLE_STAR) or 2 per interval */
    size_t cap;
} xcsp_table;

/* ---- constraints ----------------------------------------------------------- */

enum xcsp_kind { XC_INTENSION, XC_EXTENSION, XC_ALLDIFF, XC_INSTANTIATION, XC_FALSE };

typedef struct xcsp_con {
    int kind, line;
    int arity;
    int *scope; /* variables (distinct for intension; as written otherwise) */
    /* intension: program and the binding of its parameters: bind_pos[k] is
     * the scope position of parameter k, or -1 with the constant bind_val[k] */
    int prog;
    int *bind_pos;
    int64_t *bind_val;
    int table;   /* extension */
    int *values; /* instantiation: arity values */
} xcsp_con;

/* ---- the instance ---------------------------------------------------------- */

typedef struct xcsp_inst {
    const char *path;
    xcsp_var *vars;
    int nvars;
    size_t vars_cap;
    char **var_names; /* names of <var>s (xcsp_var.cell) */
    int nvar_names;
    size_t var_names_cap;
    xcsp_array *arrays;
    int narrays;
    size_t arrays_cap;
    xcsp_con *cons;
    size_t ncons, cons_cap;
    xcsp_prog *progs;
    size_t nprogs, progs_cap;
    xcsp_table *tables;
    size_t ntables, tables_cap;
    size_t scopes, ne; /* totals checked against XCSP_MAX_SCOPES, XCSP_MAX_NE */
    /* id -> (kind, index) hash of variables and arrays */
    struct xcsp_name_slot *slots;
    size_t nslots, nused;
} xcsp_inst;

/* xcsp_names.c */
/* Declares a name (checks it is new and well formed); kind 0 = <var>,
 * 1 = <array>. */
int xcsp_declare(xcsp_inst *in, const char *id, int kind, int index, int line, diag *d);
/* Looks a name up: 0 (<var>), 1 (<array>) with *index, or -1. */
int xcsp_lookup(const xcsp_inst *in, const char *id, size_t len, int *index);
/* Parses "[n][m]..." (the size attribute). */
int xcsp_parse_size(const char *s, xcsp_array *a, const char *path, int line, diag *d);
/* Expands one token of a compact list (x, x[2][], x[0][1..4], ...) into
 * variable indices appended to *out (GROW'd); elem names the element in
 * messages.  Returns the number added or -1 with d. */
int xcsp_expand_ref(const xcsp_inst *in, const char *tok, size_t len, int **out, size_t *n,
                    size_t *cap, const char *path, int line, const char *elem, diag *d);
/* Writes the XCSP3 name of variable v (x, or x[i][j]) into buf. */
void xcsp_var_name(const xcsp_inst *in, int v, char *buf, size_t size);
void xcsp_names_free(xcsp_inst *in);

/* xcsp_text.c: line numbers within an element's text.  A cursor: the
 * line of at is counted from the last position asked, so positions asked in
 * increasing order (the tokens of a list, one by one) cost one pass over
 * the text together; an earlier position recounts from the start. */
typedef struct xcsp_lines {
    const char *base, *end; /* the text */
    const char *at;         /* newlines counted up to here: base <= at <= end */
    int line0, line;        /* lines of base and of at */
} xcsp_lines;
void xcsp_lines_init(xcsp_lines *l, const char *text, size_t len, int line);
/* Line of position at (a position past the end counts as the end). */
int xcsp_line_of(xcsp_lines *l, const char *at);

/* xcsp_text.c: scanning element text */
typedef struct xcsp_scan {
    const char *s, *end; /* what is left */
    xcsp_lines lines;    /* of the whole text */
    const char *path;
} xcsp_scan;
void xcsp_scan_init(xcsp_scan *sc, const char *text, size_t len, const char *path, int line);
/* Line of position at (xcsp_line_of). */
int xcsp_scan_line(xcsp_scan *sc, const char *at);
/* Skips blanks; returns 1 if a token is left. */
int xcsp_scan_more(xcsp_scan *sc);
/* The next blank-separated token. */
size_t xcsp_scan_token(xcsp_scan *sc, const char **tok);
/* Parses a whole integer token with |v| <= limit; -1 with d naming what. */
int xcsp_parse_int(const char *tok, size_t len, int64_t limit, int64_t *v, const char *what,
                   xcsp_scan *sc, diag *d);
/* Parses a domain ("0 2 9 14", "1..9", mixed) into lo + bits; who names
 * the element in messages (<var id="x">). */
int xcsp_parse_domain(xcsp_scan *sc, const char *who, int *lo, csp_dom *dom, diag *d);
/* Parses the rows of <supports>/<conflicts> for arity into t. */
int xcsp_parse_tuples(xcsp_scan *sc, const char *elem, xcsp_table *t, diag *d);

/* xcsp.c */
xcsp_con *xcsp_add_con(xcsp_inst *in, int kind, int line);
void xcsp_inst_free(xcsp_inst *in);

/* xcsp_read.c */
xcsp_inst *xcsp_read(const char *buf, size_t len, const char *path, diag *d);

/* xcsp_model.c */
csp *xcsp_build(const void *inst, const puzzle_model *m, diag *d);

/* xcsp_out.c */
void xcsp_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out);
void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out);

#endif
