/* runlimit.c - the time limit from the run context files (see runlimit.h). */
#include "runlimit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "results.h"

void runlimit_scan(const char *text, runlimit *out) {
    static const char key[] = "timeout_s";
    for (const char *p = strstr(text, key); p; p = strstr(p + 1, key)) {
        /* the key's closing quote may be escaped (a shard's context held as
         * a JSON string in a merged context): skip \ and " then the colon */
        const char *q = p + sizeof key - 1;
        while (*q == '\\' || *q == '"') q++;
        while (*q == ' ' || *q == '\t') q++;
        if (*q != ':') continue;
        q++;
        char *end;
        double v = strtod(q, &end);
        if (end == q || !(v > 0)) continue;
        if (out->found && v != out->timeout_s) out->mixed = 1;
        if (v > out->timeout_s) out->timeout_s = v;
        out->found++;
    }
}

/* Scans the file at path, if it can be read. */
static void scan_file(const char *path, runlimit *out) {
    FILE *f = fopen(path, "rb");
    if (!f) return;
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n + 1 == cap) {
            buf = xrealloc(buf, cap, 2 * cap);
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) break;
    }
    fclose(f);
    buf[n] = '\0';
    runlimit_scan(buf, out);
    xfree(buf, cap);
}

void runlimit_read(const char *results_csv, runlimit *out) {
    memset(out, 0, sizeof *out);
    static const char *const suffix[] = {".context.json", ".context.jsonl"};
    for (int i = 0; i < 2; i++) {
        char *path = results_sibling(results_csv, suffix[i]);
        scan_file(path, out);
        xstrfree(path);
    }
}
