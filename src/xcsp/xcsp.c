/* xcsp.c - the `xcsp` puzzle: XCSP3-core instances (docs/xcsp.md) behind
 * the one puzzle interface.  The solution vector is the value of every
 * variable in declaration order (array cells row-major); the verifier
 * checks each constraint of the parsed instance on it, without the model. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "../puzzles/puzzle.h"
#include "xcsp.h"

xcsp_con *xcsp_add_con(xcsp_inst *in, int kind, int line) {
    GROW(&in->cons, &in->cons_cap, in->ncons + 1);
    xcsp_con *c = &in->cons[in->ncons++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->line = line;
    c->prog = c->table = -1;
    return c;
}

static void con_free(const xcsp_inst *in, xcsp_con *c) {
    size_t n = (size_t)c->arity;
    if (c->kind == XC_INTENSION || c->kind == XC_FALSE) {
        size_t np = (size_t)in->progs[c->prog].nparams;
        if (!np) np = 1;
        FREEN(c->scope, np);
        FREEN(c->bind_pos, np);
        FREEN(c->bind_val, np);
        return;
    }
    if (c->scope) FREEN(c->scope, n ? n : 1);
    if (c->values) FREEN(c->values, n ? n : 1);
}

void xcsp_inst_free(xcsp_inst *in) {
    if (!in) return;
    for (size_t i = 0; i < in->ncons; i++) con_free(in, &in->cons[i]);
    if (in->cons) FREEN(in->cons, in->cons_cap);
    for (size_t i = 0; i < in->nprogs; i++) xcsp_prog_free(&in->progs[i]);
    if (in->progs) FREEN(in->progs, in->progs_cap);
    for (size_t i = 0; i < in->ntables; i++) {
        xcsp_table *t = &in->tables[i];
        if (t->rows) FREEN(t->rows, t->cap);
        if (t->star_masks) FREEN(t->star_masks, t->masks_cap);
        if (t->star_counts) FREEN(t->star_counts, t->masks_cap);
    }
    if (in->tables) FREEN(in->tables, in->tables_cap);
    for (int i = 0; i < in->narrays; i++) xstrfree(in->arrays[i].id);
    if (in->arrays) FREEN(in->arrays, in->arrays_cap);
    for (int i = 0; i < in->nvar_names; i++) xstrfree(in->var_names[i]);
    if (in->var_names) FREEN(in->var_names, in->var_names_cap);
    if (in->vars) FREEN(in->vars, in->vars_cap);
    xcsp_names_free(in);
    if (in->path) xstrfree((char *)in->path);
    FREEN(in, 1);
}

/* ==== the rules on a solution ============================================== */

static int table_has(const xcsp_table *t, const int *tuple) {
    if (t->unary_ranges) {
        for (size_t k = 0; k < t->nrows; k++)
            if (tuple[0] >= t->rows[2 * k] && tuple[0] <= t->rows[2 * k + 1]) return 1;
        return 0;
    }
    for (size_t k = 0; k < t->nrows; k++) {
        const int *row = t->rows + k * (size_t)t->arity;
        int i = 0;
        while (i < t->arity && (row[i] == CSP_TABLE_STAR || row[i] == tuple[i])) i++;
        if (i == t->arity) return 1;
    }
    return 0;
}

/* 1 if the values sol (one per variable) satisfy constraint c. */
static int xcsp_con_holds(const xcsp_inst *in, const xcsp_con *c, const int *sol) {
    switch (c->kind) {
    case XC_INTENSION: {
        const xcsp_prog *pg = &in->progs[c->prog];
        int64_t small[32] = {0}, *buf = pg->nparams + pg->depth <= 32
                                            ? small
                                            : NEWN((size_t)(pg->nparams + pg->depth), int64_t);
        for (int k = 0; k < pg->nparams; k++)
            buf[k] = c->bind_pos[k] >= 0 ? sol[c->scope[c->bind_pos[k]]] : c->bind_val[k];
        int ok = xcsp_eval(pg, buf, buf + pg->nparams) != 0;
        if (buf != small) FREEN(buf, (size_t)(pg->nparams + pg->depth));
        return ok;
    }
    case XC_EXTENSION: {
        const xcsp_table *t = &in->tables[c->table];
        int small[16], *tuple = c->arity <= 16 ? small : NEWN((size_t)c->arity, int);
        for (int i = 0; i < c->arity; i++) tuple[i] = sol[c->scope[i]];
        int has = table_has(t, tuple);
        if (tuple != small) FREEN(tuple, (size_t)c->arity);
        return t->positive ? has : !has;
    }
    case XC_ALLDIFF:
        for (int i = 0; i < c->arity; i++)
            for (int j = i + 1; j < c->arity; j++)
                if (sol[c->scope[i]] == sol[c->scope[j]]) return 0;
        return 1;
    case XC_INSTANTIATION:
        for (int i = 0; i < c->arity; i++)
            if (sol[c->scope[i]] != c->values[i]) return 0;
        return 1;
    default:
        return 0; /* XC_FALSE */
    }
}

static const char *kind_name(int kind) {
    static const char *const names[] = {"intension", "extension", "allDifferent", "instantiation",
                                        "intension"};
    return names[kind];
}

static int xcsp_verify(const void *inst, const int *sol, size_t n, char *why, size_t why_size) {
    const xcsp_inst *in = inst;
    char name[160];
    if (n != (size_t)in->nvars) {
        snprintf(why, why_size, "%zu values for %d variables", n, in->nvars);
        return 0;
    }
    for (int v = 0; v < in->nvars; v++) {
        long b = (long)sol[v] - in->vars[v].lo;
        if (b < 0 || b >= CSP_MAX_VALUES || !(in->vars[v].dom >> b & 1)) {
            xcsp_var_name(in, v, name, sizeof name);
            snprintf(why, why_size, "%s = %d is outside its domain", name, sol[v]);
            return 0;
        }
    }
    for (size_t i = 0; i < in->ncons; i++)
        if (!xcsp_con_holds(in, &in->cons[i], sol)) {
            snprintf(why, why_size, "the <%s> of line %d is violated", kind_name(in->cons[i].kind),
                     in->cons[i].line);
            return 0;
        }
    return 1;
}

/* ==== the puzzle ============================================================ */

static void *xcsp_parse(lexer *lx, diag *d) { return xcsp_read(lx->buf, lx->len, lx->path, d); }
static void xcsp_destroy(void *inst) { xcsp_inst_free(inst); }
static int xcsp_size(const void *inst) { return ((const xcsp_inst *)inst)->nvars; }
static size_t xcsp_sol_cap(const void *inst) { return (size_t)((const xcsp_inst *)inst)->nvars; }

static size_t xcsp_decode(const void *inst, int model, const csp *p, int *sol) {
    (void)model;
    const xcsp_inst *in = inst;
    for (int v = 0; v < in->nvars; v++) sol[v] = csp_min(p, v);
    return (size_t)in->nvars;
}

static void xcsp_print_none(const void *inst, int status, FILE *out) {
    (void)inst;
    fputs(status == STATUS_UNSAT ? "s UNSATISFIABLE\n" : "s UNKNOWN\n", out);
}

const puzzle puzzle_xcsp = {
    .name = "xcsp",
    .ext = "xml",
    .summary = "XCSP3-core instances (intension, extension, allDifferent, instantiation, groups)",
    /* the strongest configuration, as futoshiki's (alldiff applies to the
     * file's <allDifferent>s; a file without any ignores it) */
    .default_spec = "gac:queue=variable-fifo,var=dom/wdeg,alldiff=domain",
    .alldiff_groups = "each <allDifferent> of the file",
    .parse = xcsp_parse,
    .destroy = xcsp_destroy,
    .size = xcsp_size,
    .build = xcsp_build,
    .decode = xcsp_decode,
    .sol_cap = xcsp_sol_cap,
    .verify = xcsp_verify,
    .print = xcsp_print,
    .print_json = xcsp_print_json,
    .print_none = xcsp_print_none,
    .count_prefix = "c ",
};
