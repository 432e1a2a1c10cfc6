/* test_edges.c - the int32 edges and huge bases: a move whose base is
 * [-1e9, 1e9]^2 or the whole plane on ten marbles costs what the marbles
 * cost (no loop over the area: this test would never end otherwise), and
 * coordinates at INT32_MIN / INT32_MAX neither overflow nor wrap. */
#include <limits.h>
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "samegame_testlib.h"

static void huge_base(const store_ops *ops) {
    plane p;
    plane_init(&p, ops, PLANE_COUNT_INCREMENTAL);
    int c = colour_intern(&p.colours, "a", 1), d = colour_intern(&p.colours, "b", 1);
    /* ten marbles spread far apart */
    static const int32_t xs[10] = {-999999999, -5, 0, 0, 7, 7, 123456789, 999999999, 3, 3};
    static const int32_t ys[10] = {999999999, -999999999, 0, 1, 5, 6, 42, -1, 999999998, -7};
    for (int i = 0; i < 10; i++) plane_apply(&p, &(marble){xs[i], ys[i], i % 3 ? c : d}, 1);
    CHECK(store_count(p.st) == 10);
    p.st->nops = 0;
    plane_move(&p, 0, 0, &(plane_rect){-1000000000, 1000000000, -1000000000, 1000000000});
    CHECK(store_count(p.st) == 9); /* (0,0) is alone in its block... */
    CHECK_MSG(p.st->nops < 2000000, "%s: %llu store steps for ten marbles", ops->name,
              (unsigned long long)p.st->nops);
    /* columns closed up from x0, each dropped to y0 */
    CHECK(store_get(p.st, -1000000000, -1000000000) != STORE_EMPTY);
    CHECK(store_get(p.st, -1000000000 + 6, -1000000000) != STORE_EMPTY); /* 7 columns */
    CHECK(store_get(p.st, -1000000000 + 7, -1000000000) == STORE_EMPTY);
    CHECK(plane_blocks(&p) <= 9);

    /* the whole plane as a base, marbles on the edges */
    plane_apply(&p, &(marble){INT32_MAX, INT32_MAX, c}, 1);
    plane_apply(&p, &(marble){INT32_MIN, INT32_MAX, c}, 1);
    plane_apply(&p, &(marble){INT32_MAX, INT32_MIN, d}, 1);
    plane_apply(&p, &(marble){INT32_MAX - 1, INT32_MIN, d}, 1);
    uint64_t before = plane_blocks(&p);
    plane_move(&p, INT32_MAX, INT32_MAX, &PLANE_RECT_ALL);
    CHECK(store_count(p.st) == 12);
    CHECK(store_get(p.st, INT32_MIN, INT32_MIN) != STORE_EMPTY);
    CHECK(plane_blocks(&p) <= before);
    uint64_t visits = 0;
    CHECK(plane_blocks(&p) == blocks_count_all(p.st, &visits));
    plane_free(&p);
}

static void edge_protocol(const store_ops *ops) {
    const char *script = "b 2147483647 2147483647 a\n"
                         "b 2147483646 2147483647 a\n"
                         "b 2147483647 2147483646 b\n"
                         "b -2147483648 -2147483648 a\n"
                         "b -2147483648 -2147483647 a\n"
                         "o 2147483646 2147483647 2147483647 2147483647\n"
                         "c 2147483646 2147483647 2147483647 2147483646\n"
                         "o -2147483648 -2147483648 -2147483648 -2147483647\n"
                         "o -2147483648 -2147483648 2147483647 2147483647\n"
                         "n\n"
                         "m 2147483647 2147483647 -2147483648 2147483647 -2147483648 2147483647\n"
                         "n\n"
                         "c -2147483648 -2147483648 -2147483647 -2147483648\n"
                         "m 0 0 2147483647 2147483647 2147483647 2147483647\n"
                         "m 0 0 -2147483648 -2147483648 -2147483648 -2147483648\n"
                         "n\n"
                         "i 1 2 2147483646 0 tests/samegame/data/t_row.txt\n"
                         "o 2147483646 0 2147483647 0\n";
    run_result r = run_protocol(script, ops, NULL);
    const char *want =
        "(0,2\n2147483646,2147483647\n2147483647,2147483647\n)\n"
        "(1,3\n2147483646,2147483647\n2147483647,2147483647\n2147483647,2147483646\n)\n"
        "(0,2\n-2147483648,-2147483648\n-2147483648,-2147483647\n)\n"
        "Non esiste un cammino omogeneo fra (-2147483648,-2147483648) e "
        "(2147483647,2147483647)\n"
        "3\n"
        /* removes the two a's at the top right; b falls to INT_MIN row and
         * every column closes up to INT_MIN: a a (col MIN) then b (col MIN+1) */
        "2\n"
        "(1,2\n-2147483648,-2147483648\n-2147483647,-2147483648\n)\n"
        "2\n"
        "(0,2\n2147483646,0\n2147483647,0\n)\n";
    CHECK_MSG(r.rc == 0 && !strcmp(r.out, want), "%s: rc %d out:\n%s\nerr: %s", ops->name, r.rc,
              r.out, r.err);
    run_free(&r);
}

int main(void) {
    size_t mem0 = xmem_current();
    for (int i = 0; store_registry[i]; i++) {
        huge_base(store_registry[i]);
        edge_protocol(store_registry[i]);
    }
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
