/* dispatch.c - solve_puzzle(): the spec picks the family that solves;
 * every solution passes through the puzzle's own verifier (solve.h). */
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "solve.h"

void solve_result_free(solve_result *r) {
    if (r->first) FREEN(r->first, r->first_cap);
    r->first = NULL;
}

typedef struct ctx {
    const puzzle *pz;
    const void *inst;
    solve_result *out;
    uint64_t max_solutions;
    int corrupt; /* solve_request.test_corrupt */
} ctx;

/* The verifier's verdict on sol, or on sol altered (test_corrupt). */
static int verify(const ctx *c, const int *sol, size_t n, char *why, size_t size) {
    if (!c->corrupt || n == 0) return c->pz->verify(c->inst, sol, n, why, size);
    int *bad = NEWN(n, int);
    memcpy(bad, sol, n * sizeof *sol);
    bad[0]++;
    int ok = c->pz->verify(c->inst, bad, n, why, size);
    FREEN(bad, n);
    return ok;
}

/* Every solution: verify it; keep the first, or the wrong one (which
 * replaces it, for the report) and stop. */
static int on_solution(void *vc, const int *sol, size_t n) {
    ctx *c = vc;
    solve_result *out = c->out;
    out->solutions++;
    int ok = verify(c, sol, n, out->why, sizeof out->why);
    if (!out->first) {
        out->first_cap = n ? n : 1;
        out->first = NEWN(out->first_cap, int);
    }
    if (!ok || out->solutions == 1) {
        memcpy(out->first, sol, n * sizeof *sol);
        out->first_len = n;
    }
    if (!ok) {
        out->status = STATUS_WRONG;
        return 0;
    }
    return !c->max_solutions || out->solutions < c->max_solutions;
}

int solve_puzzle(const puzzle *pz, const void *inst, const solve_request *rq, solve_result *out,
                 diag *d) {
    memset(out, 0, sizeof *out);
    out->status = STATUS_UNSAT;
    strategy_spec s;
    if (spec_parse(rq->spec, pz, &s, d)) return -1;
    spec_labels(&s, &out->labels);
    ctx c = {pz, inst, out, rq->max_solutions, rq->test_corrupt};
    csp_limits lim = {.all = rq->all,
                      .node_limit = rq->node_limit,
                      .timeout_s = rq->timeout_s,
                      .trace = rq->trace,
                      .hook = rq->hook,
                      .seed = rq->seed};
    family_run r = {&lim, rq->max_solutions, on_solution, &c, &out->st};
    int st = s.family->solve(pz, inst, &s, &r, d);
    if (st < 0) {
        solve_result_free(out);
        return -1;
    }
    if (out->status != STATUS_WRONG) out->status = (run_status)st;
    return 0;
}
