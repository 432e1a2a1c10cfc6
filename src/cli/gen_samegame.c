/* gen_samegame.c - `searchlab gen samegame`: the flags of the Same Game
 * script generator, which are its key table (sgen_keys,
 * src/samegame/gen.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/options.h"
#include "samegame/gen.h"

/* The flags beside the generator's options: where the output goes. */
typedef struct sgen_cli {
    const char *table, *out;
} sgen_cli;

const spec_key cli_gen_samegame_keys[] = {
    {.name = "table",
     .doc = "dense layout only: write the square to FILE as an i table",
     .form = "FILE",
     .offset = offsetof(sgen_cli, table)},
    {.name = "out",
     .doc = "write the script to FILE instead of standard output",
     .form = "FILE",
     .offset = offsetof(sgen_cli, out)},
    {.name = NULL}};

static void usage(void) {
    printf("usage: searchlab gen samegame [--marbles N] [--colours K] [--layout L] [--ops M]\n"
           "                              [--mix o=W,c=W,m=W,n=W,b=W] [--base B] [--seed S]\n"
           "                              [--table FILE] [--out FILE]\n\n"
           "Writes a Same Game command script: a random plane, then M operations.\n");
    cli_print_options(sgen_keys());
    cli_print_options(cli_gen_samegame_keys);
}

int cmd_gen_samegame(int argc, char **argv) {
    const char *cmd = "gen samegame";
    sgen_opts o;
    sgen_defaults(&o);
    sgen_cli c = {NULL, NULL};
    opt_group groups[] = {{sgen_keys(), &o, 0, 0}, {cli_gen_samegame_keys, &c, 0, 0}};
    size_t npos = 0;
    int r = cli_options(cmd, argc, argv, groups, 2, NULL, &npos, 0, usage);
    if (r) return r < 0 ? EXIT_DONE : r;
    const char *table = c.table, *out_path = c.out;
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
