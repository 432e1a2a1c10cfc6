/* xcsp_c_channel.c - <channel>: one list (x_i = j iff x_j = i: an
 * involution on the positions), two lists, the first no longer than the
 * second (x_i = j implies y_j = i; iff when their lengths are equal), or a list of 0/1 variables
 * and <value> v (x_i = 1 iff v = i, exactly one x_i = 1); each <list> with its startIndex.  opt[0],
 * opt[1]: the start indexes; lists[2]: the value.  Posted as the
 * engine's channel (src/csp/channel.c): the lists forms as the arc
 * consistency of their binary decomposition plus all-different on x (and
 * on y when the lengths are equal; both implied) at the spec's alldiff=
 * level, the value form GAC.  A variable written twice: the generic
 * checker. */
#include "../core/xmalloc.h"
#include "../csp/channel.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *k;
    int lists = 0;
    while ((k = xr_kid_get(e, "list"))) {
        if (lists == 2) return xr_fail(rd, k->line, "<channel>: %s%s", "more than two <list>s", "");
        if (xr_start_index(rd, e, k, "startIndex", &c->opt[lists]) ||
            xr_terms(rd, c, k->text, k->len, k->text_line, "list", XR_VARS, xr_add_list(c)))
            return -1;
        lists++;
    }
    if (!lists) { /* the simplified form: the list as text */
        size_t len;
        int line;
        const char *text = xr_main_list(rd, e, &len, &line, &k);
        if (!text || xr_terms(rd, c, text, len, line, "channel", XR_VARS, xr_add_list(c)))
            return -1;
        lists = 1;
    }
    if (lists == 1) xr_add_list(c); /* no second list */
    return xr_kid_terms(rd, c, e, "value", XR_VARS, 0, xr_add_list(c));
}

static int validate(reader *rd, xcsp_con *c) {
    if (c->lists[1].n && c->lists[2].n)
        return xr_fail(rd, c->line, "<channel>: %s%s", "two lists or a list and <value>, not both",
                       "");
    if (c->lists[1].n && c->lists[1].n < c->lists[0].n)
        return xr_fail(rd, c->line, "<channel>: %s%s", "the first list longer than the second", "");
    if (c->lists[2].n > 1)
        return xr_fail(rd, c->line, "<channel>: %s%s", "<value> holds one variable", "");
    return 0;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    (void)in;
    const xcsp_list *x = &c->lists[0], *y = &c->lists[1];
    int n = x->n;
    int64_t s0 = c->opt[0], s1 = c->opt[1];
#define V_(l, i) ((int64_t)val[(l)->t[i].pos])
    if (c->lists[2].n) { /* x_i = 1 iff v = i + start; exactly one */
        int64_t v = V_(&c->lists[2], 0) - s0, ones = 0;
        for (int i = 0; i < n; i++) {
            if (V_(x, i) != 0 && V_(x, i) != 1) return 0;
            ones += V_(x, i);
            if ((V_(x, i) == 1) != (v == i)) return 0;
        }
        return ones == 1;
    }
    if (!y->n) { /* one list: x_i = j + start iff x_j = i + start */
        for (int i = 0; i < n; i++) {
            int64_t j = V_(x, i) - s0;
            if (j < 0 || j >= n || V_(x, j) != i + s0) return 0;
        }
        return 1;
    }
    for (int i = 0; i < n; i++) { /* x_i = j => y_j = i (the converse follows when |x| = |y|) */
        int64_t j = V_(x, i) - s1;
        if (j < 0 || j >= y->n || V_(y, j) != i + s0) return 0;
    }
    return 1;
#undef V_
}

static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *x = &c->lists[0], *y = &c->lists[1], *v = &c->lists[2];
    int n = x->n, mm = y->n, r;
    if (!n) return xcsp_post_checker(m, c);
    int *xv = xcsp_list_vars(x), *yv = xcsp_list_vars(y);
    if (v->n) {
        r = csp_post_channel_value(m->p, xv, n, v->t[0].v, (int)c->opt[0]);
    } else {
        r = csp_post_channel(m->p, xv, n, (int)c->opt[0], mm ? yv : NULL, mm, (int)c->opt[1]);
        if (r >= 0) xcsp_post_alldiff(m, xv, n);
        if (r >= 0 && mm == n) xcsp_post_alldiff(m, yv, mm);
    }
    FREEN(xv, (size_t)n);
    FREEN(yv, (size_t)(mm ? mm : 1));
    return r < 0 ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_channel = {
    .name = "channel",
    .summary = "one list (text or <list [startIndex]>); two <list>s; a <list> of 0/1 and <value>",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
