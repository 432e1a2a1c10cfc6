/* gen_main.c - xcsp_gen: writes XCSP3 instances (gen.c) on standard output.
 *   xcsp_gen SEED                   a random test instance
 *   xcsp_gen DIR FIRST COUNT        DIR/gen-SEED.xml for COUNT seeds from FIRST
 *   xcsp_gen qwh N HOLES SEED [balanced] [x2]
 *                                   a quasigroup with holes
 *   xcsp_gen latin FILE [x2]        the Latin square whose clues FILE holds
 *                                   (n rows of n integers, -1 for a hole)
 *   xcsp_gen big MB [SEED]          an instance of about MB megabytes
 * (tests/xcsp/make_corpus.sh and instances/xcsp/make.sh use it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

static int has(int argc, char **argv, const char *word) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], word)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 5 && !strcmp(argv[1], "qwh")) {
        int n = atoi(argv[2]), holes = atoi(argv[3]);
        if (n < 1 || n > 64 || holes < 0) return 2;
        gen_qwh(n, holes, has(argc, argv, "balanced"), strtoull(argv[4], NULL, 10),
                has(argc, argv, "x2"), stdout);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "big")) {
        gen_big(atoi(argv[2]), argc > 3 ? strtoull(argv[3], NULL, 10) : 1, stdout);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "latin")) {
        FILE *f = fopen(argv[2], "r");
        if (!f) {
            perror(argv[2]);
            return 1;
        }
        int cap = 64 * 64, n2 = 0, v, clues[64 * 64];
        while (n2 < cap && fscanf(f, "%d", &v) == 1) clues[n2++] = v;
        fclose(f);
        int n = 1;
        while (n * n < n2) n++;
        if (n * n != n2) {
            fprintf(stderr, "%s: %d numbers, not a square\n", argv[2], n2);
            return 2;
        }
        char comment[4200];
        snprintf(comment, sizeof comment, "Latin square with holes: the clues of %s", argv[2]);
        gen_latin(n, clues, has(argc, argv, "x2"), comment, stdout);
        return 0;
    }
    if (argc == 2) {
        gen_xcsp(strtoull(argv[1], NULL, 10), stdout);
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "usage: xcsp_gen SEED | xcsp_gen DIR FIRST COUNT\n");
        return 2;
    }
    unsigned long long first = strtoull(argv[2], NULL, 10), count = strtoull(argv[3], NULL, 10);
    for (unsigned long long s = first; s < first + count; s++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/gen-%03llu.xml", argv[1], s);
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            return 1;
        }
        gen_xcsp(s, f);
        if (fclose(f)) return 1;
    }
    return 0;
}
