/* cmd_merge.c - `searchlab merge`: one result file from the files of the
 * shards of an experiment. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/xmalloc.h"
#include "../harness/results_merge.h"
#include "cli.h"

/* merge's one flag (core/options.h). */
typedef struct merge_cli {
    const char *out;
} merge_cli;

const spec_key cli_merge_keys[] = {{.name = "out",
                                    .doc = "the merged result file (extended when it exists)",
                                    .form = "RESULTS.csv",
                                    .required = 1,
                                    .offset = offsetof(merge_cli, out)},
                                   {.name = NULL}};

static void help(void) {
    printf("usage: searchlab merge SHARD.csv... --out RESULTS.csv\n\n"
           "Combines the result files of the shards of one experiment into RESULTS.csv (and\n"
           "RESULTS.jsonl): rows in the order of the files, a run found in two files kept\n"
           "once (the first).  RESULTS.context.jsonl gets the invocation records of every\n"
           "file (its .context.jsonl, or an older .context.json), each once, and one record\n"
           "of the merge; the rows keep their invocation column.  An existing RESULTS.csv\n"
           "is extended: its rows come first and stay.  Files of different experiments are\n"
           "refused (exit 2), as is an --out that is one of the inputs (under any name), a\n"
           "file that is not a result file, and one that a `run` or `merge` is writing.\n\n");
    cli_print_options(cli_merge_keys);
}

/* A warning of the merge: one line on stderr. */
static void warn(void *ctx, const char *line) {
    (void)ctx;
    fprintf(stderr, "searchlab merge: %s\n", line);
}

int cmd_merge(int argc, char **argv) {
    merge_cli o = {0};
    const char **in = NEWN((size_t)argc, const char *);
    size_t nin = 0;
    opt_group groups[] = {{cli_merge_keys, &o, 0, 0}};
    int ret = cli_options("merge", argc, argv, groups, 1, in, &nin, (size_t)argc, help);
    if (ret < 0) {
        FREEN(in, (size_t)argc);
        return EXIT_DONE;
    }
    if (!ret && nin == 0) ret = cli_usage_error("merge", "expected SHARD.csv... --out RESULTS.csv");
    const char *out = o.out;
    size_t rows = 0;
    diag d = {{0}};
    if (!ret) {
        char *cmd = cli_command_line(argc, argv);
        int r = results_merge(out, in, nin, cmd, warn, NULL, &rows, &d);
        xstrfree(cmd);
        if (r) {
            fprintf(stderr, "searchlab merge: %s\n", d.msg);
            ret = r == RESULTS_MERGE_BAD_INPUT ? EXIT_BAD_INPUT : EXIT_INTERNAL;
        } else {
            fprintf(stderr, "merge: %zu rows from %zu files into %s\n", rows, nin, out);
        }
    }
    FREEN(in, (size_t)argc);
    return ret;
}
