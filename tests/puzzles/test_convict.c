/* test_convict.c - the convict's escape: parser, verifier on the spec's
 * sample route, the classic 4x4 under both rules, every strategy (and
 * option mix) against a brute-force route count on small boards (with
 * walls, rectangular, both rules), limits, and the generator. */
#include <stdlib.h>

#include "core/rng.h"
#include "puzzle_diff.h"
#include "puzzles/convict.h"

static const puzzle *pz;

static const char *const specs[] = {
    "smart",
    "dfs",
    "parity",
    "connect",
    "warnsdorff",
    "dfs:cut=both",
    "warnsdorff:cut=parity",
    "parity:order=warnsdorff",
    "connect:order=warnsdorff,cut=connect",
    NULL,
};

/* Brute force: every route by plain recursion (test only: boards of at
 * most 16 cells, so depth <= 20). */
static long routes(const cvt_inst *in, unsigned char *seen, int x, int left) {
    static const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
    long n = 0;
    for (int k = 0; k < 4; k++) {
        int r = x / in->cols + dr[k], c = x % in->cols + dc[k], y = r * in->cols + c;
        if (r < 0 || c < 0 || r >= in->rows || c >= in->cols || in->blocked[y]) continue;
        if (y == in->exit) {
            n += left == 1;
        } else if (y == in->start) {
            if (!in->strict) n += routes(in, seen, y, left);
        } else if (!seen[y]) {
            seen[y] = 1;
            n += routes(in, seen, y, left - 1);
            seen[y] = 0;
        }
    }
    return n;
}

static long brute_force(const cvt_inst *in) {
    unsigned char seen[64] = {0};
    return routes(in, seen, in->start, in->nopen - 1);
}

static void check_all_specs(const void *inst, long expected, const char *what) {
    for (int s = 0; specs[s]; s++) {
        long k = diff_count(pz, inst, specs[s]);
        CHECK_MSG(k == expected, "%s %s: %ld routes, expected %ld", what, specs[s], k, expected);
    }
}

static void test_classic(void) {
    diag d;
    void *ret = puzzle_load(pz, "instances/convict/classic_4x4.cvt", &d);
    void *strict = puzzle_load(pz, "instances/convict/classic_4x4_strict.cvt", &d);
    CHECK(ret && strict);
    if (!ret || !strict) return;
    long k = brute_force(ret);
    CHECK(k > 0);
    CHECK(brute_force(strict) == 0);
    check_all_specs(ret, k, "classic return");
    check_all_specs(strict, 0, "classic strict");
    /* the spec's sample route, (row, column) from 1 there */
    static const int sample[][2] = {{1, 1}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1},
                                    {4, 2}, {3, 2}, {2, 2}, {2, 3}, {1, 3}, {1, 4},
                                    {2, 4}, {3, 4}, {3, 3}, {4, 3}, {4, 4}};
    int route[17];
    for (int i = 0; i < 17; i++) route[i] = (sample[i][0] - 1) * 4 + sample[i][1] - 1;
    char why[128];
    CHECK_MSG(pz->verify(ret, route, 17, why, sizeof why), "%s", why);
    CHECK(!pz->verify(strict, route, 17, why, sizeof why)); /* it returns to the start */
    int swapped[17];
    memcpy(swapped, route, sizeof route);
    swapped[5] = route[6], swapped[6] = route[5];
    CHECK(!pz->verify(ret, swapped, 17, why, sizeof why));
    CHECK(!pz->verify(ret, route, 16, why, sizeof why));
    /* the drawing shows each cell's first visit */
    char out[512] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    pz->print(ret, route, 17, 0, f);
    fclose(f);
    CHECK_MSG(strstr(out, "\n 1  2 11 12\n 4  9 10 13\n 5  8 15 14\n 6  7 16 17\n") != NULL, "%s",
              out);
    /* limits stop the search */
    solve_request rq = {.spec = "dfs", .all = 1, .node_limit = 10};
    solve_result r;
    CHECK(solve_puzzle(pz, ret, &rq, &r, &d) == 0 && r.status == STATUS_NODE_LIMIT &&
          r.st.nodes <= 10);
    solve_result_free(&r);
    rq.spec = "dfs:cut=sometimes";
    CHECK(solve_puzzle(pz, ret, &rq, &r, &d) == -1 && strstr(d.msg, "unknown cut 'sometimes'") &&
          strstr(d.msg, "none, parity, connect, both"));
    rq.spec = "smart:order=classic,cut=parity,order=warnsdorff";
    CHECK(solve_puzzle(pz, ret, &rq, &r, &d) == -1 && strstr(d.msg, "'order' is given twice"));
    rq.spec = "dfs:queue=dom";
    CHECK(solve_puzzle(pz, ret, &rq, &r, &d) == -1 &&
          strstr(d.msg, "'queue' is not a key of 'dfs'; dfs takes order, cut"));
    pz->destroy(ret);
    pz->destroy(strict);
}

static void test_parse_grid(void) {
    diag d;
    void *in = diff_load(pz,
                         "# a prison with walls\n3 4\nstart 0 1\nexit 2 0\nrule strict\n"
                         "# the grid: '#' walls; this line is a comment\n"
                         "....\n#..#   # a comment after a row\n....\n",
                         &d);
    CHECK_MSG(in != NULL, "%s", d.msg);
    if (!in) return;
    const cvt_inst *c = in;
    CHECK(c->rows == 3 && c->cols == 4 && c->start == 1 && c->exit == 8 && c->strict);
    CHECK(c->blocked[4] && c->blocked[7] && c->nopen == 10);
    check_all_specs(in, brute_force(in), "walls");
    pz->destroy(in);
}

static void test_brute_force(void) {
    rng r;
    rng_seed(&r, 99);
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 3}, {2, 6}, {4, 4}, {1, 5}};
    int solvable = 0, many = 0;
    for (int s = 0; s < 8; s++)
        for (int t = 0; t < 10; t++) {
            int R = shapes[s][0], C = shapes[s][1], n = R * C;
            char text[512];
            int start = (int)rng_below(&r, (uint64_t)n), exit;
            do exit = (int)rng_below(&r, (uint64_t)n);
            while (exit == start);
            size_t o = (size_t)snprintf(text, sizeof text, "%d %d\nstart %d %d\nexit %d %d\n%s\n",
                                        R, C, start / C, start % C, exit / C, exit % C,
                                        t % 3 == 0 ? "rule strict" : "rule return");
            for (int x = 0; x < n; x++) {
                int wall = x != start && x != exit && rng_below(&r, 8) == 0;
                o += (size_t)snprintf(text + o, sizeof text - o, "%c%s", wall ? '#' : '.',
                                      x % C == C - 1 ? "\n" : "");
            }
            diag d;
            void *in = diff_load(pz, text, &d);
            CHECK_MSG(in != NULL, "%s\n%s", d.msg, text);
            if (!in) continue;
            long k = brute_force(in);
            solvable += k > 0;
            many += k > 1;
            check_all_specs(in, k, text);
            pz->destroy(in);
        }
    CHECK(solvable > 5 && many > 3);
}

static void test_generator(void) {
    static const int shapes[][2] = {{4, 4}, {5, 7}, {6, 6}};
    for (int s = 0; s < 3; s++) {
        puzzle_gen g = {.size = shapes[s][0],
                        .cols = shapes[s][1],
                        .seed = (uint64_t)s + 5,
                        .density = s ? 0.1 : -1,
                        .density2 = -1};
        void *in = diff_generate(pz, &g);
        if (in) {
            solve_request rq = {.spec = "connect:order=warnsdorff"};
            solve_result res;
            diag d;
            CHECK(solve_puzzle(pz, in, &rq, &res, &d) == 0 && res.status == STATUS_SOLVED);
            solve_result_free(&res);
            pz->destroy(in);
        }
    }
}

int main(void) {
    static void (*const tests[])(void) = {test_classic, test_parse_grid, test_brute_force,
                                          test_generator, NULL};
    return diff_main("convict", &pz, tests);
}
