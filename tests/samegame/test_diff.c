/* test_diff.c - differential tests on random planes and scripts:
 * - the move against a naive simulation of the spec's fall and shift
 *   steps on a small dense grid, and the block count after every change
 *   against a flood-fill count on that grid (every store, both count
 *   modes);
 * - random command scripts: every store and count mode prints the same
 *   bytes, and every path finder agrees with the canonical one (the
 *   protocol returns 1 on a disagreement). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "samegame/blocks.h"
#include "samegame_testlib.h"

enum { W = 24 };
static int grid[W][W]; /* grid[x][y]: colour or -1 */

static int in_base(int x, int y, const plane_rect *b) { return cell_in_rect(x, y, b); }

static int col_empty(int x, const plane_rect *b) {
    if (x < 0 || x >= W) return 1;
    for (int y = 0; y < W; y++)
        if (grid[x][y] >= 0 && in_base(x, y, b)) return 0;
    return 1;
}

/* flood fill from (x, y) with an explicit stack, marking into mark */
static void flood(int mark[W][W], int x, int y) {
    static int stack[W * W][2];
    int n = 0, c = grid[x][y];
    stack[n][0] = x, stack[n][1] = y, n++;
    mark[x][y] = 1;
    while (n) {
        n--;
        int cx = stack[n][0], cy = stack[n][1];
        static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 4; k++) {
            int nx = cx + d[k][0], ny = cy + d[k][1];
            if (nx < 0 || ny < 0 || nx >= W || ny >= W || mark[nx][ny] || grid[nx][ny] != c)
                continue;
            mark[nx][ny] = 1;
            stack[n][0] = nx, stack[n][1] = ny, n++;
        }
    }
}

static void naive_move(int x, int y, const plane_rect *b) {
    static int mark[W][W];
    memset(mark, 0, sizeof mark);
    if (x >= 0 && y >= 0 && x < W && y < W && grid[x][y] >= 0) flood(mark, x, y);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++)
            if (mark[i][j] && in_base(i, j, b)) grid[i][j] = -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < W; i++)
            for (int j = 1; j < W; j++)
                if (grid[i][j] >= 0 && in_base(i, j, b) && j > b->y0 && grid[i][j - 1] < 0) {
                    grid[i][j - 1] = grid[i][j], grid[i][j] = -1, changed = 1;
                }
        for (int i = 1; i < W; i++)
            if (i > b->x0 && i <= b->x1 && !col_empty(i, b) && col_empty(i - 1, b)) {
                for (int j = 0; j < W; j++)
                    if (grid[i][j] >= 0 && in_base(i, j, b))
                        grid[i - 1][j] = grid[i][j], grid[i][j] = -1;
                changed = 1;
            }
    }
}

static uint64_t naive_blocks(void) {
    static int mark[W][W];
    memset(mark, 0, sizeof mark);
    uint64_t n = 0;
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++)
            if (grid[i][j] >= 0 && !mark[i][j]) flood(mark, i, j), n++;
    return n;
}

static int same_as_grid(plane *p) {
    size_t n = 0;
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) {
            if (store_get(p->st, i, j) != grid[i][j]) return 0;
            n += grid[i][j] >= 0;
        }
    return store_count(p->st) == n;
}

static void moves_vs_naive(const store_ops *ops, plane_count_mode mode, uint64_t seed) {
    rng g;
    rng_seed(&g, seed);
    int colours = 2 + (int)rng_below(&g, 3);
    plane p;
    plane_init(&p, ops, mode);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) grid[i][j] = -1;
    for (int i = 6; i < 18; i++)
        for (int j = 6; j < 18; j++)
            if (rng_below(&g, 10) < 8) {
                grid[i][j] = (int)rng_below(&g, (uint64_t)colours);
                plane_apply(&p, &(marble){i, j, grid[i][j]}, 1);
            }
    for (int step = 0; step < 25; step++) {
        if (rng_below(&g, 4) == 0) { /* a single put or erase */
            int x = 4 + (int)rng_below(&g, 16), y = 4 + (int)rng_below(&g, 16);
            int c = rng_below(&g, 3) == 0 ? -1 : (int)rng_below(&g, (uint64_t)colours);
            grid[x][y] = c;
            plane_apply(&p, &(marble){x, y, c}, 1);
        } else {
            int a = (int)rng_below(&g, W), b = (int)rng_below(&g, W);
            int c = (int)rng_below(&g, W), d = (int)rng_below(&g, W);
            plane_rect base = {a < b ? a : b, a < b ? b : a, c < d ? c : d, c < d ? d : c};
            int x = 4 + (int)rng_below(&g, 16), y = 4 + (int)rng_below(&g, 16);
            naive_move(x, y, &base);
            plane_move(&p, x, y, &base);
        }
        CHECK_MSG(same_as_grid(&p), "%s seed %llu step %d: plane differs from the naive move",
                  ops->name, (unsigned long long)seed, step);
        if (rng_below(&g, 2)) {
            uint64_t want = naive_blocks(), visits = 0;
            CHECK_MSG(plane_blocks(&p) == want, "%s seed %llu step %d: %llu blocks, want %llu",
                      ops->name, (unsigned long long)seed, step,
                      (unsigned long long)plane_blocks(&p), (unsigned long long)want);
            CHECK(blocks_count_all(p.st, &visits) == want);
        }
    }
    plane_free(&p);
}

/* ---- random scripts ---------------------------------------------------- */

static const char *const names[] = {"a", "blu", "rosso", "verdeacqua"};

static char *random_script(uint64_t seed, size_t *len) {
    rng g;
    rng_seed(&g, seed);
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    int span = 6 + (int)rng_below(&g, 10), colours = 2 + (int)rng_below(&g, 3);
#define EMIT(...) (n += (size_t)snprintf(s + n, cap - n, __VA_ARGS__))
#define C() ((int)rng_below(&g, (uint64_t)span) - 3)
    for (int i = 0; i < span * span * 7 / 10; i++)
        EMIT("b %d %d %s\n", C(), C(), names[rng_below(&g, (uint64_t)colours)]);
    for (int i = 0; i < 120 && n + 200 < cap; i++) {
        switch (rng_below(&g, 6)) {
        case 0:
            EMIT("b %d %d %s\n", C(), C(), names[rng_below(&g, (uint64_t)colours)]);
            break;
        case 1: {
            int a = C(), b = C(), c = C(), d = C();
            EMIT("m %d %d %d %d %d %d\n", C(), C(), a < b ? a : b, a < b ? b : a, c < d ? c : d,
                 c < d ? d : c);
            break;
        }
        case 2:
            EMIT("o %d %d %d %d\n", C(), C(), C(), C());
            break;
        case 3:
            EMIT("c %d %d %d %d\n", C(), C(), C(), C());
            break;
        default:
            EMIT("n\n");
            break;
        }
    }
#undef EMIT
#undef C
    *len = n;
    return s;
}

static void scripts(uint64_t seed) {
    size_t len = 0;
    char *script = random_script(seed, &len);
    run_result ref = run_protocol(script, store_registry[0], NULL);
    CHECK(ref.rc == 0);
    for (int i = 0; store_registry[i]; i++) {
        for (int mode = 0; mode < 2; mode++) {
            protocol_config cfg = {0};
            cfg.store = store_registry[i];
            cfg.count_mode = mode ? PLANE_COUNT_FULL : PLANE_COUNT_INCREMENTAL;
            run_result r = run_protocol_cfg(script, &cfg);
            CHECK_MSG(r.rc == 0 && r.out_len == ref.out_len && !memcmp(r.out, ref.out, r.out_len),
                      "seed %llu: store %s count mode %d differs", (unsigned long long)seed,
                      store_registry[i]->name, mode);
            run_free(&r);
        }
    }
    for (int j = 0; path_registry[j]; j++) {
        run_result r = run_protocol(script, store_registry[1], path_registry[j]);
        CHECK_MSG(r.rc == 0 && r.out_len == ref.out_len && !memcmp(r.out, ref.out, r.out_len),
                  "seed %llu: path %s: rc %d %s", (unsigned long long)seed, path_registry[j]->name,
                  r.rc, r.err);
        run_free(&r);
    }
    run_free(&ref);
    free(script);
}

int main(void) {
    size_t mem0 = xmem_current();
    for (int i = 0; store_registry[i]; i++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            moves_vs_naive(store_registry[i], PLANE_COUNT_INCREMENTAL, seed);
            moves_vs_naive(store_registry[i], PLANE_COUNT_FULL, seed);
        }
    for (uint64_t seed = 1; seed <= 40; seed++) scripts(seed);
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
