/* xcsp_solution.c - the rules of an XCSP3 instance on a solution: every
 * value in its declared domain and every constraint of the parsed instance
 * satisfied, checked on the instance itself (never through the CSP model
 * that produced the solution). */
#include <stdio.h>

#include "../core/xmalloc.h"
#include "xcsp.h"
#include "xcsp_family.h"
#include "xcsp_names.h"

int xcsp_check_solution(const xcsp_inst *in, const int *sol, char *why, size_t why_size) {
    char name[160];
    for (int v = 0; v < in->nvars; v++)
        if (!xcsp_dom_has(in, in->vars[v].dom, sol[v])) {
            xcsp_var_name(in, v, name, sizeof name);
            snprintf(why, why_size, "%s = %d is outside its domain", name, sol[v]);
            return 0;
        }
    int small[64], *val = small;
    size_t cap = 64;
    for (size_t i = 0; i < in->ncons; i++) {
        const xcsp_con *c = &in->cons[i];
        if ((size_t)c->arity > cap) {
            if (val != small) FREEN(val, cap);
            cap = (size_t)c->arity;
            val = NEWN(cap, int);
        }
        xcsp_gather(c, sol, val);
        if (!XCSP_FAMILY(c)->check(in, c, val)) {
            snprintf(why, why_size, "the <%s> of line %d is violated", XCSP_FAMILY(c)->name,
                     c->line);
            if (val != small) FREEN(val, cap);
            return 0;
        }
    }
    if (val != small) FREEN(val, cap);
    return 1;
}
