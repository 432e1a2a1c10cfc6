/* xcsp_c_ordered.c - <ordered> and <lex>.  ordered: a list, optional
 * <lengths> (integers or variables), <operator> lt|le|ge|gt, or the
 * simplified form <ordered case="increasing|strictlyIncreasing|
 * decreasing|strictlyDecreasing"> x y z </ordered>; x_i + l_i op x_{i+1}.
 * lex: two or more <list>s, or one <matrix> (rows and columns), then
 * <operator>: each list op the next, lexicographically.  opt[0] is the
 * operator (enum xcsp_condop), opt[1] 1 for lex's matrix form.  Both are
 * generic checkers. */
#include <string.h>

#include "xcsp_reader.h"

/* <operator> lt|le|ge|gt into opt[0]. */
static int read_operator(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *k = xr_kid_get(e, "operator");
    if (!k) return xr_fail(rd, e->line, "<%s>: expected <operator>%s", e->name, "");
    const char *s = k->text, *end = k->text + k->len;
    while (s < end && xcsp_blank(*s)) s++;
    while (end > s && xcsp_blank(end[-1])) end--;
    int op = xr_condop(s, (size_t)(end - s));
    if (op != XCO_lt && op != XCO_le && op != XCO_ge && op != XCO_gt) {
        char buf[64];
        return xr_fail(rd, k->line, "<operator>: '%s' (expected lt, le, ge or gt)%s",
                       xcsp_show(s, (size_t)(end - s), buf, sizeof buf), "");
    }
    c->opt[0] = op;
    return 0;
}

static int parse_ordered(reader *rd, xr_elem *e, xcsp_con *c) {
    static const char *const cases[] = {"strictlyIncreasing", "increasing", "decreasing",
                                        "strictlyDecreasing", NULL};
    static const int ops[] = {XCO_lt, XCO_le, XCO_ge, XCO_gt};
    const char *cs = xr_attr_get(e, NULL, "case");
    size_t len;
    int line;
    xr_kid *k;
    const char *text = xr_main_list(rd, e, &len, &line, &k);
    if (!text || xr_terms(rd, c, text, len, line, k ? "list" : "ordered", XR_VARS, xr_add_list(c)))
        return -1;
    if (xr_kid_terms(rd, c, e, "lengths", XR_CONSTS | XR_VARS, 0, xr_add_list(c))) return -1;
    if (cs) {
        int i = 0;
        while (cases[i] && strcmp(cases[i], cs)) i++;
        if (!cases[i]) {
            char buf[64];
            snprintf(buf, sizeof buf, "%.40s", cs);
            return xr_fail(rd, e->line, "<ordered>: case=\"%s\" (expected %s)", buf,
                           "increasing, strictlyIncreasing, decreasing or strictlyDecreasing");
        }
        c->opt[0] = ops[i];
        return 0;
    }
    return read_operator(rd, e, c);
}

static int validate_ordered(reader *rd, xcsp_con *c) {
    int n = c->lists[0].n, nl = c->lists[1].n;
    if (nl && nl != n - 1) {
        return xr_failf(rd, c->line, "<ordered>: %d <lengths> for %d pairs of the list", nl,
                        n > 0 ? n - 1 : 0);
    }
    return 0;
}

static int check_ordered(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    for (int i = 0; i + 1 < c->lists[0].n; i++) {
        int64_t x = xcsp_term_value(in, c, &c->lists[0].t[i], val, &undef);
        int64_t y = xcsp_term_value(in, c, &c->lists[0].t[i + 1], val, &undef);
        int64_t l = c->lists[1].n ? xcsp_term_value(in, c, &c->lists[1].t[i], val, &undef) : 0;
        if (!xcsp_compare((int)c->opt[0], x + l, y)) return 0;
    }
    return !undef;
}

const xcsp_family xcsp_c_ordered = {
    .name = "ordered",
    .summary = "<list> [<lengths>] <operator>, or case=\"...\" with the list as text",
    .parse = parse_ordered,
    .validate = validate_ordered,
    .check = check_ordered,
};

/* ---- lex ---- */

static int parse_lex(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *m = xr_kid_get(e, "matrix"), *k;
    if (m) {
        c->opt[1] = 1;
        if (xr_rows(rd, c, m->text, m->len, m->text_line, "matrix", XR_VARS) < 0) return -1;
    } else {
        while ((k = xr_kid_get(e, "list")))
            if (xr_terms(rd, c, k->text, k->len, k->text_line, "list", XR_VARS, xr_add_list(c)))
                return -1;
        if (c->nlists < 2)
            return xr_fail(rd, e->line, "<lex>: expected %s%s",
                           "two or more <list>s, or a <matrix>", "");
    }
    return read_operator(rd, e, c);
}

static int validate_lex(reader *rd, xcsp_con *c) {
    for (int l = 1; l < c->nlists; l++)
        if (c->lists[l].n != c->lists[0].n)
            return xr_fail(rd, c->line, "<lex>: %s of different lengths%s",
                           c->opt[1] ? "rows" : "lists", "");
    return 0;
}

/* -1, 0, 1 as the values of a (rows: list a; columns: entry a of each
 * list) compare lexicographically to b's. */
static int lex_cmp(const xcsp_inst *in, const xcsp_con *c, const int *val, int cols, int a, int b,
                   int *undef) {
    int n = cols ? c->nlists : c->lists[0].n;
    for (int i = 0; i < n; i++) {
        const xcsp_term *ta = cols ? &c->lists[i].t[a] : &c->lists[a].t[i];
        const xcsp_term *tb = cols ? &c->lists[i].t[b] : &c->lists[b].t[i];
        int64_t x = xcsp_term_value(in, c, ta, val, undef),
                y = xcsp_term_value(in, c, tb, val, undef);
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

static int check_lex(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    for (int cols = 0; cols <= (int)c->opt[1]; cols++) {
        int n = cols ? c->lists[0].n : c->nlists;
        for (int a = 0; a + 1 < n; a++)
            if (!xcsp_compare((int)c->opt[0], lex_cmp(in, c, val, cols, a, a + 1, &undef), 0))
                return 0;
    }
    return !undef;
}

const xcsp_family xcsp_c_lex = {
    .name = "lex",
    .summary = "two or more <list>s, or a <matrix> (rows and columns), then <operator>",
    .parse = parse_lex,
    .validate = validate_lex,
    .check = check_lex,
};
