/* xcsp.h - the XCSP3-core front end (docs/xcsp.md), as the rest of
 * searchlab sees it (the `xcsp` puzzle, src/puzzles/xcsp.c, puts it behind
 * the puzzle interface): the reader of an instance, the model builder,
 * the solution check and the printers.  The front end's own
 * headers: xcsp_inst.h (the parsed instance), xcsp_family.h (the registry
 * of constraint elements), xcsp_reader.h (the reader's internals),
 * xcsp_text.h, xcsp_names.h, xcsp_expr.h, xcsp_model.h. */
#ifndef SEARCHLAB_XCSP_XCSP_H
#define SEARCHLAB_XCSP_XCSP_H

#include <stddef.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../csp/alldiff.h"
#include "../csp/csp.h"
#include "xcsp_inst.h"

/* xcsp_read.c: the instance of the XCSP3 text buf (path for messages),
 * or NULL with d (file:line, the element, what is supported). */
xcsp_inst *xcsp_read(const char *buf, size_t len, const char *path, diag *d);

/* xcsp_model.c: the CSP of an instance (inst: an xcsp_inst), its
 * <allDifferent>s posted at level alldiff; NULL with d.  decision: the
 * <annotations>' <decision> variables are a branching tier of their own,
 * searched first (the `decision` model); 0: they are searched as the
 * instance's other variables (the default, as ACE's default). */
csp *xcsp_build(const void *inst, enum csp_alldiff alldiff, int decision, diag *d);
/* The puzzle's objective hook (xcsp_objective.c): 0 without an
 * objective, else +1 (minimise) or -1 (maximise) and sol's value (a lex
 * objective as one number in mixed radix over its terms' bounds); sol in
 * declaration order (the puzzle's solution vector). */
int xcsp_objective_of(const void *inst, const int *sol, size_t n, int64_t *value);

/* xcsp_solution.c: 1 if the values sol (one per variable, in the
 * instance's order: xcsp_inst_order) satisfy every constraint
 * of the instance and lie in the declared domains; else 0 with why. */
int xcsp_check_solution(const xcsp_inst *in, const int *sol, char *why, size_t why_size);

/* xcsp_free.c: the variables in no constraint and not in the objective
 * moved last (in->nlive, in->decl), called once the instance is read. */
void xcsp_drop_free(xcsp_inst *in);
/* sol (a solution vector: one value per variable in declaration order)
 * in the instance's order: sol itself without free variables, else *buf
 * (nvars entries, the caller frees it with FREEN(*buf, nvars) when not
 * NULL). */
const int *xcsp_inst_order(const xcsp_inst *in, const int *sol, int **buf);
/* The product of the free variables' domain sizes (1 without any), exact:
 * in decimal, or past 100,000 digits as powers "2^700000*3^5"; the caller
 * frees it with xstrfree. */
char *xcsp_free_factor(const xcsp_inst *in);

/* xcsp_out.c: sol in declaration order */
void xcsp_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out);
void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out);
/* With free variables: the comment line of --all (their number and the
 * factor each solution stands for), and the JSON pairs "free_variables":
 * K, "free_factor": "F", (with the comma); nothing without any. */
void xcsp_print_free(const void *inst, FILE *out);
void xcsp_json_free(const void *inst, FILE *out);

#endif
