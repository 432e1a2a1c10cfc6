/* xcsp_read.c - reads an XCSP3-core instance with libxml2's streaming
 * reader (xmlTextReader): one node at a time, never the whole document
 * tree, so memory is the file's bytes (held by the lexer) plus the model.
 * No recursion: <block>s only change a depth counter.
 *
 * The supported subset (docs/xcsp.md) is checked element by element and
 * attribute by attribute; anything else is refused with the file, the
 * line, the element and what is supported - the front end never solves a
 * problem other than the one the file states.  A document type (DTD) is
 * refused before libxml2 sees the text, so entity expansion never runs. */
#include <libxml/xmlreader.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp.h"

/* ==== the reader ================================================================ */

typedef struct reader {
    xmlTextReaderPtr r;
    xcsp_inst *in;
    const char *path;
    diag *d;
    int failed;
    /* text of the current element */
    char *text;
    size_t tlen, tcap;
    int text_line;
    /* scratch lists */
    int *vars;
    size_t nvars, vcap;
    /* the open elements (names cut at 31 bytes), for "the file ends
     * inside <x>" */
    char open[XCSP_MAX_DEPTH + 2][32];
    int nopen;
} reader;

static void on_xml_error(void *arg, xmlErrorPtr e) {
    reader *rd = arg;
    if (rd->failed || !e || e->level < XML_ERR_ERROR) return;
    char msg[200];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "malformed XML");
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' ')) msg[--n] = '\0';
    /* the streaming parser reports a truncated file as extra content or
     * an unfinished tag: say what it means */
    if (rd->nopen > 0 &&
        (e->code == XML_ERR_DOCUMENT_END || e->code == XML_ERR_GT_REQUIRED ||
         e->code == XML_ERR_TAG_NOT_FINISHED || e->code == XML_ERR_LTSLASH_REQUIRED))
        diag_at(rd->d, rd->path, e->line, e->int2,
                "the file ends inside <%s> (expected its end tag; XML: %s)",
                rd->open[rd->nopen - 1], msg);
    else
        diag_at(rd->d, rd->path, e->line, e->int2, "XML error: %s", msg);
    rd->failed = 1;
}

static int node_line(const reader *rd) {
    xmlNodePtr n = xmlTextReaderCurrentNode(rd->r);
    long line = n ? xmlGetLineNo(n) : -1;
    return line > 0 ? (int)line : xmlTextReaderGetParserLineNumber(rd->r);
}

static int fail(reader *rd, int line, const char *fmt, const char *a, const char *b) {
    if (!rd->failed) diag_at(rd->d, rd->path, line, 0, fmt, a, b);
    rd->failed = 1;
    return -1;
}

static const char *name_of(const reader *rd) {
    const xmlChar *n = xmlTextReaderConstName(rd->r);
    return n ? (const char *)n : "";
}

enum { N_EOF = 0, N_START, N_END, N_TEXT, N_ERR = -1 };

/* The next significant node: element start (N_START; empty elements
 * report their end as N_END at once), element end, or text (CDATA
 * included).  Comments, processing instructions and blanks are skipped. */
static int next(reader *rd, int *empty) {
    for (;;) {
        int r = xmlTextReaderRead(rd->r);
        if (rd->failed) return N_ERR;
        if (r < 0)
            return fail(rd, xmlTextReaderGetParserLineNumber(rd->r), "XML error: %s%s",
                        "malformed document", "");
        if (r == 0) return N_EOF;
        switch (xmlTextReaderNodeType(rd->r)) {
        case XML_READER_TYPE_ELEMENT:
            if (xmlTextReaderDepth(rd->r) > XCSP_MAX_DEPTH)
                return fail(rd, node_line(rd), "<%s>: elements nested deeper than %s levels",
                            name_of(rd), "64");
            *empty = xmlTextReaderIsEmptyElement(rd->r);
            if (!*empty && rd->nopen <= XCSP_MAX_DEPTH)
                snprintf(rd->open[rd->nopen++], sizeof rd->open[0], "%s", name_of(rd));
            return N_START;
        case XML_READER_TYPE_END_ELEMENT:
            if (rd->nopen > 0) rd->nopen--;
            return N_END;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
            return N_TEXT;
        case XML_READER_TYPE_DOCUMENT_TYPE:
        case XML_READER_TYPE_ENTITY_REFERENCE:
        case XML_READER_TYPE_ENTITY:
            return fail(rd, node_line(rd), "%s%s: document types and entities are not supported",
                        "XML", "");
        default:
            continue; /* comments, blanks, processing instructions */
        }
    }
}

/* Appends the current text node to rd->text. */
static void take_text(reader *rd) {
    const char *v = (const char *)xmlTextReaderConstValue(rd->r);
    size_t n = v ? strlen(v) : 0;
    if (!rd->tlen) rd->text_line = node_line(rd);
    GROW(&rd->text, &rd->tcap, rd->tlen + n + 1);
    memcpy(rd->text + rd->tlen, v ? v : "", n);
    rd->tlen += n;
    rd->text[rd->tlen] = '\0';
}

static int is_blank_text(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') return 0;
    return 1;
}

/* Reads the rest of the current element (started, not empty) as text
 * only; a child element is refused.  The text is in rd->text. */
static int text_only(reader *rd, const char *elem) {
    rd->tlen = 0;
    rd->text_line = node_line(rd);
    if (rd->text) rd->text[0] = '\0';
    for (;;) {
        int empty, t = next(rd, &empty);
        if (t == N_TEXT)
            take_text(rd);
        else if (t == N_END)
            return 0;
        else if (t == N_START)
            return fail(rd, node_line(rd), "<%s> inside <%s>: not supported here", name_of(rd),
                        elem);
        else if (t == N_EOF)
            return fail(rd, node_line(rd), "<%s>: %s", elem, "the file ends inside it");
        else
            return -1;
    }
}

/* Checks the attributes of the current element: those in allowed are
 * returned in val (copied into buf, NULL when absent); id, note and class
 * are always allowed (ignored unless listed); any other is refused. */
#define MAX_ATTRS 4
static int attributes(reader *rd, const char *elem, const char *const *allowed, const char **val,
                      char buf[MAX_ATTRS][128]) {
    for (int i = 0; allowed[i]; i++) val[i] = NULL;
    int line = node_line(rd);
    if (xmlTextReaderMoveToFirstAttribute(rd->r) != 1) return 0;
    do {
        const char *n = name_of(rd), *v = (const char *)xmlTextReaderConstValue(rd->r);
        int k = -1;
        for (int i = 0; allowed[i]; i++)
            if (!strcmp(allowed[i], n)) k = i;
        if (k >= 0) {
            if (v && strlen(v) >= 128) {
                xmlTextReaderMoveToElement(rd->r);
                return fail(rd, line, "<%s>: the value of %s is longer than 127 characters", elem,
                            n);
            }
            snprintf(buf[k], 128, "%s", v ? v : "");
            val[k] = buf[k];
        } else if (strcmp(n, "id") && strcmp(n, "note") && strcmp(n, "class") &&
                   strncmp(n, "xmlns", 5)) {
            char what[160];
            snprintf(what, sizeof what, "%.40s=\"%.60s\"", n, v ? v : "");
            xmlTextReaderMoveToElement(rd->r);
            return fail(rd, line, "<%s>: attribute %s is not supported", elem, what);
        }
    } while (xmlTextReaderMoveToNextAttribute(rd->r) == 1);
    xmlTextReaderMoveToElement(rd->r);
    return 0;
}

/* ==== variables ================================================================== */

static int add_vars(reader *rd, int count, int array, int line) {
    xcsp_inst *in = rd->in;
    if (in->nvars + count > XCSP_MAX_VARS) {
        char n[32];
        snprintf(n, sizeof n, "%d", XCSP_MAX_VARS);
        return fail(rd, line, "more than %s variables (the supported maximum)%s", n, "");
    }
    GROW(&in->vars, &in->vars_cap, (size_t)in->nvars + (size_t)count);
    for (int i = 0; i < count; i++) in->vars[in->nvars + i] = (xcsp_var){0, 0, array, i};
    in->nvars += count;
    return 0;
}

static int read_var(reader *rd, int empty) {
    static const char *const allowed[] = {"id", "type", NULL};
    const char *val[3];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "var", allowed, val, buf)) return -1;
    if (!val[0]) return fail(rd, line, "<var>: the attribute %s is missing%s", "id", "");
    if (val[1] && strcmp(val[1], "integer"))
        return fail(rd, line, "<var>: type=\"%s\" is not supported (only %s)", val[1], "integer");
    xcsp_inst *in = rd->in;
    GROW(&in->var_names, &in->var_names_cap, (size_t)in->nvar_names + 1);
    in->var_names[in->nvar_names] = xstrdup(val[0]);
    int v = in->nvars;
    if (add_vars(rd, 1, -1, line)) {
        xstrfree(in->var_names[in->nvar_names]);
        return -1;
    }
    in->vars[v].cell = in->nvar_names++;
    if (xcsp_declare(in, in->var_names[in->vars[v].cell], 0, v, line, rd->d))
        return rd->failed = 1, -1;
    if (empty)
        rd->tlen = 0;
    else if (text_only(rd, "var"))
        return -1;
    xcsp_scan sc;
    xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path,
                   rd->text_line ? rd->text_line : line);
    char who[100];
    snprintf(who, sizeof who, "<var id=\"%.60s\">", val[0]);
    if (xcsp_parse_domain(&sc, who, &in->vars[v].lo, &in->vars[v].dom, rd->d))
        return rd->failed = 1, -1;
    return 0;
}

/* A <domain for="..."> of array a: applies to the cells listed (or to
 * every cell without a domain yet: others). */
static int read_cell_domain(reader *rd, int ai, unsigned char *set, int empty) {
    static const char *const allowed[] = {"for", NULL};
    const char *val[2];
    char buf[MAX_ATTRS][128];
    xcsp_inst *in = rd->in;
    xcsp_array *a = &in->arrays[ai];
    int line = node_line(rd);
    /* the attribute may be long: read it apart */
    xmlChar *fo = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"for");
    if (attributes(rd, "domain", allowed, val, buf)) {
        xmlFree(fo);
        return -1;
    }
    if (!fo) return fail(rd, line, "<domain>: the attribute %s is missing%s", "for", "");
    if (empty)
        rd->tlen = 0;
    else if (text_only(rd, "domain")) {
        xmlFree(fo);
        return -1;
    }
    int lo;
    csp_dom dom;
    xcsp_scan sc;
    char who[200];
    snprintf(who, sizeof who, "<domain for=\"%.100s\"> of %s", (const char *)fo, a->id);
    xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path,
                   rd->text_line ? rd->text_line : line);
    if (xcsp_parse_domain(&sc, who, &lo, &dom, rd->d)) {
        xmlFree(fo);
        return rd->failed = 1, -1;
    }
    /* the cells */
    rd->nvars = 0;
    const char *f = (const char *)fo;
    xcsp_scan fs;
    xcsp_scan_init(&fs, f, strlen(f), rd->path, line);
    const char *tok;
    size_t len;
    int others = 0;
    while ((len = xcsp_scan_token(&fs, &tok)) > 0) {
        if (len == 6 && !strncmp(tok, "others", 6)) {
            others = 1;
            continue;
        }
        if (xcsp_expand_ref(in, tok, len, &rd->vars, &rd->nvars, &rd->vcap, rd->path, line,
                            "domain for", rd->d) < 0) {
            xmlFree(fo);
            return rd->failed = 1, -1;
        }
    }
    xmlFree(fo);
    for (size_t i = 0; i < rd->nvars; i++) {
        int v = rd->vars[i], cell = v - a->first;
        if (cell < 0 || cell >= a->ncells) {
            char name[160];
            xcsp_var_name(in, v, name, sizeof name);
            return fail(rd, line, "<domain for>: %s is not a cell of array %s", name, a->id);
        }
        if (set[cell]) {
            char name[160];
            xcsp_var_name(in, v, name, sizeof name);
            return fail(rd, line, "<domain for>: %s already has a domain%s", name, "");
        }
        set[cell] = 1;
        in->vars[v].lo = lo, in->vars[v].dom = dom;
    }
    if (others)
        for (int cell = 0; cell < a->ncells; cell++)
            if (!set[cell]) {
                set[cell] = 1;
                in->vars[a->first + cell].lo = lo, in->vars[a->first + cell].dom = dom;
            }
    return 0;
}

static int read_array(reader *rd, int empty) {
    static const char *const allowed[] = {"id", "size", "type", "startIndex", NULL};
    const char *val[4];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "array", allowed, val, buf)) return -1;
    if (!val[0]) return fail(rd, line, "<array>: the attribute %s is missing%s", "id", "");
    if (!val[1])
        return fail(rd, line, "<array id=\"%s\">: the attribute %s is missing", val[0], "size");
    if (val[2] && strcmp(val[2], "integer"))
        return fail(rd, line, "<array>: type=\"%s\" is not supported (only %s)", val[2], "integer");
    if (val[3] && strcmp(val[3], "0"))
        return fail(rd, line,
                    "<array>: startIndex=\"%s\" is not supported (only %s, as in XCSP3-core)",
                    val[3], "0");
    xcsp_inst *in = rd->in;
    xcsp_array a = {0};
    if (xcsp_parse_size(val[1], &a, rd->path, line, rd->d)) return rd->failed = 1, -1;
    a.id = xstrdup(val[0]);
    a.first = in->nvars;
    GROW(&in->arrays, &in->arrays_cap, (size_t)in->narrays + 1);
    int ai = in->narrays++;
    in->arrays[ai] = a;
    if (xcsp_declare(in, in->arrays[ai].id, 1, ai, line, rd->d)) return rd->failed = 1, -1;
    if (add_vars(rd, a.ncells, ai, line)) return -1;
    unsigned char *set = NEWN((size_t)a.ncells, unsigned char);
    int ret = 0, has_domains = 0;
    rd->tlen = 0;
    rd->text_line = line;
    while (!empty) {
        int e, t = next(rd, &e);
        if (t == N_TEXT) {
            take_text(rd);
        } else if (t == N_START && !strcmp(name_of(rd), "domain")) {
            has_domains = 1;
            /* keep the array's own text apart: read_cell_domain uses rd->text */
            if (!is_blank_text(rd->text ? rd->text : "", rd->tlen)) break;
            if (read_cell_domain(rd, ai, set, e)) {
                ret = -1;
                break;
            }
            rd->tlen = 0;
        } else if (t == N_START) {
            ret = fail(rd, node_line(rd), "<%s> inside <array>: not supported (only %s)",
                       name_of(rd), "<domain for=...>");
            break;
        } else if (t == N_END) {
            break;
        } else {
            ret = t == N_EOF ? fail(rd, line, "<array>: %s%s", "the file ends inside it", "") : -1;
            break;
        }
    }
    const xcsp_array *pa = &in->arrays[ai];
    if (!ret && has_domains && !is_blank_text(rd->text ? rd->text : "", rd->tlen))
        ret = fail(rd, rd->text_line, "<array id=\"%s\">: %s", pa->id,
                   "text beside <domain> elements (expected either a domain or <domain for=...>)");
    if (!ret && !has_domains) { /* one domain for every cell */
        int lo;
        csp_dom dom;
        xcsp_scan sc;
        xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line);
        char who[100];
        snprintf(who, sizeof who, "<array id=\"%.60s\">", pa->id);
        if (xcsp_parse_domain(&sc, who, &lo, &dom, rd->d)) rd->failed = 1, ret = -1;
        for (int c = 0; !ret && c < pa->ncells; c++) {
            in->vars[pa->first + c].lo = lo, in->vars[pa->first + c].dom = dom;
            set[c] = 1;
        }
    }
    for (int c = 0; !ret && c < pa->ncells; c++)
        if (!set[c]) {
            char name[160];
            xcsp_var_name(in, pa->first + c, name, sizeof name);
            ret = fail(rd, line, "<array>: cell %s has no domain (no <domain for> lists it and %s)",
                       name, "there is no for=\"others\"");
        }
    FREEN(set, (size_t)pa->ncells);
    return ret;
}

static int read_variables(reader *rd) {
    for (;;) {
        int empty, t = next(rd, &empty);
        if (t == N_END) return 0;
        if (t == N_TEXT) {
            take_text(rd);
            if (!is_blank_text(rd->text, rd->tlen))
                return fail(rd, rd->text_line, "<variables>: text %s%s",
                            "outside <var> and <array>", "");
            rd->tlen = 0;
            continue;
        }
        if (t != N_START)
            return t == N_EOF
                       ? fail(rd, node_line(rd), "<variables>: %s%s", "the file ends inside it", "")
                       : -1;
        const char *n = name_of(rd);
        if (!strcmp(n, "var")) {
            if (read_var(rd, empty)) return -1;
        } else if (!strcmp(n, "array")) {
            if (read_array(rd, empty)) return -1;
        } else {
            return fail(rd, node_line(rd), "<%s> inside <variables>: not supported (only %s)", n,
                        "<var> and <array> of integer variables");
        }
    }
}

/* ==== constraints ================================================================ */

/* A list item of a template or of <args>: a variable, a constant, or a
 * formal parameter (%k; -1 for %...). */
enum { ITEM_VAR, ITEM_CONST, ITEM_PARAM };
typedef struct item {
    int kind, v;
    int64_t k;
} item;

typedef struct items {
    item *a;
    size_t n, cap;
} items;

static void items_free(items *it) {
    if (it->a) FREEN(it->a, it->cap);
    it->a = NULL;
    it->n = it->cap = 0;
}

/* Splits a list into items: references expand into their variables;
 * params allows %k and %...; consts allows integers. */
static int read_items(reader *rd, const char *text, size_t tlen, int line, const char *elem,
                      int params, int consts, items *out) {
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
                return fail(rd, tline, "<%s>: parameter '%s' outside a template of a <group>", elem,
                            t);
            if (k == -2)
                return fail(rd, tline, "<%s>: '%s' is not a parameter (%%0 to %%65535, or %%...)",
                            elem, t);
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
                return fail(rd, tline, "<%s>: '%s' is a number; this list takes variables", elem,
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
static int *vars_of(reader *rd, const items *it, int line, const char *elem) {
    int *v = NEWN(it->n ? it->n : 1, int);
    for (size_t i = 0; i < it->n; i++) {
        if (it->a[i].kind != ITEM_VAR) {
            FREEN(v, it->n ? it->n : 1);
            fail(rd, line, "<%s>: expected variables, found a %s", elem,
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
    return fail(rd, line,
                "the scopes of the constraints hold more than %s variables in all (the "
                "supported maximum)%s",
                m, "");
}

static int add_alldiff(reader *rd, const items *it, int line) {
    if (count_scope(rd, it->n, line)) return -1;
    if (it->n > XCSP_MAX_ALLDIFF ||
        (rd->in->ne += it->n * (it->n - (it->n > 0)) / 2) > XCSP_MAX_NE) {
        char a[32], b[96];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "at most %d variables each and %d != in all", XCSP_MAX_ALLDIFF,
                 XCSP_MAX_NE);
        return fail(rd, line, "<allDifferent> of %s variables: posted as a clique of != (%s)", a,
                    b);
    }
    int *scope = vars_of(rd, it, line, "allDifferent");
    if (!scope) return -1;
    xcsp_con *c = xcsp_add_con(rd->in, XC_ALLDIFF, line);
    c->arity = (int)it->n;
    c->scope = scope;
    if (!it->n) { /* allDifferent of nothing: true */
        FREEN(c->scope, 1);
        c->scope = NULL;
        rd->in->ncons--;
    }
    return 0;
}

static int add_extension(reader *rd, int table, const items *it, int line) {
    xcsp_table *t = &rd->in->tables[table];
    if ((int)it->n != t->arity) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "%d", t->arity);
        return fail(rd, line, "<extension>: the scope has %s variables, the tuples have %s values",
                    a, b);
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
            return fail(rd, line,
                        "<extension>: the conflicts expand to more than %s tuples once "
                        "their stars are replaced by values%s",
                        m, " (the supported maximum)");
        }
    }
    int *scope = vars_of(rd, it, line, "extension");
    if (!scope) return -1;
    xcsp_con *c = xcsp_add_con(rd->in, XC_EXTENSION, line);
    c->arity = t->arity;
    c->scope = scope;
    c->table = table;
    return 0;
}

/* Binds program prog to the items (parameter k = item k), with the
 * checks of a logical parameter and of the bounds. */
static int add_intension(reader *rd, int prog, const items *it, int line) {
    xcsp_inst *in = rd->in;
    const xcsp_prog *pg = &in->progs[prog];
    if ((int)it->n != pg->nparams) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", it->n);
        snprintf(b, sizeof b, "%d", pg->nparams);
        return fail(rd, line, "<args>: %s arguments for a template of %s parameters", a, b);
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
            ret = fail(rd, line, "<args>: a parameter (%s) as an argument%s", "%", "");
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
            ret = fail(rd, line, "<intension>: %s is a logical operand (expected 0/1)%s", what, "");
        }
    }
    int64_t *st = NEWN(2 * (size_t)pg->depth, int64_t), rlo, rhi;
    if (!ret && xcsp_bounds(pg, lo, hi, st, &rlo, &rhi))
        ret = fail(rd, line, "<intension>: %s%s",
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

static xcsp_prog *new_prog(xcsp_inst *in, int *index) {
    GROW(&in->progs, &in->progs_cap, in->nprogs + 1);
    *index = (int)in->nprogs;
    return &in->progs[in->nprogs++];
}

/* Resolves a variable name of a plain intension. */
static int resolve_var(void *ctx, const char *name, size_t len, int line, int *var, diag *d) {
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
static int intension_text(reader *rd, int empty, int *line) {
    *line = node_line(rd);
    rd->tlen = 0;
    rd->text_line = *line;
    int got_function = 0;
    while (!empty) {
        int e, t = next(rd, &e);
        if (t == N_TEXT)
            take_text(rd);
        else if (t == N_END)
            break;
        else if (t == N_START && !strcmp(name_of(rd), "function") && !got_function &&
                 is_blank_text(rd->text ? rd->text : "", rd->tlen)) {
            got_function = 1;
            if (e)
                rd->tlen = 0;
            else if (text_only(rd, "function"))
                return -1;
            /* then only blanks up to </intension> */
            for (;;) {
                int e2, t2 = next(rd, &e2);
                if (t2 == N_END) return 0;
                if (t2 == N_TEXT) {
                    const char *v = (const char *)xmlTextReaderConstValue(rd->r);
                    if (v && !is_blank_text(v, strlen(v)))
                        return fail(rd, node_line(rd), "<intension>: text after %s%s", "<function>",
                                    "");
                    continue;
                }
                if (t2 == N_START)
                    return fail(rd, node_line(rd), "<%s> inside <intension>: %s", name_of(rd),
                                "not supported");
                return t2 == N_EOF
                           ? fail(rd, *line, "<intension>: %s%s", "the file ends inside it", "")
                           : -1;
            }
        } else if (t == N_START) {
            return fail(rd, node_line(rd), "<%s> inside <intension>: not supported (only %s)",
                        name_of(rd), "<function>");
        } else {
            return t == N_EOF ? fail(rd, *line, "<intension>: %s%s", "the file ends inside it", "")
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
    if (attributes(rd, "intension", allowed, val, buf)) return -1;
    if (intension_text(rd, empty, &line)) return -1;
    int pi, *vars = NULL;
    xcsp_prog *pg = new_prog(rd->in, &pi);
    if (xcsp_compile(rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line, 0, resolve_var,
                     rd, pg, &vars, rd->d)) {
        rd->in->nprogs--;
        return rd->failed = 1, -1;
    }
    items it = {0};
    GROW(&it.a, &it.cap, (size_t)(pg->nparams ? pg->nparams : 1));
    for (int k = 0; k < pg->nparams; k++) it.a[it.n++] = (item){ITEM_VAR, vars[k], 0};
    FREEN(vars, (size_t)(pg->nparams ? pg->nparams : 1));
    int r = add_intension(rd, pi, &it, line);
    items_free(&it);
    return r;
}

/* Reads a list child (<list>, <values>, <supports>, ...): its text. */
static int child_text(reader *rd, const char *name, int empty) {
    if (empty) {
        rd->tlen = 0;
        rd->text_line = node_line(rd);
        return 0;
    }
    return text_only(rd, name);
}

static char *copy_text(const reader *rd, size_t *len) {
    *len = rd->tlen;
    char *s = xmalloc(rd->tlen + 1);
    memcpy(s, rd->text ? rd->text : "", rd->tlen);
    s[rd->tlen] = '\0';
    return s;
}

/* The parts of an <extension> or <allDifferent>/<instantiation>: the
 * texts of its children (list, and supports/conflicts or values). */
typedef struct parts {
    char *list, *rows;
    size_t list_len, rows_len;
    int list_line, rows_line, positive, has_rows, nlists;
    int matrix; /* allDifferent: the list is a <matrix> */
    int plain;  /* allDifferent: the list is the element's own text */
} parts;

static void parts_free(parts *p) {
    if (p->list) xfree(p->list, p->list_len + 1);
    if (p->rows) xfree(p->rows, p->rows_len + 1);
    memset(p, 0, sizeof *p);
}

/* Reads the children of elem; kind: 'e' extension, 'a' allDifferent,
 * 'i' instantiation. */
static int read_parts(reader *rd, const char *elem, int kind, int empty, parts *p) {
    int line = node_line(rd);
    memset(p, 0, sizeof *p);
    size_t own_cap = 0;
    char *own = NULL;
    size_t own_len = 0;
    int own_line = line;
    while (!empty) {
        int e, t = next(rd, &e);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            size_t n = v ? strlen(v) : 0;
            if (!own_len) own_line = node_line(rd);
            GROW(&own, &own_cap, own_len + n + 1);
            memcpy(own + own_len, v ? v : "", n);
            own_len += n;
            own[own_len] = '\0';
            continue;
        }
        if (t != N_START) {
            if (own) FREEN(own, own_cap);
            parts_free(p);
            return t == N_EOF ? fail(rd, line, "<%s>: %s", elem, "the file ends inside it") : -1;
        }
        const char *n = name_of(rd);
        int cl = node_line(rd);
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
            parts_free(p);
            if (!strcmp(cname, "except"))
                return fail(rd, cl, "<except> inside <%s>: not supported (only %s)", elem, msg);
            return fail(rd, cl, "<%s> inside <%s>: not supported", cname, elem);
        }
        static const char *const no_attrs[] = {NULL};
        const char *val[1];
        char buf[MAX_ATTRS][128];
        if (attributes(rd, cname, no_attrs, val, buf) || child_text(rd, cname, e)) {
            if (own) FREEN(own, own_cap);
            parts_free(p);
            return -1;
        }
        if (is_list) {
            if (p->nlists++) {
                if (own) FREEN(own, own_cap);
                parts_free(p);
                return fail(rd, cl, "<%s>: a second <list>/<matrix> is not supported (only %s)",
                            elem, msg);
            }
            p->matrix = !strcmp(cname, "matrix");
            p->list = copy_text(rd, &p->list_len);
            p->list_line = rd->text_line;
        } else {
            if (p->has_rows++) {
                if (own) FREEN(own, own_cap);
                parts_free(p);
                return fail(rd, cl, "<%s>: a second <%s> is not supported", elem, cname);
            }
            p->positive = strcmp(cname, "conflicts") != 0;
            p->rows = copy_text(rd, &p->rows_len);
            p->rows_line = rd->text_line;
        }
    }
    int own_blank = !own || is_blank_text(own, own_len);
    if (kind == 'a' && !p->nlists && !own_blank) { /* <allDifferent> x[] </allDifferent> */
        p->plain = 1;
        p->list_len = own_len;
        p->list = xmalloc(own_len + 1);
        memcpy(p->list, own, own_len + 1);
        p->list_line = own_line;
        p->nlists = 1;
    } else if (!own_blank) {
        if (own) FREEN(own, own_cap);
        parts_free(p);
        return fail(rd, own_line, "<%s>: text beside its child elements%s", elem, "");
    }
    if (own) FREEN(own, own_cap);
    if (!p->nlists || (kind != 'a' && !p->has_rows)) {
        const char *msg = kind == 'e'   ? "a <list> and <supports> or <conflicts>"
                          : kind == 'i' ? "a <list> and <values>"
                                        : "a list of variables";
        parts_free(p);
        return fail(rd, line, "<%s>: expected %s", elem, msg);
    }
    return 0;
}

/* Parses the rows of p for arity into a new table; returns its index. */
static int new_table(reader *rd, const parts *p, int arity, int line) {
    xcsp_inst *in = rd->in;
    GROW(&in->tables, &in->tables_cap, in->ntables + 1);
    xcsp_table *t = &in->tables[in->ntables];
    memset(t, 0, sizeof *t);
    t->arity = arity;
    t->positive = p->positive;
    t->line = line;
    if (arity < 1) return fail(rd, line, "<extension>: %s%s", "an empty scope", "");
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
    int line = node_line(rd);
    if (attributes(rd, "extension", allowed, val, buf)) return -1;
    parts p;
    if (read_parts(rd, "extension", 'e', empty, &p)) return -1;
    items it = {0};
    int r = read_items(rd, p.list, p.list_len, p.list_line, "list", 0, 0, &it);
    int ti = r ? -1 : new_table(rd, &p, (int)it.n, line);
    if (ti >= 0)
        r = add_extension(rd, ti, &it, line);
    else
        r = -1;
    items_free(&it);
    parts_free(&p);
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
                ret = fail(rd, xcsp_scan_line(&sc, sc.s),
                           "<matrix>: expected a row (x y ...), %s%s", "found text", "");
                break;
            }
            const char *start = ++sc.s;
            while (sc.s < sc.end && *sc.s != ')') sc.s++;
            if (sc.s >= sc.end) {
                ret = fail(rd, xcsp_scan_line(&sc, start),
                           "<matrix>: a row is not closed by ')'%s%s", "", "");
                break;
            }
            GROW(&rows, &cap, nrows + 1);
            memset(&rows[nrows], 0, sizeof rows[nrows]);
            ret = read_items(rd, start, (size_t)(sc.s - start), xcsp_scan_line(&sc, start),
                             "matrix", 0, 0, &rows[nrows++]);
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
            ret = fail(rd, p->list_line,
                       "<matrix>: expected rows (x y ...)(...) or one reference "
                       "to a two-dimensional array such as x[][]%s%s",
                       "", "");
        } else {
            items all = {0};
            ret = read_items(rd, tok, len, p->list_line, "matrix", 0, 0, &all);
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
            items_free(&all);
        }
    }
    for (size_t i = 1; !ret && i < nrows; i++)
        if (rows[i].n != rows[0].n)
            ret = fail(rd, p->list_line, "<matrix>: rows of different lengths%s%s", "", "");
    for (size_t i = 0; !ret && i < nrows; i++) ret = add_alldiff(rd, &rows[i], line);
    if (!ret && nrows) { /* the columns */
        items col = {0};
        for (size_t j = 0; !ret && j < rows[0].n; j++) {
            col.n = 0;
            for (size_t i = 0; i < nrows; i++) {
                GROW(&col.a, &col.cap, col.n + 1);
                col.a[col.n++] = rows[i].a[j];
            }
            ret = add_alldiff(rd, &col, line);
        }
        items_free(&col);
    }
    for (size_t i = 0; i < nrows; i++) items_free(&rows[i]);
    if (rows) FREEN(rows, cap);
    return ret;
}

static int read_alldiff(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "allDifferent", allowed, val, buf)) return -1;
    parts p;
    if (read_parts(rd, "allDifferent", 'a', empty, &p)) return -1;
    int r;
    if (p.matrix) {
        r = matrix_alldiff(rd, &p, line);
    } else {
        items it = {0};
        r = read_items(rd, p.list, p.list_len, p.list_line, "allDifferent", 0, 0, &it);
        if (!r) r = add_alldiff(rd, &it, line);
        items_free(&it);
    }
    parts_free(&p);
    return r;
}

static int read_instantiation(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "instantiation", allowed, val, buf)) return -1;
    parts p;
    if (read_parts(rd, "instantiation", 'i', empty, &p)) return -1;
    items vars = {0}, vals = {0};
    int r = read_items(rd, p.list, p.list_len, p.list_line, "list", 0, 0, &vars);
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
        r = fail(rd, line, "<instantiation>: %s variables, %s values", a, b);
    }
    if (!r && vars.n) r = count_scope(rd, vars.n, line);
    if (!r && vars.n) {
        int *scope = vars_of(rd, &vars, line, "instantiation");
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
    items_free(&vars);
    items_free(&vals);
    parts_free(&p);
    return r;
}

/* ---- groups ------------------------------------------------------------------ */

typedef struct template {
    char kind;  /* 'i', 'e', 'a' */
    int prog;   /* intension */
    items list; /* extension, allDifferent: the template's list */
    parts p;    /* extension: the rows (parsed at the first <args> when the list has %...) */
    int table;
    int max_param; /* highest %k, -1 if none */
    int dots;      /* %... present */
    int line;
}
template;

static int read_template(reader *rd, const char *n, int empty, template *tp) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    tp->line = node_line(rd);
    tp->max_param = -1;
    tp->table = -1;
    char name[32];
    snprintf(name, sizeof name, "%s", n);
    if (attributes(rd, name, allowed, val, buf)) return -1;
    if (!strcmp(name, "intension")) {
        int line;
        tp->kind = 'i';
        if (intension_text(rd, empty, &line)) return -1;
        int pi;
        xcsp_prog *pg = new_prog(rd->in, &pi);
        if (xcsp_compile(rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line, 1,
                         resolve_var, rd, pg, NULL, rd->d)) {
            rd->in->nprogs--;
            return rd->failed = 1, -1;
        }
        tp->prog = pi;
        tp->max_param = pg->nparams - 1;
        return 0;
    }
    tp->kind = !strcmp(name, "extension") ? 'e' : 'a';
    if (read_parts(rd, name, tp->kind, empty, &tp->p)) return -1;
    if (tp->kind == 'a' && tp->p.matrix)
        return fail(rd, tp->line, "<group>: an <allDifferent> template with <matrix>%s%s",
                    " is not supported", "");
    if (read_items(rd, tp->p.list, tp->p.list_len, tp->p.list_line, "list", 1, 0, &tp->list))
        return -1;
    for (size_t i = 0; i < tp->list.n; i++)
        if (tp->list.a[i].kind == ITEM_PARAM) {
            if (tp->list.a[i].v < 0)
                tp->dots = 1;
            else if (tp->list.a[i].v > tp->max_param)
                tp->max_param = tp->list.a[i].v;
        }
    if (tp->kind == 'e' && !tp->dots) {
        tp->table = new_table(rd, &tp->p, (int)tp->list.n, tp->line);
        if (tp->table < 0) return -1;
    }
    return 0;
}

static void template_free(template *tp) {
    items_free(&tp->list);
    parts_free(&tp->p);
}

/* One <args>: substitutes the arguments into the template's list. */
static int instantiate(reader *rd, template *tp, const items *args, int line) {
    int need = tp->max_param + 1;
    if ((int)args->n < need || (!tp->dots && (int)args->n != need)) {
        char a[32], b[48];
        snprintf(a, sizeof a, "%zu", args->n);
        snprintf(b, sizeof b, "%s%d", tp->dots ? "at least " : "", need);
        return fail(rd, line, "<args>: %s arguments, the template takes %s", a, b);
    }
    if (tp->kind == 'i') return add_intension(rd, tp->prog, args, line);
    items it = {0};
    for (size_t i = 0; i < tp->list.n; i++) {
        const item *x = &tp->list.a[i];
        if (x->kind != ITEM_PARAM) {
            GROW(&it.a, &it.cap, it.n + 1);
            it.a[it.n++] = *x;
        } else if (x->v >= 0) {
            GROW(&it.a, &it.cap, it.n + 1);
            it.a[it.n++] = args->a[x->v];
        } else { /* %...: the arguments after the highest %k */
            for (size_t k = (size_t)need; k < args->n; k++) {
                GROW(&it.a, &it.cap, it.n + 1);
                it.a[it.n++] = args->a[k];
            }
        }
    }
    int r;
    if (tp->kind == 'a') {
        r = add_alldiff(rd, &it, line);
    } else {
        if (tp->table < 0) tp->table = new_table(rd, &tp->p, (int)it.n, tp->line);
        r = tp->table < 0 ? -1 : add_extension(rd, tp->table, &it, line);
    }
    items_free(&it);
    return r;
}

static int read_group(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "group", allowed, val, buf)) return -1;
    template tp = {0};
    int have = 0, nargs = 0, ret = 0;
    while (!empty && !ret) {
        int e, t = next(rd, &e);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !is_blank_text(v, strlen(v)))
                ret = fail(rd, node_line(rd), "<group>: text %s%s", "outside its elements", "");
            continue;
        }
        if (t != N_START) {
            ret = t == N_EOF ? fail(rd, line, "<group>: %s%s", "the file ends inside it", "") : -1;
            break;
        }
        const char *n = name_of(rd);
        if (!have) {
            if (strcmp(n, "intension") && strcmp(n, "extension") && strcmp(n, "allDifferent")) {
                ret = fail(rd, node_line(rd),
                           "<%s> as the template of a <group>: not supported (only %s)", n,
                           "<intension>, <extension> and <allDifferent>");
                break;
            }
            have = 1;
            ret = read_template(rd, n, e, &tp);
            continue;
        }
        if (strcmp(n, "args")) {
            ret = fail(rd, node_line(rd), "<%s> inside <group>: expected %s", n, "<args>");
            break;
        }
        static const char *const no_attrs[] = {NULL};
        int aline = node_line(rd);
        if (attributes(rd, "args", no_attrs, val, buf) || child_text(rd, "args", e)) {
            ret = -1;
            break;
        }
        items args = {0};
        ret = read_items(rd, rd->text ? rd->text : "", rd->tlen, rd->text_line, "args", 0,
                         tp.kind == 'i', &args);
        if (!ret) ret = instantiate(rd, &tp, &args, aline);
        items_free(&args);
        nargs++;
    }
    if (!ret && !have)
        ret = fail(rd, line, "<group>: %s%s",
                   "no template (expected <intension>, <extension> or <allDifferent>, then <args>)",
                   "");
    template_free(&tp);
    (void)nargs;
    return ret;
}

static int read_constraints(reader *rd) {
    int blocks = 0; /* open <block>s */
    for (;;) {
        int empty, t = next(rd, &empty);
        if (t == N_END) {
            if (!blocks) return 0; /* </constraints> */
            blocks--;              /* </block> */
            continue;
        }
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !is_blank_text(v, strlen(v)))
                return fail(rd, node_line(rd), "<constraints>: text %s%s",
                            "outside the constraints", "");
            continue;
        }
        if (t != N_START)
            return t == N_EOF ? fail(rd, node_line(rd), "<constraints>: %s%s",
                                     "the file ends inside it", "")
                              : -1;
        const char *n = name_of(rd);
        int r;
        if (!strcmp(n, "block")) {
            static const char *const allowed[] = {NULL};
            const char *val[1];
            char buf[MAX_ATTRS][128];
            if (attributes(rd, "block", allowed, val, buf)) return -1;
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
            r = read_group(rd, empty);
        else
            return fail(rd, node_line(rd), "<%s>: constraint not supported (supported: %s)", n,
                        "intension, extension, allDifferent, instantiation, group, block");
        if (r) return -1;
    }
}

/* ==== the document ================================================================= */

static int read_instance(reader *rd) {
    int empty, t = next(rd, &empty);
    if (t == N_EOF) return fail(rd, 1, "%s%s", "empty file: expected an XCSP3 <instance>", "");
    if (t != N_START)
        return t == N_ERR ? -1
                          : fail(rd, node_line(rd), "%s%s", "expected an XCSP3 <instance>", "");
    if (strcmp(name_of(rd), "instance"))
        return fail(rd, node_line(rd), "<%s>: expected an XCSP3 <instance> as the root%s",
                    name_of(rd), "");
    static const char *const allowed[] = {"format", "type", NULL};
    const char *val[2];
    char buf[MAX_ATTRS][128];
    int line = node_line(rd);
    if (attributes(rd, "instance", allowed, val, buf)) return -1;
    if (!val[0] || strcmp(val[0], "XCSP3"))
        return fail(rd, line, "<instance>: format=\"%s\" (expected %s)", val[0] ? val[0] : "",
                    "XCSP3");
    if (!val[1] || strcmp(val[1], "CSP"))
        return fail(rd, line, "<instance>: type=\"%s\" is not supported (only %s)",
                    val[1] ? val[1] : "", "CSP: satisfaction, no objective");
    int seen_vars = 0, seen_cons = 0, root_empty = empty;
    while (!root_empty) {
        t = next(rd, &empty);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !is_blank_text(v, strlen(v)))
                return fail(rd, node_line(rd), "<instance>: text %s%s", "outside its elements", "");
            continue;
        }
        if (t != N_START)
            return t == N_EOF
                       ? fail(rd, node_line(rd), "<instance>: %s%s", "the file ends inside it", "")
                       : -1;
        const char *n = name_of(rd);
        if (!strcmp(n, "variables") && !seen_vars && !seen_cons) {
            seen_vars = 1;
            if (!empty && read_variables(rd)) return -1;
        } else if (!strcmp(n, "constraints") && !seen_cons) {
            seen_cons = 1;
            if (!empty && read_constraints(rd)) return -1;
        } else if (!strcmp(n, "objectives")) {
            return fail(rd, node_line(rd),
                        "<objectives>: optimization (a COP) is not supported (only %s)%s",
                        "satisfaction: CSP", "");
        } else {
            return fail(rd, node_line(rd), "<%s> inside <instance>: not supported (only %s)", n,
                        "<variables> then <constraints>");
        }
    }
    for (;;) { /* nothing but comments after the root */
        t = next(rd, &empty);
        if (t == N_EOF) return 0;
        if (t == N_ERR) return -1;
        return fail(rd, node_line(rd), "%s%s", "content after </instance>", "");
    }
}

/* A DTD or an entity declaration: refused before parsing. */
static const char *find_dtd(const char *buf, size_t len) {
    for (size_t i = 0; i + 2 < len; i++)
        if (buf[i] == '<' && buf[i + 1] == '!' && (buf[i + 2] == 'D' || buf[i + 2] == 'E')) {
            if ((i + 9 <= len && !memcmp(buf + i, "<!DOCTYPE", 9)) ||
                (i + 8 <= len && !memcmp(buf + i, "<!ENTITY", 8)))
                return buf + i;
        }
    return NULL;
}

xcsp_inst *xcsp_read(const char *buf, size_t len, const char *path, diag *d) {
    const char *dtd = find_dtd(buf, len);
    if (dtd) {
        int line = 1;
        for (const char *p = buf; p < dtd; p++) line += *p == '\n';
        diag_at(d, path, line, 0, "document types (<!DOCTYPE>, <!ENTITY>) are not supported");
        return NULL;
    }
    size_t i = 0;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r')) i++;
    if (i == len) {
        diag_at(d, path, 0, 0, "empty file: expected an XCSP3 <instance>");
        return NULL;
    }
    if (buf[i] != '<') {
        int line = 1;
        for (size_t k = 0; k < i; k++) line += buf[k] == '\n';
        diag_at(d, path, line, 0, "expected an XML document (an XCSP3 <instance>), found text");
        return NULL;
    }
    if (len > (size_t)2147483647) {
        diag_at(d, path, 0, 0, "file too large");
        return NULL;
    }
    xcsp_inst *in = NEWN(1, xcsp_inst);
    in->path = xstrdup(path);
    reader rd = {.in = in, .path = path, .d = d};
    /* no network, no DTD loading, no entity substitution; HUGE lifts the
     * 10 MB text limit (tables), safe since DTDs are refused above */
    rd.r = xmlReaderForMemory(buf, (int)len, NULL, NULL,
                              XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOWARNING |
                                  XML_PARSE_NOERROR);
    if (!rd.r) {
        diag_at(d, path, 0, 0, "cannot start the XML reader");
        xcsp_inst_free(in);
        return NULL;
    }
    xmlTextReaderSetStructuredErrorHandler(rd.r, on_xml_error, &rd);
    int r = read_instance(&rd);
    xmlFreeTextReader(rd.r);
    if (rd.text) FREEN(rd.text, rd.tcap);
    if (rd.vars) FREEN(rd.vars, rd.vcap);
    if (r) {
        xcsp_inst_free(in);
        return NULL;
    }
    return in;
}
