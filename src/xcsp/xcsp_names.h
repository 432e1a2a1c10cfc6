/* xcsp_names.h - the names of an XCSP3 instance (xcsp_names.c): ids of
 * <var>s and <array>s and the symbols of symbolic domains, array sizes,
 * compact references (x, x[3], x[2][], x[][3], x[0][1..4], x[][])
 * expanded row-major into variables, and the names of cells for output. */
#ifndef SEARCHLAB_XCSP_XCSP_NAMES_H
#define SEARCHLAB_XCSP_XCSP_NAMES_H

#include <stddef.h>

#include "../core/diag.h"
#include "xcsp_inst.h"

enum { XCSP_NAME_VAR, XCSP_NAME_ARRAY, XCSP_NAME_SYMBOL };

/* Declares a <var> or <array> id (checks it is new and well formed). */
int xcsp_declare(xcsp_inst *in, const char *id, int kind, int index, int line, diag *d);
/* Looks a variable or array id up: XCSP_NAME_VAR or XCSP_NAME_ARRAY with
 * *index, or -1. */
int xcsp_lookup(const xcsp_inst *in, const char *id, size_t len, int *index);
/* The id of symbol name[0..len), made when new (make) or -1 when unknown. */
int xcsp_symbol(xcsp_inst *in, const char *name, size_t len, int make);
/* Parses "[n][m]..." (the size attribute). */
int xcsp_parse_size(const char *s, xcsp_array *a, const char *path, int line, diag *d);
/* Expands one token of a compact list into variable indices appended to
 * *out (GROW'd); cells of a range without a domain are left out, a cell
 * named alone must be a variable; elem names the element in messages.
 * Returns the number added or -1 with d. */
int xcsp_expand_ref(const xcsp_inst *in, const char *tok, size_t len, int **out, size_t *n,
                    size_t *cap, const char *path, int line, const char *elem, diag *d);
/* 1 if tok looks like a reference (starts with a letter). */
int xcsp_is_ref(const char *tok, size_t len);
/* Writes the XCSP3 name of variable v (x, or x[i][j]) into buf. */
void xcsp_var_name(const xcsp_inst *in, int v, char *buf, size_t size);

#endif
