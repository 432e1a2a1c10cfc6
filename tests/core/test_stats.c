/* test_stats.c - the X-macro table: names, accessors, merge, JSON. */
#include <string.h>

#include "check.h"
#include "core/stats.h"

int main(void) {
    stats a = {0}, b = {0};
    INC(&a, nodes);
    ADD(&a, checks, 5);
    MAXTO(&a, max_depth, 7);
    b.nodes = 2;
    b.max_depth = 3;
    stats_merge(&a, &b);
    CHECK(a.nodes == 3 && a.checks == 5 && a.max_depth == 7);
    int i = stats_find("checks");
    CHECK(i >= 0 && stats_get(&a, i) == 5);
    CHECK(stats_find("no_such_counter") == -1);
    for (int k = 0; k < STATS_N; k++) CHECK(stats_names[k] && stats_docs[k][0]);
    char buf[4096];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    stats_write_json(&a, f);
    fclose(f);
    CHECK(strstr(buf, "\"nodes\": 3") == buf);
    CHECK(strstr(buf, "\"inference_ns\": 0") != NULL);
    /* Same Game's counters: each a counter, and none of the search's */
    for (const char *const *n = stats_samegame_names; *n; n++)
        CHECK_MSG(stats_find(*n) >= 0 && stats_is_samegame(stats_find(*n)), "%s", *n);
    CHECK(!stats_is_samegame(stats_find("nodes")) && !stats_is_samegame(stats_find("checks")));
    /* and no other counter is Same Game's */
    int n_sg = 0, n_names = 0;
    for (int k = 0; k < STATS_N; k++) n_sg += stats_is_samegame(k);
    for (const char *const *n = stats_samegame_names; *n; n++) n_names++;
    CHECK(n_sg == n_names && n_names > 0);
    return CHECK_DONE();
}
