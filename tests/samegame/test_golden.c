/* test_golden.c - the spec's worked examples, on every store and with
 * every path finder: the four moves, the six blocks, the path answers. */
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "samegame_testlib.h"

static const char *const board1[] = {
    "vvbvbbrr",                         /* y = 3 */
    "vbvvbvrb", "bvvvvrrv", "bvvvrbbv", /* y = 0 */
};

static void moves_on(const store_ops *ops, plane_count_mode mode) {
    plane p;
    char buf[128];
    plane_init(&p, ops, mode);
    plane_from_picture(&p, board1, 4, 0, 3);
    CHECK(store_count(p.st) == 32);
    CHECK(plane_blocks(&p) == 12);

    plane_move(&p, 2, 1, &(plane_rect){0, 100, 0, 20});
    CHECK_MSG(!strcmp(plane_picture(&p, 0, 3, 8, 4, buf), "v...brr./v..bvrb./bv.brrv./bbbrbbv."),
              "%s: move 1 gives %s", ops->name, buf);
    CHECK(store_count(p.st) == 22);

    plane_move(&p, 5, 1, &(plane_rect){3, 6, 1, 2});
    CHECK_MSG(!strcmp(plane_picture(&p, 0, 3, 8, 4, buf), "v...brr./v..b.b../bv.bvv../bbbrbbv."),
              "%s: move 2 gives %s", ops->name, buf);

    plane_move(&p, 0, 0, &(plane_rect){0, 3, 0, 2});
    CHECK_MSG(!strcmp(plane_picture(&p, 0, 3, 8, 4, buf), "v...brr./..b..b../..b.vv../vvr.bbv."),
              "%s: move 3 gives %s", ops->name, buf);

    plane_move(&p, 4, 1, &(plane_rect){-100, 1000, -200, 500});
    CHECK_MSG(!strcmp(plane_picture(&p, -100, -198, 7, 3, buf), "..b.r../v.bbbr./vvrbbv."),
              "%s: move 4 gives %s", ops->name, buf);
    CHECK(store_count(p.st) == 13);
    CHECK_MSG(plane_blocks(&p) == 6, "%s: %llu blocks", ops->name,
              (unsigned long long)plane_blocks(&p));
    plane_free(&p);
}

/* The second board as b commands, then the queries of the spec. */
static const char *const board2[] = {
    "bvbbrv",                     /* y = 3 */
    "bvbbrb", "bbbbvr", "bbbbrv", /* y = 0 */
};

static const char *expected_paths = "(0,3\n1,1\n2,1\n3,1\n)\n"
                                    "(0,5\n0,1\n1,1\n2,1\n3,1\n3,2\n)\n"
                                    "(0,7\n0,3\n0,2\n0,1\n1,1\n2,1\n2,2\n2,3\n)\n"
                                    "Non esiste un cammino omogeneo fra (3,0) e (5,2)\n"
                                    "(0,3\n1,1\n2,1\n3,1\n)\n"
                                    "(0,7\n0,3\n0,2\n0,1\n1,1\n2,1\n2,2\n2,3\n)\n"
                                    "(2,5\n3,0\n3,1\n3,2\n4,2\n5,2\n)\n"
                                    "(0,1\n4,4\n)\n" /* empty cells: no path */
    ;

static char *board2_script(void) {
    static char s[4096];
    char *o = s;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 6; j++) {
            const char *name = board2[i][j] == 'b'   ? "blu"
                               : board2[i][j] == 'r' ? "rosso"
                                                     : "verde";
            o += sprintf(o, "b %d %d %s\n", j, 3 - i, name);
        }
    o += sprintf(o, "o 1 1 3 1\no 0 1 3 2\no 0 3 2 3\no 3 0 5 2\n"
                    "c 1 1 3 1\nc 0 3 2 3\nc 3 0 5 2\n");
    return s;
}

static void paths_on(const store_ops *s, const path_ops *p) {
    char script[8192];
    strcpy(script, board2_script());
    strcat(script, "b 4 4 verde\nc 4 4 4 4\nc 4 5 4 4\no 4 4 9 9\nf\nn\n");
    char expect[4096];
    strcpy(expect, expected_paths);
    strcat(expect, "Non esiste un cammino fra (4,5) e (4,4)\n"
                   "Non esiste un cammino omogeneo fra (4,4) e (9,9)\n");
    run_result r = run_protocol(script, s, p);
    CHECK_MSG(r.rc == 0 && !strcmp(r.out, expect),
              "store %s path %s: rc %d, output:\n%s\nstderr: %s", s->name, p ? p->name : "-", r.rc,
              r.out, r.err);
    run_free(&r);
}

/* Around a marble of another colour, the rule's move order decides: up
 * before down, right before left (3x3 of a with b in the middle). */
static void detours(const store_ops *s) {
    const char *script = "b 0 0 a\nb 1 0 a\nb 2 0 a\nb 0 1 a\nb 1 1 b\nb 2 1 a\n"
                         "b 0 2 a\nb 1 2 a\nb 2 2 a\n"
                         "o 0 1 2 1\no 1 0 1 2\no 2 1 0 1\no 1 2 1 0\nc 0 1 2 1\n";
    const char *want = "(0,5\n0,1\n0,2\n1,2\n2,2\n2,1\n)\n"
                       "(0,5\n1,0\n2,0\n2,1\n2,2\n1,2\n)\n"
                       "(0,5\n2,1\n2,2\n1,2\n0,2\n0,1\n)\n"
                       "(0,5\n1,2\n2,2\n2,1\n2,0\n1,0\n)\n"
                       "(0,5\n0,1\n0,2\n1,2\n2,2\n2,1\n)\n";
    run_result r = run_protocol(script, s, NULL);
    CHECK_MSG(r.rc == 0 && !strcmp(r.out, want), "%s: detours:\n%s", s->name, r.out);
    run_free(&r);
}

int main(void) {
    size_t mem0 = xmem_current();
    for (int i = 0; store_registry[i]; i++) {
        moves_on(store_registry[i], PLANE_COUNT_INCREMENTAL);
        moves_on(store_registry[i], PLANE_COUNT_FULL);
        paths_on(store_registry[i], NULL);
        detours(store_registry[i]);
        for (int j = 0; path_registry[j]; j++) paths_on(store_registry[i], path_registry[j]);
    }
    /* the `i` example: t.txt holds "blu rosso 0 / bianco 0 nero" */
    run_result r = run_protocol("i 2 3 4 5 tests/samegame/data/t.txt\n"
                                "o 4 5 4 5\no 5 5 5 5\no 4 6 4 6\no 6 6 6 6\no 5 6 5 6\no 6 5 6 5\n"
                                "c 4 5 5 5\nc 4 5 4 6\nn\n",
                                NULL, NULL);
    CHECK_MSG(r.rc == 0 && !strcmp(r.out, "(0,1\n4,5\n)\n(0,1\n5,5\n)\n(0,1\n4,6\n)\n(0,1\n6,6\n)\n"
                                          "Non esiste un cammino omogeneo fra (5,6) e (5,6)\n"
                                          "Non esiste un cammino omogeneo fra (6,5) e (6,5)\n"
                                          "(1,2\n4,5\n5,5\n)\n(1,2\n4,5\n4,6\n)\n4\n"),
              "i example: rc %d out:\n%s\nerr: %s", r.rc, r.out, r.err);
    run_free(&r);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
