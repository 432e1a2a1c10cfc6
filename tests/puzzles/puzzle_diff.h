/* puzzle_diff.h - helpers for the differential tests of the museum,
 * aquarium and convict modules: load an instance from text, count its
 * solutions with one strategy spec through puzzle_solve (which runs the
 * verifier on every solution), and the CSP specs every test crosses. */
#ifndef SEARCHLAB_TESTS_PUZZLE_DIFF_H
#define SEARCHLAB_TESTS_PUZZLE_DIFF_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/lexer.h"
#include "core/xmalloc.h"
#include "puzzles/puzzle.h"

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

/* Number of solutions found by spec with --all (-1 if the spec is bad or
 * a solution failed the verifier; the failure is recorded). */
static inline long diff_count(const puzzle *pz, const void *inst, const char *spec) {
    solve_request rq = {.spec = spec, .all = 1};
    solve_result r;
    diag d;
    if (puzzle_solve(pz, inst, &rq, &r, &d)) {
        CHECK_MSG(0, "%s %s: %s", pz->name, spec, d.msg);
        return -1;
    }
    CHECK_MSG(r.status != SOLVE_WRONG, "%s %s: wrong solution: %s", pz->name, spec, r.why);
    CHECK_MSG(r.status == SOLVE_SOLVED || r.status == SOLVE_UNSAT, "%s %s: status %s", pz->name,
              spec, solve_status_name(r.status));
    long k = r.status == SOLVE_WRONG ? -1 : (long)r.solutions;
    solve_result_free(&r);
    return k;
}

/* Appends "model=NAME" to spec (with ':' or ','). */
static inline const char *diff_with_model(char *buf, size_t size, const char *spec,
                                          const char *model) {
    snprintf(buf, size, "%s%smodel=%s", spec, strchr(spec, ':') ? "," : ":", model);
    return buf;
}

#endif
