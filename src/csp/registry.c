/* registry.c - every strategy, queue policy and heuristic of the engine,
 * one line each; adding one is a new file plus a line here. */
#include "../core/registry.h"
#include "solver.h"

#define CSP_STRATEGIES(X) X(bt) X(fc) X(gac)
#define CSP_QUEUES(X) X(constraint_fifo) X(constraint_lifo) X(arc_fifo) X(variable_fifo) X(dom)
#define CSP_VARS(X) X(lex) X(dom) X(domdeg) X(domwdeg) X(domcacd)
#define CSP_VALS(X) X(lex) X(max)

#define DECL_(kind, type, name) extern const type csp_##kind##_##name;
#define PTR_(kind, name) &csp_##kind##_##name,

#define STRAT_DECL_(n) DECL_(strategy, csp_strategy, n)
#define QUEUE_DECL_(n) DECL_(queue, csp_queue, n)
#define VAR_DECL_(n) DECL_(var, csp_var_heur, n)
#define VAL_DECL_(n) DECL_(val, csp_val_heur, n)
CSP_STRATEGIES(STRAT_DECL_)
CSP_QUEUES(QUEUE_DECL_)
CSP_VARS(VAR_DECL_)
CSP_VALS(VAL_DECL_)

#define STRAT_PTR_(n) PTR_(strategy, n)
#define QUEUE_PTR_(n) PTR_(queue, n)
#define VAR_PTR_(n) PTR_(var, n)
#define VAL_PTR_(n) PTR_(val, n)
const csp_strategy *const csp_strategies[] = {CSP_STRATEGIES(STRAT_PTR_) NULL};
const csp_queue *const csp_queues[] = {CSP_QUEUES(QUEUE_PTR_) NULL};
const csp_var_heur *const csp_var_heurs[] = {CSP_VARS(VAR_PTR_) NULL};
const csp_val_heur *const csp_val_heurs[] = {CSP_VALS(VAL_PTR_) NULL};
const char *const csp_support_names[] = {"bits", "scan", "rm", NULL};
const char *const csp_branch_names[] = {"dway", "binary", NULL};

#define FIND_(fn, type, table)                                                                     \
    const type *fn(const char *name) { return REGISTRY_FIND(type, table, name); }
FIND_(csp_find_strategy, csp_strategy, csp_strategies)
FIND_(csp_find_queue, csp_queue, csp_queues)
FIND_(csp_find_var, csp_var_heur, csp_var_heurs)
FIND_(csp_find_val, csp_val_heur, csp_val_heurs)
