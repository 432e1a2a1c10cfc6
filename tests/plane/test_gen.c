/* test_gen.c - `searchlab gen samegame` writes scripts the protocol
 * accepts: every layout, base kind and the i-table form run with status 0
 * and the same output on every store; bad generator flags give status 2. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli/cli.h"
#include "core/xmalloc.h"
#include "plane_testlib.h"

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    *len = fread(s, 1, (size_t)n, f);
    s[*len] = '\0';
    fclose(f);
    return s;
}

static void one(const char *layout, const char *base, int table) {
    char out[] = "/tmp/searchlab_gen_XXXXXX", tab[] = "/tmp/searchlab_tab_XXXXXX";
    int fd = mkstemp(out), fd2 = mkstemp(tab);
    close(fd), close(fd2);
    char *argv[] = {"samegame",
                    "--marbles",
                    "300",
                    "--colours",
                    "3",
                    "--layout",
                    (char *)layout,
                    "--base",
                    (char *)base,
                    "--ops",
                    "150",
                    "--seed",
                    "5",
                    "--out",
                    out,
                    table ? "--table" : NULL,
                    tab,
                    NULL};
    int argc = table ? 17 : 15;
    CHECK(cmd_gen_samegame(argc, argv) == 0);
    size_t len = 0;
    char *script = slurp(out, &len);
    CHECK(script && len > 0);
    if (!script) return;
    run_result ref =
        run_protocol_bytes(script, len, &(protocol_config){.store = store_registry[0]});
    CHECK_MSG(ref.rc == 0, "%s/%s/%d: status %d: %s", layout, base, table, ref.rc, ref.err);
    CHECK(ref.out_len > 0);
    for (int i = 1; store_registry[i]; i++) {
        run_result r =
            run_protocol_bytes(script, len, &(protocol_config){.store = store_registry[i]});
        CHECK(r.rc == 0 && r.out_len == ref.out_len && !memcmp(r.out, ref.out, r.out_len));
        run_free(&r);
    }
    run_free(&ref);
    free(script);
    remove(out);
    remove(tab);
}

int main(void) {
    size_t mem0 = xmem_current();
    const char *layouts[] = {"dense", "clusters", "spread"}, *bases[] = {"window", "strip", "all"};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) one(layouts[i], bases[j], 0);
    one("dense", "window", 1);
    char *bad1[] = {"samegame", "--layout", "round", NULL};
    char *bad2[] = {"samegame", "--mix", "q=1", NULL};
    char *bad3[] = {"samegame", "--layout", "spread", "--table", "x", NULL};
    CHECK(cmd_gen_samegame(3, bad1) == EXIT_BAD_INPUT);
    CHECK(cmd_gen_samegame(3, bad2) == EXIT_BAD_INPUT);
    CHECK(cmd_gen_samegame(5, bad3) == EXIT_BAD_INPUT);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
