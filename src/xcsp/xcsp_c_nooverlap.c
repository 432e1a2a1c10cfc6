/* xcsp_c_nooverlap.c - <noOverlap>: <origins>, <lengths> (integers or
 * variables), zeroIgnored="true" by default; one dimension: lists, k
 * dimensions: rows (x1,y1)(x2,y2) of both.  lists: 1 dim: [0] origins,
 * [1] lengths; k dims: n origin rows then n length rows; opt[0] =
 * zeroIgnored, opt[1] = n (0 for lists), opt[2] = k.  Posted as the
 * engine's noOverlap global (csp/sched.h: pairwise disjunctive bounds
 * reasoning) when every origin is a variable and every length a variable
 * or an integer; the generic checker otherwise. */
#include "../core/xmalloc.h"
#include "../csp/sched.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

/* Origins or lengths: a list, or rows (a,b)(c,d); returns the rows (0
 * for a list) or -1. */
static int list_or_rows(reader *rd, xcsp_con *c, xr_elem *e, const char *name, int what) {
    xr_kid *k = xr_kid_get(e, name);
    if (!k) return xr_fail(rd, e->line, "<%s>: expected <%s>", e->name, name);
    const char *p = k->text;
    while (*p && xcsp_blank(*p)) p++;
    if (*p == '(') return xr_rows(rd, c, k->text, k->len, k->text_line, name, what);
    return xr_terms(rd, c, k->text, k->len, k->text_line, name, what, xr_add_list(c)) ? -1 : 0;
}

static int parse_nooverlap(reader *rd, xr_elem *e, xcsp_con *c) {
    int zi, ro, rl;
    if (xr_bool(rd, e, NULL, "zeroIgnored", 1, &zi)) return -1;
    c->opt[0] = zi;
    if ((ro = list_or_rows(rd, c, e, "origins", XR_VARS)) < 0 ||
        (rl = list_or_rows(rd, c, e, "lengths", XR_VARS | XR_CONSTS)) < 0)
        return -1;
    if (ro != rl || (!ro && c->nlists != 2))
        return xr_fail(rd, e->line, "<noOverlap>: %s%s",
                       "<origins> and <lengths> of different shapes (lists or as many rows)", "");
    c->opt[1] = ro;
    return 0;
}

static int validate_nooverlap(reader *rd, xcsp_con *c) {
    int n = (int)c->opt[1];
    if (!n) {
        if (c->lists[0].n != c->lists[1].n)
            return xr_fail(rd, c->line, "<noOverlap>: %s%s", "as many lengths as origins", "");
        c->opt[2] = 1;
        return 0;
    }
    c->opt[2] = c->lists[0].n;
    for (int l = 0; l < 2 * n; l++)
        if (c->lists[l].n != c->opt[2])
            return xr_fail(rd, c->line, "<noOverlap>: %s%s", "rows of different dimensions", "");
    return 0;
}

#define V_(t) xcsp_term_value(in, c, (t), val, &undef)

static int check_nooverlap(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, n = c->opt[1] ? (int)c->opt[1] : c->lists[0].n, k = (int)c->opt[2];
    /* the term of dimension d of object i: origin or length */
#define O_(i, d) (c->opt[1] ? &c->lists[i].t[d] : &c->lists[0].t[i])
#define L_(i, d) (c->opt[1] ? &c->lists[n + (i)].t[d] : &c->lists[1].t[i])
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int apart = 0, zero = 0;
            for (int d = 0; d < k; d++) {
                int64_t oi = V_(O_(i, d)), li = V_(L_(i, d)), oj = V_(O_(j, d)), lj = V_(L_(j, d));
                zero |= li == 0 || lj == 0;
                apart |= oi + li <= oj || oj + lj <= oi;
            }
            if (!apart && !(c->opt[0] && zero)) return 0;
        }
#undef O_
#undef L_
    return !undef;
}

/* A variable or an integer as the engine's term; 0 for anything else. */
static int as_term(const xcsp_term *t, csp_term *out) {
    if (t->kind == XT_VAR) return *out = (csp_term){t->v, 0}, 1;
    if (t->kind == XT_CONST) return *out = (csp_term){-1, t->k}, 1;
    return 0;
}

static int post_nooverlap(xcsp_model *m, const xcsp_con *c) {
    int n = c->opt[1] ? (int)c->opt[1] : c->lists[0].n, k = (int)c->opt[2];
    if (n < 2) return 0; /* no pair: always satisfied */
    size_t nk = (size_t)n * (size_t)k;
    csp_term *o = NEWN(nk, csp_term), *l = NEWN(nk, csp_term);
    int ok = 1;
    for (int i = 0; i < n && ok; i++)
        for (int d = 0; d < k && ok; d++) {
            const xcsp_term *to = c->opt[1] ? &c->lists[i].t[d] : &c->lists[0].t[i];
            const xcsp_term *tl = c->opt[1] ? &c->lists[n + i].t[d] : &c->lists[1].t[i];
            ok = to->kind == XT_VAR && as_term(to, &o[i * k + d]) && as_term(tl, &l[i * k + d]);
        }
    if (ok) csp_post_nooverlap(m->p, n, k, o, l, (int)c->opt[0]);
    FREEN(o, nk);
    FREEN(l, nk);
    return ok ? 0 : xcsp_post_checker(m, c);
}

const xcsp_family xcsp_c_nooverlap = {
    .name = "noOverlap",
    .summary = "<origins> <lengths> (integers or variables) [zeroIgnored]; k dimensions: rows "
               "(x,y)... of both",
    .parse = parse_nooverlap,
    .validate = validate_nooverlap,
    .check = check_nooverlap,
    .post = post_nooverlap,
};
