/* search.c - csp_solve: opens the space, composes the search engine from
 * its parts (engine.h: depth-first search, with branch and bound, last
 * conflict and the nogoods' pruning as the configuration and the model
 * ask), runs it (inside the restart meta-engine when cfg->restart says
 * so) and closes the space, the model left as it was found. */
#include <stdint.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "engine.h"
#include "space.h"

/* The parts, in the order their hooks run. */
const csp_search_part *const csp_search_parts[] = {&csp_part_bnb, &csp_part_lc, &csp_part_nogood,
                                                   NULL};

run_status csp_solve(csp *p, const csp_config *cfg, const csp_limits *lim, csp_on_solution cb,
                     void *ctx, stats *st) {
    csp_space_saved sv;
    int empty;
    int nassigned = csp_space_open(p, cfg, lim, st, &sv, &empty);
    if (cfg->var->var_weights) csp_weights_want_vars(p);
    uint64_t start = clock_ns();
    csp_search s = {.p = p,
                    .cfg = cfg,
                    .lim = lim,
                    .hook = lim->hook,
                    .st = st,
                    .cb = cb,
                    .ctx = ctx,
                    .nassigned = nassigned,
                    .mark0 = sv.mark0};
    s.stack_cap = (size_t)p->nvars + 1;
    s.stack = NEWN(s.stack_cap, csp_frame);
    size_t nwords = ((size_t)p->nvars + 63) / 64;
    if (lim->all) s.single = NEWN(nwords, uint64_t), s.single_seen = SIZE_MAX;
    for (int i = 0; csp_search_parts[i]; i++) {
        const csp_search_part *part = csp_search_parts[i];
        if (!part->wanted(p, cfg)) continue;
        s.part[s.nparts] = part;
        s.part_st[s.nparts] = part->open ? part->open(&s) : NULL;
        s.nparts++;
    }
    /* the engine, or the restart meta-engine wrapping it */
    run_status status = cfg->restart.kind != CSP_RESTART_NONE ? csp_restart_run(&s, empty)
                                                              : csp_search_run(&s, empty);
    for (int i = s.nparts - 1; i >= 0; i--)
        if (s.part[i]->close) s.part[i]->close(s.part_st[i], &s);
    FREEN(s.stack, s.stack_cap);
    if (s.single) FREEN(s.single, nwords);
    csp_space_close(p, &sv);
    ADD(st, total_ns, clock_ns() - start);
    return status;
}
