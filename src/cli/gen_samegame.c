/* gen_samegame.c - `searchlab gen samegame`: the flags of the Same Game
 * script generator (src/samegame/gen.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/registry.h"
#include "samegame/gen.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: searchlab gen samegame [--marbles N] [--colours K] [--layout L] [--ops M]\n"
            "                              [--mix o=W,c=W,m=W,n=W,b=W] [--base B] [--seed S]\n"
            "                              [--table FILE] [--out FILE]\n\n"
            "Writes a Same Game command script: a random plane, then M operations.\n"
            "  --marbles N   about N marbles (default 1000)\n"
            "  --colours K   K colours (default 4); names a, b, ..., z, ba, bb, ...\n"
            "  --layout L    dense: one filled square (80%% full) around the origin;\n"
            "                clusters: 16x16 squares (75%% full) spread over +-1e9;\n"
            "                spread: uniform over [-1e9, 1e9]^2 (default dense)\n"
            "  --ops M       operations after the plane (default 100)\n"
            "  --mix ...     relative weights of o c m n b (default o=1,c=1,m=1,n=1,b=1)\n"
            "  --base B      move bases: window (17x17 around a marble), strip (5 columns\n"
            "                over every row of the layout) or all (the whole plane);\n"
            "                default window\n"
            "  --seed S      random seed (default 1)\n"
            "  --table FILE  dense layout only: write the square to FILE as an i table\n"
            "  --out FILE    write the script to FILE instead of standard output\n");
}

/* The index of v in names, or -1 after a message naming flag. */
static int pick(const char *cmd, const char *flag, const char *v, const char *const *names) {
    int i = names_index(names, v);
    if (i < 0) {
        char all[128];
        cli_usage_error(cmd, "%s: expected one of %s, found '%s'", flag,
                        names_join(names, all, sizeof all), v);
    }
    return i;
}

int cmd_gen_samegame(int argc, char **argv) {
    const char *cmd = "gen samegame", *table = NULL, *out_path = NULL;
    sgen_opts o;
    sgen_defaults(&o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        int k;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return EXIT_DONE;
        }
        if (strncmp(a, "--", 2) || !(v = cli_value(cmd, argc, argv, &i)))
            return strncmp(a, "--", 2) ? cli_usage_error(cmd, "unexpected argument '%s'", a)
                                       : EXIT_BAD_INPUT;
        if (cli_is(a, "--marbles")) {
            if (cli_int(cmd, a, v, 0, 100000000, &n)) return EXIT_BAD_INPUT;
            o.marbles = (uint64_t)n;
        } else if (cli_is(a, "--colours")) {
            if (cli_int(cmd, a, v, 1, 1000000, &n)) return EXIT_BAD_INPUT;
            o.colours = (uint64_t)n;
        } else if (cli_is(a, "--ops")) {
            if (cli_int(cmd, a, v, 0, 1000000000, &n)) return EXIT_BAD_INPUT;
            o.ops = (uint64_t)n;
        } else if (cli_is(a, "--seed")) {
            if (cli_u64(cmd, a, v, &o.seed)) return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--layout")) {
            if ((k = pick(cmd, "--layout", v, sgen_layout_names)) < 0) return EXIT_BAD_INPUT;
            o.layout = (sgen_layout)k;
        } else if (cli_is(a, "--base")) {
            if ((k = pick(cmd, "--base", v, sgen_base_names)) < 0) return EXIT_BAD_INPUT;
            o.base = (sgen_base)k;
        } else if (cli_is(a, "--mix")) {
            if (sgen_parse_mix(&o, v))
                return cli_usage_error(cmd,
                                       "--mix: expected KIND=WEIGHT,... with KIND one of o c m n b "
                                       "and a positive total, found '%s'",
                                       v);
        } else if (cli_is(a, "--table")) {
            table = v;
        } else if (cli_is(a, "--out")) {
            out_path = v;
        } else {
            return cli_usage_error(cmd, "unknown option '%s' (see --help)", a);
        }
    }
    if (table && o.layout != SGEN_DENSE)
        return cli_usage_error(cmd, "--table: only the dense layout can be written as a table");
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) return cli_usage_error(cmd, "--out: cannot write '%s'", out_path);
    FILE *tf = table ? fopen(table, "w") : NULL;
    if (table && !tf) {
        if (out_path) fclose(out);
        return cli_usage_error(cmd, "--table: cannot write '%s'", table);
    }
    diag d;
    int rc = sgen_write(&o, out, tf, table, &d) ? cli_usage_error(cmd, "%s", d.msg) : EXIT_DONE;
    if (tf && fclose(tf) && rc == EXIT_DONE)
        rc = cli_usage_error(cmd, "--table: write error on '%s'", table);
    if (out_path && fclose(out) && rc == EXIT_DONE)
        rc = cli_usage_error(cmd, "--out: write error on '%s'", out_path);
    return rc;
}
