/* xcsp_cons.c - the constraints of an XCSP3 instance as the reader meets
 * them (xcsp_reader.h): compact lists, the makers shared with <group>
 * (allDifferent, extension, intension with its checks of logical operands
 * and bounds), the elements <intension>, <extension>, <allDifferent>
 * (list, matrix), <instantiation>, and the walk over <constraints> and
 * <block>s. */
#include <libxml/xmlreader.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp_reader.h"

/* ==== constraints ================================================================ */

void xr_items_free(items *it) {
    if (it->a) FREEN(it->a, it->cap);
    it->a = NULL;
    it->n = it->cap = 0;
}

/* Splits a list into items: references expand into their variables;
 * params allows %k and %...; consts allows integers. */
int xr_items(reader *rd, const char *text, size_t tlen, int line, const char *elem, int params,
             int consts, items *out) {
    xcsp_scan sc;
    xcsp_scan_init(&sc, text, tlen, rd->path, line);
    const char *tok;
    size_t len;
    while ((len = xcsp_scan_token(&sc, &tok)) > 0) {
        int tline = xcsp_scan_line(&sc, tok);
        if (tok[0] == '%') {
            long k = 0;
            size_t i = 1;
            if (len == 4 && !strncmp(tok, "%...", 4)) {
                k = -1;
            } else {
                for (; i < len && tok[i] >= '0' && tok[i] <= '9' && k < XCSP_MAX_PARAMS; i++)
                    k = k * 10 + (tok[i] - '0');
                if (i == 1 || i != len || k >= XCSP_MAX_PARAMS) k = -2;
            }
            char t[40];
            snprintf(t, sizeof t, "%.*s", (int)(len < 30 ? len : 30), tok);
            if (!params)
                return xr_fail(rd, tline, "<%s>: parameter '%s' outside a template of a <group>",
                               elem, t);
            if (k == -2)
                return xr_fail(rd, tline,
                               "<%s>: '%s' is not a parameter (%%0 to %%65535, or %%...)", elem, t);
            GROW(&out->a, &out->cap, out->n + 1);
            out->a[out->n++] = (item){ITEM_PARAM, (int)k, 0};
            continue;
        }
        if (tok[0] == '-' || (tok[0] >= '0' && tok[0] <= '9')) {
            int64_t v;
            char what[40];
            snprintf(what, sizeof what, "<%s>", elem);
            if (!consts) {
                char t[40];
                snprintf(t, sizeof t, "%.*s", (int)(len < 30 ? len : 30), tok);
                return xr_fail(rd, tline, "<%s>: '%s' is a number; this list takes variables", elem,
                               t);
            }
            if (xcsp_parse_int(tok, len, XCSP_MAX_CONST, &v, what, &sc, rd->d))
                return rd->failed = 1, -1;
            GROW(&out->a, &out->cap, out->n + 1);
            out->a[out->n++] = (item){ITEM_CONST, 0, v};
            continue;
        }
        rd->nvars = 0;
        if (xcsp_expand_ref(rd->in, tok, len, &rd->vars, &rd->nvars, &rd->vcap, rd->path, tline,
                            elem, rd->d) < 0)
            return rd->failed = 1, -1;
        GROW(&out->a, &out->cap, out->n + rd->nvars);
        for (size_t i = 0; i < rd->nvars; i++) out->a[out->n++] = (item){ITEM_VAR, rd->vars[i], 0};
    }
    return 0;
}

/* The variables of items (all must be variables). */
int *xr_vars_of(reader *rd, const items *it, int line, const char *elem) {
    int *v = NEWN(it->n ? it->n : 1, int);
    for (size_t i = 0; i < it->n; i++) {
        if (it->a[i].kind != ITEM_VAR) {
            FREEN(v, it->n ? it->n : 1);
            xr_fail(rd, line, "<%s>: expected variables, found a %s", elem,
                    it->a[i].kind == ITEM_CONST ? "number" : "parameter");
            return NULL;
        }
        v[i] = it->a[i].v;
    }
    return v;
}

/* ---- constraint makers (shared by plain constraints and groups) ---- */

/* Counts n more scope entries against XCSP_MAX_SCOPES. */
static int count_scope(reader *rd, size_t n, int line) {
    rd->in->scopes += n;
    if (rd->in->scopes <= XCSP_MAX_SCOPES) return 0;
    char m[32];
    snprintf(m, sizeof m, "%d", XCSP_MAX_SCOPES);
    return xr_fail(rd, line,
                   "the scopes of the constraints hold more than %s variables in all (the "
                   "supported maximum)%s",
                   m, "");
}

int xr_add_alldiff(reader *rd, const items *it, int line) {
    if (count_scope(rd, it->n, line)) return -1;
    if (it->n > XCSP_MAX_ALLDIFF) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "%d", XCSP_MAX_ALLDIFF);
        return xr_fail(rd, line, "<allDifferent> of %s variables (the supported maximum is %s)", a,
                       b);
    }
    if (!it->n) return 0; /* allDifferent of nothing: true */
    rd->in->ne += it->n * (it->n - 1) / 2; /* its clique, at alldiff=pairwise */
    int *scope = xr_vars_of(rd, it, line, "allDifferent");
    if (!scope) return -1;
    xcsp_con *c = xcsp_add_con(rd->in, XC_ALLDIFF, line);
    c->arity = (int)it->n;
    c->scope = scope;
    return 0;
}

int xr_add_extension(reader *rd, int table, const items *it, int line) {
    xcsp_table *t = &rd->in->tables[table];
    if ((int)it->n != t->arity) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "%d", t->arity);
        return xr_fail(rd, line,
                       "<extension>: the scope has %s variables, the tuples have %s values", a, b);
    }
    if (count_scope(rd, it->n, line)) return -1;
    if (!t->positive && t->stars) {             /* the conflicts' stars expand over the domains */
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
        size_t rows = 0;
        for (int j = 0; j < t->nmasks && rows <= CSP_TABLE_MAX_TUPLES; j++) {
            size_t combos = t->star_counts[j];
            for (int i = 0; i < t->arity && combos <= CSP_TABLE_MAX_TUPLES; i++)
                if (t->star_masks[j] >> i & 1)
                    combos *= (size_t)csp_dom_size(rd->in->vars[it->a[i].v].dom);
            rows += combos;
        }
        for (size_t k = 0; t->nmasks <= 0 && k < t->nrows && rows <= CSP_TABLE_MAX_TUPLES; k++) {
            size_t combos = 1;
            for (int i = 0; i < t->arity && combos <= CSP_TABLE_MAX_TUPLES; i++)
                if (t->rows[k * (size_t)t->arity + (size_t)i] == CSP_TABLE_STAR)
                    combos *= (size_t)csp_dom_size(rd->in->vars[it->a[i].v].dom);
            rows += combos;
        }
        if (rows > CSP_TABLE_MAX_TUPLES) {
            char m[32];
            snprintf(m, sizeof m, "%zu", (size_t)CSP_TABLE_MAX_TUPLES);
            return xr_fail(rd, line,
                           "<extension>: the conflicts expand to more than %s tuples once "
                           "their stars are replaced by values%s",
                           m, " (the supported maximum)");
        }
    }
    int *scope = xr_vars_of(rd, it, line, "extension");
    if (!scope) return -1;
    xcsp_con *c = xcsp_add_con(rd->in, XC_EXTENSION, line);
    c->arity = t->arity;
    c->scope = scope;
    c->table = table;
    return 0;
}

/* Binds program prog to the items (parameter k = item k), with the
 * checks of a logical parameter and of the bounds. */
int xr_add_intension(reader *rd, int prog, const items *it, int line) {
    xcsp_inst *in = rd->in;
    const xcsp_prog *pg = &in->progs[prog];
    if ((int)it->n != pg->nparams) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "%d", pg->nparams);
        return xr_fail(rd, line, "<args>: %s arguments for a template of %s parameters", a, b);
    }
    int np = pg->nparams;
    if (count_scope(rd, (size_t)np, line)) return -1;
    int *scope = NEWN(np ? (size_t)np : 1, int), *pos = NEWN(np ? (size_t)np : 1, int), arity = 0;
    int64_t *val = NEWN(np ? (size_t)np : 1, int64_t);
    int64_t *lo = NEWN(np ? (size_t)np : 1, int64_t), *hi = NEWN(np ? (size_t)np : 1, int64_t);
    int ret = 0;
    for (int k = 0; k < np && !ret; k++) {
        const item *x = &it->a[k];
        if (x->kind == ITEM_PARAM) {
            ret = xr_fail(rd, line, "<args>: a parameter (%s) as an argument%s", "%", "");
            break;
        }
        if (x->kind == ITEM_CONST) {
            pos[k] = -1, val[k] = lo[k] = hi[k] = x->k;
        } else {
            int j = 0;
            while (j < arity && scope[j] != x->v) j++;
            if (j == arity) scope[arity++] = x->v;
            pos[k] = j, val[k] = 0;
            const xcsp_var *v = &in->vars[x->v];
            lo[k] = v->lo + csp_dom_min(v->dom), hi[k] = v->lo + csp_dom_max(v->dom);
        }
        if (pg->boolean_param[k] && (lo[k] < 0 || hi[k] > 1)) {
            char what[200];
            if (x->kind == ITEM_CONST)
                snprintf(what, sizeof what, "the constant %lld", (long long)x->k);
            else {
                char name[160];
                xcsp_var_name(in, x->v, name, sizeof name);
                snprintf(what, sizeof what, "%s, whose domain is not within 0..1,", name);
            }
            ret = xr_fail(rd, line, "<intension>: %s is a logical operand (expected 0/1)%s", what,
                          "");
        }
    }
    int64_t *st = NEWN(2 * (size_t)pg->depth, int64_t), rlo, rhi;
    if (!ret && xcsp_bounds(pg, lo, hi, st, &rlo, &rhi))
        ret = xr_fail(rd, line, "<intension>: %s%s",
                      "an intermediate value may leave the 63-bit integers", "");
    FREEN(st, 2 * (size_t)pg->depth);
    FREEN(lo, np ? (size_t)np : 1);
    FREEN(hi, np ? (size_t)np : 1);
    if (ret) {
        FREEN(scope, np ? (size_t)np : 1);
        FREEN(pos, np ? (size_t)np : 1);
        FREEN(val, np ? (size_t)np : 1);
        return ret;
    }
    xcsp_con *c = xcsp_add_con(in, XC_INTENSION, line);
    /* the arrays keep np entries (the scope uses the first arity) */
    c->arity = arity;
    c->scope = scope;
    c->bind_pos = pos;
    c->bind_val = val;
    c->prog = prog;
    if (!arity) { /* no variable: the predicate is a constant */
        int64_t *s2 = NEWN((size_t)pg->depth, int64_t);
        int64_t r = xcsp_eval(pg, val, s2);
        FREEN(s2, (size_t)pg->depth);
        c->kind = r ? -1 : XC_FALSE;
        if (r) { /* always true: drop it */
            FREEN(c->scope, np ? (size_t)np : 1);
            FREEN(c->bind_pos, np ? (size_t)np : 1);
            FREEN(c->bind_val, np ? (size_t)np : 1);
            in->ncons--;
        }
    }
    return 0;
}

xcsp_prog *xr_new_prog(xcsp_inst *in, int *index) {
    GROW(&in->progs, &in->progs_cap, in->nprogs + 1);
    *index = (int)in->nprogs;
    return &in->progs[in->nprogs++];
}

/* Resolves a variable name of a plain intension. */
int xr_resolve_var(void *ctx, const char *name, size_t len, int line, int *var, diag *d) {
    reader *rd = ctx;
    rd->nvars = 0;
    int n = xcsp_expand_ref(rd->in, name, len, &rd->vars, &rd->nvars, &rd->vcap, rd->path, line,
                            "intension", d);
    if (n < 0) return -1;
    if (n != 1)
        return diag_at(d, rd->path, line, 0,
                       "<intension>: '%.*s' names %d variables, an operand is one",
                       (int)(len < 60 ? len : 60), name, n);
    *var = rd->vars[0];
    return 0;
}

/* <intension> text or <intension><function> text </function></intension>. */
int xr_intension_text(reader *rd, int empty, int *line) {
    *line = xr_line(rd);
    rd->tlen = 0;
    rd->text_line = *line;
    int got_function = 0;
    while (!empty) {
        int e, t = xr_next(rd, &e);
        if (t == N_TEXT)
            xr_take_text(rd);
        else if (t == N_END)
            break;
        else if (t == N_START && !strcmp(xr_name(rd), "function") && !got_function &&
                 xr_blank(rd->text ? rd->text : "", rd->tlen)) {
            got_function = 1;
            if (e)
                rd->tlen = 0;
            else if (xr_text_only(rd, "function"))
                return -1;
            /* then only blanks up to </intension> */
            for (;;) {
                int e2, t2 = xr_next(rd, &e2);
                if (t2 == N_END) return 0;
                if (t2 == N_TEXT) {
                    const char *v = (const char *)xmlTextReaderConstValue(rd->r);
                    if (v && !xr_blank(v, strlen(v)))
                        return xr_fail(rd, xr_line(rd), "<intension>: text after %s%s",
                                       "<function>", "");
                    continue;
                }
                if (t2 == N_START)
                    return xr_fail(rd, xr_line(rd), "<%s> inside <intension>: %s", xr_name(rd),
                                   "not supported");
                return t2 == N_EOF
                           ? xr_fail(rd, *line, "<intension>: %s%s", "the file ends inside it", "")
                           : -1;
            }
        } else if (t == N_START) {
            return xr_fail(rd, xr_line(rd), "<%s> inside <intension>: not supported (only %s)",
                           xr_name(rd), "<function>");
        } else {
            return t == N_EOF
                       ? xr_fail(rd, *line, "<intension>: %s%s", "the file ends inside it", "")
                       : -1;
        }
    }
    return 0;
}

static int read_intension(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line;
    if (xr_attributes(rd, "intension", allowed, val, buf)) return -1;
    if (xr_intension_text(rd, empty, &line)) return -1;
    int pi, *vars = NULL;
    xcsp_prog *pg = xr_new_prog(rd->in, &pi);
    if (xcsp_compile(rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line, 0, xr_resolve_var,
                     rd, pg, &vars, rd->d)) {
        rd->in->nprogs--;
        return rd->failed = 1, -1;
    }
    items it = {0};
    GROW(&it.a, &it.cap, (size_t)(pg->nparams ? pg->nparams : 1));
    for (int k = 0; k < pg->nparams; k++) it.a[it.n++] = (item){ITEM_VAR, vars[k], 0};
    FREEN(vars, (size_t)(pg->nparams ? pg->nparams : 1));
    int r = xr_add_intension(rd, pi, &it, line);
    xr_items_free(&it);
    return r;
}

static char *xr_copy_text(const reader *rd, size_t *len) {
    *len = rd->tlen;
    char *s = xmalloc(rd->tlen + 1);
    memcpy(s, rd->text ? rd->text : "", rd->tlen);
    s[rd->tlen] = '\0';
    return s;
}

void xr_parts_free(parts *p) {
    if (p->list) xfree(p->list, p->list_len + 1);
    if (p->rows) xfree(p->rows, p->rows_len + 1);
    memset(p, 0, sizeof *p);
}

/* Reads the children of elem; kind: 'e' extension, 'a' allDifferent,
 * 'i' instantiation. */
int xr_parts(reader *rd, const char *elem, int kind, int empty, parts *p) {
    int line = xr_line(rd);
    memset(p, 0, sizeof *p);
    size_t own_cap = 0;
    char *own = NULL;
    size_t own_len = 0;
    int own_line = line;
    while (!empty) {
        int e, t = xr_next(rd, &e);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            size_t n = v ? strlen(v) : 0;
            if (!own_len) own_line = xr_line(rd);
            GROW(&own, &own_cap, own_len + n + 1);
            memcpy(own + own_len, v ? v : "", n);
            own_len += n;
            own[own_len] = '\0';
            continue;
        }
        if (t != N_START) {
            if (own) FREEN(own, own_cap);
            xr_parts_free(p);
            return t == N_EOF ? xr_fail(rd, line, "<%s>: %s", elem, "the file ends inside it") : -1;
        }
        const char *n = xr_name(rd);
        int cl = xr_line(rd);
        char cname[32];
        snprintf(cname, sizeof cname, "%s", n);
        int is_list = !strcmp(cname, "list") || (kind == 'a' && !strcmp(cname, "matrix"));
        int is_rows =
            (kind == 'e' && (!strcmp(cname, "supports") || !strcmp(cname, "conflicts"))) ||
            (kind == 'i' && !strcmp(cname, "values"));
        const char *msg = kind == 'e'   ? "<list> then <supports> or <conflicts>"
                          : kind == 'i' ? "<list> and <values>"
                                        : "one <list> or one <matrix>";
        if (!is_list && !is_rows) {
            if (own) FREEN(own, own_cap);
            xr_parts_free(p);
            if (!strcmp(cname, "except"))
                return xr_fail(rd, cl, "<except> inside <%s>: not supported (only %s)", elem, msg);
            return xr_fail(rd, cl, "<%s> inside <%s>: not supported", cname, elem);
        }
        static const char *const no_attrs[] = {NULL};
        const char *val[1];
        char buf[MAX_ATTRS][128];
        if (xr_attributes(rd, cname, no_attrs, val, buf) || xr_child_text(rd, cname, e)) {
            if (own) FREEN(own, own_cap);
            xr_parts_free(p);
            return -1;
        }
        if (is_list) {
            if (p->nlists++) {
                if (own) FREEN(own, own_cap);
                xr_parts_free(p);
                return xr_fail(rd, cl, "<%s>: a second <list>/<matrix> is not supported (only %s)",
                               elem, msg);
            }
            p->matrix = !strcmp(cname, "matrix");
            p->list = xr_copy_text(rd, &p->list_len);
            p->list_line = rd->text_line;
        } else {
            if (p->has_rows++) {
                if (own) FREEN(own, own_cap);
                xr_parts_free(p);
                return xr_fail(rd, cl, "<%s>: a second <%s> is not supported", elem, cname);
            }
            p->positive = strcmp(cname, "conflicts") != 0;
            p->rows = xr_copy_text(rd, &p->rows_len);
            p->rows_line = rd->text_line;
        }
    }
    int own_blank = !own || xr_blank(own, own_len);
    if (kind == 'a' && !p->nlists && !own_blank) { /* <allDifferent> x[] </allDifferent> */
        p->list_len = own_len;
        p->list = xmalloc(own_len + 1);
        memcpy(p->list, own, own_len + 1);
        p->list_line = own_line;
        p->nlists = 1;
    } else if (!own_blank) {
        if (own) FREEN(own, own_cap);
        xr_parts_free(p);
        return xr_fail(rd, own_line, "<%s>: text beside its child elements%s", elem, "");
    }
    if (own) FREEN(own, own_cap);
    if (!p->nlists || (kind != 'a' && !p->has_rows)) {
        const char *msg = kind == 'e'   ? "a <list> and <supports> or <conflicts>"
                          : kind == 'i' ? "a <list> and <values>"
                                        : "a list of variables";
        xr_parts_free(p);
        return xr_fail(rd, line, "<%s>: expected %s", elem, msg);
    }
    return 0;
}

/* Parses the rows of p for arity into a new table; returns its index. */
int xr_new_table(reader *rd, const parts *p, int arity, int line) {
    xcsp_inst *in = rd->in;
    GROW(&in->tables, &in->tables_cap, in->ntables + 1);
    xcsp_table *t = &in->tables[in->ntables];
    memset(t, 0, sizeof *t);
    t->arity = arity;
    t->positive = p->positive;
    if (arity < 1) return xr_fail(rd, line, "<extension>: %s%s", "an empty scope", "");
    xcsp_scan sc;
    xcsp_scan_init(&sc, p->rows, p->rows_len, rd->path, p->rows_line);
    if (xcsp_parse_tuples(&sc, p->positive ? "supports" : "conflicts", t, rd->d)) {
        if (t->rows) FREEN(t->rows, t->cap);
        return rd->failed = 1, -1;
    }
    return (int)in->ntables++;
}

static int read_extension(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = xr_line(rd);
    if (xr_attributes(rd, "extension", allowed, val, buf)) return -1;
    parts p;
    if (xr_parts(rd, "extension", 'e', empty, &p)) return -1;
    items it = {0};
    int r = xr_items(rd, p.list, p.list_len, p.list_line, "list", 0, 0, &it);
    int ti = r ? -1 : xr_new_table(rd, &p, (int)it.n, line);
    if (ti >= 0)
        r = xr_add_extension(rd, ti, &it, line);
    else
        r = -1;
    xr_items_free(&it);
    xr_parts_free(&p);
    return r;
}

/* The rows of an allDifferent <matrix>: (a b c)(d e f) or one reference
 * of two ranged dimensions (x[][]).  Adds one allDifferent per row and
 * per column. */
static int matrix_alldiff(reader *rd, const parts *p, int line) {
    xcsp_scan sc;
    xcsp_scan_init(&sc, p->list, p->list_len, rd->path, p->list_line);
    items *rows = NULL;
    size_t nrows = 0, cap = 0;
    int ret = 0;
    xcsp_scan_more(&sc);
    if (sc.s < sc.end && *sc.s == '(') {
        while (!ret && xcsp_scan_more(&sc)) {
            if (*sc.s != '(') {
                ret = xr_fail(rd, xcsp_scan_line(&sc, sc.s),
                              "<matrix>: expected a row (x y ...), %s%s", "found text", "");
                break;
            }
            const char *start = ++sc.s;
            while (sc.s < sc.end && *sc.s != ')') sc.s++;
            if (sc.s >= sc.end) {
                ret = xr_fail(rd, xcsp_scan_line(&sc, start),
                              "<matrix>: a row is not closed by ')'%s%s", "", "");
                break;
            }
            GROW(&rows, &cap, nrows + 1);
            memset(&rows[nrows], 0, sizeof rows[nrows]);
            ret = xr_items(rd, start, (size_t)(sc.s - start), xcsp_scan_line(&sc, start), "matrix",
                           0, 0, &rows[nrows++]);
            sc.s++;
        }
    } else {
        const char *tok;
        size_t len = xcsp_scan_token(&sc, &tok);
        int ai;
        size_t idl = 0;
        while (idl < len && tok[idl] != '[') idl++;
        int kind = xcsp_lookup(rd->in, tok, idl, &ai);
        if (xcsp_scan_more(&sc) || kind != 1 || rd->in->arrays[ai].ndims != 2) {
            ret = xr_fail(rd, p->list_line,
                          "<matrix>: expected rows (x y ...)(...) or one reference "
                          "to a two-dimensional array such as x[][]%s%s",
                          "", "");
        } else {
            items all = {0};
            ret = xr_items(rd, tok, len, p->list_line, "matrix", 0, 0, &all);
            /* the ranges of the two dimensions: rows = first index */
            const xcsp_array *a = &rd->in->arrays[ai];
            int prev = -1;
            for (size_t i = 0; !ret && i < all.n; i++) {
                int r = (all.a[i].v - a->first) / a->dims[1];
                if (r != prev) {
                    GROW(&rows, &cap, nrows + 1);
                    memset(&rows[nrows], 0, sizeof rows[nrows]);
                    nrows++;
                    prev = r;
                }
                GROW(&rows[nrows - 1].a, &rows[nrows - 1].cap, rows[nrows - 1].n + 1);
                rows[nrows - 1].a[rows[nrows - 1].n++] = all.a[i];
            }
            xr_items_free(&all);
        }
    }
    for (size_t i = 1; !ret && i < nrows; i++)
        if (rows[i].n != rows[0].n)
            ret = xr_fail(rd, p->list_line, "<matrix>: rows of different lengths%s%s", "", "");
    for (size_t i = 0; !ret && i < nrows; i++) ret = xr_add_alldiff(rd, &rows[i], line);
    if (!ret && nrows) { /* the columns */
        items col = {0};
        for (size_t j = 0; !ret && j < rows[0].n; j++) {
            col.n = 0;
            for (size_t i = 0; i < nrows; i++) {
                GROW(&col.a, &col.cap, col.n + 1);
                col.a[col.n++] = rows[i].a[j];
            }
            ret = xr_add_alldiff(rd, &col, line);
        }
        xr_items_free(&col);
    }
    for (size_t i = 0; i < nrows; i++) xr_items_free(&rows[i]);
    if (rows) FREEN(rows, cap);
    return ret;
}

static int read_alldiff(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = xr_line(rd);
    if (xr_attributes(rd, "allDifferent", allowed, val, buf)) return -1;
    parts p;
    if (xr_parts(rd, "allDifferent", 'a', empty, &p)) return -1;
    int r;
    if (p.matrix) {
        r = matrix_alldiff(rd, &p, line);
    } else {
        items it = {0};
        r = xr_items(rd, p.list, p.list_len, p.list_line, "allDifferent", 0, 0, &it);
        if (!r) r = xr_add_alldiff(rd, &it, line);
        xr_items_free(&it);
    }
    xr_parts_free(&p);
    return r;
}

static int read_instantiation(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = xr_line(rd);
    if (xr_attributes(rd, "instantiation", allowed, val, buf)) return -1;
    parts p;
    if (xr_parts(rd, "instantiation", 'i', empty, &p)) return -1;
    items vars = {0}, vals = {0};
    int r = xr_items(rd, p.list, p.list_len, p.list_line, "list", 0, 0, &vars);
    if (!r) { /* the values: integers only */
        xcsp_scan sc;
        xcsp_scan_init(&sc, p.rows, p.rows_len, rd->path, p.rows_line);
        const char *tok;
        size_t len;
        while (!r && (len = xcsp_scan_token(&sc, &tok)) > 0) {
            int64_t v;
            if (xcsp_parse_int(tok, len, XCSP_MAX_CONST, &v, "<values>", &sc, rd->d)) {
                rd->failed = 1;
                r = -1;
                break;
            }
            GROW(&vals.a, &vals.cap, vals.n + 1);
            vals.a[vals.n++] = (item){ITEM_CONST, 0, v};
        }
    }
    if (!r && vals.n != vars.n) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", vars.n);
        snprintf(b, sizeof b, "%zu", vals.n);
        r = xr_fail(rd, line, "<instantiation>: %s variables, %s values", a, b);
    }
    if (!r && vars.n) r = count_scope(rd, vars.n, line);
    if (!r && vars.n) {
        int *scope = xr_vars_of(rd, &vars, line, "instantiation");
        if (!scope)
            r = -1;
        else {
            xcsp_con *c = xcsp_add_con(rd->in, XC_INSTANTIATION, line);
            c->arity = (int)vars.n;
            c->scope = scope;
            c->values = NEWN(vars.n, int);
            for (size_t i = 0; i < vals.n; i++) {
                int64_t v = vals.a[i].k;
                c->values[i] = v > XCSP_MAX_VALUE    ? XCSP_MAX_VALUE + 1
                               : v < -XCSP_MAX_VALUE ? -XCSP_MAX_VALUE - 1
                                                     : (int)v;
            }
        }
    }
    xr_items_free(&vars);
    xr_items_free(&vals);
    xr_parts_free(&p);
    return r;
}
int xr_constraints(reader *rd) {
    int blocks = 0; /* open <block>s */
    for (;;) {
        int empty, t = xr_next(rd, &empty);
        if (t == N_END) {
            if (!blocks) return 0; /* </constraints> */
            blocks--;              /* </block> */
            continue;
        }
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !xr_blank(v, strlen(v)))
                return xr_fail(rd, xr_line(rd), "<constraints>: text %s%s",
                               "outside the constraints", "");
            continue;
        }
        if (t != N_START)
            return t == N_EOF ? xr_fail(rd, xr_line(rd), "<constraints>: %s%s",
                                        "the file ends inside it", "")
                              : -1;
        const char *n = xr_name(rd);
        int r;
        if (!strcmp(n, "block")) {
            static const char *const allowed[] = {NULL};
            const char *val[1];
            char buf[MAX_ATTRS][128];
            if (xr_attributes(rd, "block", allowed, val, buf)) return -1;
            blocks += !empty;
            continue;
        }
        if (!strcmp(n, "intension"))
            r = read_intension(rd, empty);
        else if (!strcmp(n, "extension"))
            r = read_extension(rd, empty);
        else if (!strcmp(n, "allDifferent"))
            r = read_alldiff(rd, empty);
        else if (!strcmp(n, "instantiation"))
            r = read_instantiation(rd, empty);
        else if (!strcmp(n, "group"))
            r = xr_group(rd, empty);
        else
            return xr_fail(rd, xr_line(rd), "<%s>: constraint not supported (supported: %s)", n,
                           "intension, extension, allDifferent, instantiation, group, block");
        if (r) return -1;
    }
}
