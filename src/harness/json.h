/* json.h - a small JSON reader for the run-context records
 * (RESULTS.context.jsonl): one object per line, kept as an ordered list of
 * members whose values stay the JSON text of the input ("raw"), so that a
 * record read and written back keeps every member it had, known or not
 * (line breaks and tabs between the tokens of a value become spaces).
 *
 * Values are checked against the JSON grammar (RFC 8259: strings with
 * their escapes, numbers, true, false, null, arrays and objects nested up
 * to JSON_MAX_DEPTH); a bad one is an error naming NAME:LINE:COL and what
 * was expected.  Ownership: a json_object owns its keys and raw values
 * (xmalloc'd).
 */
#ifndef SEARCHLAB_HARNESS_JSON_H
#define SEARCHLAB_HARNESS_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "../core/diag.h"

enum { JSON_MAX_DEPTH = 32 };

typedef struct json_member {
    char *key; /* decoded */
    char *raw; /* the value's JSON text, as in the input */
} json_member;

typedef struct json_object {
    json_member *m;
    size_t n, cap;
} json_object;

/* Parses text[0..len) as one JSON object (surrounding white space
 * allowed) into o (which must be empty).  name and line are used in
 * messages (columns count from 1 at text[0]).  0, or -1 with d. */
int json_parse_object(const char *name, int line, const char *text, size_t len, json_object *o,
                      diag *d);
void json_object_free(json_object *o);

/* The raw value of key, or NULL when o has no such member. */
const char *json_get(const json_object *o, const char *key);
/* Sets key to the raw JSON text raw: replaces the value in place when the
 * key is there, appends it otherwise.  raw must be valid JSON. */
void json_set(json_object *o, const char *key, const char *raw);
/* Appends key (which o must not have yet: not checked, so that copying a
 * record of n members takes n steps, not n^2). */
void json_append(json_object *o, const char *key, const char *raw);
/* json_set with a string value (quoted and escaped here). */
void json_set_string(json_object *o, const char *key, const char *value);

/* If raw is a JSON string, its decoded text (owned: xstrfree) with \uXXXX
 * turned into UTF-8; NULL otherwise.  raw must come from json_parse_object
 * (valid JSON). */
char *json_string_value(const char *raw);

/* The elements of the JSON array raw (valid JSON, as json_parse_object
 * keeps it) as raw texts: *items holds *n owned strings (when *n > 0:
 * xstrfree each, then FREEN(*items, *n); *items is NULL when *n is 0).
 * -1 if raw is no array. */
int json_array_items(const char *raw, char ***items, size_t *n);

/* Writes o as one line: {"key": raw, ...} and a '\n'. */
void json_write_line(const json_object *o, FILE *out);

#endif
