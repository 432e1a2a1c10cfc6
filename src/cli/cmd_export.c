/* cmd_export.c - `searchlab export PUZZLE FILE --format xcsp3 [--out PATH]`:
 * writes an instance in another format, so that other solvers can
 * cross-check ours (docs/xcsp.md).  The puzzles that offer the
 * write_xcsp3 hook are exported; the answer's first variables, in
 * declaration order, are the puzzle's solution vector. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../puzzles/puzzle.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab export PUZZLE FILE --format xcsp3 [--out PATH]\n\n"
           "Writes the instance FILE of PUZZLE as an XCSP3-core instance (the subset that\n"
           "`searchlab solve xcsp` reads): its first variables, in declaration order, are\n"
           "the puzzle's solution vector, so both solvers' answers compare directly.\n\n"
           "  --format xcsp3   the output format (the only one)\n"
           "  --out PATH       write to PATH instead of standard output (its folder made\n"
           "                   when missing)\n\n"
           "Puzzles with an export: ");
    int k = 0;
    for (int i = 0; puzzles[i]; i++)
        if (puzzles[i]->write_xcsp3) printf("%s%s", k++ ? ", " : "", puzzles[i]->name);
    printf("\nexit status: 0 written, 1 write error, 2 bad usage or input\n");
}

int cmd_export(int argc, char **argv) {
    const char *cmd = "export", *name = NULL, *path = NULL, *format = NULL, *out_path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return EXIT_DONE;
        } else if (cli_is(a, "--format")) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            format = v;
        } else if (cli_is(a, "--out")) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            out_path = v;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(cmd, "unknown option '%s' (searchlab export --help)", a);
        } else if (cli_positional(cmd, a, &name, &path)) {
            return EXIT_BAD_INPUT;
        }
    }
    if (!name || !path)
        return cli_usage_error(cmd, "expected PUZZLE FILE (searchlab export --help)");
    if (!format) return cli_usage_error(cmd, "--format: required (xcsp3)");
    if (strcmp(format, "xcsp3"))
        return cli_usage_error(cmd, "--format: expected xcsp3, found '%s'", format);
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
