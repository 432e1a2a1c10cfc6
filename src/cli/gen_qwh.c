/* gen_qwh.c - `searchlab gen qwh`: the flags of the quasigroup-with-holes
 * generator, which are the keys of `gen:qwh,...` sets in experiments
 * (instset_qwh_keys, src/harness/instset.h), so the files are the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"
#include "cli.h"

static void usage(void) {
    printf("usage: searchlab gen qwh --order N --holes F [--count K] [--seed S] [--balanced]\n"
           "                         [--step S] [--out DIR]\n\n"
           "Writes K quasigroup-with-holes instances as Futoshiki files with no inequalities:\n"
           "a uniformly random Latin square of order N (the Jacobson-Matthews Markov chain,\n"
           "4N^2 steps) with exactly round(F*N*N) cells emptied (0).  Each is satisfiable (the\n"
           "square is a solution, in the file's comments) but need not have one solution\n"
           "only: uniqueness is not checked.  Order 30 with 42%% holes is the classic hard\n"
           "region.  Instance k gets the seed S+k and the file DIR/qwh-nN-sS-hF[-bal]-KKK.fut\n"
           "(the files of an experiment's gen:qwh,order=N,holes=F,count=K,seed=S set: the\n"
           "flags are that spec's keys); a file that exists already is kept.  Paths are\n"
           "printed, one per line.\n\n");
    cli_print_options(instset_qwh_keys());
    cli_print_options(cli_gen_out_keys);
}

static void print_path(void *ctx, const char *path) {
    (void)ctx;
    printf("%s\n", path);
}

int cmd_gen_qwh(int argc, char **argv) {
    const char *cmd = "gen qwh";
    instset_qwh q;
    instset_qwh_defaults(&q);
    cli_gen_out c;
    diag d;
    if (opt_defaults(cli_gen_out_keys, &c, &d)) return cli_usage_error(cmd, "%s", d.msg);
    opt_group groups[] = {{instset_qwh_keys(), &q, 0, 0}, {cli_gen_out_keys, &c, 0, 0}};
    size_t npos = 0;
    int r = cli_options(cmd, argc, argv, groups, 2, NULL, &npos, 0, usage);
    if (r) return r < 0 ? EXIT_DONE : r;
    if (instset_make_qwh(&q, c.dir, print_path, NULL, &d)) {
        fprintf(stderr, "searchlab gen qwh: %s\n", d.msg);
        return EXIT_BAD_INPUT;
    }
    return EXIT_DONE;
}
