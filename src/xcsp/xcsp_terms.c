/* xcsp_terms.c - the pieces every constraint family reads: lists of terms
 * (variables through compact references, integers, intervals, symbols,
 * expressions compiled to programs, template parameters), conditions
 * "(op,operand)", integers and Booleans of attributes, and the step that
 * makes a constraint concrete (its scope, the limits, the family's own
 * checks). */
#include <stdlib.h>
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "xcsp_names.h"
#include "xcsp_reader.h"

xcsp_prog *xr_new_prog(xcsp_inst *in, int *index) {
    GROW(&in->progs, &in->progs_cap, in->nprogs + 1);
    *index = (int)in->nprogs;
    memset(&in->progs[in->nprogs], 0, sizeof in->progs[0]);
    return &in->progs[in->nprogs++];
}

int xr_resolve_var(void *ctx, const char *name, size_t len, int line, int *var, diag *d) {
    reader *rd = ctx;
    rd->nvars = 0;
    int n = xcsp_expand_ref(rd->in, name, len, &rd->vars, &rd->nvars, &rd->vcap, rd->path, line,
                            rd->expr_elem, d);
    if (n < 0) return -1;
    if (n != 1)
        return diag_at(d, rd->path, line, 0, "'%.*s' names %d variables, an operand is one",
                       (int)(len < 60 ? len : 60), name, n);
    *var = rd->vars[0];
    return 0;
}

int xr_symbol(void *ctx, const char *name, size_t len) {
    return xcsp_symbol(((reader *)ctx)->in, name, len, 0);
}

xcsp_symbol_fn xr_symbols(const reader *rd) { return rd->in->nsymbols ? xr_symbol : NULL; }

xcsp_list *xr_add_list(xcsp_con *c) {
    c->lists = xrealloc(c->lists, (size_t)c->nlists * sizeof *c->lists,
                        (size_t)(c->nlists + 1) * sizeof *c->lists);
    memset(&c->lists[c->nlists], 0, sizeof c->lists[0]);
    return &c->lists[c->nlists++];
}

static void push(xcsp_list *l, size_t *cap, xcsp_term t) {
    GROW(&l->t, cap, (size_t)l->n + 1);
    l->t[l->n++] = t;
}

/* Shrinks l to its size, so that it frees with n. */
static void fit(xcsp_list *l, size_t cap) {
    if (cap != (size_t)l->n)
        l->t = l->n ? xrealloc(l->t, cap * sizeof *l->t, (size_t)l->n * sizeof *l->t)
                    : (xfree(l->t, cap * sizeof *l->t), NULL);
}

/* A value that no variable takes (an unknown symbol). */
#define NO_VALUE ((int64_t)1 << 40)

/* The end of the token at s: blanks end it outside parentheses and
 * braces. */
static const char *token_end(const char *s, const char *end) {
    int depth = 0;
    for (; s < end; s++) {
        if (*s == '(' || *s == '{')
            depth++;
        else if (*s == ')' || *s == '}')
            depth--;
        else if (depth <= 0 && xcsp_blank(*s))
            break;
    }
    return s;
}

/* An expression token as a new expression of c; the term in *t. */
static int expr_term(reader *rd, xcsp_con *c, const char *tok, size_t len, int line,
                     const char *elem, xcsp_term *t) {
    int pi, *vars = NULL;
    xcsp_prog *pg = xr_new_prog(rd->in, &pi);
    rd->expr_elem = elem;
    if (xcsp_compile(tok, len, rd->path, line, rd->tmpl, 0, elem, xr_resolve_var, rd, pg, &vars,
                     rd->d)) {
        rd->in->nprogs--;
        return rd->failed = 1, -1;
    }
    c->exprs = xrealloc(c->exprs, (size_t)c->nexprs * sizeof *c->exprs,
                        (size_t)(c->nexprs + 1) * sizeof *c->exprs);
    xcsp_expr *x = &c->exprs[c->nexprs];
    x->prog = pi;
    x->nbind = pg->nparams;
    x->bind = NEWN(pg->nparams ? (size_t)pg->nparams : 1, xcsp_term);
    for (int k = 0; k < pg->nparams; k++)
        x->bind[k] =
            vars[k] < 0 ? (xcsp_term){XT_PARAM, k, 0, 0, 0} : (xcsp_term){XT_VAR, vars[k], 0, 0, 0};
    if (vars) FREEN(vars, (size_t)(pg->nparams ? pg->nparams : 1));
    *t = (xcsp_term){XT_EXPR, c->nexprs++, 0, 0, 0};
    return 0;
}

/* A parameter token %k or %...; -1 with a message. */
static int param_term(reader *rd, const char *tok, size_t len, int line, const char *elem,
                      xcsp_term *t) {
    char show[40];
    snprintf(show, sizeof show, "%.*s", (int)(len < 30 ? len : 30), tok);
    if (!rd->tmpl)
        return xr_fail(rd, line, "<%s>: parameter '%s' outside a template of a <group>", elem,
                       show);
    long k = 0;
    size_t i = 1;
    if (len == 4 && !strncmp(tok, "%...", 4)) {
        k = -1;
    } else {
        for (; i < len && tok[i] >= '0' && tok[i] <= '9' && k < XCSP_MAX_PARAMS; i++)
            k = k * 10 + (tok[i] - '0');
        if (i == 1 || i != len || k >= XCSP_MAX_PARAMS)
            return xr_fail(rd, line, "<%s>: '%s' is not a parameter (%%0 to %%65535, or %%...)",
                           elem, show);
    }
    *t = (xcsp_term){XT_PARAM, (int)k, 0, 0, 0};
    return 0;
}

/* An integer or an interval a..b. */
static int number_term(reader *rd, xcsp_scan *sc, const char *tok, size_t len, int what,
                       const char *elem, xcsp_term *t) {
    const char *p = tok, *end = tok + len;
    int64_t a, b;
    char buf[64], msg[80];
    int line = xcsp_scan_line(sc, tok), range = 0;
    snprintf(msg, sizeof msg, "<%s>", elem);
    if (!(what & (XR_CONSTS | XR_RANGES)))
        return xr_fail(rd, line, "<%s>: '%s' is a number; this list takes variables", elem,
                       xcsp_show(tok, len, buf, sizeof buf));
    if (!xcsp_read_int(&p, end, &a)) goto bad;
    b = a;
    if (p + 1 < end && p[0] == '.' && p[1] == '.' && (what & XR_RANGES)) {
        p += 2, range = 1;
        if (!xcsp_read_int(&p, end, &b)) goto bad;
    }
    if (p != end || (!range && !(what & XR_CONSTS))) goto bad;
    if (a > XCSP_MAX_CONST || a < -XCSP_MAX_CONST || b > XCSP_MAX_CONST || b < -XCSP_MAX_CONST)
        return xr_fail(rd, line, "<%s>: '%s' is out of the supported range (62 bits)", elem,
                       xcsp_show(tok, len, buf, sizeof buf));
    if (a > b)
        return xr_fail(rd, line, "<%s>: empty range '%s'", elem,
                       xcsp_show(tok, len, buf, sizeof buf));
    *t = (xcsp_term){range ? XT_RANGE : XT_CONST, 0, 0, a, b};
    return 0;
bad:
    return xr_failf(rd, line, "<%s>: expected %s, found '%s'", elem,
                    !(what & XR_CONSTS)  ? "a range a..b"
                    : (what & XR_RANGES) ? "an integer or a range a..b"
                                         : "an integer",
                    xcsp_show(tok, len, buf, sizeof buf));
}

/* A set {a,b,...} of integers (blanks or commas between them, {} empty)
 * as a new list of c; the term XT_SET with v its index. */
static int set_term(reader *rd, xcsp_con *c, const char *tok, size_t len, int line,
                    const char *elem, xcsp_term *t) {
    char buf[64];
    if (len < 2 || tok[len - 1] != '}')
        return xr_fail(rd, line, "<%s>: a set is not closed by '}': '%s'", elem,
                       xcsp_show(tok, len, buf, sizeof buf));
    char *body = xmalloc(len - 1);
    memcpy(body, tok + 1, len - 2);
    body[len - 2] = '\0';
    for (size_t i = 0; i + 2 < len; i++)
        if (body[i] == ',') body[i] = ' ';
    int idx = c->nlists;
    xr_add_list(c);
    int r = xr_terms(rd, c, body, len - 2, line, elem, XR_CONSTS, &c->lists[idx]);
    xfree(body, len - 1);
    *t = (xcsp_term){XT_SET, idx, 0, 0, 0};
    return r;
}

int xr_terms(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem,
             int what, xcsp_list *out) {
    xcsp_scan sc;
    xcsp_scan_init(&sc, text, len, rd->path, line);
    size_t cap = (size_t)out->n;
    int ret = 0;
    out->what |= what;
    char buf[64];
    while (!ret && xcsp_scan_more(&sc)) {
        const char *tok = sc.s, *e = token_end(sc.s, sc.end);
        size_t tl = (size_t)(e - tok);
        sc.s = e;
        int tline = xcsp_scan_line(&sc, tok);
        xcsp_term t;
        if (tok[0] == '%') {
            ret = param_term(rd, tok, tl, tline, elem, &t);
        } else if (tok[0] == '{' && (what & XR_SETS)) {
            ret = set_term(rd, c, tok, tl, tline, elem, &t);
        } else if (memchr(tok, '(', tl)) {
            if (!(what & XR_EXPRS))
                ret = xr_fail(rd, tline, "<%s>: '%s': an expression is not allowed here", elem,
                              xcsp_show(tok, tl, buf, sizeof buf));
            else
                ret = expr_term(rd, c, tok, tl, tline, elem, &t);
        } else if (tok[0] == '-' || tok[0] == '+' || (tok[0] >= '0' && tok[0] <= '9')) {
            const char *x = memchr(tok, 'x', tl);
            int64_t times = 1;
            if (x && (what & XR_CONSTS)) { /* vxk: the integer v, k times */
                const char *q = x + 1;
                if (!xcsp_read_int(&q, tok + tl, &times) || q != tok + tl || times < 1 ||
                    times > XCSP_MAX_SCOPES) {
                    ret = xr_fail(rd, tline,
                                  "<%s>: '%s': expected vxk (the integer v, k times, k "
                                  "from 1 to 2^25)",
                                  elem, xcsp_show(tok, tl, buf, sizeof buf));
                    continue;
                }
                tl = (size_t)(x - tok);
            }
            ret = number_term(rd, &sc, tok, tl, what, elem, &t);
            for (int64_t i = 1; !ret && i < times; i++) push(out, &cap, t);
        } else {
            size_t idl = 0;
            int index;
            while (idl < tl && tok[idl] != '[') idl++;
            if ((what & XR_SYMBOLS) && rd->in->nsymbols &&
                xcsp_lookup(rd->in, tok, idl, &index) < 0) {
                int id = xcsp_symbol(rd->in, tok, tl, 0);
                t = (xcsp_term){XT_CONST, 0, 0, id < 0 ? NO_VALUE : id, 0};
            } else if (!(what & XR_VARS)) {
                ret = xcsp_lookup(rd->in, tok, idl, &index) >= 0
                          ? xr_fail(rd, tline, "<%s>: '%s': a variable is not allowed here", elem,
                                    xcsp_show(tok, tl, buf, sizeof buf))
                          : xr_fail(rd, tline, "<%s>: expected an integer, found '%s'", elem,
                                    xcsp_show(tok, tl, buf, sizeof buf));
            } else {
                rd->nvars = 0;
                if (xcsp_expand_ref(rd->in, tok, tl, &rd->vars, &rd->nvars, &rd->vcap, rd->path,
                                    tline, elem, rd->d) < 0)
                    return rd->failed = 1, fit(out, cap), -1;
                for (size_t i = 0; i < rd->nvars; i++)
                    push(out, &cap, (xcsp_term){XT_VAR, rd->vars[i], 0, 0, 0});
                continue;
            }
        }
        if (!ret) push(out, &cap, t);
    }
    fit(out, cap);
    return ret;
}

int xr_rows(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem,
            int what) {
    xcsp_scan sc;
    xcsp_scan_init(&sc, text, len, rd->path, line);
    int rows = 0;
    char buf[64];
    while (xcsp_scan_more(&sc)) {
        const char *start = sc.s;
        if (*start != '(')
            return xr_fail(rd, xcsp_scan_line(&sc, start),
                           "<%s>: expected a row (a,b,...), found "
                           "'%s'",
                           elem, xcsp_show(start, (size_t)(sc.end - start), buf, sizeof buf));
        const char *p = start + 1;
        int depth = 1;
        while (p < sc.end && depth) depth += *p == '(' ? 1 : *p == ')' ? -1 : 0, p++;
        if (depth)
            return xr_fail(rd, xcsp_scan_line(&sc, start), "<%s>: a row is not closed by ')'%s",
                           elem, "");
        /* the members, commas outside parentheses as blanks */
        size_t n = (size_t)(p - 1 - (start + 1));
        char *row = xmalloc(n + 1);
        memcpy(row, start + 1, n);
        for (size_t i = 0, d = 0; i < n; i++) {
            d += row[i] == '(' ? 1 : row[i] == ')' ? (size_t)-1 : 0;
            if (!d && row[i] == ',') row[i] = ' ';
        }
        row[n] = '\0';
        int r = xr_terms(rd, c, row, n, xcsp_scan_line(&sc, start), elem, what, xr_add_list(c));
        xfree(row, n + 1);
        if (r) return -1;
        rows++;
        sc.s = p;
    }
    return rows;
}

int xr_kid_terms(reader *rd, xcsp_con *c, xr_elem *e, const char *name, int what, int required,
                 xcsp_list *out) {
    xr_kid *k = xr_kid_get(e, name);
    if (!k) {
        if (!required) return 0;
        return xr_fail(rd, e->line, "<%s>: expected <%s>", e->name, name);
    }
    return xr_terms(rd, c, k->text, k->len, k->text_line, name, what, out);
}

int xr_condop(const char *s, size_t len) {
    static const char *const names[] = {
#define XCSP_CONDOP_NAME_(n) #n,
        XCSP_CONDOPS(XCSP_CONDOP_NAME_)
#undef XCSP_CONDOP_NAME_
            NULL};
    return names_index_n(names, s, len) + 1; /* 0: none */
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

void xr_set(xcsp_con *c, int64_t *v, int n) {
    if (n > 1) qsort(v, (size_t)n, sizeof *v, cmp_i64);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!m || v[m - 1] != v[i]) v[m++] = v[i];
    c->nset = m;
    c->set = m ? NEWN((size_t)m, int64_t) : NULL;
    if (m) memcpy(c->set, v, (size_t)m * sizeof *v);
}

int xr_cond(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem) {
    const char *s = text, *end = text + len;
    char buf[64];
    while (s < end && xcsp_blank(*s)) s++;
    while (end > s && xcsp_blank(end[-1])) end--;
    const char *comma = memchr(s, ',', (size_t)(end - s));
    if (end - s < 4 || *s != '(' || end[-1] != ')' || !comma)
        return xr_fail(rd, line, "<%s>: expected (operator,operand), found '%s'", elem,
                       xcsp_show(s, (size_t)(end - s), buf, sizeof buf));
    const char *o = s + 1, *oe = comma;
    while (o < oe && xcsp_blank(*o)) o++;
    while (oe > o && xcsp_blank(oe[-1])) oe--;
    int op = xr_condop(o, (size_t)(oe - o));
    if (!op)
        return xr_fail(rd, line,
                       "<%s>: unknown operator '%s' (expected lt, le, ge, gt, eq, ne, "
                       "in or notin)",
                       elem, xcsp_show(o, (size_t)(oe - o), buf, sizeof buf));
    const char *a = comma + 1, *ae = end - 1;
    while (a < ae && xcsp_blank(*a)) a++;
    while (ae > a && xcsp_blank(ae[-1])) ae--;
    c->cond.op = op;
    int set_op = op == XCO_in || op == XCO_notin;
    if (a < ae && *a == '{') { /* a set of integers */
        if (!set_op || ae[-1] != '}')
            return xr_fail(rd, line,
                           "<%s>: a set {...} is the operand of in and notin only, "
                           "found '%s'",
                           elem, xcsp_show(a, (size_t)(ae - a), buf, sizeof buf));
        size_t cap = 0;
        int n = 0;
        int64_t *vals = NULL;
        const char *p = a + 1;
        for (;;) {
            while (p < ae - 1 && (xcsp_blank(*p) || *p == ',')) p++;
            if (p >= ae - 1) break;
            int64_t v;
            const char *q = p;
            if (!xcsp_read_int(&q, ae - 1, &v) || v > XCSP_MAX_CONST || v < -XCSP_MAX_CONST) {
                if (vals) FREEN(vals, cap);
                return xr_fail(rd, line, "<%s>: expected integers in the set, found '%s'", elem,
                               xcsp_show(p, (size_t)(ae - 1 - p), buf, sizeof buf));
            }
            GROW(&vals, &cap, (size_t)n + 1);
            vals[n++] = v;
            p = q;
        }
        xr_set(c, vals, n);
        if (vals) FREEN(vals, cap);
        c->cond.rhs = (xcsp_term){XT_SET, 0, 0, 0, 0};
        return 0;
    }
    xcsp_list tmp = {0};
    int r = xr_terms(rd, c, a, (size_t)(ae - a), line, elem,
                     set_op ? XR_RANGES | XR_CONSTS : XR_VARS | XR_CONSTS, &tmp);
    if (!r && tmp.n != 1)
        r = xr_fail(rd, line, "<%s>: expected one operand, found '%s'", elem,
                    xcsp_show(a, (size_t)(ae - a), buf, sizeof buf));
    if (!r && set_op && tmp.t[0].kind == XT_CONST) /* in k: the interval k..k */
        tmp.t[0].kind = XT_RANGE;
    if (!r && !set_op && tmp.t[0].kind == XT_RANGE)
        r = xr_fail(rd, line, "<%s>: an interval is the operand of in and notin only%s", elem, "");
    if (!r) c->cond.rhs = tmp.t[0];
    if (tmp.t) FREEN(tmp.t, (size_t)tmp.n);
    return r;
}

int xr_kid_cond(reader *rd, xcsp_con *c, xr_elem *e, const char *name) {
    xr_kid *k = xr_kid_get(e, name);
    if (!k) return xr_fail(rd, e->line, "<%s>: expected <%s>", e->name, name);
    return xr_cond(rd, c, k->text, k->len, k->text_line, name);
}

int xr_int(reader *rd, const char *s, size_t len, int line, int64_t limit, const char *what,
           int64_t *v) {
    xcsp_scan sc;
    xcsp_scan_init(&sc, s, len, rd->path, line);
    const char *tok;
    size_t tl = xcsp_scan_token(&sc, &tok);
    if (!tl || xcsp_scan_more(&sc)) {
        char buf[64];
        return xr_fail(rd, line, "%s: expected one integer, found '%s'", what,
                       xcsp_show(s, len, buf, sizeof buf));
    }
    if (xcsp_parse_int(tok, tl, limit, v, what, &sc, rd->d)) return rd->failed = 1, -1;
    return 0;
}

int xr_bool(reader *rd, xr_elem *e, xr_kid *kid, const char *name, int def, int *out) {
    const char *v = xr_attr_get(e, kid, name);
    *out = def;
    if (!v) return 0;
    if (!strcmp(v, "true") || !strcmp(v, "false")) {
        *out = v[0] == 't';
        return 0;
    }
    char what[100];
    snprintf(what, sizeof what, "%.40s=\"%.40s\"", name, v);
    return xr_fail(rd, kid ? kid->line : e->line, "<%s>: %s (expected true or false)",
                   kid ? kid->name : e->name, what);
}

/* The rank attribute of <index> (of e when k is NULL): any (0), first (1),
 * last (2). */
int xr_rank(reader *rd, xr_elem *e, xr_kid *k, int64_t *rank) {
    const char *r = xr_attr_get(e, k, "rank");
    *rank = 0;
    if (!r || !strcmp(r, "any")) return 0;
    if (!strcmp(r, "first") || !strcmp(r, "last")) {
        *rank = r[0] == 'f' ? 1 : 2;
        return 0;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.40s", r);
    return xr_failf(rd, k ? k->line : e->line, "<%s>: rank=\"%s\" (expected any, first or last)",
                    k ? k->name : e->name, buf);
}

int xr_start_index(reader *rd, xr_elem *e, xr_kid *k, const char *attr, int64_t *start) {
    const char *s = xr_attr_get(e, k, attr);
    *start = 0;
    if (!s) return 0;
    char what[64];
    snprintf(what, sizeof what, "<%s %s>", k ? k->name : e->name, attr);
    return xr_int(rd, s, strlen(s), k ? k->line : e->line, 1 << 30, what, start);
}

/* <operator> lt|le|ge|gt into opt[0]. */
int xr_operator(reader *rd, xr_elem *e, xcsp_con *c) {
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

/* ---- making a constraint concrete ---- */

/* Gives variable term t its scope position (a new one at the first
 * sight of the variable in this constraint). */
static void place(reader *rd, xcsp_con *c, xcsp_term *t, size_t *cap) {
    if (t->kind != XT_VAR) return;
    if (rd->mark[t->v] != rd->stamp) {
        rd->mark[t->v] = rd->stamp;
        rd->mark_pos[t->v] = c->arity;
        GROW(&c->scope, cap, (size_t)c->arity + 1);
        c->scope[c->arity++] = t->v;
    }
    t->pos = rd->mark_pos[t->v];
}

int xr_finish(reader *rd, xcsp_con *c, int line) {
    xcsp_inst *in = rd->in;
    c->line = line;
    if (!rd->mark) {
        rd->mark = NEWN(in->nvars ? (size_t)in->nvars : 1, int);
        rd->mark_pos = NEWN(in->nvars ? (size_t)in->nvars : 1, int);
    }
    if (++rd->stamp == 0) { /* the stamps wrapped: start again */
        memset(rd->mark, 0, (size_t)in->nvars * sizeof *rd->mark);
        rd->stamp = 1;
    }
    for (int l = 0; l < c->nlists; l++) /* a template's arguments: of the kinds each list takes */
        for (int i = 0; i < c->lists[l].n; i++) {
            const xcsp_term *t = &c->lists[l].t[i];
            int w = c->lists[l].what;
            if ((t->kind == XT_VAR && !(w & XR_VARS)) ||
                (t->kind == XT_CONST && !(w & (XR_CONSTS | XR_SYMBOLS))) ||
                (t->kind == XT_EXPR && !(w & XR_EXPRS)) ||
                (t->kind == XT_RANGE && !(w & XR_RANGES)) || t->kind == XT_PARAM)
                return xr_fail(
                    rd, line, "<%s>: %s", c->fam >= 0 ? XCSP_FAMILY(c)->name : "objective",
                    t->kind == XT_PARAM   ? "a parameter without an argument"
                    : t->kind == XT_VAR   ? "an argument is a variable where the template "
                                            "takes integers"
                    : t->kind == XT_RANGE ? "an argument is an interval where the template "
                                            "takes no interval"
                    : t->kind == XT_CONST ? "an argument is an integer where the template "
                                            "takes variables"
                                          : "an argument is an expression where the "
                                            "template takes variables or integers");
        }
    size_t cap = 0, terms = 1;
    for (int l = 0; l < c->nlists; l++) {
        terms += (size_t)c->lists[l].n;
        for (int i = 0; i < c->lists[l].n; i++) place(rd, c, &c->lists[l].t[i], &cap);
    }
    /* a constraint without a condition has a zeroed rhs, which reads as
     * variable 0: only a condition's operand is placed */
    if (c->cond.op != XCO_NONE) place(rd, c, &c->cond.rhs, &cap);
    for (int x = 0; x < c->nexprs; x++) {
        const xcsp_prog *pg = &in->progs[c->exprs[x].prog];
        terms += (size_t)pg->nparams;
        for (int k = 0; k < pg->nparams; k++) place(rd, c, &c->exprs[x].bind[k], &cap);
    }
    if (c->scope && cap != (size_t)c->arity)
        c->scope = c->arity ? xrealloc(c->scope, cap * sizeof *c->scope,
                                       (size_t)c->arity * sizeof *c->scope)
                            : (xfree(c->scope, cap * sizeof *c->scope), NULL);
    in->scopes += terms;
    if (in->scopes > XCSP_MAX_SCOPES) {
        char m[32];
        snprintf(m, sizeof m, "%d", XCSP_MAX_SCOPES);
        return xr_fail(rd, line,
                       "the constraints hold more than %s terms in all (the supported "
                       "maximum)%s",
                       m, "");
    }
    if (c->nexprs) { /* every expression evaluates exactly on int64 */
        size_t n = c->arity ? (size_t)c->arity : 1;
        int64_t *lo = NEWN(n, int64_t), *hi = NEWN(n, int64_t), l, h;
        int bad = 0;
        xcsp_scope_bounds(in, c, lo, hi);
        for (int x = 0; x < c->nexprs && !bad; x++) {
            xcsp_term t = {XT_EXPR, x, 0, 0, 0};
            bad = xcsp_term_bounds(in, c, &t, lo, hi, &l, &h) != 0;
        }
        FREEN(lo, n);
        FREEN(hi, n);
        if (bad)
            return xr_fail(rd, line,
                           "<%s>: an intermediate value of an expression may leave the "
                           "63-bit integers%s",
                           c->fam >= 0 ? XCSP_FAMILY(c)->name : "objective", "");
    }
    if (c->fam < 0) return 0; /* an objective */
    const xcsp_family *f = XCSP_FAMILY(c);
    return f->validate ? f->validate(rd, c) : 0;
}
