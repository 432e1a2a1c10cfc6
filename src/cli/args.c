/* args.c - what the subcommands share: the one flag reader's front
 * (cli_options, cli_print_options), messages, loading an instance. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/options.h"
#include "../core/registry.h"
#include "../core/spec.h"
#include "../core/xmalloc.h"
#include "../harness/instset.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "searchlab %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

void cli_print_doc(const char *doc, int indent) {
    for (const char *p = doc; *p; p++) {
        putchar(*p);
        if (*p == '\n') printf("%*s", indent, "");
    }
    putchar('\n');
}

char *cli_command_line(int argc, char **argv) {
    size_t n = 16;
    for (int i = 0; i < argc; i++) n += strlen(argv[i]) * 4 + 3;
    char *s = xmalloc(n);
    size_t o = (size_t)snprintf(s, n, "searchlab");
    for (int i = 0; i < argc; i++) {
        int plain =
            argv[i][0] && strspn(argv[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789-_./=:,+@%") == strlen(argv[i]);
        s[o++] = ' ';
        if (!plain) s[o++] = '\'';
        for (const char *c = argv[i]; *c; c++) {
            if (*c == '\'') {
                memcpy(s + o, "'\\''", 4);
                o += 4;
            } else {
                s[o++] = *c;
            }
        }
        if (!plain) s[o++] = '\'';
    }
    s[o] = '\0';
    char *out = xstrdup(s);
    xfree(s, n);
    return out;
}

const puzzle *cli_puzzle(const char *cmd, const char *name) {
    const puzzle *pz = puzzle_find(name);
    if (!pz) {
        char names[256];
        registry_join((const void *const *)puzzles, names, sizeof names);
        cli_usage_error(cmd, "unknown puzzle '%s' (one of: %s)", name, names);
    }
    return pz;
}

void *cli_load(const puzzle *pz, const char *path) {
    diag d;
    void *inst = puzzle_load(pz, path, &d);
    if (!inst) fprintf(stderr, "%s\n", d.msg);
    return inst;
}

void cli_mkdir_parent(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path) return;
    char dir[4096];
    diag d;
    if ((size_t)(slash - path) >= sizeof dir) return;
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    (void)instset_mkdirs(dir, &d);
}

int cli_options(const char *cmd, int argc, char **argv, opt_group *groups, size_t ngroups,
                const char **pos, size_t *npos, size_t max_pos, void (*help)(void)) {
    diag d;
    int r = opt_argv(cmd, argc, argv, groups, ngroups, pos, npos, max_pos, &d);
    if (r == OPT_HELP) {
        if (help) help();
        return -1;
    }
    return r ? cli_usage_error(cmd, "%s", d.msg) : EXIT_DONE;
}

enum { HELP_HEAD = 22, HELP_WIDTH = 79 };

void cli_print_options(const spec_key *keys) {
    char head[400], body[1200];
    for (const spec_key *k = keys; k->name; k++) {
        opt_help_parts(k, "--", head, sizeof head, body, sizeof body);
        int col = printf("  %-*s", HELP_HEAD, head);
        if (col > HELP_HEAD + 2) { /* a long head: the doc starts below it */
            printf("\n%*s", HELP_HEAD + 2, "");
            col = HELP_HEAD + 2;
        }
        /* words of body, wrapped under the doc's first column */
        for (const char *w = body; *w;) {
            size_t len = strcspn(w, " ");
            if (col + 1 + (int)len > HELP_WIDTH && col > HELP_HEAD + 2) {
                printf("\n%*s", HELP_HEAD + 2, "");
                col = HELP_HEAD + 2;
            }
            col += printf(" %.*s", (int)len, w);
            w += len;
            while (*w == ' ') w++;
        }
        putchar('\n');
    }
}
