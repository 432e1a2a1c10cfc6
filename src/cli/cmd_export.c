/* cmd_export.c - `searchlab export PUZZLE FILE --format xcsp3 [--out PATH]`:
 * writes an instance in another format, so that other solvers can
 * cross-check ours (docs/xcsp.md).  The puzzles that offer the
 * write_xcsp3 hook are exported; the answer's first variables, in
 * declaration order, are the puzzle's solution vector. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../core/options.h"
#include "../puzzles/puzzle.h"
#include "cli.h"

/* export's flags (core/options.h). */
typedef struct export_cli {
    int format; /* an index in formats */
    const char *out;
} export_cli;

static const char *const formats[] = {"xcsp3", NULL};

const spec_key cli_export_keys[] = {
    {.name = "format",
     .doc = "the output format (the only one)",
     .names = formats,
     .required = 1,
     .offset = offsetof(export_cli, format)},
    {.name = "out",
     .doc = "write to PATH instead of standard output (its folder made when missing)",
     .form = "PATH",
     .offset = offsetof(export_cli, out)},
    {.name = NULL}};

static void help(void) {
    printf("usage: searchlab export PUZZLE FILE --format xcsp3 [--out PATH]\n\n"
           "Writes the instance FILE of PUZZLE as an XCSP3-core instance (the subset that\n"
           "`searchlab solve xcsp` reads): its first variables, in declaration order, are\n"
           "the puzzle's solution vector, so both solvers' answers compare directly.\n\n");
    cli_print_options(cli_export_keys);
    printf("\nPuzzles with an export: ");
    int k = 0;
    for (int i = 0; puzzles[i]; i++)
        if (puzzles[i]->write_xcsp3) printf("%s%s", k++ ? ", " : "", puzzles[i]->name);
    printf("\nexit status: 0 written, 1 write error, 2 bad usage or input\n");
}

int cmd_export(int argc, char **argv) {
    const char *cmd = "export", *pos[2] = {NULL, NULL};
    export_cli o = {0};
    opt_group groups[] = {{cli_export_keys, &o, 0, 0}};
    size_t npos = 0;
    int ret = cli_options(cmd, argc, argv, groups, 1, pos, &npos, 2, help);
    if (ret) return ret < 0 ? EXIT_DONE : ret;
    const char *name = pos[0], *path = pos[1], *out_path = o.out;
    if (!name || !path)
        return cli_usage_error(cmd, "expected PUZZLE FILE (searchlab export --help)");
    const puzzle *pz = cli_puzzle(cmd, name);
    if (!pz) return EXIT_BAD_INPUT;
    if (!pz->write_xcsp3)
        return cli_usage_error(cmd, "puzzle '%s' has no XCSP3 export (searchlab export --help)",
                               name);
    void *inst = cli_load(pz, path);
    if (!inst) return EXIT_BAD_INPUT;
    if (out_path) cli_mkdir_parent(out_path); /* out/x.xml in a fresh clone */
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        pz->destroy(inst);
        return cli_usage_error(cmd, "--out: cannot write '%s': %s", out_path, strerror(errno));
    }
    int bad = pz->write_xcsp3(inst, out) != 0;
    bad |= out_path ? fclose(out) != 0 : fflush(out) != 0;
    pz->destroy(inst);
    if (bad) {
        fprintf(stderr, "searchlab export: write error on %s\n",
                out_path ? out_path : "standard output");
        return EXIT_INTERNAL;
    }
    return EXIT_DONE;
}
