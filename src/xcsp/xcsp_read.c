/* xcsp_read.c - reads an XCSP3-core instance with libxml2's streaming
 * reader (xmlTextReader): one node at a time, never the whole document
 * tree, so memory is the file's bytes (held by the lexer) plus the model.
 * No recursion: <block>s only change a depth counter.  This file: the
 * reader itself, the document (<instance>), the variables, the objective
 * and the annotations; the constraints are read by xcsp_group.c and the
 * families of the registry (xcsp_family.h).
 *
 * The supported subset (docs/xcsp.md) is checked element by element and
 * attribute by attribute; anything else is refused with the file, the
 * line, the element and what is supported - the front end never solves a
 * problem other than the one the file states.  A document type (DTD), an
 * encoding other than XCSP3's and oversized markup are refused by
 * xr_guard (xcsp_guard.c) before the reader starts, so entity expansion
 * never runs and parsing stays linear. */
#include <libxml/xmlreader.h>
#include <stdarg.h>
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "xcsp.h"
#include "xcsp_names.h"
#include "xcsp_reader.h"

/* ==== the reader ================================================================ */

static void on_xml_error(void *arg, xmlErrorPtr e) {
    reader *rd = arg;
    if (rd->failed || !e || e->level < XML_ERR_ERROR) return;
    /* libxml2 could not allocate: the run is out of memory (a memout),
     * not a bad file; xmalloc's way of saying so */
    if (e->code == XML_ERR_NO_MEMORY) xmalloc_fail("libxml2", 0);
    /* one line: libxml2's messages may hold newlines ("Bytes: 0x.."), and
     * quote the file's bytes; runs of control characters become a space */
    char msg[200];
    size_t n = 0;
    for (const char *p = e->message ? e->message : "malformed XML"; *p && n + 1 < sizeof msg; p++) {
        int ctl = (unsigned char)*p < 0x20 || *p == 0x7f;
        if (!ctl)
            msg[n++] = *p;
        else if (n && msg[n - 1] != ' ')
            msg[n++] = ' ';
    }
    while (n && msg[n - 1] == ' ') n--;
    msg[n] = '\0';
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

int xr_line(const reader *rd) {
    xmlNodePtr n = xmlTextReaderCurrentNode(rd->r);
    long line = n ? xmlGetLineNo(n) : -1;
    return line > 0 ? (int)line : xmlTextReaderGetParserLineNumber(rd->r);
}

int xr_fail(reader *rd, int line, const char *fmt, const char *a, const char *b) {
    if (!rd->failed) diag_at(rd->d, rd->path, line, 0, fmt, a, b);
    rd->failed = 1;
    return -1;
}

int xr_failf(reader *rd, int line, const char *fmt, ...) {
    if (!rd->failed) {
        char msg[400];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        diag_at(rd->d, rd->path, line, 0, "%s", msg);
    }
    rd->failed = 1;
    return -1;
}

const char *xr_name(const reader *rd) {
    const xmlChar *n = xmlTextReaderConstName(rd->r);
    return n ? (const char *)n : "";
}

/* The next significant node: element start (N_START; empty elements
 * report their end as N_END at once), element end, or text (CDATA
 * included).  Comments, processing instructions and blanks are skipped. */
int xr_next(reader *rd, int *empty) {
    for (;;) {
        int r = xmlTextReaderRead(rd->r);
        if (rd->failed) return N_ERR;
        if (r < 0)
            return xr_fail(rd, xmlTextReaderGetParserLineNumber(rd->r), "XML error: %s%s",
                           "malformed document", "");
        if (r == 0) return N_EOF;
        switch (xmlTextReaderNodeType(rd->r)) {
        case XML_READER_TYPE_ELEMENT:
            if (xmlTextReaderDepth(rd->r) > XCSP_MAX_DEPTH)
                return xr_fail(rd, xr_line(rd), "<%s>: elements nested deeper than %s levels",
                               xr_name(rd), "64");
            *empty = xmlTextReaderIsEmptyElement(rd->r);
            if (!*empty && rd->nopen <= XCSP_MAX_DEPTH)
                snprintf(rd->open[rd->nopen++], sizeof rd->open[0], "%s", xr_name(rd));
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
            return xr_fail(rd, xr_line(rd), "%s%s: document types and entities are not supported",
                           "XML", "");
        default:
            continue; /* comments, blanks, processing instructions */
        }
    }
}

/* Appends the current text node to rd->text.  rd->text_line stays the
 * caller's: the line of the end of the enclosing start tag, where the text
 * begins.  A text node's own line is not its first: libxml2 gives it the
 * parser's line after the first chunk of characters it delivered, which
 * for a text of several lines is a later line (and line numbers counted
 * from it come out too large). */
void xr_take_text(reader *rd) {
    const char *v = (const char *)xmlTextReaderConstValue(rd->r);
    size_t n = v ? strlen(v) : 0;
    GROW(&rd->text, &rd->tcap, rd->tlen + n + 1);
    memcpy(rd->text + rd->tlen, v ? v : "", n);
    rd->tlen += n;
    rd->text[rd->tlen] = '\0';
}

int xr_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') return 0;
    return 1;
}

/* Reads the rest of the current element (started, not empty) as text
 * only; a child element is refused.  The text is in rd->text. */
int xr_text_only(reader *rd, const char *elem) {
    rd->tlen = 0;
    rd->text_line = xr_line(rd);
    if (rd->text) rd->text[0] = '\0';
    for (;;) {
        int empty, t = xr_next(rd, &empty);
        if (t == N_TEXT)
            xr_take_text(rd);
        else if (t == N_END)
            return 0;
        else if (t == N_START)
            return xr_fail(rd, xr_line(rd), "<%s> inside <%s>: not supported here", xr_name(rd),
                           elem);
        else if (t == N_EOF)
            return xr_fail(rd, xr_line(rd), "<%s>: %s", elem, "the file ends inside it");
        else
            return -1;
    }
}

/* The text of an element with nothing but text (<var>, <domain>, <list>,
 * <values>, ...), empty elements too: rd->text and rd->text_line are set
 * either way. */
int xr_child_text(reader *rd, const char *name, int empty) {
    if (empty) {
        rd->tlen = 0;
        rd->text_line = xr_line(rd);
        return 0;
    }
    return xr_text_only(rd, name);
}

/* The value of attribute name of the current element (a copy in buf, cut
 * at its size), or NULL. */
static const char *attr(reader *rd, const char *name, char *buf, size_t size) {
    xmlChar *v = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)name);
    if (!v) return NULL;
    snprintf(buf, size, "%s", (const char *)v);
    xmlFree(v);
    return buf;
}

int xr_no_attrs(reader *rd, const char *elem) {
    static const char *const none[] = {NULL};
    return xr_only_attrs(rd, elem, none);
}

int xr_only_attrs(reader *rd, const char *elem, const char *const *allowed) {
    int line = xr_line(rd), ret = 0;
    if (xmlTextReaderMoveToFirstAttribute(rd->r) != 1) return 0;
    do {
        const char *n = xr_name(rd), *v = (const char *)xmlTextReaderConstValue(rd->r);
        int ok = !strcmp(n, "id") || !strcmp(n, "note") || !strcmp(n, "class") ||
                 !strncmp(n, "xmlns", 5);
        ok = ok || names_index(allowed, n) >= 0;
        if (!ok) {
            char what[160];
            snprintf(what, sizeof what, "%.40s=\"%.60s\"", n, v ? v : "");
            ret = xr_fail(rd, line, "<%s>: attribute %s is not supported", elem, what);
            break;
        }
    } while (xmlTextReaderMoveToNextAttribute(rd->r) == 1);
    xmlTextReaderMoveToElement(rd->r);
    return ret;
}

int xr_next_child(reader *rd, const char *elem, int line, int *empty) {
    for (;;) {
        int t = xr_next(rd, empty);
        if (t == N_START || t == N_END) return t;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !xr_blank(v, strlen(v)))
                return xr_fail(rd, xr_line(rd), "<%s>: text %s", elem, "outside its elements");
            continue;
        }
        return t == N_EOF ? xr_fail(rd, line, "<%s>: %s", elem, "the file ends inside it") : -1;
    }
}

/* ==== variables ================================================================== */

/* Reads a domain (integers, or symbols when symbolic) from rd->text and
 * adds it to the instance; its index in *dom. */
static int read_domain(reader *rd, const char *who, int symbolic, int *dom) {
    xcsp_inst *in = rd->in;
    xcsp_scan sc;
    xcsp_ivals iv = {0};
    xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line);
    if (symbolic) { /* symbols, each an id of the instance */
        const char *tok;
        size_t len;
        while ((len = xcsp_scan_token(&sc, &tok)) > 0) {
            if (!xcsp_is_ref(tok, len) || memchr(tok, '[', len)) {
                char buf[64];
                xcsp_ivals_free(&iv);
                return xr_fail(rd, xcsp_scan_line(&sc, tok),
                               "%s: '%s' is not a symbol (a letter, "
                               "then letters, digits, _)",
                               who, xcsp_show(tok, len, buf, sizeof buf));
            }
            int id = xcsp_symbol(in, tok, len, 1);
            GROW(&iv.v, &iv.cap, 2 * (iv.n + 1));
            iv.v[2 * iv.n] = iv.v[2 * iv.n + 1] = id, iv.n++;
        }
        if (!iv.n)
            return xr_fail(rd, rd->text_line, "%s: empty domain (expected %s)", who, "symbols");
        xcsp_ivals_normalize(&iv);
    } else if (xcsp_parse_domain(&sc, who, &iv, rd->d)) {
        xcsp_ivals_free(&iv);
        return rd->failed = 1, -1;
    }
    GROW(&in->doms, &in->doms_cap, (size_t)in->ndoms + 1);
    xcsp_dom *d = &in->doms[in->ndoms];
    d->first = (int)(in->nivals / 2), d->n = (int)iv.n, d->size = 0, d->symbolic = symbolic;
    GROW(&in->ivals, &in->ivals_cap, in->nivals + 2 * iv.n);
    for (size_t i = 0; i < 2 * iv.n; i++) in->ivals[in->nivals + i] = (int)iv.v[i];
    for (size_t i = 0; i < iv.n; i++) d->size += iv.v[2 * i + 1] - iv.v[2 * i] + 1;
    in->nivals += 2 * iv.n;
    xcsp_ivals_free(&iv);
    *dom = in->ndoms++;
    return 0;
}

/* The type attribute: 0 integer (or absent), 1 symbolic, -1 refused. */
static int var_type(reader *rd, const char *elem, int line) {
    char buf[64];
    const char *t = attr(rd, "type", buf, sizeof buf);
    if (!t || !strcmp(t, "integer")) return 0;
    if (!strcmp(t, "symbolic")) return 1;
    return xr_fail(rd, line, "<%s>: type=\"%s\" is not supported (only integer and symbolic)", elem,
                   t);
}

static int add_var(reader *rd, int array, int cell, int dom, int line) {
    xcsp_inst *in = rd->in;
    if (in->nvars >= XCSP_MAX_VARS) {
        char n[32];
        snprintf(n, sizeof n, "%d", XCSP_MAX_VARS);
        return xr_fail(rd, line, "more than %s variables (the supported maximum)%s", n, "");
    }
    GROW(&in->vars, &in->vars_cap, (size_t)in->nvars + 1);
    in->vars[in->nvars] = (xcsp_var){dom, array, cell};
    return in->nvars++;
}

/* ---- as="ID": the domain of an earlier <var> or <array> -------------------- */

/* The element whose domain an as="..." (in buf, NULL: none) names: *kind
 * XCSP_NAME_VAR or XCSP_NAME_ARRAY and its index; -1 with a message when
 * no <var> or <array> declared before has that id (forward references are
 * refused, so as= never forms a cycle), or when its type differs from the
 * one written (type=, NULL when absent).  who names the element. */
static int as_target(reader *rd, const char *as, const char *type, const char *who, int line,
                     int *kind, int *index) {
    xcsp_inst *in = rd->in;
    *kind = xcsp_lookup(in, as, strlen(as), index);
    if (*kind != XCSP_NAME_VAR && *kind != XCSP_NAME_ARRAY)
        return xr_failf(rd, line,
                       "%s: no <var> or <array> declared before it has the id '%s' (as= names an "
                       "earlier one; a cycle of as= has none)",
                       who, as);
    int sym = -1; /* the target's type: 0 integer, 1 symbolic (-1: an array without variables) */
    if (*kind == XCSP_NAME_VAR) {
        sym = xcsp_var_dom(in, *index)->symbolic;
    } else {
        const xcsp_array *a = &in->arrays[*index];
        for (int c = 0; c < a->ncells && sym < 0; c++)
            if (a->var[c] >= 0) sym = xcsp_var_dom(in, a->var[c])->symbolic;
    }
    if (type && sym >= 0 && sym != !strcmp(type, "symbolic"))
        return xr_failf(rd, line, "%s: type=\"%s\" but '%s' is %s", who, type, as,
                       sym ? "symbolic" : "integer");
    return 0;
}

/* The one domain of every variable of the as= target (kind, index), or -1
 * when an array's cells have several domains or some cell none. */
static int as_one_domain(const xcsp_inst *in, int kind, int index) {
    if (kind == XCSP_NAME_VAR) return in->vars[index].dom;
    const xcsp_array *a = &in->arrays[index];
    int dom = -2;
    for (int c = 0; c < a->ncells; c++) {
        int d = a->var[c] < 0 ? -1 : in->vars[a->var[c]].dom;
        if (dom == -2) dom = d;
        if (d != dom) return -1;
    }
    return dom < 0 ? -1 : dom;
}

static int read_var(reader *rd, int empty) {
    static const char *const allowed[] = {"type", "as", NULL};
    int line = xr_line(rd);
    char id[128], asbuf[128], tbuf[64];
    if (xr_only_attrs(rd, "var", allowed)) return -1;
    int sym = var_type(rd, "var", line);
    if (sym < 0) return -1;
    const char *as = attr(rd, "as", asbuf, sizeof asbuf);
    const char *type = attr(rd, "type", tbuf, sizeof tbuf);
    xmlChar *idv = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"id");
    if (!idv) return xr_failf(rd, line, "<var>: the attribute %s is missing%s", "id", "");
    xcsp_inst *in = rd->in;
    GROW(&in->var_names, &in->var_names_cap, (size_t)in->nvar_names + 1);
    in->var_names[in->nvar_names] = xstrdup((const char *)idv);
    xmlFree(idv);
    int name = in->nvar_names++;
    snprintf(id, sizeof id, "%.100s", in->var_names[name]);
    char who[200];
    int dom, kind, index;
    if (as) {
        snprintf(who, sizeof who, "<var id=\"%.60s\" as=\"%.60s\">", id, as);
        /* looked up before the id is declared: as= never names itself */
        if (as_target(rd, as, type, who, line, &kind, &index)) return -1;
        if ((dom = as_one_domain(in, kind, index)) < 0)
            return xr_failf(rd, line,
                           "%s: the cells of array %s have several domains, or some none "
                           "(expected one domain to copy)",
                           who, in->arrays[index].id);
    }
    if (xcsp_declare(in, in->var_names[name], XCSP_NAME_VAR, in->nvars, line, rd->d))
        return rd->failed = 1, -1;
    if (xr_child_text(rd, "var", empty)) return -1;
    if (as) {
        if (!xr_blank(rd->text ? rd->text : "", rd->tlen))
            return xr_failf(rd, rd->text_line, "%s: %s", who,
                           "a domain beside as= (expected an empty element)");
    } else {
        snprintf(who, sizeof who, "<var id=\"%.60s\">", id);
        if (read_domain(rd, who, sym, &dom)) return -1;
    }
    return add_var(rd, -1, name, dom, line) < 0 ? -1 : 0;
}

/* The name of cell c of array a (x[1][2]). */
static void cell_name(const xcsp_array *a, int cell, char *buf, size_t size) {
    int idx[XCSP_MAX_DIMS];
    for (int i = a->ndims - 1; i >= 0; i--) idx[i] = cell % a->dims[i], cell /= a->dims[i];
    size_t o = (size_t)snprintf(buf, size, "%s", a->id);
    for (int i = 0; i < a->ndims && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "[%d]", idx[i]);
}

/* A <domain for="..."> of array ai: applies to the cells listed (or to
 * every cell without a domain yet: others).  While the array is read,
 * a->var maps each cell to itself, so references expand to cells. */
static int read_cell_domain(reader *rd, int ai, int sym, int *celldom, int empty) {
    static const char *const allowed[] = {"for", NULL};
    xcsp_inst *in = rd->in;
    int line = xr_line(rd);
    if (xr_only_attrs(rd, "domain", allowed)) return -1;
    xmlChar *fo = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"for");
    if (!fo) return xr_fail(rd, line, "<domain>: the attribute %s is missing%s", "for", "");
    int dom, ret = 0;
    char who[200];
    snprintf(who, sizeof who, "<domain for=\"%.100s\"> of %s", (const char *)fo, in->arrays[ai].id);
    if (xr_child_text(rd, "domain", empty) || read_domain(rd, who, sym, &dom)) {
        xmlFree(fo);
        return -1;
    }
    rd->nvars = 0;
    const char *f = (const char *)fo;
    xcsp_scan fs;
    xcsp_scan_init(&fs, f, strlen(f), rd->path, line);
    const char *tok;
    size_t len;
    int others = 0;
    while (!ret && (len = xcsp_scan_token(&fs, &tok)) > 0) {
        size_t idl = 0, n = strlen(in->arrays[ai].id);
        while (idl < len && tok[idl] != '[') idl++;
        if (len == 6 && !strncmp(tok, "others", 6)) {
            others = 1;
        } else if (idl != n || strncmp(tok, in->arrays[ai].id, n)) {
            char buf[64];
            ret = xr_fail(rd, line, "<domain for>: '%s' is not a cell of array %s",
                          xcsp_show(tok, len, buf, sizeof buf), in->arrays[ai].id);
        } else if (xcsp_expand_ref(in, tok, len, &rd->vars, &rd->nvars, &rd->vcap, rd->path, line,
                                   "domain for", rd->d) < 0) {
            rd->failed = 1;
            ret = -1;
        }
    }
    xmlFree(fo);
    const xcsp_array *a = &in->arrays[ai];
    for (size_t i = 0; !ret && i < rd->nvars; i++) {
        int cell = rd->vars[i];
        if (celldom[cell] >= 0) {
            char name[160];
            cell_name(a, cell, name, sizeof name);
            return xr_fail(rd, line, "<domain for>: %s already has a domain%s", name, "");
        }
        celldom[cell] = dom;
    }
    for (int cell = 0; !ret && others && cell < a->ncells; cell++)
        if (celldom[cell] < 0) celldom[cell] = dom;
    return ret;
}

static int read_array(reader *rd, int empty) {
    static const char *const allowed[] = {"size", "type", "startIndex", "as", NULL};
    int line = xr_line(rd);
    char buf[128], asbuf[128], tbuf[64];
    if (xr_only_attrs(rd, "array", allowed)) return -1;
    int sym = var_type(rd, "array", line);
    if (sym < 0) return -1;
    const char *as = attr(rd, "as", asbuf, sizeof asbuf);
    const char *type = attr(rd, "type", tbuf, sizeof tbuf);
    const char *si = attr(rd, "startIndex", buf, sizeof buf);
    if (si && strcmp(si, "0"))
        return xr_fail(rd, line,
                       "<array>: startIndex=\"%s\" is not supported (only %s, as in "
                       "XCSP3-core)",
                       si, "0");
    xmlChar *idv = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"id");
    if (!idv) return xr_fail(rd, line, "<array>: the attribute %s is missing%s", "id", "");
    xcsp_array a = {0};
    a.id = xstrdup((const char *)idv);
    xmlFree(idv);
    const char *size = attr(rd, "size", buf, sizeof buf);
    if (!size) {
        xr_fail(rd, line, "<array id=\"%s\">: the attribute %s is missing", a.id, "size");
        xstrfree(a.id);
        return -1;
    }
    if (xcsp_parse_size(size, &a, rd->path, line, rd->d)) {
        xstrfree(a.id);
        return rd->failed = 1, -1;
    }
    xcsp_inst *in = rd->in;
    int as_kind = -1, as_index = -1;
    char who_as[200];
    if (as) { /* looked up before the id is declared: as= never names itself */
        snprintf(who_as, sizeof who_as, "<array id=\"%.60s\" as=\"%.60s\">", a.id, as);
        if (as_target(rd, as, type, who_as, line, &as_kind, &as_index)) {
            xstrfree(a.id);
            return -1;
        }
    }
    a.var = NEWN((size_t)a.ncells, int);
    for (int c = 0; c < a.ncells; c++) a.var[c] = c; /* cells, while the domains are read */
    GROW(&in->arrays, &in->arrays_cap, (size_t)in->narrays + 1);
    int ai = in->narrays++;
    in->arrays[ai] = a;
    if (xcsp_declare(in, in->arrays[ai].id, XCSP_NAME_ARRAY, ai, line, rd->d))
        return rd->failed = 1, -1;
    int *celldom = NEWN((size_t)a.ncells, int);
    for (int c = 0; c < a.ncells; c++) celldom[c] = -1;
    int ret = 0, has_domains = 0;
    rd->tlen = 0;
    rd->text_line = line;
    while (!empty) {
        int e, t = xr_next(rd, &e);
        if (t == N_TEXT) {
            xr_take_text(rd);
        } else if (t == N_START && !strcmp(xr_name(rd), "domain")) {
            has_domains = 1;
            /* keep the array's own text apart: read_cell_domain uses rd->text */
            if (!xr_blank(rd->text ? rd->text : "", rd->tlen)) break;
            if (read_cell_domain(rd, ai, sym, celldom, e)) {
                ret = -1;
                break;
            }
            rd->tlen = 0;
        } else if (t == N_START) {
            ret = xr_fail(rd, xr_line(rd), "<%s> inside <array>: not supported (only %s)",
                          xr_name(rd), "<domain for=...>");
            break;
        } else if (t == N_END) {
            break;
        } else {
            ret =
                t == N_EOF ? xr_fail(rd, line, "<array>: %s%s", "the file ends inside it", "") : -1;
            break;
        }
    }
    xcsp_array *pa = &in->arrays[ai];
    if (!ret && as && (has_domains || !xr_blank(rd->text ? rd->text : "", rd->tlen)))
        ret = xr_failf(rd, line, "%s: %s", who_as,
                      "a domain beside as= (expected an empty element)");
    if (!ret && as) { /* the domains of the target: cell by cell for an array of the same size */
        const xcsp_array *t = as_kind == XCSP_NAME_ARRAY ? &in->arrays[as_index] : NULL;
        int same = t && t->ndims == pa->ndims;
        for (int k = 0; same && k < pa->ndims; k++) same = t->dims[k] == pa->dims[k];
        int dom = same ? -1 : as_one_domain(in, as_kind, as_index);
        if (!same && dom < 0)
            ret = xr_failf(rd, line,
                          "%s: the cells of array %s have several domains, or some none, and "
                          "its size differs (expected one domain, or the same size to copy "
                          "them cell by cell)",
                          who_as, t->id);
        for (int c = 0; !ret && c < pa->ncells; c++)
            celldom[c] = !same ? dom : t->var[c] < 0 ? -1 : in->vars[t->var[c]].dom;
        has_domains = 1; /* the domains are set */
    }
    if (!ret && !as && has_domains && !xr_blank(rd->text ? rd->text : "", rd->tlen))
        ret =
            xr_fail(rd, rd->text_line, "<array id=\"%s\">: %s", pa->id,
                    "text beside <domain> elements (expected either a domain or <domain for=...>)");
    if (!ret && !has_domains) { /* one domain for every cell */
        char who[100];
        int dom;
        snprintf(who, sizeof who, "<array id=\"%.60s\">", pa->id);
        if (read_domain(rd, who, sym, &dom)) ret = -1;
        for (int c = 0; !ret && c < pa->ncells; c++) celldom[c] = dom;
    }
    /* the cells with a domain are the variables, row-major; the others
     * are not variables at all */
    for (int c = 0; !ret && c < pa->ncells; c++) {
        pa->var[c] = celldom[c] < 0 ? -1 : add_var(rd, ai, c, celldom[c], line);
        if (celldom[c] >= 0 && pa->var[c] < 0) ret = -1;
    }
    FREEN(celldom, (size_t)pa->ncells);
    return ret;
}

static int read_variables(reader *rd) {
    for (;;) {
        int empty, t = xr_next(rd, &empty);
        if (t == N_END) return 0;
        if (t == N_TEXT) {
            rd->text_line = xr_line(rd); /* a line of the text (no start tag before it) */
            xr_take_text(rd);
            if (!xr_blank(rd->text, rd->tlen))
                return xr_fail(rd, rd->text_line, "<variables>: text %s%s",
                               "outside <var> and <array>", "");
            rd->tlen = 0;
            continue;
        }
        if (t != N_START)
            return t == N_EOF ? xr_fail(rd, xr_line(rd), "<variables>: %s%s",
                                        "the file ends inside it", "")
                              : -1;
        const char *n = xr_name(rd);
        if (!strcmp(n, "var")) {
            if (read_var(rd, empty)) return -1;
        } else if (!strcmp(n, "array")) {
            if (read_array(rd, empty)) return -1;
        } else {
            return xr_fail(rd, xr_line(rd), "<%s> inside <variables>: not supported (only %s)", n,
                           "<var> and <array> of integer or symbolic variables");
        }
    }
}

/* ==== objectives and annotations ================================================= */

/* One <minimize>/<maximize>. */
static int read_objective(reader *rd, int empty) {
    static const char *const types[] = {"expression", "sum",     "product", "minimum",
                                        "maximum",    "nValues", "lex",     NULL};
    xcsp_objective *o = &rd->in->obj;
    xr_elem e;
    memset(o, 0, sizeof *o);
    o->present = 1;
    o->minimize = !strcmp(xr_name(rd), "minimize");
    o->c.fam = -1, o->c.aux = -1;
    if (xr_read_elem(rd, empty, &e)) return -1;
    o->line = e.line;
    const char *type = xr_attr_get(&e, NULL, "type");
    int t = XOBJ_EXPR, r = 0;
    if (type) {
        t = names_index(types, type);
        if (t < 0) {
            t = XOBJ_EXPR;
            char buf[80];
            snprintf(buf, sizeof buf, "%.40s", type);
            r = xr_fail(rd, e.line,
                        "<%s>: type=\"%s\" is not supported (expected expression, "
                        "sum, product, minimum, maximum, nValues or lex)",
                        e.name, buf);
        }
    }
    o->type = t;
    xcsp_list *l = xr_add_list(&o->c);
    if (!r && t == XOBJ_EXPR) { /* a variable or an expression */
        r = xr_terms(rd, &o->c, e.text, e.len, e.text_line, e.name, XR_VARS | XR_EXPRS, l);
        e.text_used = 1;
        if (!r && l->n != 1)
            r = xr_fail(rd, e.line, "<%s>: expected one variable or expression, found %s", e.name,
                        l->n ? "several" : "none");
    } else if (!r) {
        size_t len;
        int line;
        xr_kid *k;
        const char *text = xr_main_list(rd, &e, &len, &line, &k);
        r = !text ? -1 : xr_terms(rd, &o->c, text, len, line, "list", XR_VARS | XR_EXPRS, l);
        xcsp_list *cf = xr_add_list(&o->c);
        if (!r && t == XOBJ_SUM) r = xr_kid_terms(rd, &o->c, &e, "coeffs", XR_CONSTS, 0, cf);
        if (!r && cf->n && cf->n != o->c.lists[0].n)
            r = xr_fail(rd, e.line, "<%s>: %s", e.name, "as many <coeffs> as terms expected");
    }
    if (!r) r = xr_elem_done(rd, &e, "a variable, an expression, or <list> [<coeffs>]");
    xr_elem_free(&e);
    if (!r) r = xr_finish(rd, &o->c, o->line);
    return r;
}

static int read_objectives(reader *rd) {
    static const char *const allowed[] = {"combination", NULL};
    int line = xr_line(rd), empty, t;
    if (xr_only_attrs(rd, "objectives", allowed)) return -1;
    while ((t = xr_next_child(rd, "objectives", line, &empty)) == N_START) {
        const char *n = xr_name(rd);
        if (strcmp(n, "minimize") && strcmp(n, "maximize"))
            return xr_fail(rd, xr_line(rd), "<%s> inside <objectives>: not supported (only %s)", n,
                           "<minimize> and <maximize>");
        if (rd->in->obj.present)
            return xr_fail(rd, xr_line(rd),
                           "<%s>: several objectives (multi-objective "
                           "optimisation) are not supported%s",
                           n, "");
        if (read_objective(rd, empty)) return -1;
    }
    return t == N_END ? 0 : -1;
}

static int read_annotations(reader *rd) {
    int line = xr_line(rd), empty, t;
    if (xr_no_attrs(rd, "annotations")) return -1;
    while ((t = xr_next_child(rd, "annotations", line, &empty)) == N_START) {
        const char *n = xr_name(rd);
        if (strcmp(n, "decision"))
            return xr_fail(rd, xr_line(rd), "<%s> inside <annotations>: not supported (only %s)", n,
                           "<decision>, as in XCSP3-core");
        if (xr_no_attrs(rd, "decision") || xr_child_text(rd, "decision", empty)) return -1;
        xcsp_con holder = {.aux = -1};
        xcsp_list l = {0};
        int r = xr_terms(rd, &holder, rd->text ? rd->text : "", rd->tlen, rd->text_line, "decision",
                         XR_VARS, &l);
        xcsp_inst *in = rd->in;
        for (int i = 0; !r && i < l.n; i++) {
            in->decision = xrealloc(in->decision, (size_t)in->ndecision * sizeof(int),
                                    (size_t)(in->ndecision + 1) * sizeof(int));
            in->decision[in->ndecision++] = l.t[i].v;
        }
        if (l.t) FREEN(l.t, (size_t)l.n);
        xcsp_con_free(&holder);
        if (r) return -1;
    }
    return t == N_END ? 0 : -1;
}

/* ==== the document ================================================================= */

static int read_instance(reader *rd) {
    int empty, t = xr_next(rd, &empty);
    if (t == N_EOF) return xr_fail(rd, 1, "%s%s", "empty file: expected an XCSP3 <instance>", "");
    if (t != N_START)
        return t == N_ERR ? -1
                          : xr_fail(rd, xr_line(rd), "%s%s", "expected an XCSP3 <instance>", "");
    if (strcmp(xr_name(rd), "instance"))
        return xr_fail(rd, xr_line(rd), "<%s>: expected an XCSP3 <instance> as the root%s",
                       xr_name(rd), "");
    static const char *const allowed[] = {"format", "type", NULL};
    char fbuf[128], tbuf[128];
    int line = xr_line(rd);
    if (xr_only_attrs(rd, "instance", allowed)) return -1;
    const char *format = attr(rd, "format", fbuf, sizeof fbuf);
    const char *type = attr(rd, "type", tbuf, sizeof tbuf);
    if (!format || strcmp(format, "XCSP3"))
        return xr_fail(rd, line, "<instance>: format=\"%s\" (expected %s)", format ? format : "",
                       "XCSP3");
    if (!type || (strcmp(type, "CSP") && strcmp(type, "COP")))
        return xr_fail(rd, line, "<instance>: type=\"%s\" is not supported (only %s)",
                       type ? type : "", "CSP and COP, as in XCSP3-core");
    int cop = !strcmp(type, "COP");
    int seen_vars = 0, seen_cons = 0, seen_obj = 0, seen_ann = 0, root_empty = empty;
    while (!root_empty) {
        t = xr_next(rd, &empty);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !xr_blank(v, strlen(v)))
                return xr_fail(rd, xr_line(rd), "<instance>: text %s%s", "outside its elements",
                               "");
            continue;
        }
        if (t != N_START)
            return t == N_EOF
                       ? xr_fail(rd, xr_line(rd), "<instance>: %s%s", "the file ends inside it", "")
                       : -1;
        const char *n = xr_name(rd);
        if (!strcmp(n, "variables") && !seen_vars && !seen_cons) {
            seen_vars = 1;
            if (xr_no_attrs(rd, "variables") || (!empty && read_variables(rd))) return -1;
        } else if (!strcmp(n, "constraints") && !seen_cons && !seen_obj && !seen_ann) {
            seen_cons = 1;
            if (xr_no_attrs(rd, "constraints") || (!empty && xr_constraints(rd))) return -1;
        } else if (!strcmp(n, "objectives") && !seen_obj && !seen_ann) {
            if (!cop)
                return xr_fail(rd, xr_line(rd),
                               "<objectives> in an instance of type=\"CSP\" "
                               "(expected %s)%s",
                               "type=\"COP\"", "");
            seen_obj = 1;
            if (!empty && read_objectives(rd)) return -1;
        } else if (!strcmp(n, "annotations") && !seen_ann) {
            seen_ann = 1;
            if (!empty && read_annotations(rd)) return -1;
        } else {
            return xr_fail(rd, xr_line(rd), "<%s> inside <instance>: not supported (only %s)", n,
                           "<variables>, <constraints>, <objectives>, <annotations> in this order");
        }
    }
    if (cop && !rd->in->obj.present)
        return xr_fail(rd, line, "<instance type=\"COP\">: %s%s",
                       "no objective (expected <objectives> with one <minimize> or <maximize>)",
                       "");
    for (;;) { /* nothing but comments after the root */
        t = xr_next(rd, &empty);
        if (t == N_EOF) return 0;
        if (t == N_ERR) return -1;
        return xr_fail(rd, xr_line(rd), "%s%s", "content after </instance>", "");
    }
}

/* Swallows libxml2's context-free messages (see xcsp_read). */
static void quiet_xml(void *ctx, const char *fmt, ...) { (void)ctx, (void)fmt; }

/* The read proper, libxml2's raw messages silenced (xcsp_read). */
static xcsp_inst *read_guarded(const char *buf, size_t len, const char *path, diag *d) {
    if (xr_guard(buf, len, path, d)) return NULL;
    xcsp_inst *in = NEWN(1, xcsp_inst);
    in->path = xstrdup(path);
    in->obj.c.aux = -1;
    reader rd = {.in = in, .path = path, .d = d};
    /* no network, no DTD loading, no entity substitution; line numbers
     * past 65535 (BIG_LINES).  HUGE lifts the 10 MB limit of a text node
     * (tables), and with it libxml2's entity amplification guard: safe
     * since xr_guard refused every document type (no entity is declared,
     * none expands) and every long tag, and the lexer caps the input. */
    rd.r = xmlReaderForMemory(buf, (int)len, NULL, NULL,
                              XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_BIG_LINES |
                                  XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
    if (!rd.r) xmalloc_fail("libxml2", 0); /* it fails only for want of memory */
    xmlTextReaderSetStructuredErrorHandler(rd.r, on_xml_error, &rd);
    int r = read_instance(&rd);
    xmlFreeTextReader(rd.r);
    if (rd.text) FREEN(rd.text, rd.tcap);
    if (rd.vars) FREEN(rd.vars, rd.vcap);
    if (rd.mark) FREEN(rd.mark, (size_t)(in->nvars ? in->nvars : 1));
    if (rd.mark_pos) FREEN(rd.mark_pos, (size_t)(in->nvars ? in->nvars : 1));
    if (r) {
        xcsp_inst_free(in);
        return NULL;
    }
    xcsp_drop_free(in);
    return in;
}

xcsp_inst *xcsp_read(const char *buf, size_t len, const char *path, diag *d) {
    if (len > (size_t)2147483647) {
        diag_at(d, path, 0, 0, "file too large");
        return NULL;
    }
    /* a UTF-8 byte order mark is UTF-8 (libxml2 reads it as such) */
    size_t i = len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
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
    /* libxml2 prints the errors it raises outside a parser context (an
     * encoding's conversion failing) raw on stderr, three lines for one
     * bad byte: silenced for the read, whose own handlers report each
     * error once, as one line with file:line:column */
    xmlGenericErrorFunc old_fn = xmlGenericError;
    void *old_ctx = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    xcsp_inst *in = read_guarded(buf, len, path, d);
    xmlSetGenericErrorFunc(old_ctx, old_fn);
    return in;
}
