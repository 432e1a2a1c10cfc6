/* xref.c - the tests' independent XCSP3-core reference (see xref.h).
 * Written apart from the front end on purpose: a DOM instead of a stream,
 * group arguments substituted as text, expressions as trees evaluated
 * recursively, variables as explicit value lists.  Plain malloc: this is
 * test code, not library code. */
#include "xref.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void bput(sbuf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return p;
    *cap = need * 2 + 8;
    return realloc(p, *cap * size);
}

typedef struct ivec {
    int *a;
    size_t n, cap;
} ivec;

static void ipush(ivec *v, int x) {
    v->a = grow(v->a, &v->cap, v->n + 1, sizeof *v->a);
    v->a[v->n++] = x;
}

/* ---- the model -------------------------------------------------------- */

typedef struct expr {
    char op[8]; /* "" for a leaf */
    int var;    /* leaf: variable index, or -1 for a constant */
    long long k;
    struct expr **args;
    int nargs;
} expr;

enum { C_INT, C_EXT, C_ALLDIFF, C_INST };

typedef struct con {
    int kind;
    ivec scope; /* as written */
    expr *e;
    int positive;
    int arity;
    long long *tuples; /* ntuples * arity; star = LLONG_MIN; unary: lo,hi pairs */
    size_t ntuples;
    int unary;
    int *values;
    int last; /* highest variable index of the scope */
} con;

typedef struct arr {
    char id[64];
    int nd, dims[8], first, n;
} arr;

struct xref {
    char **names;
    ivec *dom; /* explicit values */
    int nvars;
    size_t vcap;
    arr *arrs;
    int narrs;
    size_t acap;
    con *cons;
    size_t ncons, ccap;
    unsigned char *is_free; /* nvars flags: in no constraint (xref_read) */
    char err[256];
};

static int failf(xref *m, const char *fmt, ...) {
    if (!m->err[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m->err, sizeof m->err, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Next token of s (blank separated); NULL at the end. */
static const char *token(const char **s, size_t *len) {
    while (**s && is_blank(**s)) (*s)++;
    if (!**s) return NULL;
    const char *t = *s;
    while (**s && !is_blank(**s)) (*s)++;
    *len = (size_t)(*s - t);
    return t;
}

static char *text_of(xmlNodePtr n) {
    xmlChar *t = xmlNodeGetContent(n);
    char *s = strdup(t ? (char *)t : "");
    xmlFree(t);
    return s;
}

static int find_var(const xref *m, const char *name, size_t len) {
    for (int v = 0; v < m->nvars; v++)
        if (strlen(m->names[v]) == len && !strncmp(m->names[v], name, len)) return v;
    return -1;
}

/* Expands a reference into variable indices (by building each cell's
 * name and looking it up: deliberately naive). */
static int expand(xref *m, const char *t, size_t len, ivec *out) {
    if (memchr(t, '(', len)) /* an expression where this reference reads variables */
        return failf(m, "unsupported element: expression '%.*s' in a list", (int)len, t);
    size_t idl = 0;
    while (idl < len && t[idl] != '[') idl++;
    if (idl == len) {
        int v = find_var(m, t, len);
        if (v < 0) return failf(m, "unknown variable '%.*s'", (int)len, t);
        ipush(out, v);
        return 0;
    }
    arr *a = NULL;
    for (int i = 0; i < m->narrs; i++)
        if (strlen(m->arrs[i].id) == idl && !strncmp(m->arrs[i].id, t, idl)) a = &m->arrs[i];
    if (!a) return failf(m, "unknown array '%.*s'", (int)len, t);
    int lo[8], hi[8], k = 0;
    const char *p = t + idl, *end = t + len;
    while (p < end) {
        if (*p != '[' || k >= a->nd) return failf(m, "bad reference '%.*s'", (int)len, t);
        p++;
        if (*p == ']')
            lo[k] = 0, hi[k] = a->dims[k] - 1;
        else {
            char *e;
            lo[k] = hi[k] = (int)strtol(p, &e, 10);
            if (e == p) return failf(m, "bad reference '%.*s'", (int)len, t);
            p = e;
            if (p[0] == '.' && p[1] == '.') {
                hi[k] = (int)strtol(p + 2, &e, 10);
                p = e;
            }
        }
        if (*p != ']') return failf(m, "bad reference '%.*s'", (int)len, t);
        if (lo[k] < 0 || hi[k] >= a->dims[k] || lo[k] > hi[k])
            return failf(m, "index out of range '%.*s'", (int)len, t);
        p++, k++;
    }
    if (k != a->nd) return failf(m, "bad reference '%.*s'", (int)len, t);
    int idx[8];
    for (int i = 0; i < k; i++) idx[i] = lo[i];
    for (;;) {
        char name[256];
        int o = snprintf(name, sizeof name, "%s", a->id);
        for (int i = 0; i < k; i++)
            o += snprintf(name + o, sizeof name - (size_t)o, "[%d]", idx[i]);
        int v = find_var(m, name, strlen(name));
        if (v < 0) return failf(m, "no cell %s", name);
        ipush(out, v);
        int i = k - 1;
        for (; i >= 0; i--) {
            if (++idx[i] <= hi[i]) break;
            idx[i] = lo[i];
        }
        if (i < 0) break;
    }
    return 0;
}

static int expand_list(xref *m, const char *s, ivec *out) {
    const char *t;
    size_t len;
    while ((t = token(&s, &len)))
        if (expand(m, t, len, out)) return -1;
    return 0;
}

/* ---- domains ------------------------------------------------------------ */

static int parse_domain(xref *m, const char *s, ivec *out) {
    const char *t;
    size_t len;
    out->n = 0;
    while ((t = token(&s, &len))) {
        char tmp[64];
        snprintf(tmp, sizeof tmp, "%.*s", (int)(len < 60 ? len : 60), t);
        long a, b;
        char *dots = strstr(tmp, "..");
        a = strtol(tmp, NULL, 10);
        b = dots ? strtol(dots + 2, NULL, 10) : a;
        if (a > b) return failf(m, "empty range %s", tmp);
        for (long v = a; v <= b; v++) ipush(out, (int)v);
    }
    if (!out->n) return failf(m, "empty domain");
    /* sorted, distinct (insertion sort: test sizes) */
    size_t k = 0;
    for (size_t i = 0; i < out->n; i++) {
        int v = out->a[i];
        size_t j = k;
        while (j > 0 && out->a[j - 1] > v) j--;
        if (j > 0 && out->a[j - 1] == v) continue;
        memmove(out->a + j + 1, out->a + j, (k - j) * sizeof *out->a);
        out->a[j] = v;
        k++;
    }
    out->n = k;
    return 0;
}

static int add_var(xref *m, const char *name) {
    m->names = grow(m->names, &m->vcap, (size_t)m->nvars + 1, sizeof *m->names);
    size_t c2 = m->vcap;
    (void)c2;
    m->dom = realloc(m->dom, m->vcap * sizeof *m->dom);
    m->names[m->nvars] = strdup(name);
    memset(&m->dom[m->nvars], 0, sizeof m->dom[m->nvars]);
    return m->nvars++;
}

/* as="T": the variables whose domain T's gives, T an earlier <var> or
 * <array> (naively: the array's first cell); -1 when T is unknown. */
static int as_source(xref *m, const char *t) {
    int v = find_var(m, t, strlen(t));
    if (v >= 0) return v;
    for (int i = 0; i < m->narrs; i++)
        if (!strcmp(m->arrs[i].id, t)) return m->arrs[i].first;
    return -1;
}

static void copy_dom(ivec *to, const ivec *from) {
    to->n = 0;
    for (size_t j = 0; j < from->n; j++) ipush(to, from->a[j]);
}

static int read_variables(xref *m, xmlNodePtr vars) {
    for (xmlNodePtr n = vars->children; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE) continue;
        xmlChar *id = xmlGetProp(n, (const xmlChar *)"id");
        if (!id) return failf(m, "variable without id");
        /* symbolic values are names, not integers: refused rather than
         * read as 0 (the checks would then test another instance) */
        xmlChar *type = xmlGetProp(n, (const xmlChar *)"type");
        int symbolic = type && !strcmp((const char *)type, "symbolic");
        xmlFree(type);
        if (symbolic) {
            xmlFree(id);
            return failf(m, "unsupported element: symbolic variables");
        }
        xmlChar *as = xmlGetProp(n, (const xmlChar *)"as");
        int src = as ? as_source(m, (const char *)as) : -1;
        if (as && src < 0) {
            xmlFree(as);
            xmlFree(id);
            return failf(m, "as= names no earlier variable or array");
        }
        if (!strcmp((const char *)n->name, "var")) {
            int v = add_var(m, (const char *)id);
            xmlFree(id);
            if (as) {
                xmlFree(as);
                copy_dom(&m->dom[v], &m->dom[src]);
                continue;
            }
            char *t = text_of(n);
            int r = parse_domain(m, t, &m->dom[v]);
            free(t);
            if (r) return -1;
            continue;
        }
        /* an array as another of the same size: cell by cell */
        int same = -1;
        for (int i = 0; as && i < m->narrs; i++)
            if (!strcmp(m->arrs[i].id, (const char *)as)) same = i;
        xmlFree(as);
        /* an array: every cell, then the domains */
        xmlChar *size = xmlGetProp(n, (const xmlChar *)"size");
        m->arrs = grow(m->arrs, &m->acap, (size_t)m->narrs + 1, sizeof *m->arrs);
        arr *a = &m->arrs[m->narrs++];
        memset(a, 0, sizeof *a);
        snprintf(a->id, sizeof a->id, "%s", (const char *)id);
        const char *p = (const char *)size;
        a->n = 1;
        while (p && *p == '[') {
            a->dims[a->nd] = atoi(p + 1);
            a->n *= a->dims[a->nd++];
            p = strchr(p, ']');
            if (p) p++;
        }
        xmlFree(size);
        xmlFree(id);
        a->first = m->nvars;
        int idx[8] = {0};
        for (int c = 0; c < a->n; c++) {
            char name[256];
            int o = snprintf(name, sizeof name, "%s", a->id);
            for (int i = 0; i < a->nd; i++)
                o += snprintf(name + o, sizeof name - (size_t)o, "[%d]", idx[i]);
            add_var(m, name);
            for (int i = a->nd - 1; i >= 0; i--) {
                if (++idx[i] < a->dims[i]) break;
                idx[i] = 0;
            }
        }
        if (src >= 0) {
            if (same >= 0 && m->arrs[same].n == a->n && m->arrs[same].nd == a->nd)
                for (int c = 0; c < a->n; c++)
                    copy_dom(&m->dom[a->first + c], &m->dom[m->arrs[same].first + c]);
            else
                for (int c = 0; c < a->n; c++) copy_dom(&m->dom[a->first + c], &m->dom[src]);
            continue;
        }
        int any_child = 0;
        for (xmlNodePtr d = n->children; d; d = d->next) {
            if (d->type != XML_ELEMENT_NODE) continue;
            any_child = 1;
            xmlChar *f = xmlGetProp(d, (const xmlChar *)"for");
            char *t = text_of(d);
            ivec dom = {0};
            int r = parse_domain(m, t, &dom);
            free(t);
            if (r) {
                xmlFree(f);
                return -1;
            }
            ivec cells = {0};
            if (!strcmp((const char *)f, "others")) {
                for (int c = 0; c < a->n; c++)
                    if (!m->dom[a->first + c].n) ipush(&cells, a->first + c);
            } else if (expand_list(m, (const char *)f, &cells)) {
                xmlFree(f);
                return -1;
            }
            xmlFree(f);
            for (size_t i = 0; i < cells.n; i++) {
                ivec *dv = &m->dom[cells.a[i]];
                dv->n = 0;
                for (size_t j = 0; j < dom.n; j++) ipush(dv, dom.a[j]);
            }
            free(cells.a);
            free(dom.a);
        }
        if (!any_child) {
            char *t = text_of(n);
            ivec dom = {0};
            int r = parse_domain(m, t, &dom);
            free(t);
            if (r) return -1;
            for (int c = 0; c < a->n; c++)
                for (size_t j = 0; j < dom.n; j++) ipush(&m->dom[a->first + c], dom.a[j]);
            free(dom.a);
        }
    }
    return 0;
}

/* ---- expressions (recursive descent: test code) ---------------------------- */

static expr *parse_expr(xref *m, const char **s) {
    while (is_blank(**s)) (*s)++;
    expr *e = calloc(1, sizeof *e);
    e->var = -1;
    const char *t = *s;
    if (*t == '-' || (*t >= '0' && *t <= '9')) {
        e->k = strtoll(t, (char **)s, 10);
        return e;
    }
    while (**s && **s != '(' && **s != ',' && **s != ')' && !is_blank(**s)) (*s)++;
    size_t len = (size_t)(*s - t);
    while (is_blank(**s)) (*s)++;
    if (**s == '(') {
        snprintf(e->op, sizeof e->op, "%.*s", (int)(len < 7 ? len : 7), t);
        static const char *const known[] = {"neg", "abs", "sqr", "add", "sub",  "mul", "div",
                                            "mod", "pow", "min", "max", "dist", "lt",  "le",
                                            "ge",  "gt",  "ne",  "eq",  "not",  "and", "or",
                                            "xor", "iff", "imp", "if",  NULL};
        int k = 0;
        while (known[k] && (strlen(known[k]) != len || strncmp(known[k], t, len))) k++;
        if (!known[k]) { /* in, notin, set: not read by this reference */
            free(e);
            failf(m, "unsupported element: operator '%.*s'", (int)len, t);
            return NULL;
        }
        (*s)++;
        for (;;) {
            expr *a = parse_expr(m, s);
            if (!a) return NULL;
            e->args = realloc(e->args, (size_t)(e->nargs + 1) * sizeof *e->args);
            e->args[e->nargs++] = a;
            while (is_blank(**s)) (*s)++;
            if (**s == ',') {
                (*s)++;
                continue;
            }
            if (**s == ')') {
                (*s)++;
                break;
            }
            failf(m, "bad expression");
            return NULL;
        }
        return e;
    }
    ivec v = {0};
    if (expand(m, t, len, &v) || v.n != 1) {
        free(v.a);
        failf(m, "bad operand '%.*s'", (int)len, t);
        return NULL;
    }
    e->var = v.a[0];
    free(v.a);
    return e;
}

static void free_expr(expr *e) {
    if (!e) return;
    for (int i = 0; i < e->nargs; i++) free_expr(e->args[i]);
    free(e->args);
    free(e);
}

/* Set by eval when a value is undefined (division by 0): the tuple then
 * satisfies no constraint. */
static int undefined;

static long long eval(const expr *e, const int *vals) {
    if (!e->op[0]) return e->var >= 0 ? vals[e->var] : e->k;
    long long a[64];
    int n = e->nargs < 64 ? e->nargs : 64;
    for (int i = 0; i < n; i++) a[i] = eval(e->args[i], vals);
    const char *o = e->op;
    long long r = 0;
    if (!strcmp(o, "neg")) return -a[0];
    if (!strcmp(o, "abs")) return a[0] < 0 ? -a[0] : a[0];
    if (!strcmp(o, "sqr")) return a[0] * a[0];
    if (!strcmp(o, "sub")) return a[0] - a[1];
    /* div and mod truncate toward zero (the remainder has the dividend's
     * sign, as C and Java); an undefined value (by 0, 0 to a negative
     * power) makes the predicate false through the caller's flag */
    if (!strcmp(o, "div") || !strcmp(o, "mod")) {
        if (!a[1]) return undefined = 1, 0;
        return o[0] == 'd' ? a[0] / a[1] : a[0] % a[1];
    }
    if (!strcmp(o, "pow")) {
        if (a[1] < 0)
            return a[0] == 0    ? (undefined = 1, 0)
                   : a[0] == 1  ? 1
                   : a[0] == -1 ? (a[1] % 2 ? -1 : 1)
                                : 0;
        for (long long i = 0; i < a[1]; i++) r = i ? r * a[0] : a[0];
        return a[1] ? r : 1;
    }
    if (!strcmp(o, "dist")) return a[0] > a[1] ? a[0] - a[1] : a[1] - a[0];
    if (!strcmp(o, "lt")) return a[0] < a[1];
    if (!strcmp(o, "le")) return a[0] <= a[1];
    if (!strcmp(o, "ge")) return a[0] >= a[1];
    if (!strcmp(o, "gt")) return a[0] > a[1];
    if (!strcmp(o, "ne")) return a[0] != a[1];
    if (!strcmp(o, "not")) return !a[0];
    if (!strcmp(o, "imp")) return !a[0] || a[1];
    if (!strcmp(o, "if")) return a[0] ? a[1] : a[2];
    if (!strcmp(o, "add")) {
        for (int i = 0; i < n; i++) r += a[i];
        return r;
    }
    if (!strcmp(o, "mul")) {
        r = 1;
        for (int i = 0; i < n; i++) r *= a[i];
        return r;
    }
    if (!strcmp(o, "min") || !strcmp(o, "max")) {
        r = a[0];
        for (int i = 1; i < n; i++) r = (o[1] == 'i') == (a[i] < r) ? a[i] : r;
        return r;
    }
    if (!strcmp(o, "eq") || !strcmp(o, "iff")) {
        for (int i = 1; i < n; i++)
            if (a[i] != a[0]) return 0;
        return 1;
    }
    if (!strcmp(o, "and")) {
        for (int i = 0; i < n; i++)
            if (!a[i]) return 0;
        return 1;
    }
    if (!strcmp(o, "or")) {
        for (int i = 0; i < n; i++)
            if (a[i]) return 1;
        return 0;
    }
    if (!strcmp(o, "xor")) {
        for (int i = 0; i < n; i++) r ^= a[i] != 0;
        return r;
    }
    return 0;
}

static void vars_of(const expr *e, ivec *out) {
    if (!e->op[0]) {
        if (e->var >= 0) ipush(out, e->var);
        return;
    }
    for (int i = 0; i < e->nargs; i++) vars_of(e->args[i], out);
}

/* ---- constraints ------------------------------------------------------------- */

static con *new_con(xref *m, int kind) {
    m->cons = grow(m->cons, &m->ccap, m->ncons + 1, sizeof *m->cons);
    con *c = &m->cons[m->ncons++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    return c;
}

static xmlNodePtr child(xmlNodePtr n, const char *name) {
    for (xmlNodePtr c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && !strcmp((const char *)c->name, name)) return c;
    return NULL;
}

/* Substitutes the arguments into a template text: %k by argument k, %...
 * by the arguments after the highest %k. */
static char *substitute(const char *tpl, char **args, int nargs) {
    int maxk = -1;
    for (const char *p = tpl; (p = strchr(p, '%')); p++)
        if (p[1] >= '0' && p[1] <= '9') {
            int k = atoi(p + 1);
            if (k > maxk) maxk = k;
        }
    sbuf b = {0};
    bput(&b, "", 0);
    for (const char *p = tpl; *p;) {
        if (*p == '%' && p[1] >= '0' && p[1] <= '9') {
            int k = atoi(p + 1);
            p++;
            while (*p >= '0' && *p <= '9') p++;
            if (k < nargs) bput(&b, args[k], strlen(args[k]));
            continue;
        }
        if (!strncmp(p, "%...", 4)) {
            for (int k = maxk + 1; k < nargs; k++) {
                bput(&b, " ", 1);
                bput(&b, args[k], strlen(args[k]));
            }
            p += 4;
            continue;
        }
        bput(&b, p, 1);
        p++;
    }
    return b.s;
}

static int read_tuples(xref *m, con *c, const char *s) {
    if (c->arity == 1) {
        c->unary = 1;
        const char *t;
        size_t len;
        while ((t = token(&s, &len))) {
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%.*s", (int)(len < 60 ? len : 60), t);
            char *dots = strstr(tmp, "..");
            c->tuples = realloc(c->tuples, (c->ntuples + 1) * 2 * sizeof *c->tuples);
            c->tuples[2 * c->ntuples] = strtoll(tmp, NULL, 10);
            c->tuples[2 * c->ntuples + 1] =
                dots ? strtoll(dots + 2, NULL, 10) : c->tuples[2 * c->ntuples];
            c->ntuples++;
        }
        return 0;
    }
    const char *p = s;
    for (;;) {
        while (is_blank(*p)) p++;
        if (!*p) return 0;
        if (*p != '(') return failf(m, "bad tuple");
        p++;
        c->tuples = realloc(c->tuples, (c->ntuples + 1) * (size_t)c->arity * sizeof *c->tuples);
        for (int i = 0; i < c->arity; i++) {
            while (is_blank(*p)) p++;
            long long v;
            if (*p == '*')
                v = INT64_MIN, p++;
            else
                v = strtoll(p, (char **)&p, 10);
            c->tuples[c->ntuples * (size_t)c->arity + (size_t)i] = v;
            while (is_blank(*p)) p++;
            if (*p != (i == c->arity - 1 ? ')' : ',')) return failf(m, "bad tuple arity");
            p++;
        }
        c->ntuples++;
    }
}

/* Reads one constraint element; in a group, args substitute the text. */
static int read_con(xref *m, xmlNodePtr n, char **args, int nargs) {
    const char *name = (const char *)n->name;
#define SUB(t) (args ? substitute(t, args, nargs) : strdup(t))
    if (!strcmp(name, "intension")) {
        xmlNodePtr f = child(n, "function");
        char *t = text_of(f ? f : n), *s = SUB(t);
        free(t);
        const char *p = s;
        con *c = new_con(m, C_INT);
        c->e = parse_expr(m, &p);
        free(s);
        if (!c->e) return -1;
        vars_of(c->e, &c->scope);
        return 0;
    }
    if (!strcmp(name, "clause")) { /* or(eq(x,1), eq(y,0), ...) as an intension */
        xmlNodePtr l = child(n, "list");
        char *t = text_of(l ? l : n), *s = SUB(t);
        size_t cap = 64 + 16 * strlen(s), o = 0;
        char *e = malloc(cap);
        o += (size_t)snprintf(e, cap, "or(0");
        int r = 0;
        const char *p = s, *tok;
        size_t len;
        while (!r && (tok = token(&p, &len))) {
            if (!strncmp(tok, "not(", 4) && tok[len - 1] == ')') { /* not(x): x = 0 */
                o += (size_t)snprintf(e + o, cap - o, ",eq(%.*s,0)", (int)(len - 5), tok + 4);
                continue;
            }
            char one[256];
            snprintf(one, sizeof one, "%.*s", (int)len, tok);
            ivec v = {0};
            r = expand_list(m, one, &v);
            for (size_t i = 0; !r && i < v.n; i++) {
                if (o + strlen(m->names[v.a[i]]) + 16 > cap) e = realloc(e, cap *= 2);
                o += (size_t)snprintf(e + o, cap - o, ",eq(%s,1)", m->names[v.a[i]]);
            }
            free(v.a);
        }
        snprintf(e + o, cap - o, ")");
        free(t), free(s);
        if (r) {
            free(e);
            return -1;
        }
        const char *q = e;
        con *c = new_con(m, C_INT);
        c->e = parse_expr(m, &q);
        free(e);
        if (!c->e) return -1;
        vars_of(c->e, &c->scope);
        return 0;
    }
    if (!strcmp(name, "extension")) {
        xmlNodePtr l = child(n, "list"), sup = child(n, "supports"), conf = child(n, "conflicts");
        char *t = text_of(l), *s = SUB(t), *rows = text_of(sup ? sup : conf);
        con *c = new_con(m, C_EXT);
        int r = expand_list(m, s, &c->scope);
        c->arity = (int)c->scope.n;
        c->positive = sup != NULL;
        if (!r) r = read_tuples(m, c, rows);
        free(t), free(s), free(rows);
        return r;
    }
    if (!strcmp(name, "allDifferent")) {
        xmlNodePtr l = child(n, "list"), mx = child(n, "matrix");
        char *t = text_of(mx ? mx : l ? l : n), *s = SUB(t);
        int r = 0;
        if (!mx) {
            con *c = new_con(m, C_ALLDIFF);
            r = expand_list(m, s, &c->scope);
        } else { /* rows "(...)(...)" or one two-dimensional reference */
            ivec rows[64];
            int nr = 0;
            if (strchr(s, '(')) {
                for (char *p = s; (p = strchr(p, '(')) && nr < 64; p++) {
                    char *e = strchr(p, ')');
                    *e = '\0';
                    memset(&rows[nr], 0, sizeof rows[nr]);
                    r |= expand_list(m, p + 1, &rows[nr++]);
                    p = e;
                }
            } else {
                ivec all = {0};
                r = expand_list(m, s, &all);
                const char *q = s;
                while (is_blank(*q)) q++;
                size_t idl = 0;
                while (q[idl] && q[idl] != '[') idl++;
                int cols = 0;
                for (int i = 0; i < m->narrs; i++)
                    if (strlen(m->arrs[i].id) == idl && !strncmp(m->arrs[i].id, q, idl))
                        cols = m->arrs[i].dims[1];
                /* count the columns of the reference: the second range */
                const char *b2 = strchr(strchr(q, '[') + 1, '[');
                if (b2[1] != ']') {
                    int lo = atoi(b2 + 1), hi = lo;
                    const char *dd = strstr(b2, "..");
                    if (dd && dd < strchr(b2, ']')) hi = atoi(dd + 2);
                    cols = hi - lo + 1;
                }
                for (size_t i = 0; i < all.n; i++) {
                    if (i % (size_t)cols == 0) memset(&rows[nr++], 0, sizeof rows[0]);
                    ipush(&rows[nr - 1], all.a[i]);
                }
                free(all.a);
            }
            for (int i = 0; i < nr; i++) {
                con *c = new_con(m, C_ALLDIFF);
                for (size_t j = 0; j < rows[i].n; j++) ipush(&c->scope, rows[i].a[j]);
            }
            for (size_t j = 0; nr && j < rows[0].n; j++) {
                con *c = new_con(m, C_ALLDIFF);
                for (int i = 0; i < nr; i++) ipush(&c->scope, rows[i].a[j]);
            }
            for (int i = 0; i < nr; i++) free(rows[i].a);
        }
        free(t), free(s);
        return r;
    }
    if (!strcmp(name, "instantiation")) {
        char *t = text_of(child(n, "list")), *s = SUB(t), *v = text_of(child(n, "values"));
        con *c = new_con(m, C_INST);
        int r = expand_list(m, s, &c->scope);
        c->values = calloc(c->scope.n + 1, sizeof *c->values);
        const char *p = v, *tok;
        size_t len, i = 0;
        while ((tok = token(&p, &len)) && i < c->scope.n) { /* a value, or vxk: v k times */
            const char *x = memchr(tok, 'x', len);
            int k = x ? atoi(x + 1) : 1;
            for (int j = 0; j < k && i < c->scope.n; j++) c->values[i++] = atoi(tok);
        }
        if (i != c->scope.n) r = failf(m, "<instantiation>: %zu values for %zu variables", i,
                                       c->scope.n);
        free(t), free(s), free(v);
        return r;
    }
#undef SUB
    return failf(m, "unsupported element <%s>", name);
}

static int read_constraints(xref *m, xmlNodePtr cs) {
    for (xmlNodePtr n = cs->children; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE) continue;
        const char *name = (const char *)n->name;
        if (!strcmp(name, "block")) {
            if (read_constraints(m, n)) return -1;
            continue;
        }
        if (strcmp(name, "group")) {
            if (read_con(m, n, NULL, 0)) return -1;
            continue;
        }
        xmlNodePtr tpl = NULL;
        for (xmlNodePtr c = n->children; c; c = c->next) {
            if (c->type != XML_ELEMENT_NODE) continue;
            if (!tpl) {
                tpl = c;
                continue;
            }
            /* the arguments: compact references expand into variables */
            char *t = text_of(c);
            const char *p = t, *tok;
            size_t len;
            char **args = NULL;
            int nargs = 0;
            while ((tok = token(&p, &len))) {
                ivec v = {0};
                if (*tok == '-' || (*tok >= '0' && *tok <= '9')) {
                    args = realloc(args, (size_t)(nargs + 1) * sizeof *args);
                    args[nargs++] = strndup(tok, len);
                    continue;
                }
                if (expand(m, tok, len, &v)) return -1;
                for (size_t i = 0; i < v.n; i++) {
                    args = realloc(args, (size_t)(nargs + 1) * sizeof *args);
                    args[nargs++] = strdup(m->names[v.a[i]]);
                }
                free(v.a);
            }
            int r = read_con(m, tpl, args, nargs);
            for (int i = 0; i < nargs; i++) free(args[i]);
            free(args);
            free(t);
            if (r) return -1;
        }
    }
    return 0;
}

xref *xref_read(const char *buf, size_t len, char *err, size_t err_size) {
    xmlDocPtr doc =
        xmlReadMemory(buf, (int)len, NULL, NULL,
                      XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc) {
        snprintf(err, err_size, "not XML");
        return NULL;
    }
    xref *m = calloc(1, sizeof *m);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    int r = 0;
    for (xmlNodePtr n = root ? root->children : NULL; n && !r; n = n->next) {
        if (n->type != XML_ELEMENT_NODE) continue;
        if (!strcmp((const char *)n->name, "variables"))
            r = read_variables(m, n);
        else if (!strcmp((const char *)n->name, "constraints"))
            r = read_constraints(m, n);
        else
            r = failf(m, "unsupported <%s>", (const char *)n->name);
    }
    xmlFreeDoc(doc);
    m->is_free = malloc((size_t)m->nvars + 1);
    memset(m->is_free, 1, (size_t)m->nvars + 1);
    for (size_t i = 0; i < m->ncons; i++)
        for (size_t j = 0; j < m->cons[i].scope.n; j++) m->is_free[m->cons[i].scope.a[j]] = 0;
    for (size_t i = 0; i < m->ncons; i++) {
        con *c = &m->cons[i];
        c->last = -1;
        for (size_t j = 0; j < c->scope.n; j++)
            if (c->scope.a[j] > c->last) c->last = c->scope.a[j];
    }
    if (r) {
        snprintf(err, err_size, "%s", m->err);
        xref_free(m);
        return NULL;
    }
    return m;
}

void xref_free(xref *m) {
    if (!m) return;
    for (int v = 0; v < m->nvars; v++) free(m->names[v]), free(m->dom[v].a);
    free(m->names);
    free(m->dom);
    free(m->arrs);
    for (size_t i = 0; i < m->ncons; i++) {
        free_expr(m->cons[i].e);
        free(m->cons[i].scope.a);
        free(m->cons[i].tuples);
        free(m->cons[i].values);
    }
    free(m->cons);
    free(m->is_free);
    free(m);
}

int xref_nvars(const xref *m) { return m->nvars; }

int xref_is_free(const xref *m, int v) { return m->is_free[v]; }

int xref_dom_size(const xref *m, int v) { return (int)m->dom[v].n; }

int xref_min(const xref *m, int v) {
    if (!m->dom[v].n) return 0;
    int lo = m->dom[v].a[0];
    for (size_t j = 1; j < m->dom[v].n; j++)
        if (m->dom[v].a[j] < lo) lo = m->dom[v].a[j];
    return lo;
}
const char *xref_name(const xref *m, int v) { return m->names[v]; }
int xref_find(const xref *m, const char *name) { return find_var(m, name, strlen(name)); }

static int holds(const con *c, const int *vals) {
    switch (c->kind) {
    case C_INT: {
        undefined = 0;
        long long r = eval(c->e, vals);
        return !undefined && r != 0;
    }
    case C_ALLDIFF:
        for (size_t i = 0; i < c->scope.n; i++)
            for (size_t j = i + 1; j < c->scope.n; j++)
                if (vals[c->scope.a[i]] == vals[c->scope.a[j]]) return 0;
        return 1;
    case C_INST:
        for (size_t i = 0; i < c->scope.n; i++)
            if (vals[c->scope.a[i]] != c->values[i]) return 0;
        return 1;
    default: {
        int found = 0;
        for (size_t k = 0; k < c->ntuples && !found; k++) {
            if (c->unary) {
                long long v = vals[c->scope.a[0]];
                found = v >= c->tuples[2 * k] && v <= c->tuples[2 * k + 1];
                continue;
            }
            int i = 0;
            for (; i < c->arity; i++) {
                long long t = c->tuples[k * (size_t)c->arity + (size_t)i];
                if (t != INT64_MIN && t != vals[c->scope.a[i]]) break;
            }
            found = i == c->arity;
        }
        return c->positive ? found : !found;
    }
    }
}

int xref_check(const xref *m, const int *vals, char *why, size_t why_size) {
    for (int v = 0; v < m->nvars; v++) {
        int in = 0;
        for (size_t j = 0; j < m->dom[v].n; j++) in |= m->dom[v].a[j] == vals[v];
        if (!in) {
            snprintf(why, why_size, "%s = %d is not in its domain", m->names[v], vals[v]);
            return 0;
        }
    }
    for (size_t i = 0; i < m->ncons; i++)
        if (!holds(&m->cons[i], vals)) {
            snprintf(why, why_size, "constraint %zu (kind %d) is violated", i, m->cons[i].kind);
            return 0;
        }
    return 1;
}

/* 1 if the distinct variables of c are just v. */
static int unary_on(const con *c, int v) {
    for (size_t i = 0; i < c->scope.n; i++)
        if (c->scope.a[i] != v) return 0;
    return c->scope.n > 0;
}

long xref_solve(const xref *m, long limit, int (*cb)(void *ctx, const int *vals), void *ctx) {
    int n = m->nvars;
    int *vals = calloc((size_t)n + 1, sizeof *vals);
    size_t *at = calloc((size_t)n + 1, sizeof *at);
    /* the values each variable's unary constraints allow (so that clues
     * do not multiply the search), and the allDifferent constraints of
     * each variable, checked as soon as two of their variables are set */
    ivec *dom = calloc((size_t)n + 1, sizeof *dom), *ad = calloc((size_t)n + 1, sizeof *ad);
    ivec *at_last = calloc((size_t)n + 1, sizeof *at_last); /* constraints by their last variable */
    for (int v = 0; v < n; v++) {
        for (size_t j = 0; j < m->dom[v].n; j++) {
            vals[v] = m->dom[v].a[j];
            int ok = 1;
            for (size_t i = 0; i < m->ncons && ok; i++) {
                const con *c = &m->cons[i];
                if (unary_on(c, v))
                    ok = holds(c, vals);
                else if (c->kind ==
                         C_INST) /* an instantiation is one unary constraint per variable */
                    for (size_t k = 0; k < c->scope.n; k++)
                        if (c->scope.a[k] == v && c->values[k] != vals[v]) ok = 0;
            }
            if (ok) ipush(&dom[v], vals[v]);
        }
        for (size_t i = 0; i < m->ncons; i++)
            if (m->cons[i].last == v) ipush(&at_last[v], (int)i);
        for (size_t i = 0; i < m->ncons; i++)
            if (m->cons[i].kind == C_ALLDIFF)
                for (size_t j = 0; j < m->cons[i].scope.n; j++)
                    if (m->cons[i].scope.a[j] == v) {
                        ipush(&ad[v], (int)i);
                        break;
                    }
    }
    /* constraints by their last variable (those with no variable: at the root) */
    long found = 0, nodes = 0;
    for (size_t i = 0; i < m->ncons; i++)
        if (m->cons[i].last < 0 && !holds(&m->cons[i], vals)) goto out;
    if (!n) {
        found = 1;
        if (cb) cb(ctx, vals);
        goto out;
    }
    int depth = 0;
    at[0] = 0;
    while (depth >= 0) {
        if (at[depth] >= dom[depth].n) {
            at[depth] = 0;
            depth--;
            if (depth >= 0) at[depth]++;
            continue;
        }
        vals[depth] = dom[depth].a[at[depth]];
        if (limit && ++nodes > limit) {
            found = -1;
            break;
        }
        int ok = 1;
        for (size_t k = 0; k < ad[depth].n && ok; k++) { /* early allDifferent pairs */
            const con *c = &m->cons[ad[depth].a[k]];
            for (size_t j = 0; j < c->scope.n && ok; j++)
                ok = c->scope.a[j] >= depth || vals[c->scope.a[j]] != vals[depth];
        }
        for (size_t k = 0; k < at_last[depth].n && ok; k++)
            ok = holds(&m->cons[at_last[depth].a[k]], vals);
        if (!ok) {
            at[depth]++;
            continue;
        }
        if (depth == n - 1) {
            found++;
            if (cb && !cb(ctx, vals)) break;
            at[depth]++;
            continue;
        }
        depth++;
        at[depth] = 0;
    }
out:
    for (int v = 0; v < n; v++) free(dom[v].a), free(ad[v].a), free(at_last[v].a);
    free(at_last);
    free(dom);
    free(ad);
    free(vals);
    free(at);
    return found;
}
