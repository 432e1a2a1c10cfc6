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
 * <allDifferent>s posted at level alldiff; NULL with d. */
csp *xcsp_build(const void *inst, enum csp_alldiff alldiff, diag *d);
/* The puzzle's objective hook (xcsp_objective.c): 0 without an
 * objective, else +1 (minimise) or -1 (maximise) and sol's value (a lex
 * objective as one number in mixed radix over its terms' bounds). */
int xcsp_objective_of(const void *inst, const int *sol, size_t n, int64_t *value);

/* xcsp_solution.c: 1 if the values sol (one per variable) satisfy every constraint
 * of the instance and lie in the declared domains; else 0 with why. */
int xcsp_check_solution(const xcsp_inst *in, const int *sol, char *why, size_t why_size);

/* xcsp_out.c */
void xcsp_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out);
void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out);

#endif
