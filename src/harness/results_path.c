/* results_path.c - the files beside a result file (see results_path.h). */
#include "results_path.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/xmalloc.h"

char *results_sibling(const char *csv_path, const char *suffix) {
    size_t n = strlen(csv_path);
    if (n > 4 && !strcmp(csv_path + n - 4, ".csv")) n -= 4;
    size_t m = n + strlen(suffix) + 1; /* strlen + 1 of the result: xstrfree's size */
    char *s = xmalloc(m);
    memcpy(s, csv_path, n);
    strcpy(s + n, suffix);
    return s;
}

void results_remove_temporaries(const char *path) {
    const char *slash = strrchr(path, '/');
    char *dir = slash ? xstrndup(path, (size_t)(slash - path) + (slash == path)) : xstrdup(".");
    const char *base = slash ? slash + 1 : path;
    size_t bl = strlen(base);
    DIR *dh = opendir(dir);
    struct dirent *de;
    while (dh && (de = readdir(dh))) {
        const char *n = de->d_name, *p = n + bl + 4;
        if (strncmp(n, base, bl) || strncmp(n + bl, ".tmp", 4) || !*p) continue;
        while (*p >= '0' && *p <= '9') p++;
        if (*p) continue; /* only BASE.tmpPID, what results_replace_bytes makes */
        size_t m = strlen(dir) + strlen(n) + 2;
        char *full = xmalloc(m);
        snprintf(full, m, "%s/%s", dir, n);
        unlink(full);
        xfree(full, m);
    }
    if (dh) closedir(dh);
    xstrfree(dir);
}
