/* xcsp_family.h - the registry of XCSP3-core constraint elements.  One
 * const table per element family, one file per family (xcsp_c_*.c): its
 * parse of the element into the generic constraint form (xcsp_inst.h),
 * its own checks once a template is made concrete, its check on a
 * complete assignment (the verifier of every solution uses it), and its
 * post into the engine (NULL: the generic checker constraint of
 * xcsp_checker.c).  Replacing a family's propagator touches its file
 * only.  The reader finds families by element name (xcsp_families). */
#ifndef SEARCHLAB_XCSP_XCSP_FAMILY_H
#define SEARCHLAB_XCSP_XCSP_FAMILY_H

#include <stdint.h>

#include "../core/diag.h"
#include "xcsp_inst.h"

struct reader;
struct xr_elem;
struct xcsp_model;

typedef struct xcsp_family {
    const char *name;    /* the element: "sum" */
    const char *summary; /* the forms read, for `searchlab list` and docs/xcsp.md */
    /* Reads element e into c (lists, condition, options, aux); in a
     * template (rd->tmpl) terms may be %k.  0 or -1 after xr_fail. */
    int (*parse)(struct reader *rd, struct xr_elem *e, xcsp_con *c);
    /* Optional: the checks of a concrete constraint (sizes of lists,
     * kinds of terms); messages at c->line. */
    int (*validate)(struct reader *rd, xcsp_con *c);
    /* 1 if the values val (val[i] of c->scope[i]) satisfy c. */
    int (*check)(const xcsp_inst *in, const xcsp_con *c, const int *val);
    /* Optional: posts c into the model; 0 or -1 with m->d.  NULL: the
     * generic checker constraint (xcsp_post_checker). */
    int (*post)(struct xcsp_model *m, const xcsp_con *c);
} xcsp_family;

/* The registry (xcsp_registry.c), NULL-terminated; c->fam indexes it. */
extern const xcsp_family *const xcsp_families[];
#define XCSP_FAMILY(c) (xcsp_families[(c)->fam])

/* ---- evaluation on values (xcsp_eval.c) ---- */

/* Term i of list l of c, in a check whose locals are in, c, val and
 * undef (the families' checks). */
#define XCSP_VAL(l, i) xcsp_term_value(in, c, &c->lists[l].t[i], val, &undef)
/* The value of term t of c under val (val[i] of c->scope[i]); *undef is
 * set when an expression is undefined there (division by 0). */
int64_t xcsp_term_value(const xcsp_inst *in, const xcsp_con *c, const xcsp_term *t, const int *val,
                        int *undef);
/* Whether lhs satisfies c's condition under val. */
int xcsp_cond_holds(const xcsp_con *c, int64_t lhs, const int *val);
/* Whether lhs op rhs (a relational operator of enum xcsp_condop). */
int xcsp_compare(int op, int64_t lhs, int64_t rhs);
/* The bounds of term t when each variable of c's scope lies in
 * [lo[i], hi[i]]; -1 when an intermediate value may leave 62 bits. */
int xcsp_term_bounds(const xcsp_inst *in, const xcsp_con *c, const xcsp_term *t, const int64_t *lo,
                     const int64_t *hi, int64_t *out_lo, int64_t *out_hi);
/* The declared bounds of the variables of c's scope into lo, hi. */
void xcsp_scope_bounds(const xcsp_inst *in, const xcsp_con *c, int64_t *lo, int64_t *hi);
/* The value of the instance's objective on a solution (one value per
 * variable): the variable or expression, the sum with its coefficients,
 * the product, minimum, maximum or number of distinct values of its
 * terms; for lex, its first term (a lex objective orders the list). */
int64_t xcsp_objective_value(const xcsp_inst *in, const int *sol, int *undef);
/* The values of c's scope in a solution (one value per variable). */
void xcsp_gather(const xcsp_con *c, const int *sol, int *val);

#endif
