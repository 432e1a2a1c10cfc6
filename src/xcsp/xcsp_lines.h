/* xcsp_lines.h - line numbers within the text of an XCSP3 element
 * (xcsp_lines.c), for the messages of the scanner (xcsp_text.h) and of the
 * expression compiler (xcsp_expr.h) alike; it depends on nothing else of
 * the front end. */
#ifndef SEARCHLAB_XCSP_XCSP_LINES_H
#define SEARCHLAB_XCSP_XCSP_LINES_H

#include <stddef.h>

/* Line numbers within an element's text.  A cursor: the line of at is
 * counted from the last position asked, so positions asked in increasing
 * order (the tokens of a list, one by one) cost one pass over the text
 * together; an earlier position recounts from the start. */
typedef struct xcsp_lines {
    const char *base, *end; /* the text */
    const char *at;         /* newlines counted up to here: base <= at <= end */
    int line0, line;        /* lines of base and of at */
} xcsp_lines;
void xcsp_lines_init(xcsp_lines *l, const char *text, size_t len, int line);
/* Line of position at (a position past the end counts as the end). */
int xcsp_line_of(xcsp_lines *l, const char *at);

#endif
