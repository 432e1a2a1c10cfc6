/* fzn.h - the FlatZinc front end (docs/flatzinc.md), as the rest of
 * searchlab sees it (the `fzn` puzzle is src/puzzles/fzn.c; this folder
 * knows nothing of puzzles): the reader, the model builder, the checker and the printers.  Its own
 * headers: fzn_inst.h (the parsed model), fzn_token.h, fzn_builtin.h (the registry of builtins),
 * fzn_post.h, fzn_eval.h. */
#ifndef SEARCHLAB_FZN_FZN_H
#define SEARCHLAB_FZN_FZN_H

#include <stddef.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../csp/csp.h"
#include "fzn_inst.h"

/* fzn_read.c: the model of the FlatZinc text buf (path for messages), or
 * NULL with d (file:line:col and what was expected or is not supported). */
fzn_inst *fzn_read(const char *buf, size_t len, const char *path, diag *d);

/* fzn_model.c: the CSP of a model, its all-different groups at level
 * alldiff (an enum csp_alldiff); follow_search (`model=search`) branches
 * on the search annotations' variables first, group by group. */
csp *fzn_build_csp(const fzn_inst *in, int alldiff, int follow_search, diag *d);

/* fzn_check.c: 1 if sol (one value per variable) lies in the declared
 * domains and satisfies every constraint (fzn_eval.c); else 0 with why. */
int fzn_check_solution(const fzn_inst *in, const int *sol, char *why, size_t why_size);

/* fzn_out.c: a solution as FlatZinc prints it (`x = 3;`, arrays as
 * arrayNd(...), then the `----------` line); the JSON object name ->
 * value; the status lines (fzn_print_status: =====UNSATISFIABLE===== and
 * =====UNKNOWN=====; fzn_print_end: ========== after a complete search
 * that found something). */
void fzn_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out);
void fzn_print_json(const void *inst, const int *sol, size_t n, FILE *out);
void fzn_print_status(const void *inst, int status, FILE *out);
void fzn_print_end(const void *inst, int complete, FILE *out);

/* fzn_answer.c, for an outside FlatZinc solver (solver files' `output =
 * fzn`): fzn_all_output writes the FlatZinc text buf (path for messages)
 * to out with every variable made an output (`::output_var`, and
 * `::output_array([lo..hi])` on a declared array of fresh variables),
 * annotations only, so that the solver prints the whole solution vector;
 * 0, or -1 with d.  fzn_read_solution reads one solution as the solver
 * printed it (`x = 3;`, `b = true;`, `a = array2d(1..2, 1..3, [...]);`,
 * `%` lines skipped; the `----------` line not included) into sol (n >=
 * in->nvars values): 1, or 0 with why (a name the model does not output,
 * a value that is not an integer or a Boolean, an array of another
 * length, a variable given two values or none, a fixed one printed with
 * another value). */
int fzn_all_output(const char *buf, size_t len, const char *path, FILE *out, diag *d);
int fzn_read_solution(const fzn_inst *in, const char *text, int *sol, size_t n, char *why,
                      size_t why_size);

#endif
