/* xcsp_parse.c - the XCSP3 front end's parse and build times on one file
 * (bench/xcsp_parse.sh runs it on a generated 10 MB instance):
 *   xcsp_parse FILE [REPS]
 * prints, per phase, the median of REPS runs (default 5), as wall time and
 * as this process's CPU time (the CPU time does not count the time slices
 * of other processes: the one to read on a shared machine): read (the file
 * into memory), parse (the streaming XML reader into the instance, file
 * reading included), build (the CSP model), and the peak of the library's
 * byte counter; each run starts from nothing. */
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/lexer.h"
#include "core/xmalloc.h"
#include "puzzles/puzzle.h"

static int cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: xcsp_parse FILE [REPS]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    if (reps < 1 || reps > 100) reps = 5;
    const puzzle *pz = puzzle_find("xcsp");
    uint64_t t_read[100], t_parse[100], t_build[100], c_parse[100], c_build[100];
    size_t bytes = 0, peak_parse = 0, peak_build = 0;
    int vars = 0, cons = 0;
    for (int k = 0; k < reps; k++) {
        diag d;
        lexer lx;
        xmem_reset_peak();
        size_t base = xmem_current();
        uint64_t t0 = clock_ns(), c0 = clock_cpu_ns();
        if (lex_open(&lx, argv[1], &d)) {
            fprintf(stderr, "%s\n", d.msg);
            return 2;
        }
        uint64_t t1 = clock_ns();
        void *inst = pz->parse(&lx, &d);
        uint64_t t2 = clock_ns(), c2 = clock_cpu_ns();
        bytes = lx.len;
        lex_close(&lx);
        if (!inst) {
            fprintf(stderr, "%s\n", d.msg);
            return 2;
        }
        peak_parse = xmem_peak() - base;
        csp *p = pz->build(inst, &(puzzle_model){0}, &d);
        uint64_t t3 = clock_ns(), c3 = clock_cpu_ns();
        if (!p) {
            fprintf(stderr, "%s\n", d.msg);
            return 2;
        }
        vars = p->nvars, cons = p->ncons;
        peak_build = xmem_peak() - base;
        csp_free(p);
        pz->destroy(inst);
        t_read[k] = t1 - t0, t_parse[k] = t2 - t0, t_build[k] = t3 - t2;
        c_parse[k] = c2 - c0, c_build[k] = c3 - c2;
    }
    qsort(t_read, (size_t)reps, sizeof *t_read, cmp);
    qsort(t_parse, (size_t)reps, sizeof *t_parse, cmp);
    qsort(t_build, (size_t)reps, sizeof *t_build, cmp);
    qsort(c_parse, (size_t)reps, sizeof *c_parse, cmp);
    qsort(c_build, (size_t)reps, sizeof *c_build, cmp);
    double mb = (double)bytes / (1 << 20);
    printf("file            %s (%.2f MB, %d variables, %d engine constraints)\n", argv[1], mb, vars,
           cons);
    printf("read            %8.3f s  (median of %d)\n", t_read[reps / 2] / 1e9, reps);
    printf("parse (+read)   %8.3f s wall, %.3f s CPU (%.1f MB/s of CPU), peak %.1f MB of library "
           "memory (file bytes included)\n",
           t_parse[reps / 2] / 1e9, c_parse[reps / 2] / 1e9, mb / (c_parse[reps / 2] / 1e9),
           peak_parse / 1048576.0);
    printf("build           %8.3f s wall, %.3f s CPU, peak %.1f MB with the model\n",
           t_build[reps / 2] / 1e9, c_build[reps / 2] / 1e9, peak_build / 1048576.0);
    return 0;
}
