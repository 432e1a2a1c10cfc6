/* cmd_samegame.c - `searchlab samegame`: the Same Game command protocol on
 * standard input and output (docs/samegame.md, docs/cli.md). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/xmalloc.h"
#include "samegame/protocol.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: searchlab samegame [--store NAME] [--path NAME] [--count MODE]\n"
            "                          [--stats | --stats-summary]\n\n"
            "Reads Same Game commands (i b m o c n f) on standard input and writes the\n"
            "answers on standard output, byte for byte as the spec says.\n"
            "  --store NAME   sparse store (searchlab list shows them; default %s)\n"
            "  --path NAME    path finder to run and measure on o/c queries (default: the\n"
            "                 canonical bfs/dijkstra); the printed path is always the\n"
            "                 spec's canonical one\n"
            "  --count MODE   block count upkeep: incremental (default) or full\n"
            "  --stats        one JSON object per command on standard error (time,\n"
            "                 cells expanded, store operations, ...)\n"
            "  --stats-summary  the same counters summed per command letter, printed\n"
            "                 at the end (one JSON object per letter)\n"
            "Exit status: 0 all lines accepted, 2 some line rejected (one message per\n"
            "line on standard error), 1 internal error.\n",
            store_registry[0]->name);
}

int cmd_samegame(int argc, char **argv) {
    protocol_config cfg = {0};
    cfg.count_mode = PLANE_COUNT_INCREMENTAL;
    int want_stats = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return EXIT_DONE;
        } else if (cli_is(a, "--store")) {
            const char *v = cli_value("samegame", argc, argv, &i);
            if (!v) return EXIT_BAD_INPUT;
            if (!(cfg.store = store_find(v)))
                return cli_usage_error("samegame",
                                       "--store: unknown store '%s' (searchlab list "
                                       "shows the stores)",
                                       v);
        } else if (cli_is(a, "--path")) {
            const char *v = cli_value("samegame", argc, argv, &i);
            if (!v) return EXIT_BAD_INPUT;
            if (!(cfg.path = path_lookup(v)))
                return cli_usage_error("samegame",
                                       "--path: unknown path finder '%s' (searchlab "
                                       "list shows them)",
                                       v);
        } else if (cli_is(a, "--count")) {
            const char *v = cli_value("samegame", argc, argv, &i);
            if (!v) return EXIT_BAD_INPUT;
            if (!strcmp(v, "incremental"))
                cfg.count_mode = PLANE_COUNT_INCREMENTAL;
            else if (!strcmp(v, "full"))
                cfg.count_mode = PLANE_COUNT_FULL;
            else
                return cli_usage_error("samegame",
                                       "--count: expected incremental or full, "
                                       "found '%s'",
                                       v);
        } else if (!strcmp(a, "--stats")) {
            want_stats = 1;
        } else if (!strcmp(a, "--stats-summary")) {
            want_stats = 1;
            cfg.stats_summary = 1;
        } else {
            return cli_usage_error("samegame", "unexpected argument '%s' (see --help)", a);
        }
    }
    if (want_stats) cfg.stats = stderr;
    int rc = protocol_run(stdin, stdout, stderr, &cfg);
    if (want_stats) fprintf(stderr, "{\"summary\": true, \"peak_bytes\": %zu}\n", xmem_peak());
    return rc == 0 ? EXIT_DONE : rc == 2 ? EXIT_BAD_INPUT : EXIT_INTERNAL;
}
