/* xcsp_reader.h - what the three files of the XCSP3 reader share: the
 * reader over libxml2's xmlTextReader and its helpers (xcsp_read.c: the
 * document and the variables), the lists and constraint makers
 * (xcsp_cons.c: the constraints), and <group> (xcsp_group.c).  Internal to
 * the xcsp puzzle; every message goes through xr_fail (file:line, the
 * element, what is supported). */
#ifndef SEARCHLAB_XCSP_XCSP_READER_H
#define SEARCHLAB_XCSP_XCSP_READER_H

#include <libxml/xmlreader.h>

#include "xcsp.h"

#define MAX_ATTRS 4

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

enum { N_EOF = 0, N_START, N_END, N_TEXT, N_ERR = -1 };

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

/* The parts of an <extension> or <allDifferent>/<instantiation>: the
 * texts of its children (list, and supports/conflicts or values). */
typedef struct parts {
    char *list, *rows;
    size_t list_len, rows_len;
    int list_line, rows_line, positive, has_rows, nlists;
    int matrix; /* allDifferent: the list is a <matrix> */
} parts;

/* ---- the reader (xcsp_read.c) ---- */

/* The line of the current node. */
int xr_line(const reader *rd);
/* Sets the one message (the first failure wins) and returns -1; fmt has
 * two %s for a and b. */
int xr_fail(reader *rd, int line, const char *fmt, const char *a, const char *b);
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
/* The text of an element of text only, empty elements too (rd->text_line
 * set either way). */
int xr_child_text(reader *rd, const char *name, int empty);
/* Checks the attributes of the current element: the allowed ones are
 * returned in val (copied into buf); id, note and class are ignored; any
 * other is refused. */
int xr_attributes(reader *rd, const char *elem, const char *const *allowed, const char **val,
                  char buf[MAX_ATTRS][128]);

/* ---- lists and constraints (xcsp_cons.c) ---- */

/* Splits a list into items (references expanded; params: %k and %...
 * allowed; consts: integers allowed). */
int xr_items(reader *rd, const char *text, size_t tlen, int line, const char *elem, int params,
             int consts, items *out);
void xr_items_free(items *it);
/* The variables of items (all must be variables); NULL after xr_fail. */
int *xr_vars_of(reader *rd, const items *it, int line, const char *elem);
/* The constraint makers, shared by plain constraints and groups. */
int xr_add_alldiff(reader *rd, const items *it, int line);
int xr_add_extension(reader *rd, int table, const items *it, int line);
int xr_add_intension(reader *rd, int prog, const items *it, int line);
xcsp_prog *xr_new_prog(xcsp_inst *in, int *index);
/* Resolves a variable of a plain intension (xcsp_resolve_fn). */
int xr_resolve_var(void *ctx, const char *name, size_t len, int line, int *var, diag *d);
/* The predicate text of <intension> (or of its <function>) into rd->text. */
int xr_intension_text(reader *rd, int empty, int *line);
/* The children of <extension> ('e'), <allDifferent> ('a') or
 * <instantiation> ('i'). */
int xr_parts(reader *rd, const char *elem, int kind, int empty, parts *p);
void xr_parts_free(parts *p);
/* Parses the rows of p for arity into a new table; returns its index. */
int xr_new_table(reader *rd, const parts *p, int arity, int line);
/* The children of <constraints> (blocks included). */
int xr_constraints(reader *rd);

/* ---- groups (xcsp_group.c) ---- */

int xr_group(reader *rd, int empty);

#endif
