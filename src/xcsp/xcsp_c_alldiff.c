/* xcsp_c_alldiff.c - <allDifferent>.  Its forms (opt[0]): one list (its text or <list>; variables
 * or expressions) with an optional <except> of values (c->set); several <list>s whose tuples must
 * differ, with an optional <except> of tuples (table aux); one <matrix> (rows (a,b)(c,d) or a
 * two-dimensional reference x[][]): every row and every column, <except> of values allowed.  The
 * list and matrix forms over variables without <except> are the engine's all-different at the
 * spec's alldiff= level; several lists without <except>, the engine's tuples-differ (vecne.h)
 * on each pair of lists; with <except>, each list, row and column of distinct variables (a list
 * of expressions through their auxiliary variables) is the engine's alldiff-except (sound: the
 * pairwise decomposition's arc consistency), or the plain all-different when no variable can take
 * an excepted value; the rest (several lists with <except>, a repeated variable) is the generic
 * checker. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/alldiff.h"
#include "../csp/vecne.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

enum { FORM_LIST, FORM_LISTS, FORM_MATRIX };

/* The integers of l into c->set. */
static void set_of(xcsp_con *c, const xcsp_list *l) {
    int64_t *v = NEWN(l->n ? (size_t)l->n : 1, int64_t);
    for (int i = 0; i < l->n; i++) v[i] = l->t[i].k;
    xr_set(c, v, l->n);
    FREEN(v, (size_t)(l->n ? l->n : 1));
}

/* <except> of values into c->set; in a <group> template whose <except>
 * names a parameter (ProgressiveParty: <except> %5 </except>), into one
 * more list of integers (opt[1] = 1) that validate turns into the set of
 * each instantiated constraint. */
static int except_values(reader *rd, xcsp_con *c, xr_kid *k) {
    xcsp_list l = {0};
    if (xr_terms(rd, c, k->text, k->len, k->text_line, "except", XR_CONSTS | XR_SYMBOLS, &l)) {
        if (l.t) FREEN(l.t, (size_t)l.n); /* the terms read before the error */
        return -1;
    }
    int param = 0;
    for (int i = 0; i < l.n; i++) param |= l.t[i].kind != XT_CONST;
    if (param) { /* only a template has parameters */
        xcsp_list *pending = xr_add_list(c);
        *pending = l;
        pending->what = XR_CONSTS | XR_SYMBOLS;
        c->opt[1] = 1;
        return 0;
    }
    set_of(c, &l);
    if (l.t) FREEN(l.t, (size_t)l.n);
    return 0;
}

static int parse_alldiff(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *m = xr_kid_get(e, "matrix"), *ex = NULL;
    int nl = 0;
    for (int i = 0; i < e->nkids; i++) nl += !strcmp(e->kids[i].name, "list");
    if (m) {
        c->opt[0] = FORM_MATRIX;
        if (xr_matrix(rd, c, m, XR_VARS)) return -1;
    } else if (nl > 1) {
        c->opt[0] = FORM_LISTS;
        xr_kid *k;
        while ((k = xr_kid_get(e, "list")))
            if (xr_terms(rd, c, k->text, k->len, k->text_line, "list", XR_VARS, xr_add_list(c)))
                return -1;
    } else {
        c->opt[0] = FORM_LIST;
        size_t len;
        int line;
        xr_kid *k;
        const char *text = xr_main_list(rd, e, &len, &line, &k);
        if (!text || xr_terms(rd, c, text, len, line, k ? "list" : "allDifferent",
                              XR_VARS | XR_EXPRS, xr_add_list(c)))
            return -1;
    }
    if ((ex = xr_kid_get(e, "except"))) {
        if (c->opt[0] != FORM_LISTS) return except_values(rd, c, ex);
        xcsp_inst *in = rd->in; /* tuples: a table of the instance */
        GROW(&in->tables, &in->tables_cap, in->ntables + 1);
        xcsp_table *t = &in->tables[in->ntables];
        memset(t, 0, sizeof *t);
        t->arity = c->lists[0].n ? c->lists[0].n : 1;
        t->positive = 1;
        xcsp_scan sc;
        xcsp_scan_init(&sc, ex->text, ex->len, rd->path, ex->text_line);
        if (xcsp_parse_tuples(&sc, "except", t, xr_symbols(rd), rd, rd->d)) {
            if (t->rows) FREEN(t->rows, t->cap);
            return rd->failed = 1, -1;
        }
        c->aux = (int)in->ntables++;
    }
    return 0;
}

static int validate_alldiff(reader *rd, xcsp_con *c) {
    if (c->opt[1]) { /* the <except> of a template, its parameters now integers */
        xcsp_list *l = &c->lists[--c->nlists];
        set_of(c, l);
        if (l->t) FREEN(l->t, (size_t)l->n);
        c->lists = xrealloc(c->lists, (size_t)(c->nlists + 1) * sizeof *c->lists,
                            (size_t)c->nlists * sizeof *c->lists); /* nlists >= 1: the list */
        c->opt[1] = 0;
    }
    for (int l = 1; l < c->nlists; l++)
        if (c->lists[l].n != c->lists[0].n)
            return xr_fail(rd, c->line, "<allDifferent>: %s of different lengths%s",
                           c->opt[0] == FORM_MATRIX ? "rows" : "lists", "");
    if (c->aux >= 0 && rd->in->tables[c->aux].unary_ranges != (c->lists[0].n == 1))
        return xr_fail(rd, c->line, "<except>: tuples of %s values expected%s", "the lists'", "");
    size_t n = (size_t)c->lists[0].n, r = (size_t)c->nlists;
    if (c->opt[0] == FORM_LIST) rd->in->ne += n * (n - 1) / 2; /* the cliques at alldiff=pairwise */
    if (c->opt[0] == FORM_MATRIX) rd->in->ne += r * n * (n - 1) / 2 + n * r * (r - 1) / 2;
    return 0;
}

static int excepted(const xcsp_con *c, int64_t v) {
    int lo = 0, hi = c->nset - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (c->set[mid] == v) return 1;
        if (c->set[mid] < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

static int check_alldiff(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    if (c->opt[0] == FORM_LISTS) {
        const xcsp_table *ex = c->aux >= 0 ? &in->tables[c->aux] : NULL;
        int n = c->lists[0].n;
        for (int a = 0; a < c->nlists; a++)
            for (int b = a + 1; b < c->nlists; b++) {
                int same = 1;
                for (int i = 0; i < n && same; i++) same = XCSP_VAL(a, i) == XCSP_VAL(b, i);
                if (same && ex) { /* unless the tuple is one of <except> */
                    for (size_t k = 0; k < ex->nrows && same; k++) {
                        int hit = 1;
                        for (int i = 0; i < n && hit; i++)
                            hit = ex->unary_ranges
                                      ? XCSP_VAL(a, i) >= ex->rows[2 * k] &&
                                            XCSP_VAL(a, i) <= ex->rows[2 * k + 1]
                                      : ex->rows[k * (size_t)n + (size_t)i] == XCSP_VAL(a, i);
                        same = !hit;
                    }
                }
                if (same) return 0;
            }
        return !undef;
    }
    /* FORM_LIST: the one list; FORM_MATRIX: every row, then every column */
    for (int l = 0; l < c->nlists; l++)
        for (int i = 0; i < c->lists[l].n; i++)
            for (int j = i + 1; j < c->lists[l].n; j++) {
                int64_t a = XCSP_VAL(l, i), b = XCSP_VAL(l, j);
                if (a == b && !excepted(c, a)) return 0;
            }
    if (c->opt[0] == FORM_MATRIX)
        for (int col = 0; col < c->lists[0].n; col++)
            for (int a = 0; a < c->nlists; a++)
                for (int b = a + 1; b < c->nlists; b++) {
                    int64_t x = XCSP_VAL(a, col), y = XCSP_VAL(b, col);
                    if (x == y && !excepted(c, x)) return 0;
                }
    return !undef;
}

/* 1 when every term of c's lists is a variable. */
static int only_vars(const xcsp_con *c) {
    for (int l = 0; l < c->nlists; l++)
        for (int i = 0; i < c->lists[l].n; i++)
            if (c->lists[l].t[i].kind != XT_VAR) return 0;
    return 1;
}

/* Several lists, no <except>: each pair of lists differs (n >= 1, or the
 * validation refused the lists). */
static int post_lists(xcsp_model *m, const xcsp_con *c) {
    for (int a = 0; a < c->nlists; a++)
        for (int b = a + 1; b < c->nlists; b++) {
            int *x = xcsp_list_vars(&c->lists[a]), *y = xcsp_list_vars(&c->lists[b]);
            if (csp_post_vecne(m->p, x, y, c->lists[a].n) < 0) xcsp_post_false(m);
            FREEN(x, (size_t)(c->lists[a].n ? c->lists[a].n : 1));
            FREEN(y, (size_t)(c->lists[b].n ? c->lists[b].n : 1));
        }
    return 0;
}

/* 1 when no row and no column of the matrix c repeats a variable. */
static int distinct_lines(const xcsp_con *c) {
    int n = c->lists[0].n, r = c->nlists;
    for (int l = 0; l < r; l++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++)
                if (c->lists[l].t[i].v == c->lists[l].t[j].v) return 0;
    for (int j = 0; j < n; j++)
        for (int a = 0; a < r; a++)
            for (int b = 0; b < a; b++)
                if (c->lists[a].t[j].v == c->lists[b].t[j].v) return 0;
    return 1;
}

/* One group vars[0..n) (distinct): all-different at the alldiff= level,
 * or except c's values that some variable of it can take. */
static void post_group(xcsp_model *m, const xcsp_con *c, const int *vars, int n) {
    if (n < 2) return;
    int64_t *e = NEWN((size_t)c->nset + 1, int64_t);
    int ne = 0;
    for (int k = 0; k < c->nset; k++) {
        int meets = 0;
        for (int i = 0; i < n && !meets; i++) meets = csp_has(m->p, vars[i], c->set[k]);
        if (meets) e[ne++] = c->set[k];
    }
    if (ne)
        csp_post_alldiff_except(m->p, vars, n, e, ne);
    else
        xcsp_post_alldiff(m, vars, n);
    FREEN(e, (size_t)c->nset + 1);
}

static int post_alldiff(xcsp_model *m, const xcsp_con *c) {
    if (c->opt[0] == FORM_LISTS && c->aux < 0) return post_lists(m, c);
    if (c->opt[0] == FORM_LISTS) return xcsp_post_checker(m, c);
    int n = c->lists[0].n, r = c->nlists;
    if (c->nset) { /* except: each row (and column) a group of distinct variables */
        int *v = r != 1 ? NULL : xcsp_distinct_term_vars(m, c, &c->lists[0]);
        if (r == 1 && !v) return xcsp_post_checker(m, c);
        if (v) {
            post_group(m, c, v, n);
            FREEN(v, (size_t)n + 1);
            return 0;
        }
        if (!only_vars(c) || !distinct_lines(c)) return xcsp_post_checker(m, c);
        int *g = NEWN((size_t)(n > r ? n : r) + 1, int);
        for (int l = 0; l < r; l++) {
            for (int j = 0; j < n; j++) g[j] = c->lists[l].t[j].v;
            post_group(m, c, g, n);
        }
        for (int j = 0; j < n; j++) {
            for (int l = 0; l < r; l++) g[l] = c->lists[l].t[j].v;
            post_group(m, c, g, r);
        }
        FREEN(g, (size_t)(n > r ? n : r) + 1);
        return 0;
    }
    if (!only_vars(c)) { /* one list of expressions: over their auxiliary variables */
        int *v =
            c->opt[0] == FORM_MATRIX || r != 1 ? NULL : xcsp_list_term_vars(m, c, &c->lists[0]);
        if (!v) return xcsp_post_checker(m, c);
        xcsp_post_alldiff(m, v, n);
        FREEN(v, (size_t)n + 1);
        return 0;
    }
    for (int l = 0; l < r; l++) {
        int *v = xcsp_list_vars(&c->lists[l]);
        if (n) xcsp_post_alldiff(m, v, n);
        FREEN(v, (size_t)(n ? n : 1));
    }
    if (c->opt[0] == FORM_MATRIX && r) {
        int *col = NEWN((size_t)r, int);
        for (int j = 0; j < n; j++) {
            for (int l = 0; l < r; l++) col[l] = c->lists[l].t[j].v;
            xcsp_post_alldiff(m, col, r);
        }
        FREEN(col, (size_t)r);
    }
    return 0;
}

const xcsp_family xcsp_c_alldiff = {
    .name = "allDifferent",
    .summary = "a list (text or <list>; variables or expressions) [<except> values]; several "
               "<list>s [<except> tuples]; <matrix> rows or x[][] [<except>]",
    .parse = parse_alldiff,
    .validate = validate_alldiff,
    .check = check_alldiff,
    .post = post_alldiff,
};
