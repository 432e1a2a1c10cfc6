/* xcsp_matrix.c - the text of a <matrix> as one list of c per row: rows
 * "(a,b,...)(c,d,...)" of the kinds of terms in what, or one reference
 * to a two-dimensional array (x[][], x[1..2][], ...) split by its first
 * index (variables only), in a <group> template too when it names no
 * parameter (QuasiGroup-base: <element><matrix> x[][] </matrix> <index>
 * %0 %1 </index>).  Shared by <allDifferent>, <element> and <lex>. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_reader.h"

int xr_matrix(reader *rd, xcsp_con *c, xr_kid *k, int what) {
    const char *p = k->text;
    while (*p && xcsp_blank(*p)) p++;
    if (*p == '(' || (rd->tmpl && memchr(k->text, '%', k->len)))
        return xr_rows(rd, c, k->text, k->len, k->text_line, "matrix", what) < 0 ? -1 : 0;
    xcsp_list all = {0};
    if (xr_terms(rd, c, k->text, k->len, k->text_line, "matrix", XR_VARS, &all)) {
        if (all.t) FREEN(all.t, (size_t)all.n); /* the terms read before the error */
        return -1;
    }
    const xcsp_inst *in = rd->in;
    int ret = 0, prev = -1;
    for (int i = 0; i < all.n && !ret; i++) {
        const xcsp_var *v = &in->vars[all.t[i].v];
        if (v->array < 0 || in->arrays[v->array].ndims != 2) {
            ret = xr_fail(rd, k->text_line,
                          "<matrix>: expected rows (a,b,...)(...) or one "
                          "reference to a two-dimensional array such as x[][]%s%s",
                          "", "");
            break;
        }
        int row = v->cell / in->arrays[v->array].dims[1];
        if (row != prev || i == 0) xr_add_list(c)->what = XR_VARS, prev = row;
        xcsp_list *l = &c->lists[c->nlists - 1];
        l->t = xrealloc(l->t, (size_t)l->n * sizeof *l->t, (size_t)(l->n + 1) * sizeof *l->t);
        l->t[l->n++] = all.t[i];
    }
    if (all.t) FREEN(all.t, (size_t)all.n);
    return ret;
}
