/* textout.h - the one place that escapes text for machine output: JSON
 * strings and CSV fields (CSV and JSON for machines come from one module). */
#ifndef SEARCHLAB_CORE_TEXTOUT_H
#define SEARCHLAB_CORE_TEXTOUT_H

#include <stdio.h>

/* The length (2..4) of the well-formed UTF-8 sequence of a lead byte >=
 * 0x80 at s (s readable up to a NUL or the sequence's end), or 0. */
int text_utf8_len(const unsigned char *s);
/* s as a JSON string, quotes included ("" for NULL): `"` and `\` escaped,
 * control bytes as \u00XX, a byte that starts no well-formed UTF-8
 * sequence as \ufffd (the output is always valid UTF-8). */
void text_json_string(FILE *out, const char *s);
/* s as one CSV field (RFC 4180): quoted, with `"` doubled, when it holds a
 * comma, a quote, a line break or a leading space; as is otherwise. */
void text_csv_field(FILE *out, const char *s);

#endif
