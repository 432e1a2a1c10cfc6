/* test_bad.c - the bad-input corpus (tests/samegame/bad/, one case per file):
 * each file must give exit status 2 and exactly one message line that
 * starts with FILE:LINE:, and deleting that line must give the same
 * output with no message (so the rejected line left the plane as it
 * was).  Runs on every store. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "corpus.h"
#include "core/xmalloc.h"
#include "samegame_testlib.h"

#define BAD_DIR "tests/samegame/bad"

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16;
    char *s = malloc(cap);
    *len = fread(s, 1, cap - 1, f);
    s[*len] = '\0';
    fclose(f);
    return s;
}

/* text without its line number `line` (counted from 1) */
static char *without_line(const char *text, size_t len, long line) {
    char *out = malloc(len + 1);
    size_t o = 0;
    long l = 1;
    for (size_t i = 0; i < len; i++) {
        if (l != line) out[o++] = text[i];
        if (text[i] == '\n') l++;
    }
    out[o] = '\0';
    return out;
}

static void one_case(const char *path, const store_ops *ops) {
    size_t len = 0;
    char *text = slurp(path, &len);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text) return;
    protocol_config cfg = {0};
    cfg.store = ops;
    cfg.input_name = path;
    run_result r = run_protocol_bytes(text, len, &cfg);
    int lines = 0;
    for (size_t i = 0; i < r.err_len; i++) lines += r.err[i] == '\n';
    CHECK_MSG(r.rc == 2 && lines == 1, "%s (%s): rc %d, %d message lines: %s", path, ops->name,
              r.rc, lines, r.err);
    size_t plen = strlen(path);
    long line = 0;
    if (r.err_len > plen + 1 && !strncmp(r.err, path, plen) && r.err[plen] == ':')
        line = strtol(r.err + plen + 1, NULL, 10);
    CHECK_MSG(line > 0, "%s: the message does not start with %s:LINE: %s", path, path, r.err);
    if (line > 0) {
        char *good = without_line(text, len, line);
        run_result g = run_protocol_bytes(good, strlen(good), &cfg);
        CHECK_MSG(g.rc == 0 && g.err_len == 0, "%s without line %ld: rc %d: %s", path, line, g.rc,
                  g.err);
        CHECK_MSG(g.out_len == r.out_len && !memcmp(g.out, r.out, r.out_len),
                  "%s: output changed by the rejected line %ld", path, line);
        run_free(&g);
        free(good);
    }
    if (ops == store_registry[0]) printf("%s: %s", path, r.err);
    run_free(&r);
    free(text);
}

static void every_store(const char *path, void *ctx) {
    (void)ctx;
    for (int i = 0; store_registry[i]; i++) one_case(path, store_registry[i]);
}

int main(void) {
    size_t mem0 = xmem_current();
    corpus_each(BAD_DIR, ".sg", 30, every_store, NULL);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
