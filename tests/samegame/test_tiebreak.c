/* test_tiebreak.c - the printed path against the spec's rule itself: on
 * small random boards, enumerate every simple path between two cells,
 * keep the optimal ones, pick the winner by rule 1 (colour changes as late
 * as possible) then rule 2 (moves from the start, right < left < up <
 * down), and compare with what the canonical finders print.  The boards
 * have at most 25 cells, so the enumeration's depth is bounded by 25, and
 * it prunes paths already worse than the best found. */
#include <string.h>

#include "check.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "samegame/path.h"
#include "samegame_testlib.h"

enum { MAXW = 5, MAXC = 25 };
static int w, h, board[MAXW][MAXW]; /* colour or -1 */
static int mode;                    /* PATH_ONE_COLOUR or PATH_VARIABLE */
static cell cur[MAXC], best[MAXC];
static int ncur, nbest, on[MAXW][MAXW];
static uint64_t best_v, best_l;
static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1}; /* right left up down */

static int dir(cell a, cell b) {
    for (int d = 0; d < 4; d++)
        if (a.x + dx[d] == b.x && a.y + dy[d] == b.y) return d;
    return -1;
}

/* changes among the first k steps of p */
static int changes(const cell *p, int k) {
    int v = 0;
    for (int i = 0; i < k; i++) v += board[p[i].x][p[i].y] != board[p[i + 1].x][p[i + 1].y];
    return v;
}

/* 1 if cur beats best (same variability and length) by the spec's rule */
static int beats(void) {
    for (int k = ncur - 2; k >= 0; k--) {
        int a = changes(cur, k), b = changes(best, k);
        if (a != b) return a < b;
    }
    for (int i = 0; i + 1 < ncur; i++) {
        int a = dir(cur[i], cur[i + 1]), b = dir(best[i], best[i + 1]);
        if (a != b) return a < b;
    }
    return 0;
}

static void consider(void) {
    uint64_t v = (uint64_t)changes(cur, ncur - 1), l = (uint64_t)ncur;
    if (!nbest || v < best_v || (v == best_v && l < best_l) ||
        (v == best_v && l == best_l && beats())) {
        memcpy(best, cur, sizeof(cell) * (size_t)ncur);
        nbest = ncur, best_v = v, best_l = l;
    }
}

static void extend(cell to) {
    cell c = cur[ncur - 1];
    uint64_t v = (uint64_t)changes(cur, ncur - 1);
    if (nbest && (v > best_v || (v == best_v && (uint64_t)ncur > best_l))) return;
    if (c.x == to.x && c.y == to.y) {
        consider();
        return;
    }
    for (int d = 0; d < 4; d++) {
        int x = c.x + dx[d], y = c.y + dy[d];
        if (x < 0 || y < 0 || x >= w || y >= h || on[x][y] || board[x][y] < 0) continue;
        if (mode == PATH_ONE_COLOUR && board[x][y] != board[cur[0].x][cur[0].y]) continue;
        on[x][y] = 1;
        cur[ncur++] = (cell){x, y};
        extend(to);
        ncur--;
        on[x][y] = 0;
    }
}

int main(void) {
    size_t mem0 = xmem_current();
    rng g;
    rng_seed(&g, 7);
    int compared = 0;
    for (int round = 0; round < 400; round++) {
        w = 2 + (int)rng_below(&g, 4), h = 2 + (int)rng_below(&g, 4);
        if (w * h > MAXC) h = MAXC / w;
        int colours = 2 + (int)rng_below(&g, 2);
        plane p;
        plane_init(&p, store_registry[(size_t)round % REGISTRY_COUNT(store_registry)],
                   PLANE_COUNT_INCREMENTAL);
        for (int x = 0; x < w; x++)
            for (int y = 0; y < h; y++) {
                board[x][y] = rng_below(&g, 5) == 0 ? -1 : (int)rng_below(&g, (uint64_t)colours);
                if (board[x][y] >= 0) plane_apply(&p, &(marble){x, y, board[x][y]}, 1);
            }
        for (int q = 0; q < 6; q++) {
            cell a = {(int32_t)rng_below(&g, (uint64_t)w), (int32_t)rng_below(&g, (uint64_t)h)};
            cell b = {(int32_t)rng_below(&g, (uint64_t)w), (int32_t)rng_below(&g, (uint64_t)h)};
            for (mode = PATH_ONE_COLOUR; mode <= PATH_VARIABLE; mode *= 2) {
                nbest = 0;
                memset(on, 0, sizeof on);
                if (board[a.x][a.y] >= 0 && board[b.x][b.y] >= 0 &&
                    (mode == PATH_VARIABLE || board[a.x][a.y] == board[b.x][b.y])) {
                    ncur = 1, cur[0] = a, on[a.x][a.y] = 1;
                    extend(b);
                }
                path_query pq = {a, b, mode};
                path_result r;
                path_result_init(&r);
                path_canonical(mode)->find(p.st, &pq, &r);
                int same = r.found == (nbest > 0);
                if (same && nbest)
                    same = r.variability == best_v && r.length == best_l &&
                           r.ncells == (size_t)nbest &&
                           !memcmp(r.cells, best, sizeof(cell) * (size_t)nbest);
                CHECK_MSG(same,
                          "round %d: %s path (%d,%d) -> (%d,%d): found %d (v %llu l %llu), "
                          "rule gives %d (v %llu l %llu)",
                          round, mode == PATH_ONE_COLOUR ? "o" : "c", a.x, a.y, b.x, b.y, r.found,
                          (unsigned long long)r.variability, (unsigned long long)r.length,
                          nbest > 0, (unsigned long long)best_v, (unsigned long long)best_l);
                compared += nbest > 0;
                path_result_free(&r);
            }
        }
        plane_free(&p);
    }
    CHECK(compared > 1000);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
