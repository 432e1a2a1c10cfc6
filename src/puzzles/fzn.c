/* fzn.c - the `fzn` puzzle: FlatZinc models (docs/flatzinc.md) behind the
 * one puzzle interface; the front end itself (src/fzn) knows nothing of
 * puzzles.  The solution vector is the value of every
 * declared variable in declaration order (aliases are not variables);
 * the verifier evaluates each flat constraint on it (fzn_check.c),
 * without the model; the objective is read from it the same way. */
#include "../core/lexer.h"
#include "../fzn/fzn.h"
#include "puzzle.h"

static int fzn_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size) {
    const fzn_inst *in = inst;
    if (n != (size_t)in->nvars) {
        snprintf(why, why_size, "%zu values for %d variables", n, in->nvars);
        return 0;
    }
    return fzn_check_solution(in, sol, why, why_size);
}

static int fzn_objective(const void *inst, const int *sol, size_t n, int64_t *value) {
    (void)n;
    const fzn_inst *in = inst;
    if (!in->sense) return 0;
    *value = fzn_value(in->obj, sol);
    return in->sense;
}

static csp *fzn_build_model(const void *inst, const puzzle_model *m, diag *d) {
    return fzn_build_csp(inst, m ? m->alldiff : 0, m && m->index == 1, d);
}

static void *fzn_parse(lexer *lx, diag *d) { return fzn_read(lx->buf, lx->len, lx->path, d); }
static void fzn_destroy(void *inst) { fzn_inst_free(inst); }
static int fzn_size(const void *inst) { return ((const fzn_inst *)inst)->nvars; }
static size_t fzn_sol_cap(const void *inst) {
    int n = ((const fzn_inst *)inst)->nvars;
    return n ? (size_t)n : 1;
}

static size_t fzn_decode(const void *inst, int model, const csp *p, int *sol) {
    (void)model;
    const fzn_inst *in = inst;
    for (int v = 0; v < in->nvars; v++) sol[v] = csp_min(p, v);
    return (size_t)in->nvars;
}

static int fzn_write_outside(const void *inst, const char *path, FILE *out, diag *d) {
    (void)inst;
    lexer lx;
    if (lex_open(&lx, path, d)) return -1;
    int ret = fzn_all_output(lx.buf, lx.len, path, out, d);
    lex_close(&lx);
    return ret;
}

static size_t fzn_read_solution_text(const void *inst, const char *text, int *sol, size_t n,
                                     char *why, size_t why_size) {
    const fzn_inst *in = inst;
    return fzn_read_solution(in, text, sol, n, why, why_size) ? (size_t)in->nvars : 0;
}

static const char *const fzn_models[] = {"default", "search", NULL};

const puzzle puzzle_fzn = {
    .name = "fzn",
    .ext = "fzn",
    .summary = "FlatZinc models (integers and Booleans; model=search follows the search "
               "annotations' variable groups)",
    /* xcsp's default (measured on XCSP3's development set), all_different at GAC,
     * and solution-phase saving: on the MiniZinc dev set's mario, whose
     * proof is immediate once the optimum is found, the plain default's
     * time to it is heavy-tailed in the restarts' seed (0.06 s on 2 of 5
     * seeds, not in 3 s on the others); with phase=on 4 of 4 seeds prove it
     * within 1.1 s (docs/flatzinc.md) */
    .default_spec = "gac:queue=variable-fifo,var=dom/wdeg,alldiff=domain,restart=geom:100,1.1,"
                    "lc=on,nogood=on,phase=on",
    .alldiff_groups = "each all_different of the model (fzn_all_different_int)",
    .models = fzn_models,
    .parse = fzn_parse,
    .destroy = fzn_destroy,
    .size = fzn_size,
    .build = fzn_build_model,
    .decode = fzn_decode,
    .sol_cap = fzn_sol_cap,
    .verify = fzn_verify,
    .objective = fzn_objective,
    .print = fzn_print,
    .print_json = fzn_print_json,
    .print_status = fzn_print_status,
    .print_end = fzn_print_end,
    .count_prefix = "% ",
    .write_outside = fzn_write_outside,
    .read_solution = fzn_read_solution_text,
};
