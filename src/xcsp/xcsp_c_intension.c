/* xcsp_c_intension.c - <intension>: a predicate in functional syntax,
 * compiled once (per template) to a program whose parameter k is term k
 * of lists[0] (plain: the distinct variables of the text; template: the
 * arguments %0, %1, ...).  Posted as the intension constraint of
 * xcsp_model.c (bounds-pruned support search), or the built-in != and <
 * for ne/lt/gt of two variables. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse(reader *rd, xr_elem *e, xcsp_con *c) {
    const char *text = e->text;
    size_t len = e->len;
    int line = e->text_line;
    xr_kid *f = xr_kid_get(e, "function");
    if (f) {
        if (!xr_blank(e->text, e->len))
            return xr_fail(rd, e->text_line, "<intension>: text beside %s%s", "<function>", "");
        text = f->text, len = f->len, line = f->text_line;
    }
    e->text_used = 1;
    int pi, *vars = NULL;
    xcsp_prog *pg = xr_new_prog(rd->in, &pi);
    rd->expr_elem = "intension";
    if (xcsp_compile(text, len, rd->path, line, rd->tmpl, 1, "intension", xr_resolve_var, rd, pg,
                     &vars, rd->d)) {
        rd->in->nprogs--;
        return rd->failed = 1, -1;
    }
    c->aux = pi;
    xcsp_list *l = xr_add_list(c);
    l->what = XR_VARS | XR_CONSTS | XR_EXPRS; /* any argument of a template */
    l->n = pg->nparams;
    l->t = pg->nparams ? NEWN((size_t)pg->nparams, xcsp_term) : NULL;
    for (int k = 0; k < pg->nparams; k++)
        l->t[k] =
            vars[k] < 0 ? (xcsp_term){XT_PARAM, k, 0, 0, 0} : (xcsp_term){XT_VAR, vars[k], 0, 0, 0};
    if (vars) FREEN(vars, (size_t)(pg->nparams ? pg->nparams : 1));
    return 0;
}

/* The logical operands must be 0/1, and no intermediate value may leave
 * 62 bits (bounds from the declared domains). */
static int validate(reader *rd, xcsp_con *c) {
    const xcsp_inst *in = rd->in;
    const xcsp_prog *pg = &in->progs[c->aux];
    const xcsp_list *l = &c->lists[0];
    size_t np = pg->nparams ? (size_t)pg->nparams : 1, na = c->arity ? (size_t)c->arity : 1;
    int64_t *lo = NEWN(np, int64_t), *hi = NEWN(np, int64_t);
    int64_t *slo = NEWN(na, int64_t), *shi = NEWN(na, int64_t);
    int ret = 0;
    xcsp_scope_bounds(in, c, slo, shi);
    for (int k = 0; k < pg->nparams && !ret; k++) {
        const xcsp_term *t = &l->t[k];
        if (xcsp_term_bounds(in, c, t, slo, shi, &lo[k], &hi[k])) {
            ret = xr_fail(rd, c->line, "<intension>: %s%s",
                          "an intermediate value may leave the 63-bit integers", "");
        } else if (pg->boolean_param[k] && (lo[k] < 0 || hi[k] > 1)) {
            char what[200];
            if (t->kind == XT_CONST)
                snprintf(what, sizeof what, "the constant %lld", (long long)t->k);
            else if (t->kind == XT_VAR) {
                char name[160];
                xcsp_var_name(in, t->v, name, sizeof name);
                snprintf(what, sizeof what, "%s, whose domain is not within 0..1,", name);
            } else
                snprintf(what, sizeof what, "an expression argument not within 0..1");
            ret = xr_fail(rd, c->line, "<intension>: %s is a logical operand (expected 0/1)%s",
                          what, "");
        }
    }
    int64_t *st = NEWN(2 * (size_t)(pg->depth ? pg->depth : 1), int64_t), rlo, rhi;
    if (!ret && xcsp_bounds(pg, lo, hi, st, &rlo, &rhi))
        ret = xr_fail(rd, c->line, "<intension>: %s%s",
                      "an intermediate value may leave the 63-bit integers", "");
    FREEN(st, 2 * (size_t)(pg->depth ? pg->depth : 1));
    FREEN(lo, np), FREEN(hi, np), FREEN(slo, na), FREEN(shi, na);
    return ret;
}

static int check(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_prog *pg = &in->progs[c->aux];
    size_t need = (size_t)pg->nparams + (size_t)pg->depth;
    int64_t small[64], *buf = need <= 64 ? small : NEWN(need, int64_t);
    int undef = 0;
    for (int k = 0; k < pg->nparams; k++)
        buf[k] = xcsp_term_value(in, c, &c->lists[0].t[k], val, &undef);
    int64_t r = xcsp_eval(pg, buf, buf + pg->nparams, &undef);
    if (buf != small) FREEN(buf, need);
    return r != 0 && !undef;
}

static int post(xcsp_model *m, const xcsp_con *c) {
    return xcsp_post_intension(m, c, c->aux, &c->lists[0]);
}

const xcsp_family xcsp_c_intension = {
    .name = "intension",
    .summary = "a predicate as text or in <function> (operators of docs/xcsp.md)",
    .parse = parse,
    .validate = validate,
    .check = check,
    .post = post,
};
