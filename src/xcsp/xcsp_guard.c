/* xcsp_guard.c - what the XCSP3 reader checks before libxml2's streaming
 * reader builds a node: the document's encoding, its document type, and
 * the size of each piece of markup.  Each check is a rule that holds for
 * the whole document, so that the reader (xcsp_read.c) may parse with
 * XML_PARSE_HUGE (text nodes over 10 MB: big tables) at no risk:
 *
 *  - Encoding and document type, from libxml2's own view: a SAX pass over
 *    the prolog (the same decoding as the reader's, libxml2's amplification
 *    guard on, no XML_PARSE_HUGE) stops at the first element.  It refuses a
 *    declared encoding other than UTF-8, US-ASCII and ISO-8859-1 (the
 *    encodings of XCSP3 files; a UTF-8 byte order mark is UTF-8), and any
 *    document type declaration (<!DOCTYPE>, so no <!ENTITY> can follow)
 *    the moment libxml2 reports it, before its internal subset is read:
 *    no entity is ever declared, so none can expand.  A byte search would
 *    miss `<!` spelt in another encoding (UTF-7's `+ADw-!`).
 *
 *  - The markup's size, in one linear pass over the bytes, first (the SAX
 *    pass parses the first element, whose attributes are quadratic too);
 *    faithful in the three encodings accepted, where '<', '>', quotes and
 *    '=' are their ASCII bytes, and in any other a pass that only bounds
 *    work, before the encoding is refused: a tag, comment, processing
 *    instruction or CDATA section of at most XCSP_MAX_MARKUP bytes, an
 *    element of at most XCSP_MAX_ATTRS attributes.  libxml2 2.9 takes
 *    quadratic time on both: the streaming reader feeds its parser 512
 *    bytes at a time, and once more than 10 MB wait unparsed every chunk
 *    scans back over the whole unfinished token (xmlParseGetLasts: a 12 MB
 *    attribute or comment took 45-57 s); and the check for duplicate
 *    attributes compares each attribute with every earlier one (200,000
 *    attributes took 211 s).  With the bounds, each 512-byte chunk costs at
 *    most XCSP_MAX_MARKUP bytes of scanning: linear in the file. */
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_reader.h"

/* ==== encoding and document type: a SAX pass over the prolog ==================== */

typedef struct guard {
    const char *path;
    diag *d;
    int failed, done;
} guard;

/* The encodings XCSP3 files use (case-insensitive names as libxml2 knows
 * them); NULL (no declaration, or a BOM) is UTF-8. */
static int encoding_ok(const char *enc) {
    static const char *const ok[] = {"UTF-8",      "UTF8",   "US-ASCII",    "ASCII",
                                     "ISO-8859-1", "LATIN1", "ISO-LATIN-1", "ISO_8859-1",
                                     "ISO8859-1",  NULL};
    if (!enc) return 1;
    for (int i = 0; ok[i]; i++)
        if (!xmlStrcasecmp((const xmlChar *)enc, (const xmlChar *)ok[i])) return 1;
    return 0;
}

/* Stops the pass with a message (the first wins). */
static void guard_fail(xmlParserCtxtPtr c, int line, const char *msg, const char *arg) {
    guard *g = c->_private;
    if (!g->failed) diag_at(g->d, g->path, line, 0, msg, arg);
    g->failed = 1;
    xmlStopParser(c);
}

/* The encoding the document declares (or that libxml2 detected). */
static void check_encoding(xmlParserCtxtPtr c) {
    guard *g = c->_private;
    if (g->failed || g->done) return;
    const char *enc = (const char *)(c->encoding                      ? c->encoding
                                     : c->input && c->input->encoding ? c->input->encoding
                                                                      : NULL);
    if (!encoding_ok(enc)) {
        char shown[48];
        size_t k = 0;
        for (const char *p = enc; *p && k + 1 < sizeof shown; p++)
            shown[k++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
        shown[k] = '\0';
        guard_fail(c, 1,
                   "encoding \"%s\" is not supported (XCSP3 files are UTF-8; also accepted: "
                   "US-ASCII, ISO-8859-1)",
                   shown);
    }
}

static void on_start_document(void *ctx) { check_encoding(ctx); }

static void on_internal_subset(void *ctx, const xmlChar *name, const xmlChar *ext,
                               const xmlChar *sys) {
    (void)name, (void)ext, (void)sys;
    xmlParserCtxtPtr c = ctx;
    check_encoding(c);
    guard_fail(c, xmlSAX2GetLineNumber(c),
               "document types (<!DOCTYPE>, <!ENTITY>) are not supported%s", "");
}

static void on_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *pub,
                           const xmlChar *sys, xmlChar *content) {
    (void)name, (void)type, (void)pub, (void)sys, (void)content;
    guard_fail(ctx, xmlSAX2GetLineNumber(ctx),
               "document types (<!DOCTYPE>, <!ENTITY>) are not supported%s", "");
}

/* The first element: the prolog is over, nothing to refuse. */
static void on_start_element(void *ctx, const xmlChar *local, const xmlChar *prefix,
                             const xmlChar *uri, int nns, const xmlChar **ns, int nattrs,
                             int ndefaulted, const xmlChar **attrs) {
    (void)local, (void)prefix, (void)uri, (void)nns, (void)ns, (void)nattrs, (void)ndefaulted,
        (void)attrs;
    xmlParserCtxtPtr c = ctx;
    check_encoding(c);
    ((guard *)c->_private)->done = 1;
    xmlStopParser(c);
}

/* Errors of the pass are left to the reader, which meets them again and
 * says where. */
static void on_error(void *ctx, xmlErrorPtr e) { (void)ctx, (void)e; }

/* The pass reads the buffer through this callback, a chunk at a time, so
 * that libxml2 holds only the prolog (never a copy of the file). */
typedef struct mem_in {
    const char *buf;
    size_t len, pos;
} mem_in;

static int mem_read(void *ctx, char *out, int size) {
    mem_in *m = ctx;
    size_t n = m->len - m->pos < (size_t)size ? m->len - m->pos : (size_t)size;
    memcpy(out, m->buf + m->pos, n);
    m->pos += n;
    return (int)n;
}

/* -1 with d when the encoding or a document type is refused. */
static int check_prolog(const char *buf, size_t len, const char *path, diag *d) {
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startDocument = on_start_document;
    sax.internalSubset = on_internal_subset;
    sax.entityDecl = on_entity_decl;
    sax.startElementNs = on_start_element;
    sax.serror = on_error;
    mem_in m = {buf, len, 0};
    /* the context copies sax; user data NULL: the callbacks get the context */
    xmlParserCtxtPtr c =
        xmlCreateIOParserCtxt(&sax, NULL, mem_read, NULL, &m, XML_CHAR_ENCODING_NONE);
    if (!c) xmalloc_fail("libxml2", 0); /* it fails only for want of memory */
    guard g = {path, d, 0, 0};
    c->_private = &g;
    /* no XML_PARSE_HUGE: libxml2's limits and amplification guard hold */
    xmlCtxtUseOptions(c, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
    xmlParseDocument(c);
    /* libxml2 builds a document of its own on an <!ENTITY> its SAX mode
     * still parses after a stop (xmlParseEntityDecl's "SAX compatibility"
     * document with a fake DTD) and leaves it to the caller (issue 37) */
    if (c->myDoc) xmlFreeDoc(c->myDoc), c->myDoc = NULL;
    xmlFreeParserCtxt(c);
    return g.failed ? -1 : 0;
}

/* ==== the size of the markup: one linear pass over the bytes ===================== */

/* 1-based line of buf + at. */
static int line_of(const char *buf, size_t at) {
    int line = 1;
    for (size_t i = 0; i < at; i++) line += buf[i] == '\n';
    return line;
}

/* The end (one past) of the markup that starts at buf[i] == '<', or len
 * when it does not end; *nattrs counts the '=' outside quotes of a tag. */
static size_t markup_end(const char *buf, size_t len, size_t i, long *nattrs) {
    *nattrs = 0;
    if (i + 4 <= len && !memcmp(buf + i, "<!--", 4)) {
        const char *e = NULL;
        for (size_t k = i + 4; k + 3 <= len && !e; k++)
            if (buf[k] == '-' && buf[k + 1] == '-' && buf[k + 2] == '>') e = buf + k + 3;
        return e ? (size_t)(e - buf) : len;
    }
    if (i + 9 <= len && !memcmp(buf + i, "<![CDATA[", 9)) {
        for (size_t k = i + 9; k + 3 <= len; k++)
            if (buf[k] == ']' && buf[k + 1] == ']' && buf[k + 2] == '>') return k + 3;
        return len;
    }
    if (i + 2 <= len && buf[i + 1] == '?') {
        for (size_t k = i + 2; k + 2 <= len; k++)
            if (buf[k] == '?' && buf[k + 1] == '>') return k + 2;
        return len;
    }
    /* a tag (or a declaration): '>' outside quoted values ends it */
    char quote = 0;
    for (size_t k = i + 1; k < len; k++) {
        char ch = buf[k];
        if (quote) {
            if (ch == quote) quote = 0;
        } else if (ch == '"' || ch == '\'') {
            quote = ch;
        } else if (ch == '=') {
            ++*nattrs;
        } else if (ch == '>') {
            return k + 1;
        }
    }
    return len;
}

/* -1 with d when a piece of markup is longer than XCSP_MAX_MARKUP bytes
 * or an element has more than XCSP_MAX_ATTRS attributes.  A markup that
 * does not end is left to libxml2 (it says so). */
static int check_markup(const char *buf, size_t len, const char *path, diag *d) {
    for (size_t i = 0; i < len;) {
        const char *lt = memchr(buf + i, '<', len - i);
        if (!lt) break;
        size_t at = (size_t)(lt - buf);
        long nattrs;
        size_t end = markup_end(buf, len, at, &nattrs);
        if (end - at > XCSP_MAX_MARKUP && end < len)
            return diag_at(d, path, line_of(buf, at), 0,
                           "a tag, comment or CDATA section of %zu bytes (at most %d: "
                           "long data belongs in the text of an element)",
                           end - at, XCSP_MAX_MARKUP);
        if (end - at > XCSP_MAX_MARKUP) /* unfinished: libxml2 says where it ends */
            return diag_at(d, path, line_of(buf, at), 0,
                           "a tag, comment or CDATA section that does not end (expected '>' "
                           "within %d bytes)",
                           XCSP_MAX_MARKUP);
        if (nattrs > XCSP_MAX_ATTRS)
            return diag_at(d, path, line_of(buf, at), 0,
                           "an element with %ld attributes (at most %d)", nattrs, XCSP_MAX_ATTRS);
        i = end;
    }
    return 0;
}

int xr_guard(const char *buf, size_t len, const char *path, diag *d) {
    /* the sizes first: the pass over the prolog parses the first element
     * (its attributes are quadratic too).  In an encoding it refuses, the
     * byte pass sees wrong markup or none: no harm, it only bounds work */
    if (check_markup(buf, len, path, d)) return -1;
    return check_prolog(buf, len, path, d);
}
