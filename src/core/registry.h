/* registry.h - lookups in the registries of pluggable parts.
 *
 * Every registry of searchlab (puzzles, strategies, queues, heuristics,
 * stores, path finders, ...) is a NULL-terminated array of pointers to
 * const structs whose first member is `const char *name`; a list of names
 * is a NULL-terminated array of strings.  These helpers find an entry by
 * name and join the names for messages ("one of: a, b, c"), so no lookup
 * loop over a registry or a list of names is written by hand.  Tables of
 * another shape have one finder each, beside the table: spec_key_find (key
 * tables of structs; options.c's find_flag also matches a row's letter and
 * alias), stats_find (the counters' fixed array),
 * outside_solver_find (the loaded solver files), the CLI's command table
 * (main.c) and the walks over the strategies that the
 * families enumerate (family.c, own_family.c).
 */
#ifndef SEARCHLAB_CORE_REGISTRY_H
#define SEARCHLAB_CORE_REGISTRY_H

#include <stddef.h>

/* The index of the entry called name in the registry table, or -1. */
int registry_index(const void *const *table, const char *name);
/* The name of entry i of a registry. */
static inline const char *registry_name(const void *const *table, int i) {
    return *(const char *const *)table[i];
}
/* The index of name in a NULL-terminated list of names, or -1. */
int names_index(const char *const *names, const char *name);
/* The same for a name given as its first len bytes (not terminated: a
 * word inside a longer text). */
int names_index_n(const char *const *names, const char *name, size_t len);
/* Joins the names of a registry (or of a list of names) with ", " into
 * buf (always terminated; cut short with "..." when it does not fit);
 * returns buf. */
char *registry_join(const void *const *table, char *buf, size_t size);
/* Appends item to buf (size bytes, *len of them used), after sep unless
 * buf is still empty; a list cut short at size ends with "...". */
void join_append(char *buf, size_t size, size_t *len, const char *sep, const char *item);
char *names_join(const char *const *names, char *buf, size_t size);

/* The number of entries of a registry (or of a list of names), so that a
 * caller cycling through them never writes the count down. */
#define REGISTRY_COUNT(table) registry_count_((const void *const *)(table))
size_t registry_count_(const void *const *table);

/* The entry of table (of structs of type T) called name, or NULL. */
#define REGISTRY_FIND(T, table, name)                                                              \
    ((const T *)registry_find_((const void *const *)(table), (name)))
const void *registry_find_(const void *const *table, const char *name);

#endif
