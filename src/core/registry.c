/* registry.c - lookups in registries and lists of names (registry.h). */
#include "registry.h"

#include <stdio.h>
#include <string.h>

int registry_index(const void *const *table, const char *name) {
    for (int i = 0; table[i]; i++)
        if (!strcmp(registry_name(table, i), name)) return i;
    return -1;
}

const void *registry_find_(const void *const *table, const char *name) {
    int i = registry_index(table, name);
    return i < 0 ? NULL : table[i];
}

int names_index(const char *const *names, const char *name) {
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], name)) return i;
    return -1;
}

int names_index_n(const char *const *names, const char *name, size_t len) {
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == len && !strncmp(names[i], name, len)) return i;
    return -1;
}

void join_append(char *buf, size_t size, size_t *len, const char *sep, const char *item) {
    if (*len >= size) return;
    int n = snprintf(buf + *len, size - *len, "%s%s", *len ? sep : "", item);
    if (n < 0 || (size_t)n >= size - *len) {
        *len = size; /* cut: end with "..." */
        if (size >= 4) memcpy(buf + size - 4, "...", 4);
        return;
    }
    *len += (size_t)n;
}

char *registry_join(const void *const *table, char *buf, size_t size) {
    size_t len = 0;
    if (size) buf[0] = '\0';
    for (int i = 0; table[i]; i++) join_append(buf, size, &len, ", ", registry_name(table, i));
    return buf;
}

char *names_join(const char *const *names, char *buf, size_t size) {
    size_t len = 0;
    if (size) buf[0] = '\0';
    for (int i = 0; names[i]; i++) join_append(buf, size, &len, ", ", names[i]);
    return buf;
}

size_t registry_count_(const void *const *table) {
    size_t n = 0;
    while (table[n]) n++;
    return n;
}
