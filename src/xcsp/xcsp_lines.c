/* xcsp_lines.c - line numbers within an element's text (see
 * xcsp_lines.h): a cursor that counts newlines forward from the last
 * position asked. */
#include "xcsp_lines.h"

void xcsp_lines_init(xcsp_lines *l, const char *text, size_t len, int line) {
    l->base = l->at = text;
    l->end = text + len;
    l->line0 = l->line = line;
}

int xcsp_line_of(xcsp_lines *l, const char *at) {
    if (at > l->end) at = l->end;
    if (at < l->at) l->at = l->base, l->line = l->line0;
    for (; l->at < at; l->at++) l->line += *l->at == '\n';
    return l->line;
}
