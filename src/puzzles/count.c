/* count.c - puzzle_count_solutions(): the generators' uniqueness check,
 * a plain search of a CSP puzzle's first model (puzzle.h). */
#include "puzzle.h"

typedef struct counter {
    long found, limit;
} counter;

static int on_solution(void *vc, const csp *p) {
    (void)p;
    counter *c = vc;
    return ++c->found < c->limit;
}

long puzzle_count_solutions(const puzzle *pz, const void *inst, const csp_config *cfg, long limit,
                            uint64_t node_limit, uint64_t *nodes) {
    csp_config def;
    if (!cfg) { /* dom/wdeg: far fewer nodes than dom on hard boards (docs/futoshiki.md) */
        csp_config_default(&def);
        def.var = csp_find_var("dom/wdeg");
        cfg = &def;
    }
    diag d;
    puzzle_model m = {0}; /* the first model, pairwise groups: generators' results never change */
    csp *p = pz->build(inst, &m, &d);
    if (!p) return -1;
    counter c = {0, limit};
    csp_limits lim = {.all = 1, .node_limit = node_limit};
    stats st = {0};
    run_status s = csp_solve(p, cfg, &lim, on_solution, &c, &st);
    csp_free(p);
    if (nodes) *nodes = st.nodes;
    return s == STATUS_SOLVED || s == STATUS_UNSAT || c.found >= limit ? c.found : -1;
}
