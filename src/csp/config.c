/* config.c - the default configuration of the engine's search: the
 * CSP_DEFAULT_* texts (solver.h), which the spec's key table shows too. */
#include <assert.h>
#include <string.h>

#include "../core/registry.h"
#include "solver.h"

static int on(const char *text) { return !strcmp(text, "on"); }

void csp_config_default(csp_config *cfg) {
    cfg->strategy = csp_find_strategy(CSP_DEFAULT_STRATEGY);
    cfg->queue = csp_find_queue(CSP_DEFAULT_QUEUE);
    cfg->var = csp_find_var(CSP_DEFAULT_VAR);
    cfg->val = csp_find_val(CSP_DEFAULT_VAL);
    cfg->support = names_index(csp_support_names, CSP_DEFAULT_SUPPORT);
    cfg->timing = on(CSP_DEFAULT_TIMING);
    int bad = csp_restart_parse(CSP_DEFAULT_RESTART, &cfg->restart, NULL);
    assert(!bad && cfg->strategy && cfg->queue && cfg->var && cfg->val && cfg->support >= 0);
    (void)bad;
    cfg->lc = on(CSP_DEFAULT_LC);
    cfg->phase = on(CSP_DEFAULT_PHASE);
    cfg->nogood = on(CSP_DEFAULT_NOGOOD);
    cfg->binary = names_index(csp_branch_names, CSP_DEFAULT_BRANCH);
    assert(cfg->binary == 0);
    cfg->domain = names_index(csp_domain_names, CSP_DEFAULT_DOMAIN);
    assert(cfg->domain == CSP_DOM_AUTO);
}
