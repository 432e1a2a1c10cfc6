/* fzn_builtin.h - the registry of the FlatZinc constraints this front end
 * reads (fzn_builtins.c, one line each): the name, the kinds of the
 * arguments, how the model posts it (fzn_post*.c, through the engine's
 * propagators) and how the checker evaluates it on a solution
 * (fzn_eval.c, plain arithmetic that shares no code with the
 * propagators). */
#ifndef SEARCHLAB_FZN_FZN_BUILTIN_H
#define SEARCHLAB_FZN_FZN_BUILTIN_H

#include <stddef.h>

#include "../core/diag.h"
#include "../csp/csp.h"
#include "fzn_inst.h"

/* What a post function builds into (fzn_model.c). */
typedef struct fzn_build {
    const fzn_inst *in;
    csp *p;
    int fail;    /* a constraint false whatever the values: the model has no solution */
    int alldiff; /* enum csp_alldiff: the spec's level for all_different */
} fzn_build;

typedef struct fzn_builtin {
    const char *name;
    /* One character per argument: 's' a scalar, 'a' an array, 'c' an
     * array of integers of at most 32 bits (coefficients), 'S' a set;
     * 'b' a Boolean scalar, 'B' an array of Booleans (the reader refuses
     * a var int or a constant other than 0/1 there). */
    const char *sig;
    /* Posts c; 0, or -1 with d (file:line:col and why). */
    int (*post)(fzn_build *b, const fzn_con *c, diag *d);
    /* 1 when the solution (one value per variable) satisfies c. */
    int (*eval)(const fzn_con *c, const int *sol);
} fzn_builtin;

/* Every builtin, ending with a zero entry. */
extern const fzn_builtin fzn_builtins[];
const fzn_builtin *fzn_builtin_find(const char *name, size_t len);

/* fzn_model.c: the engine variable of a term (a constant gets a fixed
 * variable of its own, shared by equal constants). */
int fzn_var_of(fzn_build *b, fzn_term t);

#endif
