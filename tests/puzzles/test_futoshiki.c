/* test_futoshiki.c - Futoshiki end to end through solve_puzzle:
 * - the course cases: every strategy finds the solution written in the
 *   file's comments (data independent of this code);
 * - the verifier rejects every single-cell mutation of a solution;
 * - differential: on 300 random instances (n = 3..6, some unsat, some with
 *   many solutions) every strategy x queue x heuristic x support, and
 *   every all-different level x strategy x queue, counts as many
 *   solutions with --all as an independent brute-force counter (each
 *   solution verified);
 * - property: with lex ordering, nodes(gac) <= nodes(fc) <= nodes(bt);
 *   bt and fc search the same trees at every all-different level; under
 *   gac, value = pairwise and domain <= bounds, domain <= pairwise;
 * - restarts: on 200 more such instances, every strategy x queue policy x
 *   all-different level with restarts (and last conflict with the restarts'
 *   nogoods) finds the very solutions plain DFS finds, each once, and a
 *   verified first solution;
 * - the generator's puzzles have exactly one solution. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "corpus.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "solve/solve.h"

static const puzzle *pz;

static void *parse_text(const char *text, diag *d) {
    lexer lx;
    if (lex_from_memory(&lx, "mem.fut", text, strlen(text), d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}

/* ---- the course cases ----------------------------------------------- */

/* Reads the "#   d d d" solution lines of a course file. */
static int read_solution(const char *path, int *sol, int cap) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[512];
    int n = 0, in = 0;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "solution"))
            in = 1;
        else if (in && line[0] == '#') {
            char *s = line + 1, *end;
            for (long v; (v = strtol(s, &end, 10)), end != s && n < cap; s = end) sol[n++] = (int)v;
        }
    }
    fclose(f);
    return n;
}

static const char *const course[] = {"case1",
                                     "case2",
                                     "case3",
                                     "case4",
                                     "case5",
                                     "extra_2019_case1",
                                     "extra_E04_2020_9x9",
                                     "extra_E04_other_9x9"};

static void test_course(void) {
    const char *specs[] = {"bt",
                           "fc",
                           "gac",
                           "gac:queue=constraint-lifo",
                           "gac:queue=arc-fifo",
                           "gac:queue=variable-fifo",
                           "gac:queue=dom,support=rm",
                           "fc:var=dom/wdeg,support=scan",
                           "gac:var=dom/deg"};
    for (size_t i = 0; i < sizeof course / sizeof *course; i++) {
        char path[128];
        snprintf(path, sizeof path, "instances/futoshiki/%s.fut", course[i]);
        int want[81];
        int n = read_solution(path, want, 81);
        CHECK_MSG(n >= 16, "%s: no solution in comments", path);
        diag d;
        void *inst = puzzle_load(pz, path, &d);
        CHECK_MSG(inst != NULL, "%s", d.msg);
        if (!inst) continue;
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            /* bt --all takes minutes from 7x7 on; fc with plain dom needs
             * over 38 million nodes on extra_E04_other_9x9 */
            if (!strcmp(specs[s], "bt") && n > 36) continue;
            if (!strcmp(specs[s], "fc") && n > 64) continue;
            solve_request rq = {.spec = specs[s], .all = 1};
            solve_result r;
            CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
            CHECK_MSG(r.status == STATUS_SOLVED && r.solutions == 1, "%s %s: %s, %llu solutions",
                      path, specs[s], status_name(r.status), (unsigned long long)r.solutions);
            CHECK(r.first && r.first_len == (size_t)n &&
                  !memcmp(r.first, want, (size_t)n * sizeof(int)));
            CHECK(r.st.inference_calls > 0 && r.st.nodes > 0);
            solve_result_free(&r);
        }
        /* the verifier rejects any one changed cell */
        char why[256];
        CHECK(pz->verify(inst, want, (size_t)n, why, sizeof why));
        for (int k = 0; k < n; k++) {
            int keep = want[k];
            for (int v = 0; v <= 10; v++) {
                if (v == keep) continue;
                want[k] = v;
                CHECK(!pz->verify(inst, want, (size_t)n, why, sizeof why));
            }
            want[k] = keep;
        }
        pz->destroy(inst);
    }
}

/* ---- random instances --------------------------------------------------- */

typedef struct rinst {
    int n, grid[36];
    int ineq[200][4], m;
} rinst;

static void random_instance(rng *r, int i, rinst *x, char *text, size_t size) {
    int n = x->n = 3 + i % 4, sq[36];
    int pr[6], pc[6], ps[6];
    for (int k = 0; k < n; k++) pr[k] = pc[k] = ps[k] = k;
    rng_shuffle(r, pr, n), rng_shuffle(r, pc, n), rng_shuffle(r, ps, n);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) sq[a * n + b] = ps[(pr[a] + pc[b]) % n] + 1;
    /* few enough solutions that 40 configurations can enumerate them all
     * (a blank 5x5 has 161280) */
    double givens = n <= 4 ? 0.5 * rng_double(r) : 0.3 + 0.3 * rng_double(r);
    double ineqs = 0.4 * rng_double(r);
    for (int k = 0; k < n * n; k++) x->grid[k] = rng_double(r) < givens ? sq[k] : 0;
    if (i % 10 == 3)
        x->grid[rng_below(r, (uint64_t)n * n)] =
            1 + (int)rng_below(r, (uint64_t)n); /* maybe unsat */
    x->m = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int down = 0; down < 2; down++) {
                int a2 = a + down, b2 = b + !down;
                if (a2 >= n || b2 >= n || rng_double(r) >= ineqs) continue;
                int lo = sq[a * n + b] < sq[a2 * n + b2];
                if (i % 10 == 7 && rng_below(r, 8) == 0) lo = !lo; /* maybe unsat */
                int *q = x->ineq[x->m++];
                if (lo)
                    q[0] = a, q[1] = b, q[2] = a2, q[3] = b2;
                else
                    q[0] = a2, q[1] = b2, q[2] = a, q[3] = b;
            }
    /* drop duplicate givens in a row/column: the parser rightly refuses them */
    for (int k = 0; k < n * n; k++)
        for (int j = 0; j < k; j++)
            if (x->grid[k] && x->grid[j] == x->grid[k] && (j / n == k / n || j % n == k % n))
                x->grid[k] = 0;
    size_t o = (size_t)snprintf(text, size, "%d\n", n);
    for (int k = 0; k < n * n; k++)
        o += (size_t)snprintf(text + o, size - o, "%d%c", x->grid[k], k % n == n - 1 ? '\n' : ' ');
    o += (size_t)snprintf(text + o, size - o, "%d\n", x->m);
    for (int k = 0; k < x->m; k++)
        o += (size_t)snprintf(text + o, size - o, "%d %d < %d %d\n", x->ineq[k][0], x->ineq[k][1],
                              x->ineq[k][2], x->ineq[k][3]);
}

/* random_instance() parsed; NULL, a failed check, if the parser refuses it. */
static void *random_parsed(rng *r, int i, rinst *x, char *text, size_t size, diag *d) {
    random_instance(r, i, x, text, size);
    void *inst = parse_text(text, d);
    CHECK_MSG(inst != NULL, "%s", d->msg);
    return inst;
}

/* Independent brute force: fill cells in order, checking the rules. */
static long brute_count(rinst *x) {
    int n = x->n, cell[36] = {0}, k = 0;
    long count = 0;
    for (;;) {
        if (k == n * n) {
            count++;
            k--;
        }
        if (k < 0) return count;
        /* next candidate for cell k */
        int v = cell[k] + 1, ok = 0;
        for (; v <= n; v++) {
            if (x->grid[k] && v != x->grid[k]) continue;
            ok = 1;
            for (int j = 0; j < k && ok; j++)
                if (cell[j] == v && (j / n == k / n || j % n == k % n)) ok = 0;
            for (int q = 0; q < x->m && ok; q++) {
                int a = x->ineq[q][0] * n + x->ineq[q][1], b = x->ineq[q][2] * n + x->ineq[q][3];
                int va = a == k ? v : a < k ? cell[a] : 0, vb = b == k ? v : b < k ? cell[b] : 0;
                if (va && vb && !(va < vb)) ok = 0;
            }
            if (ok) break;
        }
        if (v > n) {
            cell[k] = 0;
            k--;
        } else {
            cell[k] = v;
            k++;
        }
    }
}

/* Every configuration the registries offer (new queues, heuristics and
 * all-different levels are covered without touching this test): at the
 * first level (pairwise) every strategy x var x val x queue, and every
 * support with the first var; at each other level every strategy x
 * queue, the var order taken in turn. */
static int all_specs(char specs[][112], int cap) {
    int n = 0, turn = 0, nvar = 0;
    while (csp_var_heurs[nvar]) nvar++;
    const spec_key *keys = spec_families[0]->keys(NULL, "gac"); /* the CSP family's table */
    for (int a = 0; csp_alldiff_names[a]; a++)
        for (int s = 0; csp_strategies[s]; s++) {
            const char *name = csp_strategies[s]->name;
            int gac = spec_key_takes(spec_key_find(keys, "queue"), name);
            int sups = spec_key_takes(spec_key_find(keys, "support"), name);
            for (int v = 0; csp_var_heurs[v]; v++)
                for (int l = 0; csp_val_heurs[l]; l++)
                    for (int q = 0; csp_queues[q]; q++) {
                        if (!gac && q > 0) break;
                        for (int sup = 0; csp_support_names[sup]; sup++) {
                            if (sup > 0 && (!sups || v > 0 || a > 0)) break;
                            if (a > 0 && (v > 0 || l > 0)) break;
                            int vv = a > 0 ? turn++ % nvar : v;
                            if (n == cap) return n;
                            snprintf(specs[n++], 112, "%s:var=%s,val=%s%s%s%s%s,alldiff=%s", name,
                                     csp_var_heurs[vv]->name, csp_val_heurs[l]->name,
                                     gac ? ",queue=" : "", gac ? csp_queues[q]->name : "",
                                     sups ? ",support=" : "", sups ? csp_support_names[sup] : "",
                                     csp_alldiff_names[a]);
                        }
                    }
        }
    return n;
}

/* The nodes of a search (0 when the spec is refused: recorded). */
static uint64_t nodes_of(void *inst, const char *spec, int all) {
    solve_request rq = {.spec = spec, .all = all};
    solve_result r;
    diag d;
    if (solve_puzzle(pz, inst, &rq, &r, &d)) {
        CHECK_MSG(0, "%s: %s", spec, d.msg);
        return 0;
    }
    uint64_t nodes = r.st.nodes;
    solve_result_free(&r);
    return nodes;
}

/* With a static order (var=lex) a stronger consistency searches a
 * subtree: under gac, value reaches the clique's own fixpoint (the same
 * tree as pairwise), domain prunes at least what value and bounds do. */
static void check_levels(void *inst, int i, int all, const char *gac_spec, uint64_t pairwise) {
    uint64_t at[CSP_ALLDIFF_NLEVELS];
    at[CSP_ALLDIFF_PAIRWISE] = pairwise;
    for (int a = 1; a < CSP_ALLDIFF_NLEVELS; a++) {
        char spec[128];
        snprintf(spec, sizeof spec, "%s,alldiff=%s", gac_spec, csp_alldiff_names[a]);
        at[a] = nodes_of(inst, spec, all);
    }
    CHECK_MSG(
        at[CSP_ALLDIFF_VALUE] == pairwise && at[CSP_ALLDIFF_DOMAIN] <= at[CSP_ALLDIFF_BOUNDS] &&
            at[CSP_ALLDIFF_DOMAIN] <= pairwise,
        "instance %d all=%d %s: nodes pairwise %llu value %llu bounds %llu domain %llu", i, all,
        gac_spec, (unsigned long long)pairwise, (unsigned long long)at[CSP_ALLDIFF_VALUE],
        (unsigned long long)at[CSP_ALLDIFF_BOUNDS], (unsigned long long)at[CSP_ALLDIFF_DOMAIN]);
}

static void test_differential(void) {
    static char specs[256][112];
    int nspecs = all_specs(specs, 256);
    CHECK(nspecs >= 60 && nspecs < 256);
    rng r;
    rng_seed(&r, 2026);
    int unsat = 0, many = 0;
    for (int i = 0; i < 300; i++) {
        rinst x;
        char text[8192];
        diag d;
        void *inst = random_parsed(&r, i, &x, text, sizeof text, &d);
        if (!inst) continue;
        long want = brute_count(&x);
        unsat += want == 0;
        many += want > 10;
        for (int s = 0; s < nspecs; s++) {
            solve_request rq = {.spec = specs[s], .all = 1};
            solve_result res;
            CHECK(solve_puzzle(pz, inst, &rq, &res, &d) == 0);
            CHECK_MSG(res.status != STATUS_WRONG, "instance %d %s: %s", i, specs[s], res.why);
            CHECK_MSG((long)res.solutions == want, "instance %d %s: %llu solutions, want %ld\n%s",
                      i, specs[s], (unsigned long long)res.solutions, want, text);
            solve_result_free(&res);
        }
        for (int all = 0; all < 2; all++) {
            uint64_t bt = nodes_of(inst, "bt:var=lex", all), fc = nodes_of(inst, "fc:var=lex", all);
            for (int q = 0; csp_queues[q]; q++) {
                char spec[96];
                snprintf(spec, sizeof spec, "gac:var=lex,queue=%s", csp_queues[q]->name);
                uint64_t gac = nodes_of(inst, spec, all);
                CHECK_MSG(gac <= fc && fc <= bt, "instance %d all=%d: gac %llu fc %llu bt %llu", i,
                          all, (unsigned long long)gac, (unsigned long long)fc,
                          (unsigned long long)bt);
                if (q == 0 || !csp_queues[q + 1]) check_levels(inst, i, all, spec, gac);
            }
            /* bt and fc explore the clique's trees at every level */
            for (int a = 1; csp_alldiff_names[a]; a++) {
                char spec[96];
                snprintf(spec, sizeof spec, "bt:var=lex,alldiff=%s", csp_alldiff_names[a]);
                CHECK_MSG(nodes_of(inst, spec, all) == bt, "instance %d all=%d: %s", i, all, spec);
                snprintf(spec, sizeof spec, "fc:var=lex,alldiff=%s", csp_alldiff_names[a]);
                CHECK_MSG(nodes_of(inst, spec, all) == fc, "instance %d all=%d: %s", i, all, spec);
            }
        }
        pz->destroy(inst);
    }
    CHECK_MSG(unsat >= 20 && many >= 20, "mix: %d unsat, %d with many solutions", unsat, many);
}

/* ---- restarts: the same solution sets as plain DFS ----------------------- */

/* The solutions a search reported, as hashes (sorted by solutions_of),
 * and how many of them the verifier refused. */
typedef struct solset {
    uint64_t *h;
    size_t n, cap;
    const void *inst;
    int refused;
} solset;

static int collect(void *ctx, const int *sol, size_t n) {
    solset *s = ctx;
    char why[256];
    if (!pz->verify(s->inst, sol, n, why, sizeof why)) s->refused++;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (uint64_t)sol[i]) * 0x100000001b3ull;
    GROW(&s->h, &s->cap, s->n + 1);
    s->h[s->n++] = h;
    return 1;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Every solution of inst under spec (--all, ties from seed), through the
 * family's solve with a callback that sees each one; counters into st. */
static void solutions_of(const void *inst, const char *spec, uint64_t seed, solset *out,
                         stats *st) {
    strategy_spec s;
    diag d;
    memset(out, 0, sizeof *out);
    out->inst = inst;
    CHECK_MSG(spec_parse(spec, pz, &s, &d) == 0, "%s: %s", spec, d.msg);
    csp_limits lim = {.all = 1, .seed = seed};
    family_run r = {&lim, 0, collect, out, st, NULL, NULL, 0};
    int status = s.family->solve(pz, inst, &s, &r, &d);
    CHECK_MSG(status == STATUS_SOLVED || status == STATUS_UNSAT, "%s: status %d", spec, status);
    if (out->n) qsort(out->h, out->n, sizeof *out->h, cmp_u64);
}

static void solset_free(solset *s) {
    if (s->h) FREEN(s->h, s->cap);
}

/* Each strategy with each queue policy (gac) and each all-different
 * level, with dom/wdeg and two restart policies whose cutoffs are tiny, so
 * that these small boards restart often; one of them with last-conflict
 * and the restarts' nogoods too.  bt and fc take every level with both
 * policies; gac every queue x level with one policy, alternating, so that
 * each level meets each policy under gac too; the value orderings take
 * turns from one spec to the next.  bt branches in lex order: without propagation every
 * domain stays full, so dom/wdeg's ties are nearly every choice, and bt
 * with random ties takes about 100 times more nodes on these boards (its
 * runs repeat with lex; lc reorders them). */
enum { RESTART_SPEC_MAX = 112 };
static int restart_specs(char specs[][RESTART_SPEC_MAX], int cap) {
    static const char *const policies[] = {"restart=luby:1", "restart=geom:1,1.5,lc=on,nogood=on"};
    int n = 0, nval = 0;
    while (csp_val_heurs[nval]) nval++;
    for (int s = 0; csp_strategies[s]; s++) {
        const char *name = csp_strategies[s]->name;
        int gac = !strcmp(name, "gac"), bt = !strcmp(name, "bt");
        for (int q = 0; csp_queues[q] && (gac || q == 0); q++)
            for (int a = 0; csp_alldiff_names[a]; a++)
                for (int r = 0; r < 2 && n < cap; r++) {
                    if (gac && (q + a) % 2 != r) continue;
                    snprintf(specs[n], RESTART_SPEC_MAX, "%s:var=%s,val=%s,%s,alldiff=%s%s%s",
                             name, bt ? "lex" : "dom/wdeg", csp_val_heurs[n % nval]->name,
                             policies[r], csp_alldiff_names[a], gac ? ",queue=" : "",
                             gac ? csp_queues[q]->name : "");
                    n++;
                }
    }
    return n;
}

/* With restarts, every strategy x queue policy x level finds exactly the
 * solutions plain DFS finds, each once (the sorted hashes are equal),
 * each accepted by the verifier; the first solution, without --all, is
 * one too; and the boards did restart. */
static void test_restarts(void) {
    char specs[64][RESTART_SPEC_MAX];
    int nspecs = restart_specs(specs, 64);
    int nqueues = 0, nlevels = 0;
    while (csp_queues[nqueues]) nqueues++;
    while (csp_alldiff_names[nlevels]) nlevels++;
    CHECK(nspecs == (2 * 2 + nqueues) * nlevels);
    rng r;
    rng_seed(&r, 2027);
    uint64_t restarts = 0, first_restarts = 0;
    for (int i = 0; i < 200; i++) {
        rinst x;
        char text[8192];
        diag d;
        void *inst = random_parsed(&r, i, &x, text, sizeof text, &d);
        if (!inst) continue;
        stats st0 = {0};
        solset want;
        solutions_of(inst, "bt:var=lex", 0, &want, &st0);
        CHECK_MSG((long)want.n == brute_count(&x), "instance %d: plain DFS", i);
        for (int s = 0; s < nspecs; s++) {
            stats st = {0};
            solset got;
            solutions_of(inst, specs[s], (uint64_t)i, &got, &st);
            restarts += st.restarts;
            CHECK_MSG(got.refused == 0 && got.n == want.n &&
                          (!got.n || !memcmp(got.h, want.h, got.n * sizeof *got.h)),
                      "instance %d %s: %zu solutions (%d refused), plain DFS %zu\n%s", i, specs[s],
                      got.n, got.refused, want.n, text);
            solset_free(&got);
            /* the first solution only: the verifier inside solve_puzzle */
            solve_request rq = {.spec = specs[s], .seed = (uint64_t)i};
            solve_result res;
            CHECK(solve_puzzle(pz, inst, &rq, &res, &d) == 0);
            CHECK_MSG(res.status == (want.n ? STATUS_SOLVED : STATUS_UNSAT),
                      "instance %d %s: first solution: %s", i, specs[s], status_name(res.status));
            first_restarts += res.st.restarts;
            solve_result_free(&res);
        }
        solset_free(&want);
        pz->destroy(inst);
    }
    CHECK_MSG(restarts > 1000 && first_restarts > 1000, "only %llu and %llu restarts",
              (unsigned long long)restarts, (unsigned long long)first_restarts);
}

/* Every bundled generated instance in dir has exactly one solution
 * (each solution passes the verifier inside solve_puzzle). */
static void unique(const char *path, void *ctx) {
    (void)ctx;
    diag d;
    void *inst = puzzle_load(pz, path, &d);
    CHECK_MSG(inst != NULL, "%s", d.msg);
    if (!inst) return;
    CHECK_MSG(puzzle_count_solutions(pz, inst, NULL, 2, 0, NULL) == 1, "%s is not unique", path);
    pz->destroy(inst);
}

static void test_bundled_generated(void) {
    corpus_each("instances/futoshiki/generated", ".fut", 20, unique, NULL);
    corpus_each("instances/futoshiki/hard", ".fut", 12, unique, NULL);
}

/* ---- generator ------------------------------------------------------------ */

/* A board read back from a .fut text as numbers (comments skipped). */
typedef struct board {
    int n, m, grid[64], ineq[128][4];
} board;

static int read_board(const char *text, board *b) {
    char clean[8192];
    size_t o = 0;
    for (const char *t = text; *t && o + 1 < sizeof clean; t++) {
        if (*t == '#')
            while (t[1] && t[1] != '\n') t++;
        else
            clean[o++] = *t;
    }
    clean[o] = '\0';
    char *p = clean, *end;
    b->n = (int)strtol(p, &p, 10);
    if (b->n * b->n > 64) return -1;
    for (int i = 0; i < b->n * b->n; i++) b->grid[i] = (int)strtol(p, &p, 10);
    b->m = (int)strtol(p, &end, 10);
    if (end == p) b->m = 0;
    if (b->m > 128) return -1;
    for (int k = 0; k < b->m; k++)
        for (int j = 0; j < 4; j++) b->ineq[k][j] = (int)strtol(end, &end, 10);
    return 0;
}

/* Solutions of b with the inequality skip left out (-1: none), up to 2. */
static long count_board(const board *b, int skip) {
    char text[8192];
    size_t o = (size_t)snprintf(text, sizeof text, "%d\n", b->n);
    for (int i = 0; i < b->n * b->n; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "%d%c", b->grid[i],
                              i % b->n == b->n - 1 ? '\n' : ' ');
    o += (size_t)snprintf(text + o, sizeof text - o, "%d\n", b->m - (skip >= 0));
    for (int k = 0; k < b->m; k++)
        if (k != skip)
            o += (size_t)snprintf(text + o, sizeof text - o, "%d %d %d %d\n", b->ineq[k][0],
                                  b->ineq[k][1], b->ineq[k][2], b->ineq[k][3]);
    diag d;
    void *inst = parse_text(text, &d);
    CHECK_MSG(inst != NULL, "%s", inst ? "" : d.msg);
    if (!inst) return -1;
    long k = puzzle_count_solutions(pz, inst, NULL, 2, 0, NULL);
    pz->destroy(inst);
    return k;
}

/* A minimal board: unique, and taking away any one clue (a given or an
 * inequality) leaves more than one solution. */
static void check_minimal(const char *text, int n) {
    board b = {0};
    CHECK(read_board(text, &b) == 0 && b.n == n);
    CHECK(count_board(&b, -1) == 1);
    for (int i = 0; i < n * n; i++) {
        if (!b.grid[i]) continue;
        int save = b.grid[i];
        b.grid[i] = 0;
        CHECK_MSG(count_board(&b, -1) == 2, "n=%d: given %d can go", n, i);
        b.grid[i] = save;
    }
    for (int k = 0; k < b.m; k++)
        CHECK_MSG(count_board(&b, k) == 2, "n=%d: inequality %d can go", n, k);
}

static void test_generator(void) {
    for (int minimal = 0; minimal < 2; minimal++)
        for (int n = 3; n <= 7; n++) {
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            puzzle_gen g = {.size = n,
                            .seed = (uint64_t)n * 7,
                            .density = -1,
                            .density2 = -1,
                            .minimal = minimal};
            diag d;
            CHECK(pz->generate(&g, f, &d) == 0);
            fclose(f);
            void *inst = parse_text(buf, &d);
            CHECK_MSG(inst != NULL, "%s", d.msg);
            if (inst) {
                CHECK(puzzle_count_solutions(pz, inst, NULL, 3, 0, NULL) == 1);
                pz->destroy(inst);
            }
            if (minimal) {
                CHECK(strstr(buf, "--minimal") != NULL);
                check_minimal(buf, n);
            }
            free(buf);
        }
    diag d;
    puzzle_gen bad = {.size = 99, .density = -1, .density2 = -1};
    CHECK(pz->generate(&bad, stdout, &d) == -1 && strstr(d.msg, "--size"));
}

#include "core/clock.h"
#define TIMED(call)                                                                                \
    do {                                                                                           \
        uint64_t t0_ = clock_ns();                                                                 \
        call;                                                                                      \
        fprintf(stderr, "%s: %.2f s\n", #call, (clock_ns() - t0_) / 1e9);                          \
    } while (0)

int main(void) {
    pz = puzzle_find("futoshiki");
    CHECK(pz != NULL);
    size_t base = xmem_current();
    TIMED(test_course());
    TIMED(test_generator());
    TIMED(test_bundled_generated());
    TIMED(test_differential());
    TIMED(test_restarts());
    CHECK(xmem_current() == base);
    return CHECK_DONE();
}
