/* xcsp_group.c - the walk over <constraints>: plain constraints (read by
 * their family of the registry), <block>s (any nesting, transparent),
 * <group> (one template, then <args>) and <slide> (one template slid
 * along a <list>).  A template is parsed once by the same family parse
 * as a plain constraint, with %k terms; each use substitutes the
 * arguments into a copy and makes it concrete (xr_finish). */
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "xcsp_reader.h"

/* The elements <constraints> takes besides the families, for messages. */
static const char *supported(char *buf, size_t size) {
    registry_join((const void *const *)xcsp_families, buf, size);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, ", group, slide, block");
    return buf;
}

/* Reads the constraint element just started into c (tmpl: a template,
 * %k allowed); c is not concrete yet.  -1 after xr_fail (c freed). */
static int read_constraint(reader *rd, int empty, int tmpl, xcsp_con *c) {
    const char *name = xr_name(rd);
    int fam = registry_index((const void *const *)xcsp_families, name);
    memset(c, 0, sizeof *c);
    c->aux = -1;
    if (fam < 0) {
        char buf[400];
        return xr_fail(rd, xr_line(rd), "<%s>: constraint not supported (supported: %s)", name,
                       supported(buf, sizeof buf));
    }
    c->fam = fam;
    const xcsp_family *f = xcsp_families[fam];
    xr_elem e;
    int saved = rd->tmpl, r = xr_read_elem(rd, empty, &e);
    rd->tmpl = tmpl;
    if (!r) r = f->parse(rd, &e, c);
    rd->tmpl = saved;
    if (!r) r = xr_elem_done(rd, &e, f->summary);
    c->line = e.line;
    xr_elem_free(&e);
    if (r) xcsp_con_free(c);
    return r;
}

/* Appends concrete constraint c (moved into the instance). */
static void keep(reader *rd, xcsp_con *c) {
    xcsp_con *dst = xcsp_add_con(rd->in, c->fam, c->line);
    *dst = *c;
}

/* ---- templates ------------------------------------------------------------- */

/* The highest %k of a template (-1 if none) and whether it has %.... */
static void params_of(const reader *rd, const xcsp_con *c, int *max, int *dots) {
    *max = -1, *dots = 0;
#define SEE_(t)                                                                                    \
    if ((t).kind == XT_PARAM) {                                                                    \
        if ((t).v < 0)                                                                             \
            *dots = 1;                                                                             \
        else if ((t).v > *max)                                                                     \
            *max = (t).v;                                                                          \
    }
    for (int l = 0; l < c->nlists; l++)
        for (int i = 0; i < c->lists[l].n; i++) SEE_(c->lists[l].t[i]);
    SEE_(c->cond.rhs);
    for (int x = 0; x < c->nexprs; x++)
        for (int k = 0; k < rd->in->progs[c->exprs[x].prog].nparams; k++) SEE_(c->exprs[x].bind[k]);
#undef SEE_
}

typedef struct args {
    xcsp_con holder; /* owns the expressions of the arguments */
    xcsp_list a;
    int need; /* the template's highest %k + 1 */
} args;

/* Copies expression x of the arguments into c; returns its new index. */
static int copy_expr(const reader *rd, xcsp_con *c, const xcsp_expr *x) {
    int np = rd->in->progs[x->prog].nparams;
    c->exprs = xrealloc(c->exprs, (size_t)c->nexprs * sizeof *c->exprs,
                        (size_t)(c->nexprs + 1) * sizeof *c->exprs);
    c->exprs[c->nexprs].prog = x->prog;
    c->exprs[c->nexprs].nbind = np;
    c->exprs[c->nexprs].bind = NEWN(np ? (size_t)np : 1, xcsp_term);
    memcpy(c->exprs[c->nexprs].bind, x->bind, (size_t)np * sizeof *x->bind);
    return c->nexprs++;
}

/* Argument k as a term of c (an expression argument is copied into c). */
static xcsp_term arg_term(const reader *rd, xcsp_con *c, const args *A, int k) {
    xcsp_term t = A->a.t[k];
    if (t.kind == XT_EXPR) t.v = copy_expr(rd, c, &A->holder.exprs[t.v]);
    return t;
}

/* c = template tp with the arguments substituted. */
static int instantiate(reader *rd, const xcsp_con *tp, const args *A, int line, xcsp_con *c) {
    memset(c, 0, sizeof *c);
    c->fam = tp->fam, c->aux = tp->aux, c->line = line;
    memcpy(c->opt, tp->opt, sizeof c->opt);
    c->cond = tp->cond;
    if (tp->nset) xr_set(c, tp->set, tp->nset); /* tp->set is sorted already */
    for (int x = 0; x < tp->nexprs; x++) {      /* the template's expressions: %k of VAR or CONST */
        int np = rd->in->progs[tp->exprs[x].prog].nparams;
        int nx = copy_expr(rd, c, &tp->exprs[x]);
        for (int k = 0; k < np; k++) {
            xcsp_term *b = &c->exprs[nx].bind[k];
            if (b->kind != XT_PARAM) continue;
            if (b->v >= 0 && (A->a.t[b->v].kind == XT_RANGE || A->a.t[b->v].kind == XT_SET))
                return xr_fail(rd, line, "<args>: %s as an operand of %s",
                               A->a.t[b->v].kind == XT_SET ? "a set {...}" : "an interval a..b",
                               "an expression of the template");
            if (b->v < 0 || A->a.t[b->v].kind == XT_EXPR)
                return xr_fail(rd, line,
                               "<args>: an expression or %s as an operand of an "
                               "expression of the template (%s)",
                               "%...", "not supported");
            *b = A->a.t[b->v];
        }
    }
    /* the template's own sets (the operands of <binPacking>'s
     * <conditions>) are lists of it, copied in place below; a set argument
     * goes where the list takes sets (XR_SETS), its values a new list
     * appended once every list is copied */
    int npend = 0, misplaced = 0;
    size_t pcap = 0;
    int *pend = NULL; /* 3 per set argument: list, position, its list in A->holder */
    for (int l = 0; l < tp->nlists; l++) {
        xcsp_list *dst = xr_add_list(c);
        const xcsp_list *src = &tp->lists[l];
        dst->what = src->what;
        size_t n = 0;
        for (int i = 0; i < src->n; i++)
            n += src->t[i].kind == XT_PARAM && src->t[i].v < 0 ? A->a.n - (size_t)A->need : 1;
        dst->t = NEWN(n ? n : 1, xcsp_term);
        if (!n) FREEN(dst->t, 1), dst->t = NULL;
        for (int i = 0; i < src->n; i++) {
            const xcsp_term *t = &src->t[i];
            int from = dst->n;
            if (t->kind != XT_PARAM)
                dst->t[dst->n++] = *t;
            else if (t->v >= 0)
                dst->t[dst->n++] = arg_term(rd, c, A, t->v);
            else
                for (int k = A->need; k < A->a.n; k++) dst->t[dst->n++] = arg_term(rd, c, A, k);
            for (int k = from; t->kind == XT_PARAM && k < dst->n; k++) {
                if (dst->t[k].kind != XT_SET) continue;
                if (!(dst->what & XR_SETS)) {
                    misplaced = 1;
                    continue;
                }
                GROW(&pend, &pcap, (size_t)(3 * npend + 3));
                pend[3 * npend] = l, pend[3 * npend + 1] = k, pend[3 * npend + 2] = dst->t[k].v;
                npend++;
            }
        }
        /* refused once the list is whole (its n is its allocated size,
         * which xcsp_con_free gives back) */
        if (misplaced) {
            if (pend) FREEN(pend, pcap);
            return xr_fail(rd, line, "<args>: a set {...} %s%s",
                           "is the operand of a condition with in or notin only", "");
        }
    }
    for (int p = 0; p < npend; p++) {
        const xcsp_list *sl = &A->holder.lists[pend[3 * p + 2]];
        int idx = c->nlists;
        xcsp_list *dst = xr_add_list(c);
        dst->what = XR_CONSTS;
        dst->n = sl->n;
        dst->t = sl->n ? NEWN((size_t)sl->n, xcsp_term) : NULL;
        if (sl->n) memcpy(dst->t, sl->t, (size_t)sl->n * sizeof *sl->t);
        c->lists[pend[3 * p]].t[pend[3 * p + 1]].v = idx;
    }
    if (pend) FREEN(pend, pcap);
    if (c->cond.rhs.kind == XT_PARAM) {
        if (c->cond.rhs.v < 0 || A->a.t[c->cond.rhs.v].kind == XT_EXPR)
            return xr_fail(rd, line, "<args>: %s%s",
                           "the operand of a condition is an integer or "
                           "a variable",
                           "");
        /* as xr_cond reads a condition's text: the operand of in and notin
         * is an interval (an integer k: k..k), of the other operators an
         * integer or a variable (TemplateDesign: (in,%0) with 238..275) */
        xcsp_term r = A->a.t[c->cond.rhs.v];
        int set_op = c->cond.op == XCO_in || c->cond.op == XCO_notin;
        if (r.kind == XT_SET) { /* (in,%k) with {a,b,...}: the set's values */
            if (!set_op)
                return xr_fail(rd, line, "<args>: a set {...} %s%s",
                               "is the operand of a condition with in or notin only", "");
            const xcsp_list *sl = &A->holder.lists[r.v];
            int64_t *v = NEWN(sl->n ? (size_t)sl->n : 1, int64_t);
            for (int i = 0; i < sl->n; i++) v[i] = sl->t[i].k;
            xr_set(c, v, sl->n);
            FREEN(v, sl->n ? (size_t)sl->n : 1);
            c->cond.rhs = (xcsp_term){XT_SET, 0, 0, 0, 0};
            return 0;
        }
        if (set_op && r.kind == XT_CONST) r.kind = XT_RANGE, r.k2 = r.k;
        if (set_op && r.kind != XT_RANGE)
            return xr_fail(rd, line, "<args>: the operand of in and notin is an %s%s",
                           "interval a..b or an integer", "");
        if (!set_op && r.kind == XT_RANGE)
            return xr_fail(rd, line, "<args>: an interval is the operand of %s%s",
                           "in and notin only", "");
        c->cond.rhs = r;
    }
    return 0;
}

/* Makes and keeps the constraint of template tp for arguments A. */
static int use_template(reader *rd, const xcsp_con *tp, int dots, const args *A, int line) {
    if (A->a.n < A->need || (!dots && A->a.n != A->need)) {
        char a[32], b[48];
        snprintf(a, sizeof a, "%d", A->a.n);
        snprintf(b, sizeof b, "%s%d", dots ? "at least " : "", A->need);
        return xr_fail(rd, line, "<args>: %s arguments, the template takes %s", a, b);
    }
    xcsp_con c;
    if (instantiate(rd, tp, A, line, &c) || xr_finish(rd, &c, line)) {
        xcsp_con_free(&c);
        return -1;
    }
    keep(rd, &c);
    return 0;
}

static int xr_group(reader *rd, int empty) {
    int line = xr_line(rd), have = 0, ret = 0, max = -1, dots = 0, kid_empty, t = N_END;
    xcsp_con tp;
    if (xr_no_attrs(rd, "group")) return -1;
    while (!empty && !ret && (t = xr_next_child(rd, "group", line, &kid_empty)) == N_START) {
        const char *n = xr_name(rd);
        if (!have) {
            if (!strcmp(n, "group") || !strcmp(n, "slide") || !strcmp(n, "block") ||
                !strcmp(n, "args")) {
                ret = xr_fail(rd, xr_line(rd),
                              "<%s> as the template of a <group>: not supported "
                              "(expected %s)",
                              n, "a constraint element with %0, %1, ...");
                break;
            }
            ret = read_constraint(rd, kid_empty, 1, &tp);
            if (!ret) have = 1, params_of(rd, &tp, &max, &dots);
            continue;
        }
        if (strcmp(n, "args")) {
            ret = xr_fail(rd, xr_line(rd), "<%s> inside <group>: expected %s", n, "<args>");
            break;
        }
        int aline = xr_line(rd);
        if (xr_no_attrs(rd, "args") || xr_child_text(rd, "args", kid_empty)) {
            ret = -1;
            break;
        }
        args A = {.need = max + 1};
        A.holder.aux = -1;
        ret = xr_terms(rd, &A.holder, rd->text ? rd->text : "", rd->tlen, rd->text_line, "args",
                       XR_VARS | XR_CONSTS | XR_EXPRS | XR_SYMBOLS | XR_RANGES | XR_SETS, &A.a);
        if (!ret) ret = use_template(rd, &tp, dots, &A, aline);
        if (A.a.t) FREEN(A.a.t, (size_t)A.a.n);
        xcsp_con_free(&A.holder);
    }
    if (!ret && t < 0) ret = -1;
    if (!ret && !have)
        ret = xr_fail(rd, line, "<group>: %s%s",
                      "no template (expected a constraint element, then <args>)", "");
    if (have) xcsp_con_free(&tp);
    return ret;
}

static int xr_slide(reader *rd, int empty) {
    static const char *const allowed[] = {"circular", NULL}, *const list_allowed[] = {"offset",
                                                                                      NULL};
    int line = xr_line(rd), circular = 0, ret = 0, have = 0, got_list = 0, kid_empty, t = N_END;
    int64_t offset = 1;
    char buf[64];
    xmlChar *v = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"circular");
    if (v) {
        snprintf(buf, sizeof buf, "%s", (const char *)v);
        xmlFree(v);
        if (strcmp(buf, "true") && strcmp(buf, "false"))
            return xr_fail(rd, line, "<slide>: circular=\"%s\" (expected %s)", buf,
                           "true or false");
        circular = buf[0] == 't';
    }
    if (xr_only_attrs(rd, "slide", allowed)) return -1;
    xcsp_con tp, holder = {.aux = -1};
    xcsp_list list = {0};
    while (!empty && !ret && (t = xr_next_child(rd, "slide", line, &kid_empty)) == N_START) {
        const char *n = xr_name(rd);
        if (!got_list) {
            int lline = xr_line(rd);
            if (strcmp(n, "list")) {
                ret = xr_fail(rd, lline, "<%s> inside <slide>: expected %s first", n, "<list>");
                break;
            }
            xmlChar *os = xmlTextReaderGetAttribute(rd->r, (const xmlChar *)"offset");
            if (os) {
                ret = xr_int(rd, (const char *)os, strlen((const char *)os), lline, 1 << 20,
                             "<list offset>", &offset);
                xmlFree(os);
                if (!ret && offset < 1)
                    ret = xr_fail(rd, lline, "<list>: offset=\"%s\" (expected %s)", "0",
                                  "an integer >= 1");
            }
            if (ret || xr_only_attrs(rd, "list", list_allowed) ||
                xr_child_text(rd, "list", kid_empty)) {
                ret = -1;
                break;
            }
            ret = xr_terms(rd, &holder, rd->text ? rd->text : "", rd->tlen, rd->text_line, "list",
                           XR_VARS, &list);
            got_list = 1;
            continue;
        }
        if (have) {
            ret = xr_fail(rd, xr_line(rd), "<%s> inside <slide>: %s", n,
                          "expected one template only");
            break;
        }
        ret = read_constraint(rd, kid_empty, 1, &tp);
        have = !ret;
    }
    if (!ret && t < 0) ret = -1;
    if (!ret && (!got_list || !have))
        ret =
            xr_fail(rd, line, "<slide>: expected a <list> then a constraint template%s%s", "", "");
    int max = -1, dots = 0;
    if (!ret) {
        params_of(rd, &tp, &max, &dots);
        if (dots || max < 0)
            ret = xr_fail(rd, line, "<slide>: the template takes %s (found %s)",
                          "parameters %0, %1, ...", dots ? "%..." : "none");
    }
    /* windows start at 0, offset, 2 offset, ... while i <= n - q; circular:
     * while i < n, the positions modulo n (XCSP3-Java-Tools' XSlide.buildScopes,
     * which ACE reads with, and the cyclic slide of Bessiere et al.; the
     * specification page's bound i <= n - q + 1 agrees only for q = 2) */
    int n = list.n, q = max + 1;
    for (int64_t i = 0; !ret && (circular ? i < n : i <= (int64_t)n - q); i += offset) {
        args A = {.need = q};
        A.holder.aux = -1;
        A.a.t = NEWN((size_t)q, xcsp_term);
        A.a.n = q;
        for (int j = 0; j < q; j++) A.a.t[j] = list.t[(i + j) % n];
        ret = use_template(rd, &tp, 0, &A, line);
        FREEN(A.a.t, (size_t)q);
    }
    if (list.t) FREEN(list.t, (size_t)list.n);
    xcsp_con_free(&holder);
    if (have) xcsp_con_free(&tp);
    return ret;
}

int xr_constraints(reader *rd) {
    int blocks = 0, line = xr_line(rd); /* open <block>s */
    for (;;) {
        int empty, t = xr_next_child(rd, "constraints", line, &empty);
        if (t == N_END) {
            if (!blocks) return 0; /* </constraints> */
            blocks--;              /* </block> */
            continue;
        }
        if (t != N_START) return -1;
        const char *n = xr_name(rd);
        int r;
        if (!strcmp(n, "block")) {
            if (xr_no_attrs(rd, "block")) return -1;
            blocks += !empty;
            continue;
        }
        if (!strcmp(n, "group"))
            r = xr_group(rd, empty);
        else if (!strcmp(n, "slide"))
            r = xr_slide(rd, empty);
        else {
            xcsp_con c;
            r = read_constraint(rd, empty, 0, &c);
            if (!r && xr_finish(rd, &c, c.line)) {
                xcsp_con_free(&c);
                r = -1;
            }
            if (!r) keep(rd, &c);
        }
        if (r) return -1;
    }
}
