/* csp_family.c - the CSP engine as a family of strategies (bt, fc, gac):
 * its key table, and solving a CSP puzzle's model with it. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "family.h"

static const char *const on_off[] = {"off", "on", NULL};

static int parse_restart(const char *text, void *field, diag *d) {
    return csp_restart_parse(text, field, d);
}
static void show_restart(const void *field, char *buf, size_t size) {
    csp_restart_show(field, buf, size);
}

#define CFG_(field) offsetof(csp_spec, cfg.field)
/* Every key of bt, fc and gac: the engine's (the defaults are the
 * engine's CSP_DEFAULT_* texts, which csp_config_default reads), then the puzzle's model keys,
 * which fill the puzzle_model that build() takes (puzzles/puzzle.h). */
static const spec_key csp_keys[] = {
    {.name = "queue",
     .doc = "GAC propagation-queue policy (searchlab list: queues)",
     .registry = (const void *const *)csp_queues,
     .offset = CFG_(queue),
     .def = CSP_DEFAULT_QUEUE,
     .takes = "gac"},
    {.name = "var",
     .doc = "variable ordering",
     .registry = (const void *const *)csp_var_heurs,
     .offset = CFG_(var),
     .def = CSP_DEFAULT_VAR},
    {.name = "val",
     .doc = "value ordering",
     .registry = (const void *const *)csp_val_heurs,
     .offset = CFG_(val),
     .def = CSP_DEFAULT_VAL},
    {.name = "support",
     .doc = "how revisions of binary constraints find supports: bit-parallel, AC-3 scan, "
            "AC3rm residues",
     .names = csp_support_names,
     .offset = CFG_(support),
     .def = CSP_DEFAULT_SUPPORT,
     .takes = "fc gac"},
    {.name = "timing",
     .doc = "measure the time of each inference call (inference_ns)",
     .names = on_off,
     .offset = CFG_(timing),
     .def = CSP_DEFAULT_TIMING},
    {.name = "restart",
     .doc = "restart when run i's failed nodes reach N*luby(i) (luby) or N*F^(i-1) (geom); "
            "dom/wdeg weights kept, ties broken at random from --seed",
     .form = "none, luby:N or geom:N,F (N an integer >= 1, F a number > 1)",
     .parse = parse_restart,
     .show = show_restart,
     .offset = CFG_(restart),
     .def = CSP_DEFAULT_RESTART},
    {.name = "lc",
     .doc = "last-conflict reasoning: branch first on the variable whose assignment failed last",
     .names = on_off,
     .offset = CFG_(lc),
     .def = CSP_DEFAULT_LC},
    {.name = "branch",
     .doc = "branching: dway tries each value of the chosen variable in turn; binary, after a "
            "value's subtree failed, removes the values tried, propagates and chooses a "
            "variable again (last conflict first), as ACE and Gecode branch",
     .names = csp_branch_names,
     .offset = CFG_(binary),
     .def = CSP_DEFAULT_BRANCH,
     .takes = "gac"},
    {.name = "phase",
     .doc = "solution-phase saving (optimisation only): each variable tries the best solution's "
            "value first while it is in its domain, then the value ordering's",
     .names = on_off,
     .offset = CFG_(phase),
     .def = CSP_DEFAULT_PHASE},
    {.name = "nogood",
     .doc = "nogoods from restarts (with restart= only): each restart keeps the values its "
            "branch had refuted, and the later runs prune them",
     .names = on_off,
     .offset = CFG_(nogood),
     .def = CSP_DEFAULT_NOGOOD},
    {.name = "domain",
     .doc = "the representation of the variables' domains (auto: chosen per variable by its "
            "span and holes; a kind that cannot hold a domain gives way to auto's choice)",
     .names = csp_domain_names,
     .offset = CFG_(domain),
     .def = CSP_DEFAULT_DOMAIN},
    PUZZLE_MODEL_KEYS(offsetof(csp_spec, model)),
    {0},
};
#undef CFG_

static const char *strategy(const puzzle *pz, int i, const char **summary) {
    if (pz && !pz->build) return NULL;
    for (int k = 0; csp_strategies[k]; k++)
        if (k == i) {
            *summary = csp_strategies[k]->summary;
            return csp_strategies[k]->name;
        }
    return NULL;
}

static const spec_key *keys(const puzzle *pz, const char *name) {
    (void)pz, (void)name;
    return csp_keys;
}

/* ---- solving ---------------------------------------------------------------- */

typedef struct csp_run {
    const puzzle *pz;
    const void *inst;
    int model;
    int *sol;
    size_t cap;
    const family_run *r;
} csp_run;

static int on_csp_solution(void *vc, const csp *p) {
    csp_run *c = vc;
    size_t n = c->pz->decode(c->inst, c->model, p, c->sol);
    return c->r->on_solution(c->r->ctx, c->sol, n);
}

void spec_csp_setup(const strategy_spec *s, csp_config *cfg, puzzle_model *m) {
    *cfg = s->u.csp.cfg;
    cfg->strategy = csp_find_strategy(s->name); /* the spec's name is one of csp_strategies */
    *m = s->u.csp.model;
}

static int solve(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d) {
    uint64_t t0 = clock_ns();
    csp_config cfg;
    puzzle_model m;
    spec_csp_setup(s, &cfg, &m);
    if (puzzle_model_check(pz, &m, s->keys, s->given, d)) return -1;
    csp *p = pz->build(inst, &m, d);
    if (!p) return -1;
    csp_finalize(p);
    ADD(r->st, build_ns, clock_ns() - t0);
    csp_run c = {pz, inst, m.index, NULL, pz->sol_cap(inst), r};
    c.sol = NEWN(c.cap ? c.cap : 1, int);
    run_status st = csp_solve(p, &cfg, r->lim, on_csp_solution, &c, r->st);
    FREEN(c.sol, c.cap ? c.cap : 1);
    csp_free(p);
    return (int)st;
}

const spec_family family_csp = {
    .name = "csp",
    .summary = "the CSP engine: the puzzle's model searched with BT, FC or GAC",
    .strategy = strategy,
    .keys = keys,
    .reports_nodes = 1,
    .solve = solve,
};
