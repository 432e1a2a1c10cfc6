/* stats.h - the one statistics table shared by every strategy, store and
 * path finder.
 *
 * STATS_LIST is the single source of truth: it expands into the struct,
 * the names (which are the CSV columns and JSON keys), the documentation
 * strings and the report.  Add a counter by adding one line here; no
 * other file names the list.  docs/STATS.md defines each counter.
 */
#ifndef SEARCHLAB_CORE_STATS_H
#define SEARCHLAB_CORE_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* X(name, kind, description); kind is SUM (added up), MAX (maximum) or
 * NS (a duration in nanoseconds, added up).  The list is two families, in
 * that order: the searches' counters (STATS_LIST_SEARCH), then Same Game's
 * (STATS_LIST_SAMEGAME: its path finders, sparse stores and block walks,
 * docs/samegame.md), which no puzzle search fills.  A counter's family is
 * the sub-list it is written in. */
#define STATS_LIST(X) STATS_LIST_SEARCH(X) STATS_LIST_SAMEGAME(X)
#define STATS_LIST_SEARCH(X)                                                                       \
    X(nodes, SUM, "value assignments tried by the search; the root is no node")                    \
    X(decisions, SUM, "nodes with another value of the variable still to try (choice points)")     \
    X(fails, SUM, "nodes whose assignment failed (check failure or wipe-out)")                     \
    X(restarts, SUM, "restarts of the search from its root (restart=luby:N or geom:N,F)")          \
    X(max_depth, MAX, "deepest search level reached (number of assigned variables)")               \
    X(solutions, SUM, "solutions found")                                                           \
    X(revisions, SUM, "revise calls: one (constraint, variable) support pass")                     \
    X(useless_revisions, SUM, "revise calls that removed no value")                                \
    X(checks, SUM, "constraint checks / support tests")                                            \
    X(prunings, SUM, "values removed from domains by inference")                                   \
    X(queue_pushes, SUM, "items pushed on the propagation queue (GAC)")                            \
    X(augmentations, SUM,                                                                          \
      "augmenting-path searches repairing all-different's matching (alldiff=domain)")              \
    X(inference_calls, SUM, "inference calls: one per assignment, plus the root")                  \
    X(inference_ns, NS, "time spent in inference (FC pruning, GAC-Enforce, BT checks)")            \
    X(total_ns, NS, "wall time of the search (model building excluded)")                           \
    X(build_ns, NS, "wall time to build the model from the parsed instance")
#define STATS_LIST_SAMEGAME(X)                                                                     \
    X(expanded, SUM, "cells expanded by a path finder")                                            \
    X(store_ops, SUM, "sparse store operations (get, put, erase, scan step)")                      \
    X(path_ns, NS, "time spent in the chosen path finder (Same Game o/c)")                         \
    X(count_visits, SUM, "marbles visited by Same Game block walks (move, count upkeep, recount)") \
    X(commands, SUM,                                                                               \
      "Same Game command lines after the opening plane (unknown commands excluded)")               \
    X(queries, SUM, "Same Game path queries (o and c commands)")                                   \
    X(plane_ns, NS,                                                                                \
      "CPU time of a Same Game script's opening plane (its b/i lines before others)")              \
    X(ops_ns, NS, "CPU time of a Same Game script's commands after the opening plane")

enum stats_kind { STATS_SUM, STATS_MAX, STATS_NS };

typedef struct stats {
#define STATS_FIELD_(name, kind, doc) uint64_t name;
    STATS_LIST(STATS_FIELD_)
#undef STATS_FIELD_
} stats;

#define STATS_COUNT_(name, kind, doc) +1
enum { STATS_N = 0 STATS_LIST(STATS_COUNT_) };
#undef STATS_COUNT_

#ifdef SEARCHLAB_NO_STATS
#define INC(s, name) ((void)(s))
#define ADD(s, name, n) ((void)(s), (void)(n))
#define MAXTO(s, name, v) ((void)(s), (void)(v))
#else
#define INC(s, name) ((s)->name++)
#define ADD(s, name, n) ((s)->name += (uint64_t)(n))
#define MAXTO(s, name, v)                                                                          \
    do {                                                                                           \
        if ((uint64_t)(v) > (s)->name) (s)->name = (uint64_t)(v);                                  \
    } while (0)
#endif

extern const char *const stats_names[STATS_N];
extern const char *const stats_docs[STATS_N];
extern const enum stats_kind stats_kinds[STATS_N];

/* The value of counter i (0 <= i < STATS_N). */
uint64_t stats_get(const stats *s, int i);
void stats_set(stats *s, int i, uint64_t v);
/* Index of the counter called name, or -1. */
int stats_find(const char *name);
/* 1 when counter i is one of Same Game's (STATS_LIST_SAMEGAME; their
 * names: stats_samegame_names, NULL-terminated), which the puzzles'
 * searches never fill: `solve --stats` leaves them out. */
extern const char *const stats_samegame_names[];
int stats_is_samegame(int i);
/* Adds b into a (MAX counters take the maximum). */
void stats_merge(stats *a, const stats *b);
/* Writes the counters as the body of a JSON object: "name": value, ... */
void stats_write_json(const stats *s, FILE *out);

#endif
