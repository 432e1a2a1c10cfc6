/* dispatch.c - solve_puzzle(): the spec picks the family that solves;
 * every solution passes through the puzzle's own verifier (solve.h). */
#include <string.h>
#include <sys/resource.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "solve.h"

void solve_result_free(solve_result *r) {
    if (r->first) FREEN(r->first, r->first_cap);
    if (r->anytime) FREEN(r->anytime, r->anytime_cap);
    r->first = NULL;
    r->anytime = NULL;
}

/* The CPU time of the processes this one waited for (outside solvers:
 * minizinc, solver files), in ns: a solution they print is timed on their
 * CPU, not on ours that waited. */
static uint64_t children_cpu_ns(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru)) return 0;
    return (uint64_t)ru.ru_utime.tv_sec * 1000000000u + (uint64_t)ru.ru_utime.tv_usec * 1000u +
           (uint64_t)ru.ru_stime.tv_sec * 1000000000u + (uint64_t)ru.ru_stime.tv_usec * 1000u;
}

typedef struct ctx {
    const puzzle *pz;
    const void *inst;
    solve_result *out;
    const solve_request *rq;
    uint64_t start_cpu;      /* rq->start_ns, or clock_cpu_ns() when the solve began */
    uint64_t start_children; /* children_cpu_ns() when the solve began */
} ctx;

/* The verifier's verdict on sol, or on sol altered (test_corrupt). */
static int verify(const ctx *c, const int *sol, size_t n, char *why, size_t size) {
    if (!c->rq->test_corrupt || n == 0) return c->pz->verify(c->inst, sol, n, why, size);
    int *bad = NEWN(n, int);
    memcpy(bad, sol, n * sizeof *sol);
    bad[0]++;
    int ok = c->pz->verify(c->inst, bad, n, why, size);
    FREEN(bad, n);
    return ok;
}

/* With an objective: sol's value must beat the best so far (a search
 * that reports a solution no better is wrong); it becomes the best, is
 * recorded with the CPU time, and told to the request.  0 when wrong. */
static int better(ctx *c, const int *sol, size_t n) {
    solve_result *out = c->out;
    int64_t value;
    int sense = c->pz->objective(c->inst, sol, n, &value);
    if (!sense) return 1;
    if (out->sense && (int64_t)sense * value >= (int64_t)sense * out->objective) {
        snprintf(out->why, sizeof out->why, "objective %lld after %lld: not better",
                 (long long)value, (long long)out->objective);
        return 0;
    }
    out->sense = sense;
    out->objective = value;
    double seconds =
        (double)(clock_cpu_ns() - c->start_cpu + (children_cpu_ns() - c->start_children)) / 1e9;
    GROW(&out->anytime, &out->anytime_cap, out->nanytime + 1);
    out->anytime[out->nanytime++] = (solve_point){seconds, value};
    if (c->rq->on_better) c->rq->on_better(c->rq->better_ctx, value, seconds, sol, n);
    return 1;
}

/* Every solution: verify it; keep the first (with an objective, the
 * best), or the wrong one (which replaces it, for the report) and stop. */
static int on_solution(void *vc, const int *sol, size_t n) {
    ctx *c = vc;
    solve_result *out = c->out;
    out->solutions++;
    int ok = verify(c, sol, n, out->why, sizeof out->why);
    if (ok && c->pz->objective) ok = better(c, sol, n);
    if (!out->first) {
        out->first_cap = n ? n : 1;
        out->first = NEWN(out->first_cap, int);
    }
    if (!ok || out->solutions == 1 || out->sense) {
        memcpy(out->first, sol, n * sizeof *sol);
        out->first_len = n;
    }
    if (!ok) {
        out->status = STATUS_WRONG;
        return 0;
    }
    if (c->rq->on_each) c->rq->on_each(c->rq->each_ctx, sol, n);
    return !c->rq->max_solutions || out->solutions < c->rq->max_solutions;
}

int solve_puzzle(const puzzle *pz, const void *inst, const solve_request *rq, solve_result *out,
                 diag *d) {
    memset(out, 0, sizeof *out);
    out->status = STATUS_UNSAT;
    strategy_spec s;
    if (spec_parse(rq->spec, pz, &s, d)) return -1;
    spec_labels(&s, &out->labels);
    ctx c = {pz, inst, out, rq, rq->start_ns ? rq->start_ns : clock_cpu_ns(), children_cpu_ns()};
    csp_limits lim = {.all = rq->all,
                      .node_limit = rq->node_limit,
                      .timeout_s = rq->timeout_s,
                      .start_ns = c.start_cpu,
                      .trace = rq->trace,
                      .hook = rq->hook,
                      .seed = rq->seed};
    family_run r = {&lim, rq->max_solutions, on_solution, &c, &out->st,
                    rq->path,    out->why, sizeof out->why};
    int st = s.family->solve(pz, inst, &s, &r, d);
    if (st < 0) {
        solve_result_free(out);
        return -1;
    }
    if (out->status == STATUS_WRONG) return 0;
    out->status = (run_status)st;
    out->stopped = st == STATUS_TIMEOUT || st == STATUS_NODE_LIMIT ? st : 0;
    /* an optimisation stopped with a solution has solved, unproven */
    if (out->sense && out->stopped) out->status = STATUS_SOLVED;
    return 0;
}
