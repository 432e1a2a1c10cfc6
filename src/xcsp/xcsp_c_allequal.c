/* xcsp_c_allequal.c - <allEqual>: a list (its text or <list>; variables
 * or expressions) whose terms take one value: the engine's allequal
 * (src/csp/allequal.c, GAC) over the variables (an expression: its
 * auxiliary variable, xcsp_term_var); an expression too wide for its
 * table: the generic checker. */
#include "../core/xmalloc.h"
#include "../csp/allequal.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_allequal(reader *rd, xr_elem *e, xcsp_con *c) {
    size_t len;
    int line;
    xr_kid *k;
    const char *text = xr_main_list(rd, e, &len, &line, &k);
    return !text ? -1
                 : xr_terms(rd, c, text, len, line, k ? "list" : "allEqual", XR_VARS | XR_EXPRS,
                            xr_add_list(c));
}

static int check_allequal(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    for (int i = 1; i < c->lists[0].n; i++)
        if (XCSP_VAL(0, i) != XCSP_VAL(0, 0)) return 0;
    return !undef;
}

static int post_allequal(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[0];
    int *v = xcsp_list_term_vars(m, c, l); /* expressions: auxiliary variables */
    if (!v) return xcsp_post_checker(m, c);
    csp_post_allequal(m->p, v, l->n);
    FREEN(v, (size_t)l->n + 1);
    return 0;
}

const xcsp_family xcsp_c_allequal = {
    .name = "allEqual",
    .summary = "a list (text or <list>; variables or expressions)",
    .parse = parse_allequal,
    .check = check_allequal,
    .post = post_allequal,
};
