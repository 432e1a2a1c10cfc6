/* hash.c - FNV-1a 64 of a file (see hash.h). */
#include "hash.h"

#include <stdio.h>

#include "xmalloc.h"

int fnv1a_file(const char *path, char hex[17]) {
    hex[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    enum { CHUNK = 1 << 16 };
    unsigned char *buf = xmalloc(CHUNK);
    uint64_t h = FNV1A_OFFSET;
    size_t got;
    while ((got = fread(buf, 1, CHUNK, f)) > 0) h = fnv1a(h, buf, got);
    int err = ferror(f);
    fclose(f);
    xfree(buf, CHUNK);
    if (err) return -1;
    snprintf(hex, 17, "%016llx", (unsigned long long)h);
    return 0;
}
