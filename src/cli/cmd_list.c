/* cmd_list.c - `searchlab list`: every pluggable part this build offers,
 * grouped under headings (docs/cli.md).  Each heading is one entry of
 * `sections`; its printer walks the layer's registry. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "list.h"

static const list_section *const sections[] = {
#define SECTION_(name) &list_##name,
    LIST_SECTIONS(SECTION_)
#undef SECTION_
};

void list_item(FILE *out, const char *name, const char *summary) {
    fprintf(out, "  %-18s %s\n", name, summary ? summary : "");
}

int cmd_list(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: searchlab list [--options]\n\nPrints every puzzle, strategy, queue "
                   "policy, variable and value heuristic,\nsparse store and path finder of "
                   "this build, one heading per kind, and the\nflags of the commands whose "
                   "flags are one table (options:).\n"
                   "  --options   those flags for scripts: one tab-separated line each\n"
                   "              (command, flag, kind, min, max, default, required, names)\n");
            return EXIT_DONE;
        }
        if (!strcmp(argv[i], "--options") && argc == 2) {
            cli_print_option_rows(stdout);
            return EXIT_DONE;
        }
        return cli_usage_error("list", "unexpected argument '%s' (list takes none)", argv[i]);
    }
    for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
        printf("%s:\n", sections[i]->heading);
        sections[i]->print(stdout);
    }
    return EXIT_DONE;
}
