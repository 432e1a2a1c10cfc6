/* xcsp_c_instantiation.c - <instantiation>: <list> and <values> (integers
 * or symbols); posted as instance givens (csp_fix), or a false constraint
 * for a value outside the domain. */
#include "../csp/csp.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_inst(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "values", XR_CONSTS | XR_SYMBOLS, 1, xr_add_list(c)))
        return -1;
    return 0;
}

static int validate_inst(reader *rd, xcsp_con *c) {
    if (c->lists[0].n != c->lists[1].n) {
        return xr_failf(rd, c->line, "<instantiation>: %d variables, %d values", c->lists[0].n,
                        c->lists[1].n);
    }
    return 0;
}

static int check_inst(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    (void)in;
    for (int i = 0; i < c->lists[0].n; i++)
        if (val[c->lists[0].t[i].pos] != c->lists[1].t[i].k) return 0;
    return 1;
}

/* A value outside the domain (or a variable fixed twice to different
 * values) posts a false constraint rather than emptying the domain while
 * the model is built (the other posts read the domains). */
static int post_inst(xcsp_model *m, const xcsp_con *c) {
    for (int k = 0; k < c->lists[0].n; k++) {
        int64_t a = c->lists[1].t[k].k;
        int v = c->lists[0].t[k].v;
        if (a < XCSP_MIN_VALUE || a > XCSP_MAX_VALUE || !csp_has(m->p, v, a))
            xcsp_post_false(m);
        else
            csp_fix(m->p, v, (int)a);
    }
    return 0;
}

const xcsp_family xcsp_c_instantiation = {
    .name = "instantiation",
    .summary = "<list> <values> (integers or symbols)",
    .parse = parse_inst,
    .validate = validate_inst,
    .check = check_inst,
    .post = post_inst,
};
