/* test_gallery.c - the museum with the fewest walls (gallery.c), an
 * optimisation through the puzzle layer: on random small boards (n = 2,
 * 3, some rooms without a number) every strategy x queue policy, and gac
 * with restarts, and with solution-phase saving (phase=on), proves the
 * optimum that brute force over all wall vectors finds (status optimal,
 * the fewest walls, and no solution with fewer: brute force saw every
 * vector), or unsat when no vector fits;
 * each better solution is verified and strictly better (solve_puzzle
 * checks both: a breach is status wrong); the generator's boards parse
 * and have a solution. */
#include "core/rng.h"
#include "puzzle_diff.h"
#include "puzzles/museum.h"

static const puzzle *pz;

/* The fewest walls over all 2^W wall vectors that the verifier accepts;
 * -1 when none does. */
static int brute_min(const void *inst, int n) {
    int nw = mus_nwalls(n), *w = NEWN((size_t)nw, int), best = -1;
    char why[128];
    for (long mask = 0; mask < (1L << nw); mask++) {
        int walls = 0;
        for (int k = 0; k < nw; k++) walls += w[k] = (int)((mask >> k) & 1);
        if ((best < 0 || walls < best) && pz->verify(inst, w, (size_t)nw, why, sizeof why))
            best = walls;
    }
    FREEN(w, (size_t)nw);
    return best;
}

/* Text of an n x n gallery: the numbers of random walls (solvable) or
 * random numbers (often unsat), each room numbered with probability 1/2. */
static void random_text(rng *r, int n, int from_walls, char *buf, size_t size) {
    int nw = mus_nwalls(n), w[64];
    for (int k = 0; k < nw; k++) w[k] = (int)rng_below(r, 2);
    size_t o = (size_t)snprintf(buf, size, "%d\n", n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int m = (int)rng_below(r, (uint64_t)(2 * n)) + 1;
            if (from_walls) {
                m = 1;
                int arm[MUS_MAX_N] = {0};
                for (int a = 0; a < 4; a++) {
                    int len = mus_arm(n, i, j, a, arm), k = 0;
                    while (k < len && !w[arm[k]]) k++;
                    m += k;
                }
            }
            if (rng_below(r, 2))
                o += (size_t)snprintf(buf + o, size - o, "%d%c", m, j == n - 1 ? '\n' : ' ');
            else
                o += (size_t)snprintf(buf + o, size - o, ".%c", j == n - 1 ? '\n' : ' ');
        }
}

static const char *const specs[] = {
    "gac",
    "gac:var=dom/wdeg,restart=luby:1",
    "gac:restart=geom:1,1.5,var=dom/wdeg",
    "gac:lc=on",
    /* solution-phase saving: same optima */
    "bt:phase=on",
    "fc:phase=on",
    "gac:var=dom/wdeg,restart=luby:1,phase=on",
    NULL,
};

static void check_spec(const void *inst, const char *spec, int want, const char *text) {
    solve_request rq = {.spec = spec, .seed = 7};
    solve_result r;
    diag d;
    if (solve_puzzle(pz, inst, &rq, &r, &d)) {
        CHECK_MSG(0, "%s: %s", spec, d.msg);
        return;
    }
    if (want < 0)
        CHECK_MSG(r.status == STATUS_UNSAT, "%s: status %s, brute force: no solution\n%s", spec,
                  status_name(r.status), text);
    else
        CHECK_MSG(r.status == STATUS_OPTIMAL && r.objective == want && r.nanytime > 0 &&
                      r.anytime[r.nanytime - 1].value == want,
                  "%s: status %s objective %lld, brute force: %d walls (%s)\n%s", spec,
                  status_name(r.status), (long long)r.objective, want, r.why, text);
    solve_result_free(&r);
}

static void test_brute_force(void) {
    rng r;
    rng_seed(&r, 25);
    char text[512];
    int unsat = 0, sat = 0;
    for (int n = 2; n <= 3; n++)
        for (int t = 0; t < 14; t++) {
            random_text(&r, n, t % 3 != 0, text, sizeof text);
            diag d;
            void *inst = diff_load(pz, text, &d);
            CHECK_MSG(inst != NULL, "%s", d.msg);
            if (!inst) continue;
            int want = brute_min(inst, n);
            unsat += want < 0, sat += want >= 0;
            for (int s = 0; diff_csp_specs[s]; s++) check_spec(inst, diff_csp_specs[s], want, text);
            for (int s = 0; specs[s]; s++) check_spec(inst, specs[s], want, text);
            pz->destroy(inst);
        }
    CHECK_MSG(unsat > 0 && sat > 0, "want both kinds: %d unsat, %d with a solution", unsat, sat);
}

/* The generator: its boards parse, and the default proves an optimum no
 * larger than the walls it drew (a solution, written in the comment). */
static void test_generator(void) {
    for (int n = 3; n <= 5; n++) {
        puzzle_gen g = {.size = n, .seed = (uint64_t)n, .density = -1, .density2 = -1};
        void *inst = diff_generate(pz, &g);
        if (!inst) continue;
        solve_request rq = {.seed = 1};
        solve_result r;
        diag d;
        CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
        CHECK_MSG(r.status == STATUS_OPTIMAL, "n=%d: status %s", n, status_name(r.status));
        solve_result_free(&r);
        pz->destroy(inst);
    }
}

/* Bad input: a token that is neither a number nor '.'. */
static void test_parse(void) {
    diag d;
    void *inst = diff_load(pz, "2\n1 x\n. .\n", &d);
    CHECK(inst == NULL);
    if (inst) pz->destroy(inst);
    inst = diff_load(pz, "2\n. .\n. .\n", &d);
    CHECK(inst != NULL);
    if (inst) {
        int w[4] = {0, 0, 0, 0};
        int64_t v = -1;
        char why[64];
        CHECK(pz->verify(inst, w, 4, why, sizeof why) && pz->objective(inst, w, 4, &v) == 1 &&
              v == 0);
        pz->destroy(inst);
    }
}

int main(void) {
    static void (*const tests[])(void) = {test_parse, test_brute_force, test_generator, NULL};
    return diff_main("gallery", &pz, tests);
}
