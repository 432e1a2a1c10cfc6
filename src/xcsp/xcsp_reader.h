/* xcsp_reader.h - what the files of the XCSP3 reader share: the reader
 * over libxml2's xmlTextReader (xcsp_read.c: the document, the variables,
 * the objective and annotations), a constraint element read whole with
 * its text-only children (xcsp_elem.c), the parsers of lists of terms and
 * conditions the element families use (xcsp_terms.c), the walk over
 * <constraints>, <block>, <group> and <slide> (xcsp_group.c).  Internal to
 * the front end; every message goes through xr_fail (file:line, the
 * element, what is supported). */
#ifndef SEARCHLAB_XCSP_XCSP_READER_H
#define SEARCHLAB_XCSP_XCSP_READER_H

#include <libxml/xmlreader.h>

#include "xcsp_family.h"
#include "xcsp_inst.h"
#include "xcsp_names.h"
#include "xcsp_text.h"

typedef struct reader {
    xmlTextReaderPtr r;
    xcsp_inst *in;
    const char *path;
    diag *d;
    int failed;
    int tmpl;              /* reading a template of a <group> or <slide>: %k allowed */
    const char *expr_elem; /* the element of the expression being compiled */
    /* text of the current element */
    char *text;
    size_t tlen, tcap;
    int text_line;
    /* scratch lists */
    int *vars;
    size_t nvars, vcap;
    int *mark; /* nvars entries: stamp of the constraint whose scope holds the variable */
    int *mark_pos;
    int stamp;
    /* the open elements (names cut at 31 bytes), for "the file ends
     * inside <x>" */
    char open[XCSP_MAX_DEPTH + 2][32];
    int nopen;
} reader;

enum { N_EOF = 0, N_START, N_END, N_TEXT, N_ERR = -1 };

/* ---- before the reader (xcsp_guard.c) ---- */

/* Refuses, with d, what the reader must never parse: an encoding other
 * than UTF-8, US-ASCII or ISO-8859-1, a document type (<!DOCTYPE>), a tag,
 * comment or CDATA section over XCSP_MAX_MARKUP bytes, an element of over
 * XCSP_MAX_ATTRS attributes.  0 or -1. */
int xr_guard(const char *buf, size_t len, const char *path, diag *d);

/* ---- the reader (xcsp_read.c) ---- */

/* The line of the current node. */
int xr_line(const reader *rd);
/* Sets the one message (the first failure wins) and returns -1; fmt has
 * two %s for a and b. */
int xr_fail(reader *rd, int line, const char *fmt, const char *a, const char *b);
/* The same with any printf format (the first failure wins). */
int xr_failf(reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The name of the current node. */
const char *xr_name(const reader *rd);
/* The next significant node: N_START (empty elements: *empty = 1, no
 * N_END follows), N_END, N_TEXT (CDATA included), N_EOF or N_ERR;
 * comments, blanks and processing instructions are skipped. */
int xr_next(reader *rd, int *empty);
/* Appends the current text node to rd->text. */
void xr_take_text(reader *rd);
/* 1 if s[0..n) is only blanks. */
int xr_blank(const char *s, size_t n);
/* Reads the rest of the current element as text only (rd->text). */
int xr_text_only(reader *rd, const char *elem);
/* Refuses any attribute of the current element but id, note, class
 * (and those in allowed, NULL-terminated). */
int xr_no_attrs(reader *rd, const char *elem);
int xr_only_attrs(reader *rd, const char *elem, const char *const *allowed);
/* The next child element of elem (started at line): N_START (*empty
 * set), N_END at its end, -1 after a message (text outside the children,
 * the end of the file). */
int xr_next_child(reader *rd, const char *elem, int line, int *empty);
/* The text of an element of text only, empty elements too (rd->text_line
 * set either way). */
int xr_child_text(reader *rd, const char *name, int empty);

/* ---- one element read whole (xcsp_elem.c) ---- */

typedef struct xr_attr {
    char *name, *value;
    int used;
} xr_attr;

/* A text-only child of a constraint element (<list>, <coeffs>, ...). */
typedef struct xr_kid {
    char name[32];
    int line;   /* of its start tag */
    char *text; /* its text, NUL-terminated */
    size_t len;
    int text_line; /* where the text starts */
    xr_attr *attrs;
    int nattrs, used;
} xr_kid;

/* A constraint element: its attributes, its own text (the simplified
 * forms: <allDifferent> x y z </allDifferent>) and its children. */
typedef struct xr_elem {
    char name[32];
    int line;
    xr_attr *attrs;
    int nattrs;
    char *text;
    size_t len;
    int text_line, text_used;
    xr_kid *kids;
    int nkids;
    size_t kids_cap;
} xr_elem;

/* Reads the current element (started; empty or not) whole; on a failure
 * e is left empty (freed: nothing to free). */
int xr_read_elem(reader *rd, int empty, xr_elem *e);
void xr_elem_free(xr_elem *e);
/* The next unused child called name (marked used), or NULL. */
xr_kid *xr_kid_get(xr_elem *e, const char *name);
/* The value of attribute name of the element (kid NULL) or of a child
 * (marked used), or NULL. */
const char *xr_attr_get(xr_elem *e, xr_kid *kid, const char *name);
/* After a family's parse: a child or attribute it did not use is refused
 * (file:line, the element, what it takes). */
int xr_elem_done(reader *rd, xr_elem *e, const char *takes);
/* The text of the element (its own, or of its one <list> child when it
 * has no own text), for the forms that allow both; NULL with a message
 * when there is none. */
const char *xr_main_list(reader *rd, xr_elem *e, size_t *len, int *line, xr_kid **kid);

/* ---- terms and conditions (xcsp_terms.c) ---- */

/* What a list of terms may hold. */
enum {
    XR_VARS = 1,     /* variables (references expand) */
    XR_CONSTS = 2,   /* integers */
    XR_EXPRS = 4,    /* expressions such as add(x,1) */
    XR_RANGES = 8,   /* intervals a..b */
    XR_SYMBOLS = 16, /* symbols of symbolic domains (as constants) */
    XR_SETS = 32     /* sets {a,b,...} of integers (<args>): each a new list of c,
                        the term XT_SET with v its index in c->lists */
};
/* Parses a list of terms of the kinds in what (and %k / %... in a
 * template) into *out (appended), expressions into c->exprs.  elem names
 * the element in messages. */
int xr_terms(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem,
             int what, xcsp_list *out);
/* The same on a child: its text; a missing child fails with "expected
 * <name>" when required, else leaves out empty. */
int xr_kid_terms(reader *rd, xcsp_con *c, xr_elem *e, const char *name, int what, int required,
                 xcsp_list *out);
/* Parses rows "(a,b,...)(c,d,...)" of terms, one new list of c per row;
 * returns the number of rows or -1. */
int xr_rows(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem,
            int what);
/* A <matrix> kid: rows (a,b,...)(...) of what, or one reference to a
 * two-dimensional array x[][] split by rows (xcsp_matrix.c); one list of
 * c per row.  0 or -1 after xr_fail. */
int xr_matrix(reader *rd, xcsp_con *c, xr_kid *k, int what);
/* Appends a list to c and returns it (zeroed). */
xcsp_list *xr_add_list(xcsp_con *c);
/* Parses a condition "(op,operand)" into c->cond: operand an integer, a
 * variable, an interval a..b or a set {a,b,...} (in and notin only). */
int xr_cond(reader *rd, xcsp_con *c, const char *text, size_t len, int line, const char *elem);
int xr_kid_cond(reader *rd, xcsp_con *c, xr_elem *e, const char *name);
/* c->set = the sorted distinct values of v[0..n) (v is sorted in place). */
void xr_set(xcsp_con *c, int64_t *v, int n);
/* An operator name (lt le ge gt eq ne in notin) -> enum xcsp_condop, 0. */
int xr_condop(const char *s, size_t len);
/* A whole integer (attribute or child text) with |v| <= limit. */
int xr_int(reader *rd, const char *s, size_t len, int line, int64_t limit, const char *what,
           int64_t *v);
/* A Boolean attribute ("true"/"false"), default def when absent. */
int xr_bool(reader *rd, xr_elem *e, xr_kid *kid, const char *name, int def, int *out);
/* <operator> lt|le|ge|gt of e into c->opt[0]. */
int xr_operator(reader *rd, xr_elem *e, xcsp_con *c);
/* The rank attribute of an <index> kid (of e itself when k is NULL): any
 * 0, first 1, last 2. */
int xr_rank(reader *rd, xr_elem *e, xr_kid *k, int64_t *rank);
/* An integer attribute attr of kid k (of e when k is NULL) such as
 * startIndex, 0 when absent. */
int xr_start_index(reader *rd, xr_elem *e, xr_kid *k, const char *attr, int64_t *start);
/* Makes c concrete (a plain constraint, or a template once its <args> are
 * substituted): the scope from its variables, the totals against the
 * limits, then the family's own checks; line is where it comes from. */
int xr_finish(reader *rd, xcsp_con *c, int line);
/* Resolves a variable of an expression (xcsp_resolve_fn). */
int xr_resolve_var(void *ctx, const char *name, size_t len, int line, int *var, diag *d);
/* Resolves a symbol (xcsp_symbol_fn); xr_symbols: it, or NULL when the
 * instance has no symbolic variable (a name in a tuple is then an error). */
int xr_symbol(void *ctx, const char *name, size_t len);
xcsp_symbol_fn xr_symbols(const reader *rd);
/* A new program slot of the instance (its index in *index). */
xcsp_prog *xr_new_prog(xcsp_inst *in, int *index);

/* ---- constraints, groups, slides (xcsp_group.c) ---- */

/* The children of <constraints> (blocks included). */
int xr_constraints(reader *rd);

#endif
