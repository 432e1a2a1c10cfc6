/* stats.c - names, documentation and accessors generated from STATS_LIST. */
#include "stats.h"

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

/* Same Game's counters: the last ones of STATS_LIST (its second family) */
#define NAME_(name, kind, doc) #name,
const char *const stats_samegame_names[] = {STATS_LIST_SAMEGAME(NAME_) NULL};
#undef NAME_
#define COUNT_(name, kind, doc) +1
enum { SAMEGAME_N = 0 STATS_LIST_SAMEGAME(COUNT_) };
#undef COUNT_

int stats_is_samegame(int i) { return i >= STATS_N - SAMEGAME_N; }

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
