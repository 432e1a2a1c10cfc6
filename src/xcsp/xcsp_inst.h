/* xcsp_inst.h - the parsed XCSP3 instance: variables with their declared
 * domains (sorted disjoint intervals of 32-bit values), arrays, and the
 * constraints in one generic form that every element family reads into
 * and checks from (xcsp_family.h): lists of terms (a variable, a constant,
 * an expression compiled to a program, an interval, or a template
 * parameter), one condition {operator, operand}, a few options and one
 * index of shared data (a program, a table, an automaton).
 *
 * Ownership: the instance owns every array below.  Programs, tables and
 * automata are shared by the constraints of a <group> or <slide> and
 * referred to by index; the lists, expressions and sets of a constraint
 * are its own.  The CSP built from an instance points into it, so an
 * instance outlives the models built from it (solve_puzzle frees the
 * model first).
 */
#ifndef SEARCHLAB_XCSP_XCSP_INST_H
#define SEARCHLAB_XCSP_XCSP_INST_H

#include <stddef.h>
#include <stdint.h>

#include "xcsp_expr.h"

/* Limits a hostile file cannot blow up (docs/xcsp.md). */
#define XCSP_MAX_DIMS 8           /* dimensions of an array */
#define XCSP_MAX_VARS (1 << 20)   /* variables, array cells included */
#define XCSP_MAX_SCOPES (1 << 25) /* terms in the lists of all constraints */
/* allDifferent: at alldiff=pairwise (a clique of !=) at most this many
 * != in all */
#define XCSP_MAX_NE (1 << 19)
#define XCSP_MAX_DEPTH 64 /* nesting of XML elements (<block>s) */
/* a tag, comment, processing instruction or CDATA section (bytes), and the
 * attributes of one element: libxml2 2.9 is quadratic in both
 * (xcsp_guard.c); XCSP3 files stay far below (393 bytes and 4 attributes
 * at most in the development set) */
#define XCSP_MAX_MARKUP (16 << 10)
#define XCSP_MAX_ATTRS 64
/* values of a domain: XCSP3's 32-bit integers, less INT32_MIN, which the
 * table constraint keeps for its star (CSP_TABLE_STAR) */
#define XCSP_MIN_VALUE (-2147483647)
#define XCSP_MAX_VALUE 2147483647

/* ---- domains, variables and arrays ------------------------------------------ */

/* A declared domain: intervals ivals[2*first .. 2*(first+n)) of the
 * instance, sorted, disjoint and not adjacent (lo <= hi < next lo - 1). */
typedef struct xcsp_dom {
    int first, n;
    int64_t size; /* number of values */
    int symbolic; /* values are symbol ids (xcsp_inst.symbols) */
} xcsp_dom;

typedef struct xcsp_var {
    int dom;   /* index in xcsp_inst.doms */
    int array; /* index of its array, -1 for a <var> */
    int cell;  /* row-major index in its array; for a <var>: index of its name */
} xcsp_var;

typedef struct xcsp_array {
    char *id;
    int ndims, dims[XCSP_MAX_DIMS];
    int ncells;
    int *var; /* ncells entries: the variable of each cell, -1 for a cell
                 without a domain (not a variable) */
} xcsp_array;

/* ---- constraints ---------------------------------------------------------------- */

enum xcsp_term_kind {
    XT_VAR,   /* v: the variable; pos: its position in the constraint's scope */
    XT_CONST, /* k */
    XT_EXPR,  /* v: index in the constraint's exprs */
    XT_RANGE, /* k..k2 (occurs of cardinality, condition operands) */
    XT_SET,   /* the constraint's set (condition operands) */
    XT_PARAM  /* a template's %v (-1: %...): replaced when the template is used */
};

typedef struct xcsp_term {
    int kind, v, pos;
    int64_t k, k2;
} xcsp_term;

typedef struct xcsp_list {
    xcsp_term *t;
    int n;
    int what; /* the kinds of terms it takes (XR_VARS, ... of xcsp_reader.h) */
} xcsp_list;

/* An expression as a term: program prog whose parameter k is bind[k] (a
 * variable or a constant). */
typedef struct xcsp_expr {
    int prog, nbind; /* nbind = the program's nparams */
    xcsp_term *bind;
} xcsp_expr;

/* Operators of conditions (and of <operator>); XOP_NONE: no condition. */
#define XCSP_CONDOPS(X) X(lt) X(le) X(ge) X(gt) X(eq) X(ne) X(in) X(notin)
enum xcsp_condop {
    XCO_NONE = 0,
#define XCSP_CONDOP_ENUM_(n) XCO_##n,
    XCSP_CONDOPS(XCSP_CONDOP_ENUM_)
#undef XCSP_CONDOP_ENUM_
};

typedef struct xcsp_cond {
    int op;        /* enum xcsp_condop */
    xcsp_term rhs; /* XT_CONST, XT_VAR, XT_RANGE, XT_SET (or XT_PARAM in a template) */
} xcsp_cond;

#define XCSP_NOPTS 4

typedef struct xcsp_con {
    int fam;           /* index in xcsp_families */
    int line;          /* of the element, or of the <args> that made it */
    int arity, *scope; /* the distinct variables, in order of appearance */
    int nlists;
    xcsp_list *lists;
    xcsp_cond cond;
    int nexprs;
    xcsp_expr *exprs;
    int nset;
    int64_t *set;            /* sorted distinct values of an XT_SET operand */
    int64_t opt[XCSP_NOPTS]; /* the family's options (startIndex, operator, ...) */
    int aux; /* the family's shared data (a program, a table, an automaton), -1 none */
} xcsp_con;

/* ---- shared data ------------------------------------------------------------- */

typedef struct xcsp_table {
    int arity, positive;
    int unary_ranges; /* rows are [lo, hi] intervals of the one variable */
    int stars;        /* some row has a star */
    int sorted;       /* rows in increasing lexicographic order (no star: xcsp_parse_tuples) */
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

/* A finite automaton (<regular>, ndfa allowed) or the graph of an <mdd>:
 * states 0..nstates-1, transitions sorted by (from, value). */
typedef struct xcsp_automaton {
    int nstates, start;
    int ntrans;
    int *trans;           /* 3 per transition: from, value, to */
    unsigned char *final; /* nstates flags */
} xcsp_automaton;

/* ---- the objective ------------------------------------------------------------ */

enum xcsp_objtype {
    XOBJ_EXPR,
    XOBJ_SUM,
    XOBJ_PRODUCT,
    XOBJ_MINIMUM,
    XOBJ_MAXIMUM,
    XOBJ_NVALUES,
    XOBJ_LEX
};

/* One <minimize>/<maximize>: its terms in c (the constraint form: lists[0]
 * the terms, lists[1] the coefficients of a sum; fam -1). */
typedef struct xcsp_objective {
    int present, minimize, type, line;
    xcsp_con c;
} xcsp_objective;

/* ---- the instance --------------------------------------------------------------- */

/* A slot of the instance's id hash (filled and read by xcsp_names.c):
 * key NULL for an empty slot; kind XCSP_NAME_* (xcsp_names.h). */
struct xcsp_name_slot {
    const char *key;
    int kind, index;
};

typedef struct xcsp_inst {
    const char *path;
    xcsp_var *vars;
    int nvars;
    /* vars[0..nlive) occur in a constraint or the objective, in
     * declaration order; vars[nlive..nvars) are the free ones (in none),
     * which the model leaves out (xcsp_free.c).  decl[k]: the index of the
     * k-th declared variable, NULL when nlive == nvars (then the identity) */
    int nlive;
    int *decl;
    size_t vars_cap;
    xcsp_dom *doms;
    int ndoms;
    size_t doms_cap;
    int *ivals; /* the intervals of every domain, 2 ints each */
    size_t nivals, ivals_cap;
    char **var_names; /* names of <var>s (xcsp_var.cell) */
    int nvar_names;
    size_t var_names_cap;
    char **symbols; /* symbol id -> name (symbolic domains) */
    int nsymbols;
    size_t symbols_cap;
    xcsp_array *arrays;
    int narrays;
    size_t arrays_cap;
    xcsp_con *cons;
    size_t ncons, cons_cap;
    xcsp_prog *progs;
    size_t nprogs, progs_cap;
    xcsp_table *tables;
    size_t ntables, tables_cap;
    xcsp_automaton *automata;
    size_t nautomata, automata_cap;
    int *decision; /* <annotations><decision>: variables the search branches on */
    int ndecision;
    xcsp_objective obj;
    size_t scopes, ne; /* totals checked against XCSP_MAX_SCOPES, XCSP_MAX_NE */
    /* id -> (kind, index) hash of variables, arrays and symbols */
    struct xcsp_name_slot *slots;
    size_t nslots, nused;
} xcsp_inst;

/* xcsp_inst.c */
/* Appends a zeroed constraint of family fam (aux -1); the pointer lives
 * until the next append. */
xcsp_con *xcsp_add_con(xcsp_inst *in, int fam, int line);
/* Frees what c owns (not c itself). */
void xcsp_con_free(xcsp_con *c);
void xcsp_inst_free(xcsp_inst *in);
/* Domain d of the instance: whether it holds value v; its bounds. */
int xcsp_dom_has(const xcsp_inst *in, int d, int64_t v);
int xcsp_dom_min(const xcsp_inst *in, int d);
int xcsp_dom_max(const xcsp_inst *in, int d);
/* The domain of variable v. */
static inline const xcsp_dom *xcsp_var_dom(const xcsp_inst *in, int v) {
    return &in->doms[in->vars[v].dom];
}

#endif
