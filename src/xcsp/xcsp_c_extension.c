/* xcsp_c_extension.c - <extension>: <list> then <supports> or
 * <conflicts>: tuples (1,2,*) of any arity with stars (short tables), for
 * one variable values and ranges; symbols for symbolic variables.  The
 * table is parsed once per template (its arity taken from the first
 * tuple when the list has %...) and shared.  Posted as the engine's
 * Compact-Table (xcsp_model.c, src/csp/table.h), over variables of any
 * width (src/csp/table.c's wide view beyond 64 values). */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    xcsp_list *l = xr_add_list(c);
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, l)) return -1;
    xr_kid *rows = xr_kid_get(e, "supports"), *other = xr_kid_get(e, "conflicts");
    if (!rows) rows = other, other = NULL;
    if (!rows || other)
        return xr_fail(rd, e->line, "<extension>: expected %s%s",
                       "a <list> and one <supports> or <conflicts>", "");
    int arity = c->lists[0].n;
    for (int i = 0; i < c->lists[0].n; i++)
        if (c->lists[0].t[i].kind == XT_PARAM && c->lists[0].t[i].v < 0) arity = 0; /* %... */
    xcsp_inst *in = rd->in;
    GROW(&in->tables, &in->tables_cap, in->ntables + 1);
    xcsp_table *t = &in->tables[in->ntables];
    memset(t, 0, sizeof *t);
    t->arity = arity;
    t->positive = !strcmp(rows->name, "supports");
    if (!arity && rows->len) { /* %...: the arity of the first tuple */
        const char *p = rows->text;
        while (*p && xcsp_blank(*p)) p++;
        if (*p == '(') {
            t->arity = 1;
            for (; *p && *p != ')'; p++) t->arity += *p == ',';
        } else {
            t->arity = 1;
        }
    }
    if (t->arity < 1 && !xr_blank(rows->text, rows->len))
        return xr_fail(rd, e->line, "<extension>: %s%s", "an empty scope", "");
    xcsp_scan sc;
    xcsp_scan_init(&sc, rows->text, rows->len, rd->path, rows->text_line);
    if (t->arity >= 1 && xcsp_parse_tuples(&sc, rows->name, t, xr_symbols(rd), rd, rd->d)) {
        if (t->rows) FREEN(t->rows, t->cap);
        return rd->failed = 1, -1;
    }
    c->aux = (int)in->ntables++;
    return 0;
}

/* The arity of the list against the table's, and the conflicts' stars
 * expanded over the domains within CSP_TABLE_MAX_TUPLES. */
static int validate(reader *rd, xcsp_con *c) {
    xcsp_inst *in = rd->in;
    xcsp_table *t = &in->tables[c->aux];
    const xcsp_list *l = &c->lists[0];
    if (!t->arity && !t->nrows) t->arity = l->n; /* no tuple at all */
    if (l->n != t->arity) {
        return xr_failf(rd, c->line,
                        "<extension>: the scope has %d variables, the tuples have %d values", l->n,
                        t->arity);
    }
    if (t->positive || !t->stars) return 0;
    if (t->nmasks == 0 && t->arity <= 64) { /* once per table: rows per set of stars */
        for (size_t k = 0; k < t->nrows && t->nmasks >= 0; k++) {
            uint64_t m = 0;
            for (int i = 0; i < t->arity; i++)
                if (t->rows[k * (size_t)t->arity + (size_t)i] == CSP_TABLE_STAR)
                    m |= (uint64_t)1 << i;
            int j = 0;
            while (j < t->nmasks && t->star_masks[j] != m) j++;
            if (j == t->nmasks) {
                if (t->nmasks == 256) { /* too varied: count row by row */
                    t->nmasks = -1;
                    break;
                }
                size_t old = t->masks_cap;
                GROW(&t->star_masks, &t->masks_cap, (size_t)t->nmasks + 1);
                if (t->masks_cap != old)
                    t->star_counts = xrealloc(t->star_counts, old * sizeof *t->star_counts,
                                              t->masks_cap * sizeof *t->star_counts);
                t->star_masks[j] = m, t->star_counts[j] = 0, t->nmasks++;
            }
            t->star_counts[j]++;
        }
    }
#define SIZE_(i) ((size_t)xcsp_var_dom(in, l->t[i].v)->size)
    size_t rows = 0;
    for (int j = 0; j < t->nmasks && rows <= CSP_TABLE_MAX_TUPLES; j++) {
        size_t combos = t->star_counts[j];
        for (int i = 0; i < t->arity && combos <= CSP_TABLE_MAX_TUPLES; i++)
            if (t->star_masks[j] >> i & 1) combos *= SIZE_(i);
        rows += combos;
    }
    for (size_t k = 0; t->nmasks <= 0 && k < t->nrows && rows <= CSP_TABLE_MAX_TUPLES; k++) {
        size_t combos = 1;
        for (int i = 0; i < t->arity && combos <= CSP_TABLE_MAX_TUPLES; i++)
            if (t->rows[k * (size_t)t->arity + (size_t)i] == CSP_TABLE_STAR) combos *= SIZE_(i);
        rows += combos;
    }
#undef SIZE_
    if (rows > CSP_TABLE_MAX_TUPLES) {
        char m[32];
        snprintf(m, sizeof m, "%zu", (size_t)CSP_TABLE_MAX_TUPLES);
        return xr_fail(rd, c->line,
                       "<extension>: the conflicts expand to more than %s tuples once their "
                       "stars are replaced by values%s",
                       m, " (the supported maximum)");
    }
    return 0;
}

static int table_has(const xcsp_table *t, const int *tuple) {
    if (t->sorted) return xcsp_table_has_sorted(t, tuple);
    if (t->unary_ranges) {
        for (size_t k = 0; k < t->nrows; k++)
            if (tuple[0] >= t->rows[2 * k] && tuple[0] <= t->rows[2 * k + 1]) return 1;
        return 0;
    }
    for (size_t k = 0; k < t->nrows; k++) {
        const int *row = t->rows + k * (size_t)t->arity;
        int i = 0;
        while (i < t->arity && (row[i] == CSP_TABLE_STAR || row[i] == tuple[i])) i++;
        if (i == t->arity) return 1;
    }
    return 0;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_table *t = &in->tables[c->aux];
    const xcsp_list *l = &c->lists[0];
    int small[16], *tuple = l->n <= 16 ? small : NEWN((size_t)l->n, int);
    for (int i = 0; i < l->n; i++) tuple[i] = val[l->t[i].pos];
    int has = table_has(t, tuple);
    if (tuple != small) FREEN(tuple, (size_t)l->n);
    return t->positive ? has : !has;
}

/* The engine's table: Compact-Table, on one word per variable when each
 * spans at most 64 values, else the wide table (GAC both); one variable
 * with ranges and a wide table over the wide table's limits make it the
 * generic checker. */
static int post(xcsp_model *m, const xcsp_con *c) {
    const xcsp_table *t = &m->in->tables[c->aux];
    for (int i = 0; i < c->lists[0].n && t->unary_ranges; i++)
        if (!csp_narrow(m->p, c->lists[0].t[i].v)) return xcsp_post_checker(m, c);
    int *vars = xcsp_list_vars(&c->lists[0]);
    int r = xcsp_post_extension(m, c->aux, vars, c->lists[0].n, c->line);
    FREEN(vars, (size_t)(c->lists[0].n ? c->lists[0].n : 1));
    return r > 0 ? xcsp_post_checker(m, c) : r;
}

const xcsp_family xcsp_c_extension = {
    .name = "extension",
    .summary = "<list> and <supports> or <conflicts>: tuples with * (short tables), one "
               "variable: values and ranges",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
