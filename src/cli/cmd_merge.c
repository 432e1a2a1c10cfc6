/* cmd_merge.c - `searchlab merge`: one result file from the files of the
 * shards of an experiment. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../harness/results.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab merge SHARD.csv... --out RESULTS.csv\n\n"
           "Combines the result files of the shards of one experiment into RESULTS.csv (and\n"
           "RESULTS.jsonl): rows in the order of the files, a run found in two files kept\n"
           "once.  Files of different experiments are refused (exit 2), as is an --out\n"
           "that is one of the inputs.\n");
}

static int cmp_key(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
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
    for (size_t i = 0; i < nin && !ret; i++)
        if (!strcmp(in[i], out))
            ret = cli_usage_error("merge", "--out %s: is one of the inputs", out);
    result_set all = {0}, merged = {0};
    diag d = {{0}};
    const char *exp_file = NULL;
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
        char **keys = NEWN(all.n ? all.n : 1, char *);
        size_t nk = 0, dups = 0;
        for (size_t k = 0; k < all.n; k++) {
            char *key = result_row_key(&all.rows[k]);
            if (nk && bsearch(&key, keys, nk, sizeof *keys, cmp_key)) {
                dups++;
                xstrfree(key);
                continue;
            }
            /* insertion keeps keys sorted: fine for the few thousand rows of
             * an experiment */
            size_t at = nk;
            while (at > 0 && strcmp(keys[at - 1], key) > 0) {
                keys[at] = keys[at - 1];
                at--;
            }
            keys[at] = key;
            nk++;
            result_set_add(&merged, &all.rows[k]);
        }
        for (size_t k = 0; k < nk; k++) xstrfree(keys[k]);
        FREEN(keys, all.n ? all.n : 1);
        if (dups) fprintf(stderr, "searchlab merge: %zu runs found twice, kept once\n", dups);
        if (results_write_all(out, &merged, &d)) {
            fprintf(stderr, "searchlab merge: %s\n", d.msg);
            ret = EXIT_INTERNAL;
        } else {
            fprintf(stderr, "merge: %zu rows from %zu files into %s\n", merged.n, nin, out);
        }
    }
    result_set_free(&all);
    result_set_free(&merged);
    FREEN(in, (size_t)argc);
    return ret;
}
