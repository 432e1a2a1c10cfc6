/* gen_qwh.c - `searchlab gen qwh`: the flags of the quasigroup-with-holes
 * generator (src/puzzles/qwh.h); the files are those of `gen:qwh,...`
 * sets in experiments (src/harness/instset.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/spec.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"
#include "cli.h"

static void usage(void) {
    printf("usage: searchlab gen qwh --order N --holes F [--count K] [--seed S] [--balanced]\n"
           "                         [--out DIR]\n\n"
           "Writes K quasigroup-with-holes instances as Futoshiki files with no inequalities:\n"
           "a uniformly random Latin square of order N (the Jacobson-Matthews Markov chain,\n"
           "4N^2 steps) with exactly round(F*N*N) cells emptied (0).  Each is satisfiable (the\n"
           "square is a solution, in the file's comments) but need not have one solution\n"
           "only: uniqueness is not checked.  Order 30 with 42%% holes is the classic hard\n"
           "region.  Instance k gets the seed S+k and the file DIR/qwh-nN-sS-hF[-bal]-KKK.fut\n"
           "(the files of an experiment's gen:qwh,order=N,holes=F,count=K,seed=S set); a\n"
           "file that exists already is kept.  Paths are printed, one per line.\n\n"
           "  --order N     the square's order, %d to %d (required)\n"
           "  --holes F     the fraction of cells emptied, 0 to 1 (required)\n"
           "  --count K     number of instances (default 1)\n"
           "  --seed S      first seed (default 1)\n"
           "  --balanced    every row and every column gets the same number of holes\n"
           "                (floor or ceil of round(F*N*N)/N when N does not divide it)\n"
           "  --out DIR     folder (default .)\n",
           QWH_MIN_ORDER, QWH_MAX_ORDER);
}

int cmd_gen_qwh(int argc, char **argv) {
    const char *cmd = "gen qwh", *dir = ".";
    long order = 0, count = 1;
    qwh_opts q = {.holes = -1, .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return EXIT_DONE;
        }
        if (!strcmp(a, "--balanced")) {
            q.balanced = 1;
            continue;
        }
        if (strncmp(a, "--", 2)) return cli_usage_error(cmd, "unexpected argument '%s'", a);
        int bad = 0;
        if (cli_is(a, "--order")) {
            bad = !(v = cli_value(cmd, argc, argv, &i)) ||
                  cli_int(cmd, "--order", v, QWH_MIN_ORDER, QWH_MAX_ORDER, &order);
        } else if (cli_is(a, "--holes")) {
            bad =
                !(v = cli_value(cmd, argc, argv, &i)) || cli_fraction(cmd, "--holes", v, &q.holes);
        } else if (cli_is(a, "--count")) {
            bad = !(v = cli_value(cmd, argc, argv, &i)) ||
                  cli_int(cmd, "--count", v, 1, SPEC_COUNT_MAX, &count);
        } else if (cli_is(a, "--seed")) {
            bad = !(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, "--seed", v, &q.seed);
        } else if (cli_is(a, "--out")) {
            bad = !(dir = cli_value(cmd, argc, argv, &i));
        } else {
            return cli_usage_error(cmd, "unknown option '%s' (searchlab gen qwh --help)", a);
        }
        if (bad) return EXIT_BAD_INPUT;
    }
    if (!order)
        return cli_usage_error(cmd, "--order: required (%d to %d)", QWH_MIN_ORDER, QWH_MAX_ORDER);
    if (q.holes < 0) return cli_usage_error(cmd, "--holes: required (a fraction from 0 to 1)");
    q.order = (int)order;
    for (long k = 0; k < count; k++) {
        char *path;
        diag d = {{0}};
        if (instset_generate_qwh(&q, (int)k, dir, &path, &d)) {
            fprintf(stderr, "searchlab gen qwh: %s\n", d.msg);
            return EXIT_BAD_INPUT;
        }
        printf("%s\n", path);
        xstrfree(path);
    }
    return EXIT_DONE;
}
