/* cmd_merge.c - `searchlab merge`: one result file from the files of the
 * shards of an experiment. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/xmalloc.h"
#include "../harness/context.h"
#include "../harness/results_dedup.h"
#include "../harness/writelock.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab merge SHARD.csv... --out RESULTS.csv\n\n"
           "Combines the result files of the shards of one experiment into RESULTS.csv (and\n"
           "RESULTS.jsonl): rows in the order of the files, a run found in two files kept\n"
           "once (the first).  RESULTS.context.jsonl gets the invocation records of every\n"
           "file (its .context.jsonl, or an older .context.json), each once, and one record\n"
           "of the merge; the rows keep their invocation column.  An existing RESULTS.csv\n"
           "is extended: its rows come first and stay.  Files of different experiments are\n"
           "refused (exit 2), as is an --out that is one of the inputs (under any name), a\n"
           "file that is not a result file, and one that a `run` or `merge` is writing.\n");
}

int cmd_merge(int argc, char **argv) {
    const char *out = NULL;
    const char **in = NEWN((size_t)argc, const char *);
    size_t nin = 0;
    int ret = EXIT_DONE;
    for (int i = 1; i < argc && !ret; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            FREEN(in, (size_t)argc);
            return EXIT_DONE;
        }
        if (cli_is(argv[i], "--out")) {
            if (!(out = cli_value("merge", argc, argv, &i))) ret = EXIT_BAD_INPUT;
        } else if (argv[i][0] == '-') {
            ret = cli_usage_error("merge", "unknown option '%s'", argv[i]);
        } else {
            in[nin++] = argv[i];
        }
    }
    if (!ret && (!out || nin == 0))
        ret = cli_usage_error("merge", "expected SHARD.csv... --out RESULTS.csv");
    struct stat so, si;
    int out_exists = !ret && stat(out, &so) == 0;
    for (size_t i = 0; i < nin && !ret; i++)
        if (!strcmp(in[i], out) ||
            (out_exists && !stat(in[i], &si) && si.st_ino == so.st_ino && si.st_dev == so.st_dev))
            ret = cli_usage_error("merge", "--out %s: is one of the inputs", out);
    result_set all = {0};
    diag d = {{0}};
    /* the writer lock of --out, for the whole merge: a `run` writing it,
     * or another merge, is not overwritten (writelock.h) */
    writelock *lock = NULL;
    if (!ret) {
        int busy = 0;
        if (!(lock = writelock_take(out, &busy, &d))) {
            fprintf(stderr, "searchlab merge: %s\n", d.msg);
            ret = busy ? EXIT_BAD_INPUT : EXIT_INTERNAL;
        }
    }
    /* An existing --out is extended, never replaced: its rows are the
     * first input (so they are kept), and it must be a result file. */
    const char **srcs = NEWN((size_t)argc + 1, const char *);
    size_t nsrc = 0;
    if (!ret && out_exists) {
        size_t before = all.n;
        if (results_load(out, 0, &all, &d) || results_check_ours(out, &all, &d)) {
            fprintf(stderr, "searchlab merge: --out %s: %s\n", out, d.msg);
            ret = EXIT_BAD_INPUT;
        } else if (all.n > before || all.has_header) {
            srcs[nsrc++] = out;
        }
        all.has_header = 0;
    }
    for (size_t i = 0; i < nin; i++) srcs[nsrc++] = in[i];
    const char *exp_file = all.n ? out : NULL; /* the file of rows[0] */
    for (size_t i = 0; i < nin && !ret; i++) {
        size_t before = all.n;
        if (results_load(in[i], 0, &all, &d)) {
            fprintf(stderr, "searchlab merge: %s\n", d.msg);
            ret = EXIT_BAD_INPUT;
            break;
        }
        if (all.torn) fprintf(stderr, "searchlab merge: %s: ignoring a torn last line\n", in[i]);
        all.has_header = 0;
        for (size_t k = before; k < all.n && !ret; k++) {
            if (!exp_file) exp_file = in[i];
            if (strcmp(all.rows[k].experiment, all.rows[0].experiment))
                ret = cli_usage_error("merge",
                                      "%s holds experiment '%s' but %s holds '%s': refusing to "
                                      "merge different experiments",
                                      in[i], all.rows[k].experiment, exp_file,
                                      all.rows[0].experiment);
        }
    }
    if (!ret) {
        size_t dups = result_set_drop_duplicates(&all, 0); /* the rows keep the files' order */
        if (dups) fprintf(stderr, "searchlab merge: %zu runs found twice, kept once\n", dups);
        char *cmd = cli_command_line(argc, argv);
        if (results_write_all(out, &all, lock, &d) || context_merge(out, cmd, srcs, nsrc, &d)) {
            fprintf(stderr, "searchlab merge: %s\n", d.msg);
            ret = EXIT_INTERNAL;
        } else {
            fprintf(stderr, "merge: %zu rows from %zu files into %s\n", all.n, nin, out);
        }
        xstrfree(cmd);
    }
    writelock_release(lock);
    FREEN(srcs, (size_t)argc + 1);
    result_set_free(&all);
    FREEN(in, (size_t)argc);
    return ret;
}
