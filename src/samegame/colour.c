/* colour.c - colour interning with an open-addressing string index. */
#include "colour.h"

#include <stdint.h>
#include <string.h>

#include "core/hash.h"
#include "core/xmalloc.h"

static uint64_t hash_word(const char *w, size_t len) { return fnv1a(FNV1A_OFFSET, w, len); }

void colour_table_init(colour_table *t) { memset(t, 0, sizeof *t); }

void colour_table_free(colour_table *t) {
    for (size_t i = 0; i < t->count; i++) xfree(t->names[i], t->lens[i] + 1);
    if (t->names_cap) {
        FREEN(t->names, t->names_cap);
        FREEN(t->lens, t->names_cap);
    }
    if (t->cap) FREEN(t->slots, t->cap);
    colour_table_init(t);
}

static size_t slot_of(const colour_table *t, const char *w, size_t len) {
    size_t j = (size_t)hash_word(w, len) & (t->cap - 1);
    while (t->slots[j] >= 0 &&
           !(t->lens[t->slots[j]] == len && memcmp(t->names[t->slots[j]], w, len) == 0))
        j = (j + 1) & (t->cap - 1);
    return j;
}

int colour_find(const colour_table *t, const char *w, size_t len) {
    return t->cap ? t->slots[slot_of(t, w, len)] : -1;
}

int colour_intern(colour_table *t, const char *w, size_t len) {
    int id = colour_find(t, w, len);
    if (id >= 0) return id;
    if (2 * (t->count + 1) > t->cap) {
        size_t cap = t->cap ? xmul(t->cap, 2) : 16;
        if (t->cap) FREEN(t->slots, t->cap);
        t->slots = xmalloc(xmul(cap, sizeof *t->slots));
        memset(t->slots, 0xff, cap * sizeof *t->slots);
        t->cap = cap;
        for (size_t i = 0; i < t->count; i++)
            t->slots[slot_of(t, t->names[i], t->lens[i])] = (int)i;
    }
    size_t old_cap = t->names_cap;
    GROW(&t->names, &t->names_cap, t->count + 1);
    if (t->names_cap != old_cap) {
        t->lens =
            xrealloc(t->lens, xmul(old_cap, sizeof *t->lens), xmul(t->names_cap, sizeof *t->lens));
    }
    id = (int)t->count++;
    t->names[id] = xstrndup(w, len);
    t->lens[id] = len;
    t->slots[slot_of(t, w, len)] = id;
    return id;
}

const char *colour_name(const colour_table *t, int id) {
    return id >= 0 && (size_t)id < t->count ? t->names[id] : NULL;
}

int colour_valid(const char *w, size_t len) {
    if (len == 0) return 0;
    for (size_t i = 0; i < len; i++)
        if (w[i] < 'a' || w[i] > 'z') return 0;
    return 1;
}
