/* replay.c - the main() that turns a fuzz target into a regression test:
 * it calls LLVMFuzzerTestOneInput on every regular file of each folder
 * given (not recursive; sorted, so runs are repeatable) and on each file
 * given by name.  Used in every build, gcc included, so the corpus of
 * tests/fuzz/corpus/<target>/ is replayed by ctest everywhere.
 *
 *   replay_TARGET PATH...     exit 0 when every input returned; a bug
 *                             aborts (sanitizers, the leak check) */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Reads the file at path whole into a malloc'd buffer (plain malloc: the
 * input is not the library's memory).  NULL on an error, reported. */
static unsigned char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *bigger = realloc(buf, cap * 2);
            if (!bigger) free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    if (!buf || ferror(f)) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

static int run_file(const char *path) {
    size_t len;
    unsigned char *buf = read_all(path, &len);
    if (!buf) return -1;
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir; returns how many ran, -1 on an error. */
static int run_dir(const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger) abort();
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) abort();
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(dp);
    qsort(names, n, sizeof *names, by_name);
    int ran = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]))
                bad = 1;
            else
                ran++;
        }
        free(names[i]);
    }
    free(names);
    return bad ? -1 : ran;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        int ran = S_ISDIR(st.st_mode) ? run_dir(argv[i]) : (run_file(argv[i]) ? -1 : 1);
        if (ran < 0) return 1;
        printf("%s: %d inputs\n", argv[i], ran);
        total += ran;
    }
    printf("replayed %d inputs\n", total);
    return 0;
}
