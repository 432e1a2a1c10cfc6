/* xcsp_c_clause.c - <clause>: a disjunction of literals, its text or
 * <list>, each literal a 0/1 variable x (true when x = 1) or not(x) (true
 * when x = 0); compact references (x[]) are positive literals.  Posted
 * as the engine's clause (csp/clause.c: two watched literals, GAC, O(1)
 * per call unless a watched literal became false; a variable written
 * twice with one sign merges, x with not(x) always holds and posts
 * nothing); FlatZinc's bool_clause takes the same propagator.
 *
 * Invariant after validate: every term of lists[0] is an XT_VAR (positive)
 * or an XT_EXPR whose program is not(%k) with %k bound to an XT_VAR
 * (negated), and
 * every such variable's declared domain lies within {0, 1}. */
#include "../core/xmalloc.h"
#include "../csp/clause.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

static int parse_clause(reader *rd, xr_elem *e, xcsp_con *c) {
    size_t len;
    int line;
    xr_kid *k;
    const char *text = xr_main_list(rd, e, &len, &line, &k);
    return !text ? -1
                 : xr_terms(rd, c, text, len, line, k ? "list" : "clause", XR_VARS | XR_EXPRS,
                            xr_add_list(c));
}

/* The variable of literal t, and whether it is negated; -1 when t is no
 * literal. */
static int literal(const xcsp_inst *in, const xcsp_con *c, const xcsp_term *t, int *negated) {
    *negated = 0;
    if (t->kind == XT_VAR) return t->v;
    if (t->kind != XT_EXPR) return -1;
    const xcsp_expr *x = &c->exprs[t->v];
    const xcsp_prog *pg = &in->progs[x->prog];
    /* not(%k): a template's expression keeps the template's parameters */
    if (pg->n != 2 || pg->code[0].op != XOP_PARAM || pg->code[1].op != XOP_not ||
        pg->code[0].a >= x->nbind || x->bind[pg->code[0].a].kind != XT_VAR)
        return -1;
    *negated = 1;
    return x->bind[pg->code[0].a].v;
}

static int validate_clause(reader *rd, xcsp_con *c) {
    const xcsp_inst *in = rd->in;
    const xcsp_list *l = &c->lists[0];
    if (!l->n) return xr_failf(rd, c->line, "<clause>: no literal (expected x or not(x), ...)");
    for (int i = 0; i < l->n; i++) {
        int neg, v = literal(in, c, &l->t[i], &neg);
        if (v < 0)
            return xr_failf(rd, c->line,
                            "<clause>: literal %d is neither a variable nor not(variable)", i + 1);
        const xcsp_dom *d = xcsp_var_dom(in, v);
        if (d->symbolic || xcsp_dom_min(in, in->vars[v].dom) < 0 ||
            xcsp_dom_max(in, in->vars[v].dom) > 1) {
            char name[160];
            xcsp_var_name(in, v, name, sizeof name);
            return xr_failf(rd, c->line,
                            "<clause>: %s has values outside 0..1 (a literal is a 0/1 variable)",
                            name);
        }
    }
    return 0;
}

static int check_clause(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_list *l = &c->lists[0];
    for (int i = 0; i < l->n; i++) {
        const xcsp_term *t = &l->t[i];
        if (t->kind == XT_VAR) {
            if (val[t->pos] == 1) return 1;
        } else { /* not(x): the one parameter its program reads */
            const xcsp_expr *x = &c->exprs[t->v];
            if (val[x->bind[in->progs[x->prog].code[0].a].pos] == 0) return 1;
        }
    }
    return 0;
}

static int post_clause(xcsp_model *m, const xcsp_con *c) {
    const xcsp_list *l = &c->lists[0];
    int *pos = NEWN((size_t)l->n, int), *neg = NEWN((size_t)l->n, int), np = 0, nn = 0;
    for (int i = 0; i < l->n; i++) {
        int negated, v = literal(m->in, c, &l->t[i], &negated);
        if (negated)
            neg[nn++] = v;
        else
            pos[np++] = v;
    }
    /* validate refused the empty clause; x with not(x) always holds */
    if (csp_post_clause(m->p, pos, np, neg, nn) == CSP_CLAUSE_EMPTY) xcsp_post_false(m);
    FREEN(pos, (size_t)l->n);
    FREEN(neg, (size_t)l->n);
    return 0;
}

const xcsp_family xcsp_c_clause = {
    .name = "clause",
    .summary = "literals x or not(x) of 0/1 variables (text or <list>)",
    .parse = parse_clause,
    .validate = validate_clause,
    .check = check_clause,
    .post = post_clause,
};
