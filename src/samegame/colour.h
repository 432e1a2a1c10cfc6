/* colour.h - colour interning: each colour word is stored once and named
 * by a small id (0, 1, 2, ... in order of first appearance).
 *
 * No limit on the word length or the number of colours beyond memory.
 * The table owns its copies of the words; ids stay valid until
 * colour_table_free (colours are never forgotten, even when no marble
 * has them any more).
 */
#ifndef SEARCHLAB_PLANE_COLOUR_H
#define SEARCHLAB_PLANE_COLOUR_H

#include <stddef.h>

typedef struct colour_table {
    char **names; /* names[id], NUL-terminated copies */
    size_t *lens; /* lens[id] */
    size_t count, names_cap;
    int *slots; /* open-addressing index: id or -1 */
    size_t cap; /* power of two, at least 2 * count */
} colour_table;

void colour_table_init(colour_table *t);
void colour_table_free(colour_table *t);
/* The id of the word w[0..len-1], adding it when new. */
int colour_intern(colour_table *t, const char *w, size_t len);
/* The id of the word, or -1 when it was never interned. */
int colour_find(const colour_table *t, const char *w, size_t len);
const char *colour_name(const colour_table *t, int id);
/* 1 if w[0..len-1] is a valid colour: non-empty, letters a..z only. */
int colour_valid(const char *w, size_t len);

#endif
