/* corpus.h - walking a folder of test files (bad-input corpora, instance
 * sets) for the C tests; with check.h. */
#ifndef SEARCHLAB_TESTS_CORPUS_H
#define SEARCHLAB_TESTS_CORPUS_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* Calls each(path, ctx) for every file of dir whose name ends in suffix
 * ("": every name not starting with '.'), and checks that the folder
 * exists and holds at least min such files. */
static inline void corpus_each(const char *dir, const char *suffix, int min,
                               void (*each)(const char *path, void *ctx), void *ctx) {
    DIR *dp = opendir(dir);
    CHECK_MSG(dp != NULL, "cannot open %s (run from the repository root)", dir);
    if (!dp) return;
    size_t sl = strlen(suffix);
    int n = 0;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l <= sl || strcmp(e->d_name + l - sl, suffix)) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        each(path, ctx);
        n++;
    }
    closedir(dp);
    CHECK_MSG(n >= min, "only %d files in %s, expected at least %d", n, dir, min);
}

/* 1 if msg starts with "path:LINE" (LINE a number from 1). */
static inline int corpus_names_line(const char *msg, const char *path) {
    size_t pl = strlen(path);
    return !strncmp(msg, path, pl) && msg[pl] == ':' && msg[pl + 1] >= '1' && msg[pl + 1] <= '9';
}

#endif
