/* xcsp_c_lex.c - <lex>: two or more <list>s, or one <matrix> (rows (a,b)(c,d) or
 * x[][]; rows and columns), then <operator>: each list op the next, lexicographically.
 * opt[0] is the operator, opt[1] 1 for the matrix form.  Posted as the
 * engine's lex (src/csp/lex.c, GAC for each pair) on each consecutive
 * pair of lists (rows, then columns for a matrix); ge and gt swap the
 * pair. */
#include "../core/xmalloc.h"
#include "../csp/lex.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_lex(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *m = xr_kid_get(e, "matrix"), *k;
    if (m) {
        c->opt[1] = 1;
        if (xr_matrix(rd, c, m, XR_VARS)) return -1;
    } else {
        while ((k = xr_kid_get(e, "list")))
            if (xr_terms(rd, c, k->text, k->len, k->text_line, "list", XR_VARS, xr_add_list(c)))
                return -1;
        if (c->nlists < 2)
            return xr_fail(rd, e->line, "<lex>: expected %s%s",
                           "two or more <list>s, or a <matrix>", "");
    }
    return xr_operator(rd, e, c);
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

static int post_lex(xcsp_model *m, const xcsp_con *c) {
    int op = (int)c->opt[0], strict = op == XCO_lt || op == XCO_gt,
        down = op == XCO_ge || op == XCO_gt;
    int rows = c->nlists, cols = rows ? c->lists[0].n : 0;
    if (!cols) return xcsp_post_checker(m, c);
    int big = rows > cols ? rows : cols, *a = NEWN((size_t)big, int), *b = NEWN((size_t)big, int);
    for (int cs = 0; cs <= (int)c->opt[1]; cs++) {
        int nvec = cs ? cols : rows, len = cs ? rows : cols;
        for (int k = 0; k + 1 < nvec; k++) {
            for (int i = 0; i < len; i++) {
                a[i] = cs ? c->lists[i].t[k].v : c->lists[k].t[i].v;
                b[i] = cs ? c->lists[i].t[k + 1].v : c->lists[k + 1].t[i].v;
            }
            csp_post_lex(m->p, down ? b : a, down ? a : b, len, strict);
        }
    }
    FREEN(a, (size_t)big);
    FREEN(b, (size_t)big);
    return 0;
}

const xcsp_family xcsp_c_lex = {
    .name = "lex",
    .summary = "two or more <list>s, or a <matrix> (rows and columns), then <operator>",
    .parse = parse_lex,
    .validate = validate_lex,
    .check = check_lex,
    .post = post_lex,
};
