/* stats.c - names, documentation and accessors generated from STATS_LIST. */
#include "stats.h"
#include "registry.h"

#include <string.h>

#define NAME_(name, kind, doc) #name,
const char *const stats_names[STATS_N] = {STATS_LIST(NAME_)};
#undef NAME_

#define DOC_(name, kind, doc) doc,
const char *const stats_docs[STATS_N] = {STATS_LIST(DOC_)};
#undef DOC_

#define KIND_(name, kind, doc) STATS_##kind,
const enum stats_kind stats_kinds[STATS_N] = {STATS_LIST(KIND_)};
#undef KIND_

#define OFFSET_(name, kind, doc) offsetof(stats, name),
static const size_t offsets[STATS_N] = {STATS_LIST(OFFSET_)};
#undef OFFSET_

uint64_t stats_get(const stats *s, int i) {
    return *(const uint64_t *)((const char *)s + offsets[i]);
}

void stats_set(stats *s, int i, uint64_t v) { *(uint64_t *)((char *)s + offsets[i]) = v; }

int stats_find(const char *name) {
    for (int i = 0; i < STATS_N; i++)
        if (strcmp(stats_names[i], name) == 0) return i;
    return -1;
}

/* The counters of Same Game's searches (its path finders, sparse stores
 * and block walks, docs/samegame.md): no puzzle search fills them.  Kept
 * here, beside the list, so that a counter added for Same Game is added
 * here too (tests/core/test_stats.c checks each name is a counter). */
const char *const stats_samegame_names[] = {"expanded", "store_ops", "path_ns",  "count_visits",
                                            "commands", "queries",   "plane_ns", "ops_ns",
                                            NULL};

int stats_is_samegame(int i) {
    return names_index(stats_samegame_names, stats_names[i]) >= 0;
}

void stats_merge(stats *a, const stats *b) {
    for (int i = 0; i < STATS_N; i++) {
        uint64_t x = stats_get(a, i), y = stats_get(b, i);
        stats_set(a, i, stats_kinds[i] == STATS_MAX ? (x > y ? x : y) : x + y);
    }
}

void stats_write_json(const stats *s, FILE *out) {
    for (int i = 0; i < STATS_N; i++)
        fprintf(out, "%s\"%s\": %llu", i ? ", " : "", stats_names[i],
                (unsigned long long)stats_get(s, i));
}
