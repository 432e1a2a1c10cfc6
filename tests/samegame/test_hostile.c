/* test_hostile.c - random hostile scripts never crash, hang or leak: token
 * soup mixing valid and broken commands, int32 extremes, huge bases and `i`
 * files served from an in-memory table (the same callback a fuzz target
 * uses).  Every line must either be accepted or give exactly one message,
 * and the stores must agree byte for byte on the output. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "samegame_testlib.h"

/* the in-memory file table for `i` */
static const struct {
    const char *name, *text;
} files[] = {
    {"t", "a b 0\nc 0 a\n"}, {"big", "a a a a\na b b a\na a a a\n"}, {"bad", "a B\n"}, {"few", "a"},
    {"nul", "a\0b"},
};

static int mem_open(void *ctx, const char *name, lexer *lx, diag *d) {
    (void)ctx;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (!strcmp(files[i].name, name)) {
            size_t len = strcmp(name, "nul") ? strlen(files[i].text) : 3;
            return lex_from_memory(lx, name, files[i].text, len, d);
        }
    return diag_at(d, name, 0, 0, "no such file in the test table");
}

static const char *const words[] = {"b",
                                    "m",
                                    "o",
                                    "c",
                                    "n",
                                    "i",
                                    "f",
                                    "x",
                                    "0",
                                    "1",
                                    "-1",
                                    "2",
                                    "3",
                                    "-2147483648",
                                    "2147483647",
                                    "2147483648",
                                    "-",
                                    "+1",
                                    "a",
                                    "b",
                                    "rosso",
                                    "Blu",
                                    "t",
                                    "big",
                                    "bad",
                                    "few",
                                    "nul",
                                    "\t",
                                    "1000000000",
                                    "-1000000000",
                                    "99999999999999999999"};

static const char *small(rng *g) { return words[9 + rng_below(g, 6)]; }

static char *script(rng *g, size_t *len) {
    size_t cap = 1 << 15, n = 0;
    char *s = malloc(cap);
    for (int line = 0; line < 150 && n + 300 < cap; line++) {
        static const char *const cmds = "bmocnix";
        char cmd = cmds[rng_below(g, 7)];
        if (rng_below(g, 2)) { /* well formed, mostly */
            static const char *const colours[] = {"a", "b", "rosso"};
            static const char *const tables[] = {"t", "big", "bad", "few", "nul", "none"};
            const char *c = colours[rng_below(g, 3)];
            switch (cmd) {
            case 'b':
                n += (size_t)snprintf(s + n, cap - n, "b %s %s %s", small(g), small(g), c);
                break;
            case 'm':
                n += (size_t)snprintf(s + n, cap - n, "m %s %s -1000000000 %s %s 2147483647",
                                      small(g), small(g), small(g), words[13 + rng_below(g, 2)]);
                break;
            case 'i':
                n += (size_t)snprintf(s + n, cap - n, "i %d 3 %s %s %s", 1 + (int)rng_below(g, 3),
                                      small(g), small(g), tables[rng_below(g, 6)]);
                break;
            case 'x':
                n += (size_t)snprintf(s + n, cap - n, "n");
                break;
            default:
                n += (size_t)snprintf(s + n, cap - n, "%c %s %s %s %s", cmd, small(g), small(g),
                                      small(g), small(g));
            }
        } else { /* token soup */
            int k = (int)rng_below(g, 8);
            n += (size_t)snprintf(s + n, cap - n, "%c", cmd);
            for (int j = 0; j < k; j++)
                n += (size_t)snprintf(
                    s + n, cap - n, " %s",
                    rng_below(g, 3) ? small(g) : words[rng_below(g, sizeof words / sizeof *words)]);
        }
        s[n++] = '\n';
    }
    *len = n;
    return s;
}

int main(void) {
    size_t mem0 = xmem_current();
    rng g;
    rng_seed(&g, 11);
    size_t answers = 0, messages = 0;
    for (int round = 0; round < 60; round++) {
        size_t len;
        char *text = script(&g, &len);
        run_result ref = {0};
        for (int i = 0; store_registry[i]; i++) {
            protocol_config cfg = {0};
            cfg.store = store_registry[i];
            cfg.open = mem_open;
            cfg.path = path_registry[(size_t)round % REGISTRY_COUNT(path_registry)];
            run_result r = run_protocol_bytes(text, len, &cfg);
            CHECK_MSG(r.rc == 0 || r.rc == 2, "round %d: status %d: %s", round, r.rc, r.err);
            /* one message per rejected line: every message names a line once */
            long last = 0;
            int ordered = 1;
            for (char *p = r.err; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
                long l = strtol(p + strlen("<stdin>:"), NULL, 10);
                ordered &= l > last;
                last = l;
            }
            CHECK_MSG(ordered, "round %d: two messages for one line:\n%s", round, r.err);
            if (i == 0) {
                ref = r;
                answers += r.out_len;
                messages += r.err_len;
            } else {
                CHECK_MSG(r.out_len == ref.out_len && !memcmp(r.out, ref.out, r.out_len) &&
                              r.err_len == ref.err_len && !memcmp(r.err, ref.err, r.err_len),
                          "round %d: %s differs from %s", round, store_registry[i]->name,
                          store_registry[0]->name);
                run_free(&r);
            }
        }
        run_free(&ref);
        free(text);
    }
    printf("%zu bytes of answers, %zu bytes of messages\n", answers, messages);
    CHECK(answers > 1000 && messages > 1000); /* both kinds of line occur */
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
