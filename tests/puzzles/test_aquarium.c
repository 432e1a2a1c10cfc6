/* test_aquarium.c - aquarium: both input forms, the verifier, every
 * strategy x model x queue policy against brute force over all cell
 * fillings (boards up to 12 cells, rectangular ones included), and the
 * generator's uniqueness. */
#include <stdlib.h>

#include "core/rng.h"
#include "puzzle_diff.h"

static const puzzle *pz;

/* Solutions among all 2^(R*C) fillings, by the verifier alone. */
static long brute_force(const void *inst, int cells) {
    int x[16];
    long count = 0;
    char why[128];
    for (long mask = 0; mask < (1L << cells); mask++) {
        for (int k = 0; k < cells; k++) x[k] = (int)((mask >> k) & 1);
        count += pz->verify(inst, x, (size_t)cells, why, sizeof why);
    }
    return count;
}

/* A random R x C instance: regions grown from random seeds (4-connected),
 * clues from a random flooding (or at random for some), a few missing. */
static void random_text(rng *r, int R, int C, char *buf, size_t size) {
    int reg[16], n = R * C, nreg = 1 + (int)rng_below(r, (uint64_t)n / 2);
    for (int x = 0; x < n; x++) reg[x] = x < nreg ? x : -1;
    rng_shuffle(r, reg, n);
    for (int left = n - nreg; left > 0;) {
        int x = (int)rng_below(r, (uint64_t)n), y = x + (int[]){-C, C, -1, 1}[rng_below(r, 4)];
        if (reg[x] >= 0 || y < 0 || y >= n || (y % C != x % C && y / C != x / C) || reg[y] < 0)
            continue;
        reg[x] = reg[y];
        left--;
    }
    int level[16], water[16];
    for (int a = 0; a < n; a++) level[a] = (int)rng_below(r, (uint64_t)R + 1);
    for (int x = 0; x < n; x++) water[x] = reg[x] >= 0 && x / C >= level[reg[x]];
    int random_clues = rng_below(r, 4) == 0;
    size_t o = (size_t)snprintf(buf, size, "size %d %d\ncols", R, C);
    for (int c = 0; c < C; c++) {
        int k = 0;
        for (int rr = 0; rr < R; rr++) k += water[rr * C + c];
        if (random_clues) k = (int)rng_below(r, (uint64_t)R + 1);
        if (rng_below(r, 6) == 0)
            o += (size_t)snprintf(buf + o, size - o, " -");
        else
            o += (size_t)snprintf(buf + o, size - o, " %d", k);
    }
    o += (size_t)snprintf(buf + o, size - o, "\nrows");
    for (int rr = 0; rr < R; rr++) {
        int k = 0;
        for (int c = 0; c < C; c++) k += water[rr * C + c];
        if (random_clues) k = (int)rng_below(r, (uint64_t)C + 1);
        o += (size_t)snprintf(buf + o, size - o, rng_below(r, 6) == 0 ? " -" : " %d", k);
    }
    o += (size_t)snprintf(buf + o, size - o, "\nregions\n");
    for (int x = 0; x < n; x++)
        o += (size_t)snprintf(buf + o, size - o, "r%d%c", reg[x], x % C == C - 1 ? '\n' : ' ');
}

static void test_brute_force(void) {
    rng r;
    rng_seed(&r, 2024);
    char text[1024];
    int multi = 0, unsat = 0;
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 5}, {4, 3}, {3, 4}, {2, 6}};
    for (int s = 0; s < 8; s++)
        for (int t = 0; t < 8; t++) {
            int R = shapes[s][0], C = shapes[s][1];
            random_text(&r, R, C, text, sizeof text);
            diag d;
            void *inst = diff_load(pz, text, &d);
            CHECK_MSG(inst != NULL, "%s\n%s", d.msg, text);
            if (!inst) continue;
            long expected = brute_force(inst, R * C);
            multi += expected > 1;
            unsat += expected == 0;
            diff_check_all_specs(pz, inst, expected, text);
            pz->destroy(inst);
        }
    CHECK(multi > 0);
    CHECK(unsat > 0);
}

static const char blog_task[] =
    "# the blog's puzzle as a task string\n"
    "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,"
    "4,4,4\n";

static void test_forms_and_verifier(void) {
    diag d;
    void *file = puzzle_load(pz, "instances/aquarium/blog_681742_6x6.aq", &d);
    void *task = diff_load(pz, blog_task, &d);
    CHECK(file && task);
    if (!file || !task) return;
    solve_request rq = {.spec = "gac"};
    solve_result a, b;
    CHECK(solve_puzzle(pz, file, &rq, &a, &d) == 0 && a.status == STATUS_SOLVED);
    CHECK(solve_puzzle(pz, task, &rq, &b, &d) == 0 && b.status == STATUS_SOLVED);
    CHECK(a.first_len == 36 && b.first_len == 36 &&
          !memcmp(a.first, b.first, 36 * sizeof *a.first));
    char why[128];
    int sol[36];
    memcpy(sol, a.first, sizeof sol);
    CHECK(pz->verify(file, sol, 36, why, sizeof why));
    sol[0] = !sol[0]; /* breaks a clue and the file's solution */
    CHECK(!pz->verify(file, sol, 36, why, sizeof why));
    CHECK(!pz->verify(task, sol, 36, why, sizeof why));
    char out[256] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    pz->print_json(file, a.first, a.first_len, f);
    fclose(f);
    CHECK_MSG(
        !strcmp(out, "[\"..~~~~\", \"~~~~~.\", \"~~~~~.\", \"~~~...\", \".~....\", \"~~~...\"]"),
        "%s", out);
    CHECK(diff_count(pz, file, "bt:model=cells") == 1);
    solve_result_free(&a);
    solve_result_free(&b);
    pz->destroy(file);
    pz->destroy(task);
}

/* The partial check of a row clue 2 over three one-cell aquariums (cells
 * model): too much water already, or too little still possible, fails;
 * undecided cells that can still make 2 pass. */
static void test_partial_check(void) {
    diag d;
    void *inst = diff_load(pz, "size 1 3\ncols - - -\nrows 2\nregions\na b c\n", &d);
    CHECK_MSG(inst != NULL, "%s", d.msg);
    csp *p = inst ? pz->build(inst, &(puzzle_model){.index = 1}, &d) : NULL; /* model cells */
    CHECK(p != NULL && p->nvars == 3);
    if (!p || p->nvars != 3) return;
    const csp_con *row = NULL;
    for (int c = 0; c < p->ncons; c++)
        if (p->cons[c]->arity == 3) row = p->cons[c];
    CHECK(row != NULL && row->ops->partial != NULL);
    if (row && row->ops->partial) {
        enum { DRY = 1, WET = 2, ANY = 3 };
        static const struct {
            csp_dom x[3];
            int ok;
        } cases[] = {{{ANY, ANY, ANY}, 1}, {{WET, WET, ANY}, 1}, {{WET, WET, WET}, 0},
                     {{DRY, ANY, ANY}, 1}, {{DRY, DRY, ANY}, 0}, {{DRY, WET, WET}, 1}};
        for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
            for (int v = 0; v < 3; v++) p->word[v] = cases[k].x[v];
            CHECK_MSG(row->ops->partial(p, row) == cases[k].ok, "case %zu", k);
        }
    }
    csp_free(p);
    pz->destroy(inst);
}

static void test_generator(void) {
    static const int shapes[][2] = {{6, 6}, {8, 5}, {5, 9}, {10, 10}};
    for (int s = 0; s < 4; s++) {
        puzzle_gen g = {.size = shapes[s][0],
                        .cols = shapes[s][1],
                        .seed = (uint64_t)s + 1,
                        .density = -1,
                        .density2 = -1};
        void *inst = diff_generate(pz, &g);
        if (inst) {
            /* another model and queue than the generator's default */
            long k = diff_count(pz, inst, "gac:queue=variable-fifo,model=cells");
            CHECK_MSG(k == 1, "%dx%d: %ld solutions", g.size, g.cols, k);
            pz->destroy(inst);
        }
    }
}

int main(void) {
    static void (*const tests[])(void) = {test_forms_and_verifier, test_partial_check,
                                          test_brute_force, test_generator, NULL};
    return diff_main("aquarium", &pz, tests);
}
