/* space.c - opening a search over a model and closing it again, the
 * model left as it was found (space.h). */
#include "space.h"

#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"

int csp_space_open(csp *p, const csp_config *cfg, const csp_limits *lim, stats *st,
                   csp_space_saved *sv, int *empty) {
    csp_finalize(p);
    sv->domain = p->domain;
    sv->kind = NULL;
    if (cfg->domain != p->domain && csp_mark(p) == 0) {
        sv->kind = NEWN((size_t)p->nvars + 1, unsigned char);
        memcpy(sv->kind, p->kind, (size_t)p->nvars);
        csp_use_domains(p, cfg->domain);
    }
    /* the time limit is CPU time (a loaded machine must not decide it) */
    uint64_t from = lim->start_ns ? lim->start_ns : clock_cpu_ns();
    uint64_t deadline = lim->timeout_s > 0 ? from + (uint64_t)(lim->timeout_s * 1e9) : 0;
    csp_deadline_set(&p->deadline, deadline);
    csp_set_stats(p, st);
    csp_set_support(p, cfg->support == CSP_SUPPORT_BITS && !p->all_bits ? CSP_SUPPORT_BITS_MIXED
                                                                        : cfg->support);
    sv->mark0 = csp_mark(p);
    csp_clear_touched(p);
    p->flags.check_failed = 0;
    int nassigned = 0;
    *empty = 0;
    for (int v = 0; v < p->nvars; v++) {
        p->flags.assigned[v] = p->given[v];
        nassigned += p->given[v];
        *empty |= csp_size(p, v) == 0; /* a given outside its domain (csp_fix) */
    }
    return nassigned;
}

void csp_space_close(csp *p, csp_space_saved *sv) {
    csp_undo(p, sv->mark0);
    csp_clear_touched(p);
    p->flags.ties = NULL;
    csp_deadline_set(&p->deadline, 0);
    memset(p->flags.assigned, 0, (size_t)p->nvars);
    csp_set_stats(p, NULL);
    if (sv->kind) {
        csp_use_kinds(p, sv->domain, sv->kind);
        FREEN(sv->kind, (size_t)p->nvars + 1);
        sv->kind = NULL;
    }
}
