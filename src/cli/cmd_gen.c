/* cmd_gen.c - `searchlab gen PUZZLE`: instance files with a unique
 * solution from the puzzle's generator (the same files as a gen: set of
 * `searchlab run`). */
#include <stdio.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../core/spec.h"
#include "../harness/instset.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab gen PUZZLE --size N [--cols C] [--count K] [--seed S]\n"
           "                     [--density D] [--density2 D] [--minimal] [--out DIR]\n"
           "       searchlab gen samegame --help   (random planes and command scripts)\n"
           "       searchlab gen qwh --help        (quasigroups with holes: futoshiki files)\n\n"
           "Writes K instances of PUZZLE with exactly one solution (the generator checks it\n"
           "with the solver and writes its seed and difficulty in the file's comments).\n"
           "Instance k gets the seed S+k and the file DIR/PUZZLE-nN-sS-KKK.EXT; a file that\n"
           "exists already is kept.  Paths of the files are printed, one per line.\n\n"
           "  --size N        board size (rows for rectangular puzzles)\n"
           "  --cols C        columns, for puzzles with rectangular boards (default: N)\n"
           "  --count K       number of instances (default 1)\n"
           "  --seed S        first seed (default 1)\n"
           "  --density D     puzzle-specific fraction, e.g. futoshiki givens (default: the\n"
           "                  puzzle's)\n"
           "  --density2 D    second puzzle-specific fraction, e.g. futoshiki inequalities\n"
           "  --minimal       futoshiki: then remove clues (givens, inequalities) one at a\n"
           "                  time in random order while the solution stays unique: a\n"
           "                  minimal, much harder puzzle (file name ...-min-KKK.fut)\n"
           "  --out DIR       folder (default .)\n");
}

int cmd_gen(int argc, char **argv) {
    /* The Same Game is no puzzle of the registry: its generator writes
     * command scripts, with flags of its own (gen_samegame.c). */
    if (argc > 1 && !strcmp(argv[1], "samegame")) return cmd_gen_samegame(argc - 1, argv + 1);
    /* Quasigroups with holes are futoshiki files from a generator of their
     * own, with its own flags (gen_qwh.c). */
    if (argc > 1 && !strcmp(argv[1], "qwh")) return cmd_gen_qwh(argc - 1, argv + 1);
    const char *name = NULL, *dir = ".";
    long size = 0, cols = 0, count = 1;
    uint64_t seed = 1;
    double d1 = -1, d2 = -1;
    int minimal = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return EXIT_DONE;
        }
        if (!strcmp(a, "--minimal")) {
            minimal = 1;
            continue;
        }
        if (a[0] != '-') {
            if (name) return cli_usage_error("gen", "unexpected argument '%s'", a);
            name = a;
            continue;
        }
        if (!(v = cli_value("gen", argc, argv, &i))) return EXIT_BAD_INPUT;
        int bad;
        if (cli_is(a, "--size"))
            bad = cli_int("gen", "--size", v, 1, 1000, &size);
        else if (cli_is(a, "--cols"))
            bad = cli_int("gen", "--cols", v, 0, 1000, &cols);
        else if (cli_is(a, "--count"))
            bad = cli_int("gen", "--count", v, 1, SPEC_COUNT_MAX, &count);
        else if (cli_is(a, "--seed"))
            bad = cli_u64("gen", "--seed", v, &seed);
        else if (cli_is(a, "--density"))
            bad = cli_fraction("gen", "--density", v, &d1);
        else if (cli_is(a, "--density2"))
            bad = cli_fraction("gen", "--density2", v, &d2);
        else if (cli_is(a, "--out"))
            bad = (dir = v, 0);
        else
            return cli_usage_error("gen", "unknown option '%s' (searchlab gen --help)", a);
        if (bad) return EXIT_BAD_INPUT;
    }
    if (!name) return cli_usage_error("gen", "expected a puzzle name (searchlab list)");
    if (!size) return cli_usage_error("gen", "--size: required");
    const puzzle *pz = cli_puzzle("gen", name);
    if (!pz) return EXIT_BAD_INPUT;
    if (!pz->generate) return cli_usage_error("gen", "puzzle '%s' has no generator", name);
    puzzle_gen g = {(int)size, (int)cols, seed, d1, d2, minimal};
    for (long k = 0; k < count; k++) {
        char *path;
        diag d = {{0}};
        if (instset_generate(pz, &g, (int)k, dir, &path, &d)) {
            fprintf(stderr, "searchlab gen: %s\n", d.msg);
            return EXIT_BAD_INPUT;
        }
        printf("%s\n", path);
        xstrfree(path);
    }
    return EXIT_DONE;
}
