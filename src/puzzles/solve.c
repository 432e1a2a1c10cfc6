/* solve.c - puzzle_solve(): one entry point for every puzzle and strategy.
 * It picks the model and configuration from the spec, runs the search,
 * and passes every solution through the puzzle's own verifier. */
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "external.h"
#include "puzzle.h"

const char *solve_status_name(solve_status s) {
    static const char *const names[] = {"solved", "unsat", "timeout", "node-limit", "wrong"};
    return names[s];
}

void solve_result_free(solve_result *r) {
    if (r->first) FREEN(r->first, r->first_cap);
    r->first = NULL;
}

typedef struct ctx {
    const puzzle *pz;
    const void *inst;
    int model;
    solve_result *out;
    int *scratch;
    size_t cap;
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

/* Every solution: verify it; keep the first; stop on a wrong one. */
static int on_solution(void *vc, const int *sol, size_t n) {
    ctx *c = vc;
    solve_result *out = c->out;
    out->solutions++;
    if (!verify(c, sol, n, out->why, sizeof out->why)) {
        out->status = SOLVE_WRONG;
        if (!out->first) { /* keep the wrong answer for the report */
            out->first = NEWN(n ? n : 1, int);
            out->first_cap = n ? n : 1;
        }
        memcpy(out->first, sol, n * sizeof *sol);
        out->first_len = n;
        return 0;
    }
    if (out->solutions == 1) {
        out->first_cap = n ? n : 1;
        out->first = NEWN(out->first_cap, int);
        memcpy(out->first, sol, n * sizeof *sol);
        out->first_len = n;
    }
    return !c->max_solutions || out->solutions < c->max_solutions;
}

static int on_csp_solution(void *vc, const csp *p) {
    ctx *c = vc;
    size_t n = c->pz->decode(c->inst, c->model, p, c->scratch);
    return on_solution(vc, c->scratch, n);
}

static void copy_name(char *dst, size_t size, const char *src) {
    snprintf(dst, size, "%s", src ? src : "");
}

const char *puzzle_default_spec(const puzzle *pz) {
    if (pz->default_spec) return pz->default_spec;
    return pz->build ? "gac" : pz->searches[0]->name;
}

static int model_index(const puzzle *pz, const char *name, diag *d) {
    char names[256] = "default";
    if (!pz->models) {
        if (!strcmp(name, "default")) return 0;
    } else {
        size_t o = 0;
        for (int i = 0; pz->models[i]; i++) {
            if (!strcmp(pz->models[i], name)) return i;
            o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", i ? ", " : "",
                                  pz->models[i]);
            if (o >= sizeof names) break;
        }
    }
    return diag_set(d, "unknown model '%s' for %s (one of: %s)", name, pz->name, names);
}

static int solve_csp(const puzzle *pz, const void *inst, const solve_request *rq, ctx *c,
                     csp_limits *lim, diag *d) {
    solve_result *out = c->out;
    csp_config cfg;
    csp_config_default(&cfg);
    const char *cur = rq->spec ? rq->spec : puzzle_default_spec(pz);
    char name[64], key[64], value[64];
    if (csp_spec_name(&cur, name, sizeof name, d)) return -1;
    if (!(cfg.strategy = csp_find_strategy(name)))
        return diag_set(d, "unknown strategy '%s' for %s (one of: bt, fc, gac)", name, pz->name);
    int r;
    c->model = 0;
    while ((r = csp_spec_split(&cur, key, sizeof key, value, sizeof value, d)) == 1) {
        if (!strcmp(key, "model")) {
            if ((c->model = model_index(pz, value, d)) < 0) return -1;
        } else if (csp_config_set(&cfg, key, value, d)) {
            return -1;
        }
    }
    if (r < 0) return -1;
    uint64_t t0 = clock_ns();
    csp *p = pz->build(inst, c->model, d);
    if (!p) return -1;
    csp_finalize(p);
    ADD(&out->st, build_ns, clock_ns() - t0);
    copy_name(out->strategy, sizeof out->strategy, cfg.strategy->name);
    copy_name(out->queue, sizeof out->queue, !strcmp(name, "gac") ? cfg.queue->name : "");
    copy_name(out->var, sizeof out->var, cfg.var->name);
    copy_name(out->val, sizeof out->val, cfg.val->name);
    copy_name(out->model, sizeof out->model, pz->models ? pz->models[c->model] : "default");
    csp_status s = csp_solve(p, &cfg, lim, on_csp_solution, c, &out->st);
    csp_free(p);
    return (int)s;
}

static int solve_own(const puzzle *pz, const void *inst, const solve_request *rq, ctx *c,
                     csp_limits *lim, diag *d) {
    const char *spec = rq->spec ? rq->spec : puzzle_default_spec(pz);
    size_t n = strcspn(spec, ":");
    const char *options = spec[n] ? spec + n + 1 : "";
    char names[256];
    size_t o = 0;
    for (int i = 0; pz->searches[i]; i++) {
        const puzzle_search *s = pz->searches[i];
        if (strlen(s->name) == n && !strncmp(s->name, spec, n)) {
            copy_name(c->out->strategy, sizeof c->out->strategy, s->name);
            return s->run(inst, options, lim, on_solution, c, &c->out->st, d);
        }
        if (o < sizeof names)
            o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", i ? ", " : "", s->name);
    }
    return diag_set(d, "unknown strategy '%.*s' for %s (one of: %s)", (int)n, spec, pz->name,
                    names);
}

int puzzle_solve(const puzzle *pz, const void *inst, const solve_request *rq, solve_result *out,
                 diag *d) {
    memset(out, 0, sizeof *out);
    out->status = SOLVE_UNSAT;
    ctx c = {pz, inst, 0, out, NULL, pz->sol_cap(inst), rq->max_solutions, rq->test_corrupt};
    c.scratch = NEWN(c.cap ? c.cap : 1, int);
    csp_limits lim = {rq->all, rq->node_limit, rq->timeout_s, rq->trace, rq->hook};
    int s = external_handles(rq->spec)
                ? external_solve(pz, inst, rq->spec, &lim, rq->max_solutions, on_solution, &c, out, d)
            : pz->build ? solve_csp(pz, inst, rq, &c, &lim, d)
                        : solve_own(pz, inst, rq, &c, &lim, d);
    FREEN(c.scratch, c.cap ? c.cap : 1);
    if (s < 0) {
        solve_result_free(out);
        return -1;
    }
    if (out->status != SOLVE_WRONG) {
        static const solve_status map[] = {SOLVE_SOLVED, SOLVE_UNSAT, SOLVE_TIMEOUT,
                                           SOLVE_NODE_LIMIT};
        out->status = map[s];
    }
    return 0;
}

long puzzle_count_solutions(const puzzle *pz, const void *inst, long limit, uint64_t node_limit) {
    /* dom/wdeg: far fewer nodes than dom on hard boards (docs/futoshiki.md) */
    solve_request rq = {.spec = pz->build ? "gac:var=dom/wdeg" : NULL, .all = 1,
                        .max_solutions = (uint64_t)limit, .node_limit = node_limit};
    solve_result r;
    diag d;
    if (puzzle_solve(pz, inst, &rq, &r, &d)) return -1;
    long found = (long)r.solutions;
    int complete = r.status == SOLVE_SOLVED || r.status == SOLVE_UNSAT;
    solve_result_free(&r);
    return complete || found >= limit ? found : -1;
}
