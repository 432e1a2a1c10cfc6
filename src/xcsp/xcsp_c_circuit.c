/* xcsp_c_circuit.c - <circuit>: <list startIndex> of successors, or the
 * list as text, optional <size>: the successors form one cycle over the
 * variables not pointing to themselves, of that size when given.  Posted
 * as all-different on the successors (at the spec's alldiff= level) and
 * the engine's circuit global (csp/circuit.h: subtour elimination) when
 * the successors are distinct variables; the generic checker otherwise. */
#include "../core/xmalloc.h"
#include "../csp/circuit.h"
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

static int post_circuit(xcsp_model *m, const xcsp_con *c) {
    int n = c->lists[0].n, ok = n >= 1;
    csp_term size = {-1, 0};
    if (c->lists[1].n) {
        const xcsp_term *t = &c->lists[1].t[0];
        if (t->kind == XT_VAR)
            size.var = t->v;
        else if (t->kind == XT_CONST)
            size.k = t->k;
        else
            ok = 0;
    }
    for (int i = 0; i < n && ok; i++) ok = c->lists[0].t[i].kind == XT_VAR;
    if (!ok) return xcsp_post_checker(m, c);
    int *v = xcsp_list_vars(&c->lists[0]);
    if (c->opt[0] < INT32_MIN / 2 || c->opt[0] > INT32_MAX / 2 ||
        csp_post_circuit(m->p, v, n, (int)c->opt[0], c->lists[1].n ? &size : NULL) < 0)
        ok = 0;
    else
        xcsp_post_alldiff(m, v, n);
    FREEN(v, (size_t)n);
    return ok ? 0 : xcsp_post_checker(m, c);
}

const xcsp_family xcsp_c_circuit = {
    .name = "circuit",
    .summary = "a list of successors (text or <list [startIndex]>) [<size>]",
    .parse = parse_circuit,
    .validate = validate_circuit,
    .check = check_circuit,
    .post = post_circuit,
};
