/* config.c - the default configuration of the engine's search. */

#include "solver.h"

void csp_config_default(csp_config *cfg) {
    cfg->strategy = csp_find_strategy("gac");
    cfg->queue = csp_find_queue("constraint-fifo");
    cfg->var = csp_find_var("dom");
    cfg->val = csp_find_val("lex");
    cfg->support = CSP_SUPPORT_BITS;
    cfg->timing = 1;
    cfg->restart = (csp_restart){CSP_RESTART_NONE, 1, 1.0};
    cfg->lc = 0;
    cfg->phase = 0;
    cfg->nogood = 0;
    cfg->domain = CSP_DOM_AUTO;
}
