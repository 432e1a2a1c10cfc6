/* test_museum.c - museum walls: parser, drawing, the course's partial
 * check, every strategy x model x queue policy against brute force over
 * all wall vectors (n = 2, 3) and against fc on n = 4, and the
 * generator's uniqueness. */
#include <stdlib.h>

#include "core/rng.h"
#include "puzzle_diff.h"
#include "puzzles/museum.h"

static const puzzle *pz;

/* Solutions among all 2^W wall vectors, by the verifier alone. */
static long brute_force(const void *inst, int n) {
    int nw = mus_nwalls(n), *w = NEWN((size_t)nw, int);
    long count = 0;
    char why[128];
    for (long mask = 0; mask < (1L << nw); mask++) {
        for (int k = 0; k < nw; k++) w[k] = (int)((mask >> k) & 1);
        count += pz->verify(inst, w, (size_t)nw, why, sizeof why);
    }
    FREEN(w, (size_t)nw);
    return count;
}

/* Text of an n x n museum: numbers seen with random walls (solvable), or
 * random numbers 1..2n (often unsat, sometimes beyond reach). */
static void random_text(rng *r, int n, int from_walls, char *buf, size_t size) {
    int nw = mus_nwalls(n), w[64];
    for (int k = 0; k < nw; k++) w[k] = (int)rng_below(r, 2);
    size_t o = (size_t)snprintf(buf, size, "%d\n", n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int m = (int)rng_below(r, (uint64_t)(2 * n)) + 1;
            if (from_walls) {
                m = 1;
                int arm[MUS_MAX_N];
                for (int a = 0; a < 4; a++) {
                    int len = mus_arm(n, i, j, a, arm), k = 0;
                    while (k < len && !w[arm[k]]) k++;
                    m += k;
                }
            }
            o += (size_t)snprintf(buf + o, size - o, "%d%c", m, j == n - 1 ? '\n' : ' ');
        }
}

static void test_brute_force(void) {
    rng r;
    rng_seed(&r, 42);
    char text[512];
    int multi = 0, unsat = 0;
    for (int n = 2; n <= 3; n++)
        for (int t = 0; t < 16; t++) {
            random_text(&r, n, t % 2 == 0, text, sizeof text);
            diag d;
            void *inst = diff_load(pz, text, &d);
            CHECK_MSG(inst != NULL, "%s", d.msg);
            if (!inst) continue;
            long expected = brute_force(inst, n);
            multi += expected > 1;
            unsat += expected == 0;
            diff_check_all_specs(pz, inst, expected, text);
            pz->destroy(inst);
        }
    CHECK(multi > 0); /* the corpus holds puzzles with several solutions */
    CHECK(unsat > 0); /* and puzzles with none */
}

/* n = 4: too big for brute force; every spec agrees with fc. */
static void test_against_fc(void) {
    rng r;
    rng_seed(&r, 7);
    char text[512];
    for (int t = 0; t < 3; t++) {
        random_text(&r, 4, 1, text, sizeof text);
        diag d;
        void *inst = diff_load(pz, text, &d);
        long expected = diff_count(pz, inst, "fc:var=lex,model=index");
        CHECK(expected >= 1);
        diff_check_all_specs(pz, inst, expected, text);
        pz->destroy(inst);
    }
}

/* The partial check of room (0,0) of a 2x2 museum numbered 2 everywhere,
 * whose arms are wall 0 (right) and wall 2 (down) in the index model: it
 * fails once the room surely sees too many rooms, or once both arms are
 * closed with a wrong count; undecided arms keep it open. */
static void test_partial_check(void) {
    diag d;
    void *inst = diff_load(pz, "2\n2 2\n2 2\n", &d);
    csp *p = inst ? pz->build(inst, &(puzzle_model){0}, &d) : NULL;
    CHECK(p != NULL);
    if (!p) return;
    const csp_con *room = NULL;
    for (int c = 0; c < p->ncons; c++)
        if (p->cons[c]->arity == 2 && p->cons[c]->scope[0] == 0 && p->cons[c]->scope[1] == 2)
            room = p->cons[c];
    CHECK(room != NULL && room->ops->partial != NULL);
    if (room && room->ops->partial) {
        enum { OPEN = 1, WALL = 2, ANY = 3 }; /* domains: bit 0 open, bit 1 wall */
        static const struct {
            csp_dom right, down;
            int ok;
        } cases[] = {{ANY, ANY, 1},  {OPEN, ANY, 1},  {OPEN, OPEN, 0}, {OPEN, WALL, 1},
                     {WALL, OPEN, 1}, {WALL, ANY, 1}, {WALL, WALL, 0}};
        for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
            p->word[0] = cases[k].right;
            p->word[2] = cases[k].down;
            CHECK_MSG(room->ops->partial(p, room) == cases[k].ok, "case %zu", k);
        }
    }
    csp_free(p);
    pz->destroy(inst);
}

static void test_parse_and_draw(void) {
    diag d;
    void *inst = diff_load(pz, "# a comment\n2\n2 2 # two rooms\n\n2 2\n", &d);
    CHECK(inst != NULL);
    /* walls: vertical (0,0)|(0,1) = 1, (1,0)|(1,1) = 0, horizontal under
     * (0,0) = 0, under (0,1) = 1 */
    int w[4] = {1, 0, 0, 1};
    char why[128];
    CHECK(!pz->verify(inst, w, 4, why, sizeof why));
    int ok[4] = {0, 0, 1, 1}; /* one wall across: every room sees 2 */
    CHECK_MSG(pz->verify(inst, ok, 4, why, sizeof why), "%s", why);
    char out[512] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    pz->print(inst, ok, 4, 1, f);
    pz->print(inst, ok, 4, 0, f);
    fclose(f);
    CHECK_MSG(!strcmp(out, "+---+---+\n| 2   2 |\n+---+---+\n| 2   2 |\n+---+---+\n0011\n"), "%s",
              out);
    pz->destroy(inst);
    /* a number beyond 2n-1 is accepted and is unsat */
    inst = diff_load(pz, "2\n2 2\n2 9\n", &d);
    CHECK(inst != NULL);
    if (inst) CHECK(diff_count(pz, inst, "gac") == 0 && diff_count(pz, inst, "bt") == 0);
    pz->destroy(inst);
}

static void test_generator(void) {
    for (int n = 3; n <= 6; n++) {
        puzzle_gen g = {.size = n, .seed = (uint64_t)n * 11, .density = -1, .density2 = -1};
        void *inst = diff_generate(pz, &g);
        if (inst) {
            CHECK_MSG(diff_count(pz, inst, "gac:queue=arc-fifo,var=lex,model=rooms") == 1,
                      "n=%d not unique", n);
            pz->destroy(inst);
        }
    }
}

int main(void) {
    static void (*const tests[])(void) = {test_parse_and_draw, test_partial_check,
                                          test_brute_force, test_against_fc, test_generator,
                                          NULL};
    return diff_main("museum", &pz, tests);
}
