/* xcsp_c_circuit.c - <circuit>: <list startIndex> of successors, or the
 * list as text, optional <size>: the successors form one cycle over the
 * variables not pointing to themselves, of that size when given.  A
 * generic checker for now. */
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
