/* puzzle_diff.h - helpers for the differential tests of the museum,
 * aquarium and convict modules: load an instance from text, count its
 * solutions with one strategy spec through solve_puzzle (which runs the
 * verifier on every solution), and the CSP specs every test crosses
 * (with every model and, for puzzles with all-different groups, every
 * alldiff level). */
#ifndef SEARCHLAB_TESTS_PUZZLE_DIFF_H
#define SEARCHLAB_TESTS_PUZZLE_DIFF_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/lexer.h"
#include "core/xmalloc.h"
#include "solve/solve.h"

/* Every CSP strategy x queue policy, with two variable orders. */
static const char *const diff_csp_specs[] __attribute__((unused)) = {
    "bt:var=lex",
    "bt:var=dom",
    "fc:var=lex",
    "fc:var=dom/wdeg",
    "gac:queue=constraint-fifo,var=lex",
    "gac:queue=constraint-lifo",
    "gac:queue=arc-fifo",
    "gac:queue=variable-fifo,var=dom/deg",
    "gac:queue=dom,support=rm",
    NULL,
};

/* Parses text as an instance of pz; NULL (with d) on bad input. */
static inline void *diff_load(const puzzle *pz, const char *text, diag *d) {
    lexer lx;
    if (lex_from_memory(&lx, "test", text, strlen(text), d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}

/* Generates an instance of pz with g and parses it back; NULL (the
 * failure recorded) if either step fails.  TEST_VERBOSE=1 prints it. */
static inline void *diff_generate(const puzzle *pz, const puzzle_gen *g) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    diag d;
    int r = pz->generate(g, f, &d);
    fclose(f);
    CHECK_MSG(r == 0, "%s gen %dx%d seed %llu: %s", pz->name, g->size, g->cols,
              (unsigned long long)g->seed, d.msg);
    if (r == 0 && getenv("TEST_VERBOSE")) fputs(text, stderr);
    void *inst = r == 0 ? diff_load(pz, text, &d) : NULL;
    CHECK_MSG(r != 0 || inst, "%s gen: the output does not parse: %s", pz->name, d.msg);
    free(text);
    return inst;
}

/* Runs a puzzle's tests: finds it, runs each test, checks that every
 * byte allocated was freed. */
static inline int diff_main(const char *name, const puzzle **pz, void (*const *tests)(void)) {
    size_t mem0 = xmem_current();
    *pz = puzzle_find(name);
    CHECK(*pz != NULL);
    if (!*pz) return CHECK_DONE();
    for (int t = 0; tests[t]; t++) tests[t]();
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}

/* Number of solutions found by spec with --all (-1 if the spec is bad or
 * a solution failed the verifier; the failure is recorded). */
static inline long diff_count(const puzzle *pz, const void *inst, const char *spec) {
    solve_request rq = {.spec = spec, .all = 1};
    solve_result r;
    diag d;
    if (solve_puzzle(pz, inst, &rq, &r, &d)) {
        CHECK_MSG(0, "%s %s: %s", pz->name, spec, d.msg);
        return -1;
    }
    CHECK_MSG(r.status != STATUS_WRONG, "%s %s: wrong solution: %s", pz->name, spec, r.why);
    CHECK_MSG(r.status == STATUS_SOLVED || r.status == STATUS_UNSAT, "%s %s: status %s", pz->name,
              spec, status_name(r.status));
    long k = r.status == STATUS_WRONG ? -1 : (long)r.solutions;
    solve_result_free(&r);
    return k;
}

/* Appends "model=NAME" to spec (with ':' or ','). */
static inline const char *diff_with_model(char *buf, size_t size, const char *spec,
                                          const char *model) {
    snprintf(buf, size, "%s%smodel=%s", spec, strchr(spec, ':') ? "," : ":", model);
    return buf;
}

/* Every spec of diff_csp_specs under every model of pz counts expected
 * solutions (what names the instance in a failure).  A puzzle whose
 * models post all-different groups (pz->alldiff_groups) is crossed with
 * every level of the alldiff key too; for any other, every level is
 * refused with a message naming the key and its values. */
static inline void diff_check_all_specs(const puzzle *pz, const void *inst, long expected,
                                        const char *what) {
    char buf[128], lvl[160];
    for (int s = 0; diff_csp_specs[s]; s++)
        for (int m = 0; puzzle_models(pz)[m]; m++) {
            const char *spec =
                diff_with_model(buf, sizeof buf, diff_csp_specs[s], puzzle_models(pz)[m]);
            long k = diff_count(pz, inst, spec);
            CHECK_MSG(k == expected, "%s %s: %ld solutions, expected %ld", what, spec, k, expected);
            for (int a = 0; csp_alldiff_names[a]; a++) {
                snprintf(lvl, sizeof lvl, "%s,alldiff=%s", spec, csp_alldiff_names[a]);
                if (pz->alldiff_groups) {
                    k = diff_count(pz, inst, lvl);
                    CHECK_MSG(k == expected, "%s %s: %ld solutions, expected %ld", what, lvl, k,
                              expected);
                    continue;
                }
                solve_request rq = {.spec = lvl, .all = 1};
                solve_result r;
                diag d = {{0}};
                int ret = solve_puzzle(pz, inst, &rq, &r, &d);
                CHECK_MSG(ret == -1 && strstr(d.msg, "has no all-different groups") &&
                              strstr(d.msg, "pairwise, value, bounds, domain"),
                          "%s %s: %d '%s'", pz->name, lvl, ret, d.msg);
                if (ret == 0) solve_result_free(&r);
            }
        }
}

#endif
