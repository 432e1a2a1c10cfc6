/* xcsp_read.c - reads an XCSP3-core instance with libxml2's streaming
 * reader (xmlTextReader): one node at a time, never the whole document
 * tree, so memory is the file's bytes (held by the lexer) plus the model.
 * No recursion: <block>s only change a depth counter.  This file: the
 * reader itself, the document (<instance>) and the variables; the
 * constraints are in xcsp_cons.c and xcsp_group.c.
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
#include "xcsp_reader.h"

/* ==== the reader ================================================================ */

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

/* Checks the attributes of the current element: those in allowed are
 * returned in val (copied into buf, NULL when absent); id, note and class
 * are always allowed (ignored unless listed); any other is refused. */
int xr_attributes(reader *rd, const char *elem, const char *const *allowed, const char **val,
                  char buf[MAX_ATTRS][128]) {
    for (int i = 0; allowed[i]; i++) val[i] = NULL;
    int line = xr_line(rd);
    if (xmlTextReaderMoveToFirstAttribute(rd->r) != 1) return 0;
    do {
        const char *n = xr_name(rd), *v = (const char *)xmlTextReaderConstValue(rd->r);
        int k = -1;
        for (int i = 0; allowed[i]; i++)
            if (!strcmp(allowed[i], n)) k = i;
        if (k >= 0) {
            if (v && strlen(v) >= 128) {
                xmlTextReaderMoveToElement(rd->r);
                return xr_fail(rd, line, "<%s>: the value of %s is longer than 127 characters",
                               elem, n);
            }
            snprintf(buf[k], 128, "%s", v ? v : "");
            val[k] = buf[k];
        } else if (strcmp(n, "id") && strcmp(n, "note") && strcmp(n, "class") &&
                   strncmp(n, "xmlns", 5)) {
            char what[160];
            snprintf(what, sizeof what, "%.40s=\"%.60s\"", n, v ? v : "");
            xmlTextReaderMoveToElement(rd->r);
            return xr_fail(rd, line, "<%s>: attribute %s is not supported", elem, what);
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
        return xr_fail(rd, line, "more than %s variables (the supported maximum)%s", n, "");
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
    int line = xr_line(rd);
    if (xr_attributes(rd, "var", allowed, val, buf)) return -1;
    if (!val[0]) return xr_fail(rd, line, "<var>: the attribute %s is missing%s", "id", "");
    if (val[1] && strcmp(val[1], "integer"))
        return xr_fail(rd, line, "<var>: type=\"%s\" is not supported (only %s)", val[1],
                       "integer");
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
    if (xr_child_text(rd, "var", empty)) return -1;
    xcsp_scan sc;
    xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line);
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
    int line = xr_line(rd);
    /* the attribute may be long: read it apart */
    xmlChar *fo = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"for");
    if (xr_attributes(rd, "domain", allowed, val, buf)) {
        xmlFree(fo);
        return -1;
    }
    if (!fo) return xr_fail(rd, line, "<domain>: the attribute %s is missing%s", "for", "");
    if (xr_child_text(rd, "domain", empty)) {
        xmlFree(fo);
        return -1;
    }
    int lo;
    csp_dom dom;
    xcsp_scan sc;
    char who[200];
    snprintf(who, sizeof who, "<domain for=\"%.100s\"> of %s", (const char *)fo, a->id);
    xcsp_scan_init(&sc, rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line);
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
            return xr_fail(rd, line, "<domain for>: %s is not a cell of array %s", name, a->id);
        }
        if (set[cell]) {
            char name[160];
            xcsp_var_name(in, v, name, sizeof name);
            return xr_fail(rd, line, "<domain for>: %s already has a domain%s", name, "");
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
    int line = xr_line(rd);
    if (xr_attributes(rd, "array", allowed, val, buf)) return -1;
    if (!val[0]) return xr_fail(rd, line, "<array>: the attribute %s is missing%s", "id", "");
    if (!val[1])
        return xr_fail(rd, line, "<array id=\"%s\">: the attribute %s is missing", val[0], "size");
    if (val[2] && strcmp(val[2], "integer"))
        return xr_fail(rd, line, "<array>: type=\"%s\" is not supported (only %s)", val[2],
                       "integer");
    if (val[3] && strcmp(val[3], "0"))
        return xr_fail(rd, line,
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
        int e, t = xr_next(rd, &e);
        if (t == N_TEXT) {
            xr_take_text(rd);
        } else if (t == N_START && !strcmp(xr_name(rd), "domain")) {
            has_domains = 1;
            /* keep the array's own text apart: read_cell_domain uses rd->text */
            if (!xr_blank(rd->text ? rd->text : "", rd->tlen)) break;
            if (read_cell_domain(rd, ai, set, e)) {
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
    const xcsp_array *pa = &in->arrays[ai];
    if (!ret && has_domains && !xr_blank(rd->text ? rd->text : "", rd->tlen))
        ret =
            xr_fail(rd, rd->text_line, "<array id=\"%s\">: %s", pa->id,
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
            ret = xr_fail(rd, line,
                          "<array>: cell %s has no domain (no <domain for> lists it and %s)", name,
                          "there is no for=\"others\"");
        }
    FREEN(set, (size_t)pa->ncells);
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
                           "<var> and <array> of integer variables");
        }
    }
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
    const char *val[2];
    char buf[MAX_ATTRS][128];
    int line = xr_line(rd);
    if (xr_attributes(rd, "instance", allowed, val, buf)) return -1;
    if (!val[0] || strcmp(val[0], "XCSP3"))
        return xr_fail(rd, line, "<instance>: format=\"%s\" (expected %s)", val[0] ? val[0] : "",
                       "XCSP3");
    if (!val[1] || strcmp(val[1], "CSP"))
        return xr_fail(rd, line, "<instance>: type=\"%s\" is not supported (only %s)",
                       val[1] ? val[1] : "", "CSP: satisfaction, no objective");
    int seen_vars = 0, seen_cons = 0, root_empty = empty;
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
            if (!empty && read_variables(rd)) return -1;
        } else if (!strcmp(n, "constraints") && !seen_cons) {
            seen_cons = 1;
            if (!empty && xr_constraints(rd)) return -1;
        } else if (!strcmp(n, "objectives")) {
            return xr_fail(rd, xr_line(rd),
                           "<objectives>: optimization (a COP) is not supported (only %s)%s",
                           "satisfaction: CSP", "");
        } else {
            return xr_fail(rd, xr_line(rd), "<%s> inside <instance>: not supported (only %s)", n,
                           "<variables> then <constraints>");
        }
    }
    for (;;) { /* nothing but comments after the root */
        t = xr_next(rd, &empty);
        if (t == N_EOF) return 0;
        if (t == N_ERR) return -1;
        return xr_fail(rd, xr_line(rd), "%s%s", "content after </instance>", "");
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
