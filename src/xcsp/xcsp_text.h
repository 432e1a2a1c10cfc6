/* xcsp_text.h - scanning the text of XCSP3 elements (xcsp_text.c): line
 * numbers within a text, tokens, integers, domains as intervals, and the
 * tuples of <supports>/<conflicts>.  Every error names the file and the
 * line of the offending token. */
#ifndef SEARCHLAB_XCSP_XCSP_TEXT_H
#define SEARCHLAB_XCSP_XCSP_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"
#include "xcsp_inst.h"
#include "xcsp_lines.h"

typedef struct xcsp_scan {
    const char *s, *end; /* what is left */
    xcsp_lines lines;    /* of the whole text */
    const char *path;
} xcsp_scan;
void xcsp_scan_init(xcsp_scan *sc, const char *text, size_t len, const char *path, int line);
/* Line of position at (xcsp_line_of). */
int xcsp_scan_line(xcsp_scan *sc, const char *at);
/* Skips blanks; returns 1 if a token is left. */
int xcsp_scan_more(xcsp_scan *sc);
/* The next blank-separated token. */
size_t xcsp_scan_token(xcsp_scan *sc, const char **tok);
/* 1 for ' ', '\t', '\n', '\r'. */
int xcsp_blank(char c);
/* Reads an optional sign and digits at *p (< end); 1 with *v (saturated
 * beyond 2^62) if there were digits. */
int xcsp_read_int(const char **p, const char *end, int64_t *v);
/* Parses a whole integer token with |v| <= limit; -1 with d naming what. */
int xcsp_parse_int(const char *tok, size_t len, int64_t limit, int64_t *v, const char *what,
                   xcsp_scan *sc, diag *d);
/* At most 60 printable characters of a token, for messages. */
const char *xcsp_show(const char *tok, size_t len, char *buf, size_t size);

/* A growing list of intervals [lo, hi] (a domain being read). */
typedef struct xcsp_ivals {
    int64_t *v; /* 2 per interval */
    size_t n, cap;
} xcsp_ivals;
/* Parses a domain of integers ("0 2 9 14", "1..9", mixed) into iv
 * (sorted, disjoint, adjacent intervals merged); who names the element in
 * messages (<var id="x">).  Values lie in XCSP_MIN_VALUE..XCSP_MAX_VALUE. */
int xcsp_parse_domain(xcsp_scan *sc, const char *who, xcsp_ivals *iv, diag *d);
/* Sorts and merges the intervals of iv. */
void xcsp_ivals_normalize(xcsp_ivals *iv);
void xcsp_ivals_free(xcsp_ivals *iv);

/* Symbols of tuples (symbolic variables): the id of a symbol, or -1. */
typedef int (*xcsp_symbol_fn)(void *ctx, const char *name, size_t len);
/* 1 when tuple is a row of t, whose rows are sorted (t->sorted): a
 * binary search, the check of an <extension> posted as a checker. */
int xcsp_table_has_sorted(const xcsp_table *t, const int *tuple);
/* Parses the rows of <supports>/<conflicts> for t->arity into t; sym (may
 * be NULL) resolves symbols.  A row with a value no variable can take (an
 * unknown symbol, beyond 32 bits) can never match and is left out. */
int xcsp_parse_tuples(xcsp_scan *sc, const char *elem, xcsp_table *t, xcsp_symbol_fn sym, void *ctx,
                      diag *d);

#endif
