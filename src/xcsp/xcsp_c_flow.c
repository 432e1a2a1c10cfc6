/* xcsp_c_flow.c - <flow>: <list> (variables: the flow on each arc),
 * <balance> (integers, one per node), <arcs> (rows (u,v) of integers:
 * arc i goes from node u to node v), and optionally <weights> (integers,
 * one per arc) with a <condition> on the cost sum_i w_i * x_i.  The nodes
 * are the integers the arcs name, which must be |balance| consecutive
 * ones: balance[k] belongs to node min + k (min the least node), and at
 * every node the flow out minus the flow in equals its balance (as ACE
 * reads it).  lists: [0] flows, [1] balance, [2 .. 2 + A) the arcs,
 * [2 + A] the weights when opt[1]; opt[0] = A, opt[2] = min.
 * Posted as a decomposition: one linear equality per node and the cost's
 * sum against the condition, through the engine's sum propagators
 * (xcsp_post_linear: bounds or the domain-consistent dynamic programme);
 * each is exact on a complete assignment, so the decomposition is sound
 * and its leaves exact.  The generic checker when a sum is refused. */
#include "../core/xmalloc.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

#define ARC_(c, i, e) ((c)->lists[2 + (i)].t[e].k) /* e = 0: from, 1: to */

static int parse_flow(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "balance", XR_CONSTS, 1, xr_add_list(c)))
        return -1;
    xr_kid *k = xr_kid_get(e, "arcs");
    if (!k) return xr_fail(rd, e->line, "<%s>: expected <%s>", e->name, "arcs");
    int rows = xr_rows(rd, c, k->text, k->len, k->text_line, "arcs", XR_CONSTS);
    if (rows < 0) return -1;
    c->opt[0] = rows;
    xr_kid *w = xr_kid_get(e, "weights"), *cd = xr_kid_get(e, "condition");
    if (!w != !cd)
        return xr_fail(rd, e->line, "<flow>: %s%s", "<weights> and <condition> go together", "");
    if (!w) return 0;
    c->opt[1] = 1;
    xcsp_list *wl = xr_add_list(c);
    if (xr_terms(rd, c, w->text, w->len, w->text_line, "weights", XR_CONSTS, wl)) return -1;
    return xr_cond(rd, c, cd->text, cd->len, cd->text_line, "condition");
}

static int validate_flow(reader *rd, xcsp_con *c) {
    int a = (int)c->opt[0], nb = c->lists[1].n;
    if (c->lists[0].n != a)
        return xr_failf(rd, c->line, "<flow>: %d flows in <list> for %d arcs", c->lists[0].n, a);
    if (c->opt[1] && c->lists[2 + a].n != a)
        return xr_failf(rd, c->line, "<flow>: %d <weights> for %d arcs", c->lists[2 + a].n, a);
    if (nb == 0) return xr_fail(rd, c->line, "<flow>: %s%s", "no node (an empty <balance>)", "");
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < a; i++) {
        if (c->lists[2 + i].n != 2)
            return xr_failf(rd, c->line, "<flow>: arc %d has %d nodes (expected (from,to))", i,
                            c->lists[2 + i].n);
        for (int e = 0; e < 2; e++) {
            int64_t u = ARC_(c, i, e);
            lo = u < lo ? u : lo, hi = u > hi ? u : hi;
        }
    }
    /* every node of lo..hi named by some arc, and as many as balances */
    int ok = a > 0 && (uint64_t)hi - (uint64_t)lo == (uint64_t)nb - 1; /* no overflow */
    if (ok) {
        unsigned char *seen = NEWN((size_t)nb, unsigned char);
        for (int i = 0; i < a; i++) seen[ARC_(c, i, 0) - lo] = seen[ARC_(c, i, 1) - lo] = 1;
        for (int k = 0; k < nb; k++) ok &= seen[k];
        FREEN(seen, (size_t)nb);
    }
    if (!ok)
        return xr_failf(rd, c->line,
                        "<flow>: the arcs must name %d consecutive nodes (one per balance)", nb);
    c->opt[2] = lo;
    if (!c->opt[1]) return 0;
    /* the cost within 62 bits on the declared domains (an exact check) */
    size_t n = c->arity ? (size_t)c->arity : 1;
    int64_t *vlo = NEWN(n, int64_t), *vhi = NEWN(n, int64_t), total = 0;
    xcsp_scope_bounds(rd->in, c, vlo, vhi);
    int bad = 0;
    for (int i = 0; i < a && !bad; i++) {
        int p = c->lists[0].t[i].pos;
        int64_t x = vlo[p] < 0 ? -vlo[p] : vlo[p], y = vhi[p] < 0 ? -vhi[p] : vhi[p], m;
        int64_t w = c->lists[2 + a].t[i].k;
        bad = __builtin_mul_overflow(x > y ? x : y, w < 0 ? -w : w, &m) ||
              __builtin_add_overflow(total, m, &total) || total > XCSP_MAX_CONST;
    }
    FREEN(vlo, n);
    FREEN(vhi, n);
    if (bad)
        return xr_fail(rd, c->line, "<flow>: %s%s", "the cost may leave the 63-bit integers", "");
    return 0;
}

static int check_flow(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0, a = (int)c->opt[0], nb = c->lists[1].n, ok = 1;
    int64_t small[64], *net = nb <= 64 ? small : NEWN((size_t)nb, int64_t);
    for (int k = 0; k < nb; k++) net[k] = 0;
    for (int i = 0; i < a; i++) { /* out minus in */
        int64_t f = XCSP_VAL(0, i);
        net[ARC_(c, i, 0) - c->opt[2]] += f;
        net[ARC_(c, i, 1) - c->opt[2]] -= f;
    }
    for (int k = 0; k < nb && ok; k++) ok = net[k] == c->lists[1].t[k].k;
    if (net != small) FREEN(net, (size_t)nb);
    if (ok && c->opt[1]) {
        int64_t cost = 0;
        for (int i = 0; i < a; i++) cost += c->lists[2 + a].t[i].k * XCSP_VAL(0, i);
        ok = xcsp_cond_holds(c, cost, val);
    }
    return ok && !undef;
}

static int post_flow(xcsp_model *m, const xcsp_con *c) {
    int a = (int)c->opt[0], nb = c->lists[1].n, ok = 1;
    int *vars = NEWN((size_t)a + 1, int);
    int64_t *w = NEWN((size_t)a + 1, int64_t);
    xcsp_con eq = *c; /* the same constraint with the condition (eq, balance) */
    eq.cond.op = XCO_eq;
    for (int k = 0; k < nb && ok; k++) {
        int64_t node = c->opt[2] + k;
        int t = 0;
        for (int i = 0; i < a; i++) {
            int64_t d = (ARC_(c, i, 0) == node) - (ARC_(c, i, 1) == node);
            if (d) vars[t] = c->lists[0].t[i].v, w[t++] = d;
        }
        ok = xcsp_post_linear(m, &eq, vars, w, t, c->lists[1].t[k].k) == 0;
    }
    if (ok && c->opt[1]) {
        const xcsp_term *r = &c->cond.rhs;
        for (int i = 0; i < a; i++) vars[i] = c->lists[0].t[i].v, w[i] = c->lists[2 + a].t[i].k;
        if (r->kind == XT_VAR) vars[a] = r->v, w[a] = -1;
        ok = xcsp_post_linear(m, c, vars, w, a + (r->kind == XT_VAR),
                              r->kind == XT_CONST ? r->k : 0) == 0;
    }
    FREEN(vars, (size_t)a + 1);
    FREEN(w, (size_t)a + 1);
    return ok ? 0 : xcsp_post_checker(m, c);
}

const xcsp_family xcsp_c_flow = {
    .name = "flow",
    .summary = "<list> (variables) <balance> (integers) <arcs> (rows (u,v)) "
               "[<weights> (integers) <condition>]",
    .parse = parse_flow,
    .validate = validate_flow,
    .check = check_flow,
    .post = post_flow,
};
