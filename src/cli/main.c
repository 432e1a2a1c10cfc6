/* main.c - `searchlab`: dispatch to one subcommand (CLI_COMMANDS in cli.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name, *summary;
    int (*run)(int argc, char **argv);
} command;

#define ENTRY_(name, summary) {#name, summary, cmd_##name},
static const command commands[] = {CLI_COMMANDS(ENTRY_)};
#undef ENTRY_

static void usage(FILE *out) {
    fprintf(out, "usage: searchlab COMMAND [options]   (searchlab COMMAND --help for more)\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nexit status: 0 done, 1 internal error, 2 bad usage or input, 3 a limit "
                 "stopped the work\n");
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return EXIT_BAD_INPUT;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return EXIT_DONE;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("searchlab %s\n", SEARCHLAB_VERSION);
        return EXIT_DONE;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "searchlab: unknown command '%s' (searchlab --help lists them)\n", argv[1]);
    return EXIT_BAD_INPUT;
}
