/* xcsp_c_misc.c - <circuit> (<list startIndex> of successors, or the
 * list as text; optional <size>: the successors form one cycle over the
 * variables not pointing to themselves, of that size when given) and
 * <instantiation> (<list> and <values>: integers or symbols; posted as
 * instance givens, csp_fix, or a false constraint for a value outside
 * the domain). */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/csp.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_circuit(reader *rd, xr_elem *e, xcsp_con *c) {
    size_t len;
    int line;
    xr_kid *k;
    const char *text = xr_main_list(rd, e, &len, &line, &k);
    if (!text || (k && xr_start_index(rd, e, k, "startIndex", &c->opt[0])) ||
        xr_terms(rd, c, text, len, line, k ? "list" : "circuit", XR_VARS, xr_add_list(c)))
        return -1;
    return xr_kid_terms(rd, c, e, "size", XR_VARS | XR_CONSTS, 0, xr_add_list(c));
}

static int validate_circuit(reader *rd, xcsp_con *c) {
    if (c->lists[1].n > 1)
        return xr_fail(rd, c->line, "<circuit>: %s%s", "<size> holds one integer or variable", "");
    return 0;
}

static int check_circuit(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->lists[0].n, first = -1, size = 0;
    for (int i = 0; i < n; i++) {
        int64_t s = val[c->lists[0].t[i].pos] - c->opt[0];
        if (s < 0 || s >= n) return 0;
        if (s != i) size++, first = first < 0 ? i : first;
    }
    if (first >= 0) { /* one cycle through every node that is not a loop */
        int len = 0, i = first;
        do {
            i = (int)(val[c->lists[0].t[i].pos] - c->opt[0]);
            len++;
        } while (i != first && len <= n);
        if (len != size) return 0;
    }
    if (size < 2) return 0; /* no circuit at all */
    if (c->lists[1].n && size != xcsp_term_value(in, c, &c->lists[1].t[0], val, &undef)) return 0;
    return !undef;
}

const xcsp_family xcsp_c_circuit = {
    .name = "circuit",
    .summary = "a list of successors (text or <list [startIndex]>) [<size>]",
    .parse = parse_circuit,
    .validate = validate_circuit,
    .check = check_circuit,
};

/* ---- instantiation ---- */

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

static int post_inst(xcsp_model *m, const xcsp_con *c) {
    csp *p = m->p;
    for (int k = 0; k < c->lists[0].n; k++) {
        int v = c->lists[0].t[k].v;
        int64_t b = c->lists[1].t[k].k - p->offset[v];
        if (b >= 0 && b < CSP_MAX_VALUES && (p->dom[v] >> b & 1) && !p->given[v])
            csp_fix(p, v, (int)c->lists[1].t[k].k);
        else if (!(b >= 0 && b < CSP_MAX_VALUES && p->given[v] && p->dom[v] == csp_bit((int)b)))
            xcsp_post_false(m); /* outside the domain, or a variable fixed twice differently */
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
