/* test_bnb.c - branch and bound (csp_set_objective, search.c): on random
 * small COPs, every strategy, queue, restart policy, value ordering and
 * domain representation finds the brute-force optimum and proves it (status
 * optimal), each solution it reports satisfies the constraints and is
 * strictly better than the one before, a model without solutions is unsat,
 * and a node limit stops with the best found so far no better than the
 * optimum; all of it with solution-phase saving (phase) and the restarts'
 * nogoods (nogood, where restarts run) on and off, and
 * phase on does try the incumbent's value first (watched by a hook). */
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "csp/alldiff.h"
#include "csp/solver.h"

enum { MAXV = 6, MAXD = 6 };

typedef struct cop {
    int n, ndom[MAXV], dom[MAXV][MAXD];
    int nrel, rel[10][3];
    int nobj, obj[3], sense;
    int group[MAXV], ngroup;
} cop;

/* The number of variable heuristics (each is drawn in the random rounds). */
static uint64_t n_var_heurs(void) {
    uint64_t n = 0;
    while (csp_var_heurs[n]) n++;
    return n;
}

/* The number of value heuristics (each takes its turn in the rounds). */
static int n_val_heurs(void) {
    int n = 0;
    while (csp_val_heurs[n]) n++;
    return n;
}

static void random_cop(rng *g, cop *m) {
    memset(m, 0, sizeof *m);
    m->n = 3 + (int)rng_below(g, MAXV - 2);
    int wide = rng_below(g, 3) == 0; /* values spread far apart: other representations */
    for (int i = 0; i < m->n; i++) {
        int k = 2 + (int)rng_below(g, MAXD - 1), n = 0;
        while (n < k) {
            int a = (int)rng_below(g, 8) - 3, j = n, dup = 0;
            if (wide) a *= 1000;
            for (int u = 0; u < n; u++) dup |= m->dom[i][u] == a;
            if (dup) continue;
            while (j > 0 && m->dom[i][j - 1] > a) m->dom[i][j] = m->dom[i][j - 1], j--;
            m->dom[i][j] = a, n++;
        }
        m->ndom[i] = n;
    }
    m->nrel = (int)rng_below(g, 6);
    for (int k = 0; k < m->nrel; k++) {
        int x = (int)rng_below(g, (uint64_t)m->n), y = (int)rng_below(g, (uint64_t)m->n);
        if (x == y) y = (x + 1) % m->n;
        m->rel[k][0] = x, m->rel[k][1] = (int)rng_below(g, 2), m->rel[k][2] = y;
    }
    m->ngroup = rng_below(g, 2) ? 3 : 0;
    for (int i = 0; i < m->ngroup; i++) m->group[i] = m->n - 1 - i;
    m->nobj = 1 + (int)rng_below(g, 3);
    for (int k = 0; k < m->nobj; k++) m->obj[k] = k;
    m->sense = rng_below(g, 2) ? 1 : -1;
}

static int satisfies(const cop *m, const int *vals) {
    for (int k = 0; k < m->nrel; k++) {
        int a = vals[m->rel[k][0]], b = vals[m->rel[k][2]];
        if (m->rel[k][1] == CSP_REL_NE ? a == b : a >= b) return 0;
    }
    for (int i = 0; i < m->ngroup; i++)
        for (int j = i + 1; j < m->ngroup; j++)
            if (vals[m->group[i]] == vals[m->group[j]]) return 0;
    return 1;
}

/* -1, 0, 1: a better, equal, worse than b (minimising sense * objective). */
static int compare(const cop *m, const int *a, const int *b) {
    for (int k = 0; k < m->nobj; k++) {
        int64_t x = (int64_t)m->sense * a[m->obj[k]], y = (int64_t)m->sense * b[m->obj[k]];
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

/* The optimum by enumeration: 0 when there is no solution. */
static int brute(const cop *m, int *opt) {
    int idx[MAXV] = {0}, vals[MAXV], have = 0;
    for (;;) {
        for (int i = 0; i < m->n; i++) vals[i] = m->dom[i][idx[i]];
        if (satisfies(m, vals) && (!have || compare(m, vals, opt) < 0)) {
            memcpy(opt, vals, sizeof vals);
            have = 1;
        }
        int i = 0;
        while (i < m->n && ++idx[i] == m->ndom[i]) idx[i++] = 0;
        if (i == m->n) return have;
    }
}

typedef struct seen {
    const cop *m;
    int last[MAXV], have, bad;
    long count;
} seen;

static int on_solution(void *ctx, const csp *p) {
    seen *s = ctx;
    int vals[MAXV];
    for (int i = 0; i < s->m->n; i++) vals[i] = csp_min(p, i);
    if (!satisfies(s->m, vals)) s->bad++;
    if (s->have && compare(s->m, vals, s->last) >= 0) s->bad++; /* not strictly better */
    memcpy(s->last, vals, sizeof vals);
    s->have = 1;
    s->count++;
    return 1;
}

static csp *build(const cop *m) {
    csp *p = csp_new();
    for (int i = 0; i < m->n; i++) csp_add_var_values(p, m->dom[i], (size_t)m->ndom[i], NULL);
    for (int k = 0; k < m->nrel; k++) csp_add_rel(p, m->rel[k][0], m->rel[k][1], m->rel[k][2]);
    if (m->ngroup) csp_post_alldiff(p, m->group, m->ngroup, CSP_ALLDIFF_DOMAIN);
    csp_set_objective(p, m->obj, m->nobj, m->sense);
    return p;
}

static void test_optima(void) {
    rng g;
    rng_seed(&g, 9);
    for (int round = 0; round < 150; round++) {
        cop m;
        random_cop(&g, &m);
        int opt[MAXV];
        int feasible = brute(&m, opt);
        for (int si = 0; csp_strategies[si]; si++)
            for (int qi = 0; csp_queues[qi]; qi++) {
                if (qi && strcmp(csp_strategies[si]->name, "gac")) continue;
                csp *p = build(&m);
                csp_config cfg;
                csp_config_default(&cfg);
                cfg.strategy = csp_strategies[si];
                cfg.queue = csp_queues[qi];
                cfg.domain = (int)rng_below(&g, CSP_DOM_AUTO + 1);
                cfg.var = csp_var_heurs[rng_below(&g, n_var_heurs())];
                if (rng_below(&g, 3) == 0) cfg.restart = (csp_restart){CSP_RESTART_LUBY, 1, 1.0};
                cfg.phase = (int)rng_below(&g, 2);
                cfg.nogood = (int)rng_below(&g, 2);
                cfg.val = csp_val_heurs[(round + si) % n_val_heurs()]; /* no draw: rounds stay */
                cfg.binary = (round + qi) % 2, cfg.lc = (round / 2 + qi) % 2; /* likewise */
                csp_limits lim = {.seed = round};
                stats st = {0};
                seen s = {&m, {0}, 0, 0, 0};
                run_status r = csp_solve(p, &cfg, &lim, on_solution, &s, &st);
                CHECK_MSG(s.bad == 0, "round %d %s/%s: %d bad solutions", round, cfg.strategy->name,
                          cfg.queue->name, s.bad);
                if (feasible)
                    CHECK_MSG(r == STATUS_OPTIMAL && s.have && compare(&m, s.last, opt) == 0,
                              "round %d %s/%s val=%s domain=%s phase=%d nogood=%d binary=%d lc=%d: "
                              "status %s, optimum %sfound",
                              round, cfg.strategy->name, cfg.queue->name, cfg.val->name,
                              csp_domain_names[cfg.domain], cfg.phase, cfg.nogood, cfg.binary,
                              cfg.lc, status_name(r),
                              s.have && compare(&m, s.last, opt) == 0 ? "" : "not ");
                else
                    CHECK_MSG(r == STATUS_UNSAT && !s.have, "round %d: status %s, want unsat",
                              round, status_name(r));
                csp_free(p);
            }
    }
}

/* A node limit: the best found is a solution, never better than optimal. */
static void test_limit(void) {
    rng g;
    rng_seed(&g, 10);
    int stopped = 0;
    for (int round = 0; round < 200; round++) {
        cop m;
        random_cop(&g, &m);
        int opt[MAXV];
        if (!brute(&m, opt)) continue;
        csp *p = build(&m);
        csp_config cfg;
        csp_config_default(&cfg);
        cfg.strategy = csp_find_strategy("bt");
        csp_limits lim = {.node_limit = 1 + rng_below(&g, 6)};
        stats st = {0};
        seen s = {&m, {0}, 0, 0, 0};
        run_status r = csp_solve(p, &cfg, &lim, on_solution, &s, &st);
        CHECK(s.bad == 0);
        if (r == STATUS_NODE_LIMIT) {
            stopped++;
            CHECK(!s.have || compare(&m, s.last, opt) >= 0);
        }
        csp_free(p);
    }
    CHECK(stopped > 10); /* the limit did stop searches */
}

/* Replays phase saving's rule on the hook's events: the first node of a
 * new frame (after a branch one level up) tries its variable's value in
 * the incumbent (the last solution event) whenever that value was in the
 * domain at the branch above (the frame's domain; objective variables,
 * which the bound cuts after the branch, left out). */
typedef struct phase_watch {
    const cop *m;
    int inc[MAXV], have_inc, had[MAXV];
    int last_depth;
    csp_node_kind last_kind;
    long checked, broken;
} phase_watch;

static void on_phase_node(void *ctx, const csp_node_event *e) {
    phase_watch *w = ctx;
    if (e->depth >= 1 && e->depth == w->last_depth + 1 && w->last_kind == CSP_NODE_BRANCH &&
        w->had[e->var] && e->var >= w->m->nobj) { /* obj[k] = k: the first nobj variables */
        w->checked++;
        w->broken += e->value != w->inc[e->var];
    }
    if (e->kind == CSP_NODE_SOLUTION) {
        for (int v = 0; v < w->m->n; v++) w->inc[v] = csp_min(e->p, v);
        w->have_inc = 1;
    }
    if (e->kind == CSP_NODE_BRANCH)
        for (int v = 0; v < w->m->n; v++) w->had[v] = w->have_inc && csp_has(e->p, v, w->inc[v]);
    w->last_depth = e->depth, w->last_kind = e->kind;
}

/* phase=on follows the rule on every frame where it applies; phase=off
 * breaks it somewhere (the watch can tell the two apart). */
static void test_phase_first(void) {
    long checked[2] = {0}, broken[2] = {0};
    for (int phase = 0; phase < 2; phase++) {
        rng g;
        rng_seed(&g, 11);
        for (int round = 0; round < 300; round++) {
            cop m;
            random_cop(&g, &m);
            csp *p = build(&m);
            csp_config cfg;
            csp_config_default(&cfg);
            cfg.strategy = csp_strategies[rng_below(&g, 3)];
            cfg.domain = (int)rng_below(&g, CSP_DOM_AUTO + 1);
            cfg.var = csp_var_heurs[rng_below(&g, n_var_heurs())];
            if (rng_below(&g, 2)) cfg.restart = (csp_restart){CSP_RESTART_LUBY, 1, 1.0};
            cfg.val = csp_val_heurs[round % n_val_heurs()]; /* phase goes before any order */
            cfg.phase = phase;
            phase_watch w = {.m = &m, .last_depth = -1};
            csp_search_hook hook = {on_phase_node, &w};
            csp_limits lim = {.seed = round, .hook = &hook};
            stats st = {0};
            seen s = {&m, {0}, 0, 0, 0};
            csp_solve(p, &cfg, &lim, on_solution, &s, &st);
            CHECK(s.bad == 0);
            checked[phase] += w.checked, broken[phase] += w.broken;
            csp_free(p);
        }
    }
    CHECK_MSG(checked[1] > 100 && broken[1] == 0, "phase=on: %ld of %ld frames broke the rule",
              broken[1], checked[1]);
    CHECK_MSG(broken[0] > 0, "phase=off: all %ld frames followed the rule", checked[0]);
}

int main(void) {
    size_t mem0 = xmem_current();
    test_optima();
    test_limit();
    test_phase_first();
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
