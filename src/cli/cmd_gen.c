/* cmd_gen.c - `searchlab gen PUZZLE`: instance files with a unique
 * solution from the puzzle's generator.  Its flags are the keys of the
 * experiments' `gen:` sets (instset_gen_keys, src/harness/instset.h), so
 * it writes the very same files. */
#include <stdio.h>
#include <string.h>

#include "../core/options.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"
#include "cli.h"

const spec_key cli_gen_out_keys[] = {{.name = "out",
                                      .doc = "the folder of the files",
                                      .form = "DIR",
                                      .def = ".",
                                      .offset = offsetof(cli_gen_out, dir)},
                                     {.name = NULL}};

static void help(void) {
    printf("usage: searchlab gen PUZZLE --size N [--cols C] [--count K] [--seed S]\n"
           "                     [--density D] [--density2 D] [--minimal] [--out DIR]\n"
           "       searchlab gen samegame --help   (random planes and command scripts)\n"
           "       searchlab gen qwh --help        (quasigroups with holes: futoshiki files)\n\n"
           "Writes K instances of PUZZLE with exactly one solution (the generator checks it\n"
           "with the solver and writes its seed and difficulty in the file's comments).\n"
           "Instance k gets the seed S+k and the file DIR/PUZZLE-nN-sS-KKK.EXT; a file that\n"
           "exists already is kept.  Paths of the files are printed, one per line.  The\n"
           "flags are the keys of an experiment's gen: set (gen:size=N,count=K,...), which\n"
           "makes the same files.\n\n");
    cli_print_options(instset_gen_keys());
    cli_print_options(cli_gen_out_keys);
}

static void print_path(void *ctx, const char *path) {
    (void)ctx;
    printf("%s\n", path);
}

int cmd_gen(int argc, char **argv) {
    /* The Same Game is no puzzle of the registry: its generator writes
     * command scripts, with flags of its own (gen_samegame.c). */
    if (argc > 1 && !strcmp(argv[1], "samegame")) return cmd_gen_samegame(argc - 1, argv + 1);
    /* Quasigroups with holes are futoshiki files from a generator of their
     * own, with its own flags (gen_qwh.c). */
    if (argc > 1 && !strcmp(argv[1], "qwh")) return cmd_gen_qwh(argc - 1, argv + 1);
    instset_gen g;
    instset_gen_defaults(&g);
    cli_gen_out out;
    diag d;
    if (opt_defaults(cli_gen_out_keys, &out, &d)) return cli_usage_error("gen", "%s", d.msg);
    opt_group groups[] = {{instset_gen_keys(), &g, 0, 0}, {cli_gen_out_keys, &out, 0, 0}};
    const char *name = NULL;
    size_t npos = 0;
    int r = cli_options("gen", argc, argv, groups, 2, &name, &npos, 1, help);
    if (r) return r < 0 ? EXIT_DONE : r;
    if (!name) return cli_usage_error("gen", "expected a puzzle name (searchlab list)");
    const puzzle *pz = cli_puzzle("gen", name);
    if (!pz) return EXIT_BAD_INPUT;
    if (!pz->generate) return cli_usage_error("gen", "puzzle '%s' has no generator", name);
    if (instset_make_gen(pz, &g, out.dir, print_path, NULL, &d)) {
        fprintf(stderr, "searchlab gen: %s\n", d.msg);
        return EXIT_BAD_INPUT;
    }
    return EXIT_DONE;
}
