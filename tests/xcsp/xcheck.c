/* xcheck.c - the independent checker of the xcsp puzzle's answers, as a
 * program for the shell tests (tests/xcsp/answers.sh):
 *   xcheck count FILE [NODE_LIMIT]  the number of solutions, by the
 *                                   reference's backtracking (xref.c)
 *   xcheck count-used FILE [NODE_LIMIT]  "K F N": the solutions whose
 *                                   free variables (in no constraint) are at
 *                                   their least value (the front end's count,
 *                                   ACE's), the product F of the free
 *                                   variables' domain sizes and their number N
 *                                   (F "big" past 2^63)
 *   xcheck verify FILE              reads `searchlab solve xcsp FILE --json`
 *                                   on standard input and checks its
 *                                   "solution" (every variable named, every
 *                                   constraint holds); exit 1 if not
 * None of the front end's code is used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xref.h"

static char *slurp(FILE *f, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t got; (got = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) s = realloc(s, cap *= 2);
    }
    s[n] = '\0';
    *len = n;
    return s;
}

static xref *load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "xcheck: cannot open %s\n", path);
        exit(2);
    }
    size_t len;
    char *s = slurp(f, &len), err[256];
    fclose(f);
    xref *m = xref_read(s, len, err, sizeof err);
    free(s);
    if (!m) {
        fprintf(stderr, "xcheck: %s: %s\n", path, err);
        exit(2);
    }
    return m;
}

/* Reads "solution": {"name": value, ...} from the JSON text into vals. */
static int read_solution(const xref *m, const char *json, int *vals, int *seen) {
    const char *p = strstr(json, "\"solution\":");
    if (!p) return -1;
    p += strlen("\"solution\":");
    while (*p == ' ') p++;
    if (!strncmp(p, "null", 4)) return 0;
    if (*p++ != '{') return -1;
    for (;;) {
        while (*p == ' ' || *p == ',') p++;
        if (*p == '}') return 1;
        if (*p++ != '"') return -1;
        const char *q = strchr(p, '"');
        if (!q) return -1;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(q - p), p);
        int v = xref_find(m, name);
        if (v < 0) {
            fprintf(stderr, "xcheck: the answer names '%s', which the instance does not declare\n",
                    name);
            return -1;
        }
        p = q + 1;
        while (*p == ' ' || *p == ':') p++;
        vals[v] = (int)strtol(p, (char **)&p, 10);
        seen[v]++;
    }
}

/* count-used: a solution counts when every free variable is at its least value. */
typedef struct used_ctx {
    const xref *m;
    long n;
} used_ctx;

static int count_used(void *ctx, const int *vals) {
    used_ctx *u = ctx;
    for (int v = 0; v < xref_nvars(u->m); v++)
        if (xref_is_free(u->m, v) && vals[v] != xref_min(u->m, v)) return 1;
    u->n++;
    return 1;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "count-used")) {
        xref *m = load(argv[2]);
        used_ctx u = {m, 0};
        long n = xref_solve(m, argc > 3 ? atol(argv[3]) : 0, count_used, &u);
        if (n < 0) {
            xref_free(m);
            puts("limit");
            return 3;
        }
        unsigned long long f = 1;
        int nfree = 0, big = 0;
        for (int v = 0; v < xref_nvars(m); v++) {
            if (!xref_is_free(m, v)) continue;
            nfree++;
            unsigned long long size = (unsigned long long)xref_dom_size(m, v);
            if (f > (1ULL << 63) / size) big = 1;
            f *= size;
        }
        if (big)
            printf("%ld big %d\n", u.n, nfree);
        else
            printf("%ld %llu %d\n", u.n, f, nfree);
        xref_free(m);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "count")) {
        xref *m = load(argv[2]);
        long n = xref_solve(m, argc > 3 ? atol(argv[3]) : 0, NULL, NULL);
        xref_free(m);
        if (n < 0) {
            puts("limit");
            return 3;
        }
        printf("%ld\n", n);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "verify")) {
        xref *m = load(argv[2]);
        size_t len;
        char *json = slurp(stdin, &len);
        int n = xref_nvars(m);
        int *vals = calloc((size_t)n + 1, sizeof *vals),
            *seen = calloc((size_t)n + 1, sizeof *seen);
        int r = read_solution(m, json, vals, seen), code = 0;
        char why[256];
        if (r < 0) {
            fprintf(stderr, "xcheck: %s: no readable \"solution\" in the answer\n", argv[2]);
            code = 1;
        } else if (r == 1) {
            for (int v = 0; v < n && !code; v++)
                if (seen[v] != 1) {
                    fprintf(stderr, "xcheck: %s: the answer gives %s %d times\n", argv[2],
                            xref_name(m, v), seen[v]);
                    code = 1;
                }
            if (!code && !xref_check(m, vals, why, sizeof why)) {
                fprintf(stderr, "xcheck: %s: wrong answer: %s\n", argv[2], why);
                code = 1;
            }
        }
        if (!code) puts(r == 1 ? "ok" : "no solution given");
        free(vals), free(seen), free(json);
        xref_free(m);
        return code;
    }
    fprintf(stderr, "usage: xcheck count FILE [NODE_LIMIT] | xcheck verify FILE < answer.json\n");
    return 2;
}
