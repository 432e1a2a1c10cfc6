/* cmd_samegame.c - `searchlab samegame`: the Same Game command protocol on
 * standard input and output (docs/samegame.md, docs/cli.md).  Its flags
 * are one key table (core/options.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/options.h"
#include "core/xmalloc.h"
#include "samegame/protocol.h"

typedef struct sg_cli {
    const void *store, *path; /* a store_ops, a path_ops (NULL: the canonical finders) */
    int count;                /* a plane_count_mode */
    int stats, summary;
} sg_cli;

const spec_key cli_samegame_keys[] = {
    {.name = "store",
     .doc = "the sparse store (searchlab list: stores)",
     .registry = (const void *const *)store_registry,
     .form = "NAME",
     .offset = offsetof(sg_cli, store)},
    {.name = "path",
     .doc = "path finder to run and measure on o/c queries (default: the canonical "
            "bfs/dijkstra); the printed path is always the spec's canonical one",
     .registry = (const void *const *)path_registry,
     .def = "", /* none: the canonical finders */
     .offset = offsetof(sg_cli, path)},
    {.name = "count",
     .doc = "block count upkeep",
     .names = plane_count_names,
     .offset = offsetof(sg_cli, count)},
    {.name = "stats",
     .doc = "one JSON object per command on standard error (time, cells expanded, store "
            "operations, ...)",
     .bare = 1,
     .offset = offsetof(sg_cli, stats)},
    {.name = "stats-summary",
     .doc = "the same counters summed per command letter, printed at the end (one JSON "
            "object per letter)",
     .bare = 1,
     .offset = offsetof(sg_cli, summary)},
    {.name = NULL}};

static void usage(void) {
    printf("usage: searchlab samegame [--store NAME] [--path NAME] [--count MODE]\n"
           "                          [--stats | --stats-summary]\n\n"
           "Reads Same Game commands (i b m o c n f) on standard input and writes the\n"
           "answers on standard output, byte for byte as the spec says.\n");
    cli_print_options(cli_samegame_keys);
    printf("Exit status: 0 all lines accepted, 2 some line rejected (one message per\n"
           "line on standard error), 1 internal error.\n");
}

int cmd_samegame(int argc, char **argv) {
    sg_cli o = {0};
    diag d;
    if (opt_defaults(cli_samegame_keys, &o, &d)) return cli_usage_error("samegame", "%s", d.msg);
    opt_group groups[] = {{cli_samegame_keys, &o, 0, 0}};
    size_t npos = 0;
    int r = cli_options("samegame", argc, argv, groups, 1, NULL, &npos, 0, usage);
    if (r) return r < 0 ? EXIT_DONE : r;
    protocol_config cfg = {0};
    cfg.store = o.store;
    cfg.path = o.path;
    cfg.count_mode = (plane_count_mode)o.count;
    cfg.stats_summary = o.summary;
    int want_stats = o.stats || o.summary;
    if (want_stats) cfg.stats = stderr;
    int rc = protocol_run(stdin, stdout, stderr, &cfg);
    if (want_stats) fprintf(stderr, "{\"summary\": true, \"peak_bytes\": %zu}\n", xmem_peak());
    return rc == 0 ? EXIT_DONE : rc == 2 ? EXIT_BAD_INPUT : EXIT_INTERNAL;
}
