/* csp.c - the model, the trail and the revise step shared by every
 * strategy (see csp.h for the invariants). */
#include "csp.h"

#include <assert.h>
#include <string.h>

#include "../core/xmalloc.h"

/* ==== built-in binary relations ========================================= */

static int rel_holds(int rel, int a, int b) { return rel == CSP_REL_NE ? a != b : a < b; }

static int binary_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    return rel_holds(c->rel, vals[0], vals[1]);
}

static const csp_con_ops binary_ops = {.name = "binary", .check = binary_check};

/* ==== building ============================================================ */

csp *csp_new(void) {
    csp *p = NEWN(1, csp);
    return p;
}

static size_t vars_cap(const csp *p) {
    /* variables grow one by one; capacity is the next power of two */
    size_t cap = 8;
    while (cap < (size_t)p->nvars) cap *= 2;
    return p->nvars ? cap : 0;
}

int csp_add_var(csp *p, int lo, int hi, const char *name) {
    assert(!p->finalized && lo <= hi && (long)hi - lo < CSP_MAX_VALUES);
    size_t old = vars_cap(p);
    p->nvars++;
    size_t cap = vars_cap(p);
    if (cap != old) {
        p->dom = xrealloc(p->dom, old * sizeof *p->dom, cap * sizeof *p->dom);
        p->offset = xrealloc(p->offset, old * sizeof *p->offset, cap * sizeof *p->offset);
        p->names = xrealloc(p->names, old * sizeof *p->names, cap * sizeof *p->names);
        p->given = xrealloc(p->given, old, cap);
    }
    int v = p->nvars - 1;
    p->dom[v] = csp_range(0, hi - lo);
    p->offset[v] = lo;
    p->names[v] = name ? xstrdup(name) : NULL;
    p->given[v] = 0;
    return v;
}

void csp_fix(csp *p, int v, int value) {
    int b = value - p->offset[v];
    assert(b >= 0 && b < CSP_MAX_VALUES);
    p->dom[v] &= csp_bit(b);
    p->given[v] = 1;
}

static int add_con(csp *p, const csp_con_ops *ops, const int *scope, int arity, const void *data,
                   size_t data_size, int rel) {
    assert(!p->finalized && arity >= 1);
    if (p->ncons == p->cons_cap) {
        int cap = p->cons_cap ? p->cons_cap * 2 : 16;
        p->cons = xrealloc(p->cons, (size_t)p->cons_cap * sizeof *p->cons,
                           (size_t)cap * sizeof *p->cons);
        p->cons_cap = cap;
    }
    csp_con *c = NEWN(1, csp_con);
    c->ops = ops;
    c->id = p->ncons;
    c->arity = arity;
    c->scope = NEWN((size_t)arity, int);
    for (int i = 0; i < arity; i++) {
        assert(scope[i] >= 0 && scope[i] < p->nvars);
        c->scope[i] = scope[i];
    }
    if (data_size) {
        c->data = xmalloc(data_size);
        memcpy(c->data, data, data_size);
        c->data_size = data_size;
    }
    c->rel = rel;
    c->weight = 1;
    p->cons[p->ncons++] = c;
    return c->id;
}

int csp_add_rel(csp *p, int x, enum csp_rel rel, int y) {
    int scope[2] = {x, y};
    return add_con(p, &binary_ops, scope, 2, NULL, 0, (int)rel);
}

int csp_add_con(csp *p, const csp_con_ops *ops, const int *scope, int arity, const void *data,
                size_t data_size) {
    return add_con(p, ops, scope, arity, data, data_size, -1);
}

void csp_finalize(csp *p) {
    if (p->finalized) return;
    int n = p->nvars;
    p->vc_start = NEWN((size_t)n + 1, int);
    p->arc_base = NEWN((size_t)p->ncons + 1, int);
    for (int c = 0; c < p->ncons; c++) {
        p->arc_base[c] = p->narcs;
        p->narcs += p->cons[c]->arity;
        for (int i = 0; i < p->cons[c]->arity; i++) p->vc_start[p->cons[c]->scope[i] + 1]++;
    }
    p->arc_base[p->ncons] = p->narcs;
    for (int v = 0; v < n; v++) p->vc_start[v + 1] += p->vc_start[v];
    p->vc_list = NEWN((size_t)p->narcs + 1, int);
    p->vc_nbr = NEWN((size_t)p->narcs + 1, csp_nbr);
    int *fill = NEWN((size_t)n + 1, int);
    for (int c = 0; c < p->ncons; c++) {
        const csp_con *k = p->cons[c];
        int binary = k->rel >= 0 && k->scope[0] != k->scope[1];
        unsigned char sched = (unsigned char)csp_con_sched(k);
        if (sched || (k->rel < 0 && k->ops->on_assign)) p->has_globals = 1;
        for (int i = 0; i < k->arity; i++) {
            int v = k->scope[i], e = p->vc_start[v] + fill[v]++;
            p->vc_list[e] = c;
            p->vc_nbr[e] =
                binary ? (csp_nbr){k->scope[1 - i], (signed char)k->rel, (signed char)(1 - i), 0}
                       : (csp_nbr){-1, -1, -1, sched};
        }
    }
    FREEN(fill, (size_t)n + 1);
    p->qcap = n;
    if (p->ncons > p->qcap) p->qcap = p->ncons;
    if (p->narcs > p->qcap) p->qcap = p->narcs;
    p->qbuf = NEWN((size_t)p->qcap + 1, int);
    p->inq = NEWN((size_t)p->qcap + 1, unsigned char);
    p->sbuf = NEWN((size_t)p->ncons + 1, int);
    p->sinq = NEWN((size_t)p->ncons + 1, unsigned char);
    p->qsrc = NEWN((size_t)n + 1, int);
    p->assigned = NEWN((size_t)n + 1, unsigned char);
    p->touched = NEWN((size_t)n + 1, int);
    p->is_touched = NEWN((size_t)n + 1, unsigned char);
    p->finalized = 1;
}

void csp_free(csp *p) {
    if (!p) return;
    size_t cap = vars_cap(p);
    for (int v = 0; v < p->nvars; v++) xstrfree(p->names[v]);
    xfree(p->dom, cap * sizeof *p->dom);
    xfree(p->offset, cap * sizeof *p->offset);
    xfree(p->names, cap * sizeof *p->names);
    xfree(p->given, cap);
    for (int c = 0; c < p->ncons; c++) {
        csp_con *k = p->cons[c];
        if (k->ops->destroy) k->ops->destroy(k->data, k->data_size);
        xfree(k->data, k->data_size);
        FREEN(k->scope, (size_t)k->arity);
        if (k->residue) FREEN(k->residue, (size_t)k->arity * CSP_MAX_VALUES);
        FREEN(k, 1);
    }
    xfree(p->cons, (size_t)p->cons_cap * sizeof *p->cons);
    if (p->finalized) {
        int n = p->nvars;
        FREEN(p->vc_start, (size_t)n + 1);
        FREEN(p->arc_base, (size_t)p->ncons + 1);
        FREEN(p->vc_list, (size_t)p->narcs + 1);
        FREEN(p->vc_nbr, (size_t)p->narcs + 1);
        FREEN(p->qbuf, (size_t)p->qcap + 1);
        FREEN(p->inq, (size_t)p->qcap + 1);
        FREEN(p->sbuf, (size_t)p->ncons + 1);
        FREEN(p->sinq, (size_t)p->ncons + 1);
        FREEN(p->qsrc, (size_t)n + 1);
        FREEN(p->assigned, (size_t)n + 1);
        FREEN(p->touched, (size_t)n + 1);
        FREEN(p->is_touched, (size_t)n + 1);
    }
    xfree(p->trail, p->trail_cap * sizeof *p->trail);
    xfree(p->saved, p->saved_cap * sizeof *p->saved);
    FREEN(p, 1);
}

/* ==== domains and the trail ============================================== */

/* Records v as changed for the propagation queues (once). */
static void touch(csp *p, int v) {
    if (p->is_touched && !p->is_touched[v]) {
        p->is_touched[v] = 1;
        p->touched[p->ntouched++] = v;
    }
}

/* Sets v's domain to now (a subset), trailing and touching it. */
static void change(csp *p, int v, csp_dom now) {
    GROW(&p->trail, &p->trail_cap, p->trail_len + 1);
    p->trail[p->trail_len++] = (csp_trail_entry){v, p->dom[v]};
    p->dom[v] = now;
    touch(p, v);
}

int csp_prune(csp *p, int v, csp_dom mask) {
    csp_dom old = p->dom[v], now = old & ~mask;
    if (now == old) return CSP_NOCHANGE;
    change(p, v, now);
    if (p->st) ADD(p->st, prunings, csp_dom_size(old & mask));
    return now ? CSP_CHANGED : CSP_WIPEOUT;
}

void csp_assign(csp *p, int v, int bit) {
    if (p->dom[v] != csp_bit(bit)) change(p, v, csp_bit(bit));
    else touch(p, v); /* already {bit}: still propagate from v */
}

void csp_undo(csp *p, size_t mark) {
    while (p->trail_len > mark) {
        csp_trail_entry e = p->trail[--p->trail_len];
        if (e.var >= 0)
            p->dom[e.var] = e.old;
        else
            *p->saved[--p->saved_len] = e.old;
    }
}

void csp_save_word(csp *p, uint64_t *addr) {
    GROW(&p->trail, &p->trail_cap, p->trail_len + 1);
    GROW(&p->saved, &p->saved_cap, p->saved_len + 1);
    p->trail[p->trail_len++] = (csp_trail_entry){-1, *addr};
    p->saved[p->saved_len++] = addr;
}

void csp_clear_touched(csp *p) {
    for (int i = 0; i < p->ntouched; i++) p->is_touched[p->touched[i]] = 0;
    p->ntouched = 0;
}

int csp_pos(const csp_con *c, int v) {
    for (int i = 0; i < c->arity; i++)
        if (c->scope[i] == v) return i;
    return -1;
}

/* ==== checks and revise ================================================== */

int csp_check(csp *p, const csp_con *c) {
    int small[8] = {0};
    int *vals = c->arity <= 8 ? small : NEWN((size_t)c->arity, int);
    for (int i = 0; i < c->arity; i++) {
        int v = c->scope[i];
        vals[i] = csp_value(p, v, csp_dom_min(p->dom[v]));
    }
    if (p->st) INC(p->st, checks);
    int ok = c->ops->check(p, c, vals);
    if (vals != small) FREEN(vals, (size_t)c->arity);
    return ok;
}

/* The bits revise of x (at pos of rel) against y: one check per value
 * of x, each an O(1) mask test. */
static int bits_revise(csp *p, int rel, int pos, int x, int y) {
    csp_dom dx = p->dom[x];
    if (p->st) ADD(p->st, checks, csp_dom_size(dx));
    csp_dom drop = dx & ~csp_supported_bits(p, rel, pos, x, y);
    return drop ? csp_prune(p, x, drop) : CSP_NOCHANGE;
}

static int binary_revise(csp *p, csp_con *c, int pos) {
    int x = c->scope[pos], y = c->scope[1 - pos];
    if (p->support == CSP_SUPPORT_BITS) return bits_revise(p, c->rel, pos, x, y);
    csp_dom dx = p->dom[x], dy = p->dom[y], drop = 0;
    if (p->support == CSP_SUPPORT_RM && !c->residue) {
        c->residue = NEWN((size_t)c->arity * CSP_MAX_VALUES, int);
        for (int i = 0; i < c->arity * CSP_MAX_VALUES; i++) c->residue[i] = -1;
    }
    int *res = c->residue ? c->residue + pos * CSP_MAX_VALUES : NULL;
    for (csp_dom left = dx; left; left &= left - 1) {
        int a = csp_dom_min(left);
        if (res && res[a] >= 0 && (dy >> res[a] & 1)) continue;
        int va = csp_value(p, x, a), found = -1;
        for (csp_dom ly = dy; ly; ly &= ly - 1) {
            int b = csp_dom_min(ly), vb = csp_value(p, y, b);
            if (p->st) INC(p->st, checks);
            if (pos == 0 ? rel_holds(c->rel, va, vb) : rel_holds(c->rel, vb, va)) {
                found = b;
                break;
            }
        }
        if (found < 0) drop |= csp_bit(a);
        else if (res) res[a] = found;
    }
    return drop ? csp_prune(p, x, drop) : CSP_NOCHANGE;
}

/* Generic revise: enumerate the tuples of the other domains with check.
 * Exponential in the arity; constraints with large scopes bring their own
 * revise or propagate. */
static int generic_revise(csp *p, csp_con *c, int pos) {
    int n = c->arity, x = c->scope[pos];
    int *vals = NEWN((size_t)n, int);
    csp_dom *left = NEWN((size_t)n, csp_dom);
    csp_dom drop = 0;
    for (csp_dom dx = p->dom[x]; dx; dx &= dx - 1) {
        int a = csp_dom_min(dx), supported = 0;
        vals[pos] = csp_value(p, x, a);
        /* odometer over the other positions */
        for (int i = 0; i < n; i++)
            if (i != pos) {
                left[i] = p->dom[c->scope[i]];
                vals[i] = csp_value(p, c->scope[i], csp_dom_min(left[i]));
            }
        for (;;) {
            if (p->st) INC(p->st, checks);
            if (c->ops->check(p, c, vals)) {
                supported = 1;
                break;
            }
            int i = 0;
            for (; i < n; i++) {
                if (i == pos) continue;
                left[i] &= left[i] - 1;
                if (left[i]) {
                    vals[i] = csp_value(p, c->scope[i], csp_dom_min(left[i]));
                    break;
                }
                left[i] = p->dom[c->scope[i]];
                vals[i] = csp_value(p, c->scope[i], csp_dom_min(left[i]));
            }
            if (i == n) break;
        }
        if (!supported) drop |= csp_bit(a);
    }
    FREEN(vals, (size_t)n);
    FREEN(left, (size_t)n);
    return drop ? csp_prune(p, x, drop) : CSP_NOCHANGE;
}

/* Counts one revision of constraint con with result r (and bumps its
 * weight on a wipe-out); returns r. */
static int counted(csp *p, int con, int r) {
    if (p->st) {
        INC(p->st, revisions);
        if (r == CSP_NOCHANGE) INC(p->st, useless_revisions);
    }
    if (r == CSP_WIPEOUT) p->cons[con]->weight++;
    return r;
}

int csp_revise(csp *p, csp_con *c, int pos) {
    int r;
    if (c->rel >= 0) r = binary_revise(p, c, pos);
    else if (c->ops->revise) r = c->ops->revise(p, c, pos);
    else if (c->ops->propagate) r = c->ops->propagate(p, c);
    else r = generic_revise(p, c, pos);
    return counted(p, c->id, r);
}

int csp_on_assign(csp *p, csp_con *c, int pos) {
    return counted(p, c->id, c->ops->on_assign(p, c, pos));
}

unsigned csp_con_sched(const csp_con *c) {
    if (!csp_con_whole(c)) return 0;
    return CSP_SCHED_WHOLE | (c->ops->cost == CSP_COST_EXPENSIVE ? CSP_SCHED_SLOW : 0) |
           (c->ops->wake == CSP_WAKE_FIX ? CSP_SCHED_FIX : 0) |
           (c->ops->idempotent ? CSP_SCHED_IDEM : 0);
}

int csp_propagate_con(csp *p, csp_con *c) {
    if (c->rel < 0 && c->ops->propagate) return counted(p, c->id, c->ops->propagate(p, c));
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < c->arity; pos++) {
        int r = csp_revise(p, c, pos);
        if (r == CSP_WIPEOUT) return r;
        if (r == CSP_CHANGED) any = r;
    }
    return any;
}
