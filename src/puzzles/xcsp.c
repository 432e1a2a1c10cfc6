/* xcsp.c - the `xcsp` puzzle: XCSP3-core instances (docs/xcsp.md) behind
 * the one puzzle interface; the front end itself (src/xcsp) knows nothing
 * of puzzles.  The solution vector is the value of every variable in
 * declaration order (array cells row-major), free variables (in no
 * constraint, left out of the model: src/xcsp/xcsp_free.c) at their least
 * value; the verifier checks each
 * constraint of the parsed instance on it (xcsp_check_solution), without
 * the model. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../xcsp/xcsp.h"
#include "puzzle.h"

static int xcsp_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size) {
    const xcsp_inst *in = inst;
    if (n != (size_t)in->nvars) {
        snprintf(why, why_size, "%zu values for %d variables", n, in->nvars);
        return 0;
    }
    int *buf;
    int ok = xcsp_check_solution(in, xcsp_inst_order(in, sol, &buf), why, why_size);
    if (buf) FREEN(buf, (size_t)in->nvars);
    return ok;
}

/* The least value of the k-th declared variable. */
static int xcsp_var_min(const void *inst, size_t k) {
    const xcsp_inst *in = inst;
    int v = in->decl ? in->decl[k] : (int)k;
    return in->ivals[2 * xcsp_var_dom(in, v)->first];
}

/* ==== the puzzle ============================================================ */

/* model=default branches on every variable of the instance alike, as
 * ACE's default does (it reads <annotations> only when asked, -ea);
 * model=decision branches on the <decision> variables first.  Measured
 * (results/cop_wide.md): PyCSP3's Bacp-m2-d_10 and BACP-m1-d-10 reach
 * 1 within 1 s without the tier, 9 and 5 in 20 s with it (ACE: 1). */
static const char *const xcsp_models[] = {"default", "decision", NULL};

static csp *xcsp_build_model(const void *inst, const puzzle_model *m, diag *d) {
    return xcsp_build(inst, (enum csp_alldiff)m->alldiff, m->index == 1, d);
}

static void *xcsp_parse(lexer *lx, diag *d) { return xcsp_read(lx->buf, lx->len, lx->path, d); }
static void xcsp_destroy(void *inst) { xcsp_inst_free(inst); }
static int xcsp_size(const void *inst) { return ((const xcsp_inst *)inst)->nvars; }
static size_t xcsp_sol_cap(const void *inst) { return (size_t)((const xcsp_inst *)inst)->nvars; }

static size_t xcsp_decode(const void *inst, int model, const csp *p, int *sol) {
    (void)model;
    const xcsp_inst *in = inst;
    if (!in->decl) {
        for (int v = 0; v < in->nvars; v++) sol[v] = csp_min(p, v);
        return (size_t)in->nvars;
    }
    /* the model has the first nlive variables; a free one takes its least value */
    for (int k = 0; k < in->nvars; k++) {
        int v = in->decl[k];
        sol[k] = v < in->nlive ? csp_min(p, v) : xcsp_var_min(inst, (size_t)k);
    }
    return (size_t)in->nvars;
}

/* The competition's status line: optimal is OPTIMUM FOUND; a solution
 * found without proof (a satisfaction's, or an optimisation stopped by a
 * limit) SATISFIABLE. */
static void xcsp_print_status(const void *inst, int status, FILE *out) {
    (void)inst;
    const char *s = status == STATUS_OPTIMAL  ? "OPTIMUM FOUND"
                    : status == STATUS_SOLVED ? "SATISFIABLE"
                    : status == STATUS_UNSAT  ? "UNSATISFIABLE"
                                              : "UNKNOWN";
    fprintf(out, "s %s\n", s);
}

const puzzle puzzle_xcsp = {
    .name = "xcsp",
    .ext = "xml",
    .summary = "XCSP3-core instances (every constraint of XCSP3-core, groups, slides; "
               "`searchlab list` names them)",
    /* futoshiki's strongest configuration (alldiff applies to the file's
     * <allDifferent>s; a file without any ignores it), with geometric
     * restarts and last-conflict as ACE: measured on the development set
     * (docs/benchmarks.md), CoveringArray and RadarSurveillance go from no
     * answer in 10 s to 0.1 s and 0.01 s; nothing answered is lost; and
     * the restarts' nogoods, so that the runs before the last add to a
     * proof: Rehearsal x2 and AircraftLanding-airland01 go from not
     * proven in 10 s to proven, nothing answered is lost; then ACE's
     * anytime ingredients for optimisation (issue 38, docs/xcsp.md,
     * "Optimisation: the default's ingredients"): solution-phase saving
     * and the wdeg^ca.cd variable scores, which reach ACE's best values on
     * 3 of the dev COPs neither proves and prove the others sooner */
    .default_spec =
        "gac:queue=variable-fifo,var=dom/wdeg-cacd,alldiff=domain,restart=geom:100,1.1,lc=on,"
        "nogood=on,phase=on",
    .alldiff_groups = "each <allDifferent> of the file",
    .models = xcsp_models,
    .parse = xcsp_parse,
    .destroy = xcsp_destroy,
    .size = xcsp_size,
    .size_name = "variables",
    .build = xcsp_build_model,
    .decode = xcsp_decode,
    .sol_cap = xcsp_sol_cap,
    .verify = xcsp_verify,
    .var_min = xcsp_var_min,
    .print = xcsp_print,
    .print_json = xcsp_print_json,
    .print_status = xcsp_print_status,
    .objective = xcsp_objective_of,
    .count_prefix = "c ",
    .print_count_note = xcsp_print_free,
    .print_json_extra = xcsp_json_free,
};
