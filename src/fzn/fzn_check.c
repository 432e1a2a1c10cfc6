/* fzn_check.c - the independent check of a FlatZinc solution: every
 * value in its declared domain and every constraint true under the
 * evaluators of fzn_eval.c (no propagator, no model). */
#include "fzn.h"
#include "fzn_builtin.h"

int fzn_check_solution(const fzn_inst *in, const int *sol, char *why, size_t why_size) {
    for (int v = 0; v < in->nvars; v++) {
        const fzn_var *x = &in->vars[v];
        int ok = 0;
        for (int j = 0; j < x->niv && !ok; j++)
            ok = sol[v] >= x->iv[2 * j] && sol[v] <= x->iv[2 * j + 1];
        if (!ok) {
            snprintf(why, why_size, "%s = %d is outside its domain", x->name, sol[v]);
            return 0;
        }
    }
    for (int i = 0; i < in->ncons; i++) {
        const fzn_con *c = &in->cons[i];
        if (!c->b->eval(c, sol)) {
            snprintf(why, why_size, "the %s of line %d is violated", c->b->name, c->line);
            return 0;
        }
    }
    return 1;
}
