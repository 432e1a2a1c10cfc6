/* xcsp_model.h - building the CSP of an instance (xcsp_model.c): what the
 * posts of the families share.  Internal to the front end. */
#ifndef SEARCHLAB_XCSP_XCSP_MODEL_H
#define SEARCHLAB_XCSP_XCSP_MODEL_H

#include "../csp/csp.h"
#include "../csp/alldiff.h"
#include "xcsp_inst.h"

struct tuples_cache;
typedef struct xcsp_shared xcsp_shared;
struct xcsp_eq_lits;

typedef struct xcsp_model {
    csp *p;
    const xcsp_inst *in;
    enum csp_alldiff alldiff; /* the level of the <allDifferent>s */
    int dummy;                /* the one-value variable of false constraints, -1 until needed */
    struct tuples_cache *tc;
    diag *d;
    size_t wide_words; /* the bit-set words of the wide tables posted so far (an upper bound) */
    xcsp_shared *sh;   /* the shared subexpressions and pending != (xcsp_shared.c), NULL none */
    struct xcsp_eq_lits *eq; /* the literals x = a made so far (xcsp_lits.c), NULL: none */
    /* the auxiliary variables of a sum objective's expression terms
     * (xcsp_objective.c), searched with the instance's variables rather
     * than last (set_tiers, xcsp_model.c); NULL: none */
    int *obj_aux;
    int nobj_aux;
} xcsp_model;

/* The words of bit-sets that all the wide tables of one model may take
 * (256 MiB; each table is posted alone, its rows not shared): past it, an
 * <extension> stays on the checker and an expression gets no table. */
#define XCSP_WIDE_WORDS_TOTAL ((size_t)1 << 25)
/* 1 when `words` more words of wide-table bit-sets fit the budget
 * XCSP_WIDE_WORDS_TOTAL, and then they are counted; 0 (nothing counted)
 * when not. */
int xcsp_wide_charge(xcsp_model *m, size_t words);

/* A constraint that no assignment satisfies. */
void xcsp_post_false(xcsp_model *m);
/* The generic checker constraint of c (xcsp_checker.c): its family's
 * check, a revise bounded like the intension's, sound, never hanging. */
int xcsp_post_checker(xcsp_model *m, const xcsp_con *c);
/* The same checker with another check over another scope (engine
 * variables; check reads vals in that scope's order, c as its context):
 * the objective's link (xcsp_objective.c). */
typedef int (*xcsp_check_fn)(const xcsp_inst *in, const xcsp_con *c, const int *vals);
int xcsp_post_checker_on(xcsp_model *m, const xcsp_con *c, xcsp_check_fn check, const int *scope,
                         int arity);
/* The instance's objective in the model: the engine's objective, through
 * an auxiliary variable and its link when it is not a variable or a lex
 * of variables (xcsp_objective.c).  0, or -1 with m->d. */
int xcsp_post_objective(xcsp_model *m);
/* The binary != of the instance (intension ne of two variables, tables
 * that are exactly !=) as all-different cliques and leftover built-in
 * != (xcsp_cliques.c); skip[i] is set for each constraint posted so. */
void xcsp_post_ne_cliques(xcsp_model *m, unsigned char *skip);
/* The != between engine variables uv[2k] and uv[2k+1], k < n, covered
 * by cliques as xcsp_post_ne_cliques covers the instance's
 * (xcsp_cliques.c). */
void xcsp_post_ne_edges(xcsp_model *m, const int *uv, size_t n);
/* An intension rel(A, B) (rel among lt le ge gt eq ne; its terms
 * variables and constants) as rel between the variables of A and B, a
 * subexpression's the auxiliary variable of xcsp_prog_var, one per
 * distinct subexpression of the model (xcsp_shared.c); ne's are kept
 * for xcsp_post_shared_ne.  1 when posted so, 0 when not (nothing made). */
int xcsp_post_intension_shared(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms);
/* The != kept by xcsp_post_intension_shared, as cliques: once, after
 * every constraint is posted. */
void xcsp_post_shared_ne(xcsp_model *m);
/* Frees m->sh (NULL after). */
void xcsp_shared_free(xcsp_model *m);
/* The intension constraint (bounds-pruned support search) of program
 * prog whose parameter k is terms[k] (variables and constants); NULL
 * when a term is an expression (the caller posts a checker). */
int xcsp_post_intension(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms);
/* The divisors of K as the domains of the variables of an intension
 * eq(mul(...), K), K != 0 (xcsp_divisors.c); nothing for other forms. */
void xcsp_post_divisors(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms);
/* The intension as the positive table of its satisfying tuples when its
 * scope has two variables or more and their domains multiply to a few
 * thousand tuples (xcsp_aux.c); 1 when posted so, 0 when not (too
 * large: the caller posts the intension constraint). */
int xcsp_post_intension_table(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms);
/* The intension as the engine's linear sum when its predicate is a
 * linear comparison of variables and integers (xcsp_linear.c); with
 * inequality_only, only for <, <=, >=, > (the other operators may prefer
 * a table).  1 when posted so, 0 when not (nothing posted). */
int xcsp_post_intension_linear(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms,
                               int inequality_only);
/* z = e, for an expression e of c linear in variables and integers (as
 * xcsp_post_intension_linear reads them), as the engine's sum; 1 when
 * posted so, 0 when not (nothing posted). */
int xcsp_post_expr_linear(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int z);
/* With make, a new variable y over the range of e (an expression of c
 * linear in variables and integers) tied by y = e as the engine's sum
 * (bounds), or -1 when e is not linear or its range passes the 32-bit
 * values; without make, only 0 when it could be made (-1 otherwise).  For
 * expressions too wide for a table's auxiliary variable (xcsp_aux.c). */
int xcsp_expr_linear_var(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int make);
/* With make, a 0/1 variable equal to e when e is or(...) or and(...) of
 * two operands or more, each reading at most one variable (a literal
 * x in S per variable, tied by clauses: xcsp_lits.c), or -1 when e is not
 * of that form; without make, only 0 when it could be made (-1
 * otherwise).  Tried before the table of xcsp_aux.c. */
int xcsp_lits_var(xcsp_model *m, const xcsp_con *c, const xcsp_expr *e, int make);
/* The 0/1 variable of x = a (a in x's domain, x not 0/1), one per pair
 * (x, a) in the model; it is tied to x by xcsp_eq_lits_post. */
int xcsp_eq_lit(xcsp_model *m, int x, int a);
/* Ties the literals of xcsp_eq_lit to their variables: a variable with
 * three literals or more gets one for each value of its span and the
 * engine's channel-value over them (the direct encoding, GAC); one with
 * fewer, in_reif for each.  Frees them (also on an error path: post 0). */
void xcsp_eq_lits_post(xcsp_model *m, int post);
/* The table constraint of table t over vars[0..n) as written (repeats
 * allowed): 0 when posted, -1 on an error (diagnosed), 1 when a variable
 * is wider than 64 values and the engine's wide table refuses it
 * (table.h's limits; nothing posted: the caller posts the checker). */
int xcsp_post_extension(xcsp_model *m, int table, const int *vars, int n, int line);
/* <allDifferent> of vars as written at the spec's alldiff= level (a
 * variable written twice: false). */
void xcsp_post_alldiff(xcsp_model *m, const int *vars, int n);
/* sum a[i] * vars[i] (a variable may repeat, zero coefficients allowed)
 * against c's condition with k as its constant operand (a variable
 * operand already moved into the terms): the engine's sum propagators
 * (xcsp_c_sum.c says which); 0, or -1 (nothing posted) when they cannot
 * take it and the caller posts a checker. */
int xcsp_post_linear(xcsp_model *m, const xcsp_con *c, const int *vars, const int64_t *a, int n,
                     int64_t k);
/* The values within [lo, hi] that c's condition with a constant operand
 * (an integer, an interval, a set) allows, as sorted disjoint intervals
 * into *iv (grown, capacity *cap, the caller frees); returns how many
 * (xcsp_cond.c). */
int xcsp_cond_allowed(const xcsp_con *c, int64_t lo, int64_t hi, int64_t **iv, size_t *cap);
/* An auxiliary variable z with values in [lo, hi] that satisfies c's
 * condition (xcsp_cond.c): the operand itself for (eq, y) when y is not
 * among avoid[0..navoid); a new variable tied to y by a binary constraint
 * for the other operators; for a constant operand, a new variable with
 * the values the condition allows.  -2 when no value is allowed (a false
 * constraint is posted), -1 when it cannot (nothing posted). */
int xcsp_cond_var(xcsp_model *m, const xcsp_con *c, int64_t lo, int64_t hi, const int *avoid,
                  int navoid);
/* A list (lists[0], variables or expressions) and integers (lists[1])
 * under c's condition, posted as post(p, vars, n, vals, nv, z) with z the
 * condition's variable (count's V, nValues' E); the generic checker when
 * the list repeats a variable or the integers are not constants
 * (xcsp_c_count.c). */
typedef int (*xcsp_valued_post)(csp *p, const int *vars, int n, const int64_t *vals, int nv, int z);
int xcsp_post_valued(xcsp_model *m, const xcsp_con *c, xcsp_valued_post post);
/* 1 when every term of l is a variable and none repeats
 * (xcsp_c_count.c). */
int xcsp_distinct_vars(const xcsp_list *l);
/* xcsp_list_term_vars when no variable repeats in l (and no two terms
 * share an auxiliary), else NULL (xcsp_c_count.c). */
int *xcsp_distinct_term_vars(xcsp_model *m, const xcsp_con *c, const xcsp_list *l);
/* The integers of l sorted and distinct into out (l->n entries at
 * least); their number, or -1 when a term is not an integer. */
int xcsp_const_values(const xcsp_list *l, int64_t *out);
/* The engine variable whose value is term t of c (xcsp_aux.c): a variable
 * itself, a constant a one-value variable, an expression an auxiliary
 * variable with exactly its values, linked to the expression's variables
 * by a table; -1 when the expression's variables' domains multiply past
 * the table's limit or span more than 64 values (the caller posts the
 * generic checker). */
int xcsp_term_var(xcsp_model *m, const xcsp_con *c, const xcsp_term *t);
/* Rows of the largest link table of an auxiliary variable: a product of
 * domains beyond it keeps the expression in the checker (xcsp_aux.c). */
#define XCSP_AUX_MAX_ROWS ((int64_t)1 << 16)
/* The auxiliary variable of program pg (an expression, or a view of one
 * operand of a predicate's code) whose parameter k is bind[k] (a variable
 * of c's scope or a constant; a parameter pg does not read may be any
 * constant): a new variable with exactly the values pg takes on the
 * current domains, linked to pg's variables by the positive table of the
 * tuples where it is defined (xcsp_aux.c; a value outside the 32-bit
 * integers drops its tuple, so the caller bounds pg first where that
 * matters); -1 (nothing made) when the table passes XCSP_AUX_MAX_ROWS
 * rows or the wide tables' limits. */
int xcsp_prog_var(xcsp_model *m, const xcsp_con *c, const xcsp_prog *pg, const xcsp_term *bind,
                  int nb);
/* 1 when xcsp_prog_var surely makes a variable for a program bound to
 * bind[0..nb) whose values lie within [lo, hi]: its table within the
 * limits with a row for every tuple and every value of [lo, hi] taken
 * (nothing charged); 0 when it might not. */
int xcsp_prog_var_fits(const xcsp_model *m, const xcsp_con *c, const xcsp_term *bind, int nb,
                       int64_t lo, int64_t hi);
/* A new variable z = x * y (y may be x), tied by the engine's product
 * (csp/mul.h): its values exactly the products of the current domains
 * while they are few (CSP_MUL_GAC_PAIRS pairs), else the interval of
 * their bounds; -1 (nothing made) when a product may leave the 32-bit
 * values (the caller posts the generic checker). */
int xcsp_product_var(xcsp_model *m, int x, int y);
/* xcsp_term_var of every term of list l, or NULL when one term has none
 * (an expression found too wide only once enumerated may leave the
 * auxiliary variables of the terms before it, each a function of its
 * own); l->n entries, freed with FREEN(v, l->n + 1). */
int *xcsp_list_term_vars(xcsp_model *m, const xcsp_con *c, const xcsp_list *l);
/* The variables of list l of c (all must be XT_VAR); n entries, freed
 * with FREEN(v, n ? n : 1). */
int *xcsp_list_vars(const xcsp_list *l);

#endif
