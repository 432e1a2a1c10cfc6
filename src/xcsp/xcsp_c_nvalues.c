/* xcsp_c_nvalues.c - <nValues>: how many distinct values the terms of
 * <list> take, those of <except> left out, under <condition>.  Distinct
 * variables (an expression: its auxiliary variable, xcsp_term_var) are
 * the engine's nValues (sound, csp/nvalues.c) equal to the condition's
 * variable (xcsp_cond_var); a variable written twice and expressions too
 * wide for an auxiliary are the generic checker. */
#include "../core/xmalloc.h"
#include "../csp/count.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_nvalues(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "except", XR_CONSTS | XR_SYMBOLS, 0, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int check_nvalues(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    int64_t n = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        int64_t x = XCSP_VAL(0, i);
        int seen = 0;
        for (int j = 0; j < c->lists[1].n && !seen; j++) seen = x == c->lists[1].t[j].k;
        for (int j = 0; j < i && !seen; j++) seen = x == XCSP_VAL(0, j);
        n += !seen;
    }
    return !undef && xcsp_cond_holds(c, n, val);
}

static int post_nvalues(xcsp_model *m, const xcsp_con *c) {
    return xcsp_post_valued(m, c, csp_post_nvalues);
}

const xcsp_family xcsp_c_nvalues = {
    .name = "nValues",
    .summary = "<list> (variables or expressions) [<except> integers] <condition>",
    .parse = parse_nvalues,
    .check = check_nvalues,
    .post = post_nvalues,
};
