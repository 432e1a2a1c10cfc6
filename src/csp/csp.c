/* csp.c - the model, the domain changes and the trail, and the revise
 * step shared by every strategy (see csp.h for the invariants). */
#include "csp.h"

#include "../core/clock.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"

/* ==== built-in binary relations ========================================= */

static int rel_holds(int rel, int64_t a, int64_t b) { return rel == CSP_REL_NE ? a != b : a < b; }

static int binary_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    return rel_holds(c->rel, vals[0], vals[1]);
}

static const csp_con_ops binary_ops = {.name = "binary", .check = binary_check};

/* ==== building ============================================================ */

csp *csp_new(void) {
    csp *p = NEWN(1, csp);
    p->domain = CSP_DOM_AUTO;
    return p;
}

static size_t vars_cap(int nvars) {
    /* variables grow one by one; capacity is the next power of two */
    size_t cap = 8;
    while (cap < (size_t)nvars) cap *= 2;
    return nvars ? cap : 0;
}

#define GROW_ARRAY_(field, old, cap)                                                               \
    p->field = xrealloc(p->field, (old) * sizeof *p->field, (cap) * sizeof *p->field)

/* Makes room for one more variable and returns its index. */
static int new_var(csp *p, const char *name) {
    assert(!p->finalized);
    size_t old = vars_cap(p->nvars), cap = vars_cap(p->nvars + 1);
    if (cap != old) {
        GROW_ARRAY_(word, old, cap);
        GROW_ARRAY_(kind, old, cap);
        GROW_ARRAY_(vd, old, cap);
        GROW_ARRAY_(offset, old, cap);
        GROW_ARRAY_(span, old, cap);
        GROW_ARRAY_(names, old, cap);
        GROW_ARRAY_(given, old, cap);
    }
    int v = p->nvars++;
    p->names[v] = name ? xstrdup(name) : NULL;
    p->given[v] = 0;
    memset(&p->vd[v], 0, sizeof p->vd[v]);
    return v;
}

/* Gives v the representation kind holding the intervals iv (niv >= 1),
 * replacing the one it has (kind and vd[v] must be valid or zero). */
static void set_domain(csp *p, int v, int kind, const int *iv, size_t niv) {
    if (!csp_is_bits(p, v) && p->vd[v].w) csp_vops(p, v)->destroy(&p->vd[v]);
    memset(&p->vd[v], 0, sizeof p->vd[v]);
    p->kind[v] = (unsigned char)kind;
    p->word[v] = 0;
    if (kind == CSP_DOM_BITS) {
        for (size_t i = 0; i < niv; i++)
            p->word[v] |=
                csp_range((int64_t)iv[2 * i] - p->offset[v], (int64_t)iv[2 * i + 1] - p->offset[v]);
        return;
    }
    p->vd[v].lo0 = iv[0];
    p->vd[v].hi0 = iv[2 * niv - 1];
    csp_domain_ops_of[kind]->init(&p->vd[v], iv, niv);
}

int csp_add_var_intervals(csp *p, const int *iv, size_t niv, const char *name) {
    assert(niv >= 1);
    int v = new_var(p, name);
    p->offset[v] = iv[0];
    p->span[v] = (int64_t)iv[2 * niv - 1] - iv[0] + 1;
    p->kind[v] = CSP_DOM_BITS; /* nothing to destroy yet */
    set_domain(p, v, csp_domain_choose(p->domain, p->span[v], niv), iv, niv);
    return v;
}

int csp_add_var(csp *p, int lo, int hi, const char *name) {
    assert(lo <= hi);
    int iv[2] = {lo, hi};
    return csp_add_var_intervals(p, iv, 1, name);
}

int csp_add_var_values(csp *p, const int *vals, size_t n, const char *name) {
    assert(n >= 1);
    int *iv = NEWN(2 * n, int);
    size_t niv = 0;
    for (size_t i = 0; i < n; i++) {
        assert(i == 0 || vals[i] > vals[i - 1]);
        if (niv && (int64_t)iv[2 * niv - 1] + 1 == vals[i])
            iv[2 * niv - 1] = vals[i];
        else
            iv[2 * niv] = iv[2 * niv + 1] = vals[i], niv++;
    }
    int v = csp_add_var_intervals(p, iv, niv, name);
    FREEN(iv, 2 * n);
    return v;
}

void csp_fix(csp *p, int v, int value) {
    p->given[v] = 1;
    int iv[2] = {value, value};
    if (!csp_has(p, v, value)) {
        /* an empty domain: a bits word 0 (csp_solve answers unsat) */
        set_domain(p, v, CSP_DOM_BITS, iv, 1);
        p->word[v] = 0;
    } else if (csp_is_bits(p, v)) {
        p->word[v] &= csp_bit(value - p->offset[v]);
    } else {
        set_domain(p, v, p->kind[v], iv, 1);
    }
}

/* The intervals of v's current domain (at least one; *niv set), in an
 * array of *cap ints the caller frees. */
static int *domain_intervals(const csp *p, int v, size_t *niv, size_t *cap) {
    int *iv = NULL;
    *niv = *cap = 0;
    for (int64_t a = csp_min(p, v); a != CSP_NOVAL;) {
        int64_t b = a;
        if (csp_is_bits(p, v)) {
            while (csp_has(p, v, b + 1)) b++;
        } else {
            b = csp_vops(p, v)->run_end(&p->vd[v], (int)a);
        }
        GROW(&iv, cap, 2 * *niv + 2);
        iv[2 * *niv] = (int)a, iv[2 * *niv + 1] = (int)b, ++*niv;
        a = csp_next(p, v, b);
    }
    return iv;
}

void csp_restrict_values(csp *p, int v, const int *vals, size_t n) {
    assert(p->trail.len == 0);
    int *iv = NEWN(2 * n + 2, int);
    size_t niv = 0;
    for (size_t i = 0; i < n; i++) {
        if (!csp_has(p, v, vals[i])) continue;
        if (niv && (int64_t)iv[2 * niv - 1] + 1 == vals[i])
            iv[2 * niv - 1] = vals[i];
        else
            iv[2 * niv] = iv[2 * niv + 1] = vals[i], niv++;
    }
    assert(niv >= 1);
    set_domain(p, v, csp_domain_choose(p->domain, p->span[v], niv), iv, niv);
    FREEN(iv, 2 * n + 2);
}

/* Makes v's representation kind (NULL: the one policy chooses), its
 * values unchanged. */
static void use_domain(csp *p, int v, int policy, const unsigned char *kinds) {
    if (csp_size(p, v) == 0) return; /* an empty given stays as it is */
    size_t niv, cap;
    int *iv = domain_intervals(p, v, &niv, &cap);
    int kind = kinds ? kinds[v] : csp_domain_choose(policy, p->span[v], niv);
    if (kind != p->kind[v]) set_domain(p, v, kind, iv, niv);
    FREEN(iv, cap);
}

void csp_use_domains(csp *p, int policy) { csp_use_kinds(p, policy, NULL); }

void csp_use_kinds(csp *p, int policy, const unsigned char *kinds) {
    assert(p->trail.len == 0);
    p->domain = policy;
    for (int v = 0; v < p->nvars; v++) use_domain(p, v, policy, kinds);
    if (p->finalized) {
        p->all_bits = 1;
        for (int v = 0; v < p->nvars; v++) p->all_bits &= csp_is_bits(p, v);
        p->general = p->has_globals || !p->all_bits;
    }
}

static int add_con(csp *p, const csp_con_ops *ops, const int *scope, int arity, const void *data,
                   size_t data_size, int rel) {
    assert(!p->finalized && arity >= 1);
    if (p->ncons == p->cons_cap) {
        int cap = p->cons_cap ? p->cons_cap * 2 : 16;
        p->cons =
            xrealloc(p->cons, (size_t)p->cons_cap * sizeof *p->cons, (size_t)cap * sizeof *p->cons);
        p->weights.w = xrealloc(p->weights.w, (size_t)p->cons_cap * sizeof *p->weights.w,
                                (size_t)cap * sizeof *p->weights.w);
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
    p->weights.w[c->id] = 1;
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

int csp_add_valued(csp *p, const csp_con_ops *ops, const int *vars, int n, int last,
                   const int64_t *vals, int nv) {
    size_t size = sizeof(csp_valued) + (size_t)nv * sizeof(int64_t);
    csp_valued *s = xmalloc(size);
    s->n = n, s->nv = nv;
    if (nv) memcpy(s->v, vals, (size_t)nv * sizeof *vals);
    int *scope = NEWN((size_t)n + 1, int);
    memcpy(scope, vars, (size_t)n * sizeof *vars);
    scope[n] = last;
    int id = csp_add_con(p, ops, scope, n + 1, s, size);
    FREEN(scope, (size_t)n + 1);
    xfree(s, size);
    return id;
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
        p->has_budgeted |= k->ops->budgeted;
        for (int i = 0; i < k->arity; i++) {
            int v = k->scope[i], e = p->vc_start[v] + fill[v]++;
            p->vc_list[e] = c;
            p->vc_nbr[e] =
                binary ? (csp_nbr){k->scope[1 - i], (signed char)k->rel, (signed char)(1 - i), 0}
                       : (csp_nbr){-1, -1, -1, sched};
        }
    }
    FREEN(fill, (size_t)n + 1);
    p->all_bits = 1;
    for (int v = 0; v < n; v++) p->all_bits &= csp_is_bits(p, v);
    p->general = p->has_globals || !p->all_bits;
    p->flags.assigned = NEWN((size_t)n + 1, unsigned char);
    p->ev.touched = NEWN((size_t)n + 1, int);
    p->ev.told = NEWN((size_t)n + 1, csp_dom);
    p->finalized = 1;
}

void csp_set_objective(csp *p, const int *vars, int n, int sense) {
    if (p->obj) FREEN(p->obj, (size_t)p->nobj);
    p->obj = n ? NEWN((size_t)n, int) : NULL;
    if (n) memcpy(p->obj, vars, (size_t)n * sizeof *vars);
    p->nobj = n;
    p->obj_sense = sense >= 0 ? 1 : -1;
}

void csp_set_tiers(csp *p, const unsigned char *tier, int ntiers) {
    if (p->tier) FREEN(p->tier, (size_t)p->nvars);
    p->tier = NULL, p->ntiers = 0;
    if (ntiers <= 1 || !p->nvars) return;
    p->tier = NEWN((size_t)p->nvars, unsigned char);
    memcpy(p->tier, tier, (size_t)p->nvars);
    p->ntiers = ntiers;
}

void csp_free(csp *p) {
    if (!p) return;
    if (p->obj) FREEN(p->obj, (size_t)p->nobj);
    if (p->tier) FREEN(p->tier, (size_t)p->nvars);
    size_t cap = vars_cap(p->nvars);
    for (int v = 0; v < p->nvars; v++) {
        xstrfree(p->names[v]);
        if (!csp_is_bits(p, v)) csp_vops(p, v)->destroy(&p->vd[v]);
    }
    xfree(p->word, cap * sizeof *p->word);
    xfree(p->kind, cap * sizeof *p->kind);
    xfree(p->vd, cap * sizeof *p->vd);
    xfree(p->offset, cap * sizeof *p->offset);
    xfree(p->span, cap * sizeof *p->span);
    xfree(p->names, cap * sizeof *p->names);
    xfree(p->given, cap);
    for (int c = 0; c < p->ncons; c++) {
        csp_con *k = p->cons[c];
        if (k->ops->destroy) k->ops->destroy(k->data, k->data_size);
        xfree(k->data, k->data_size);
        FREEN(k->scope, (size_t)k->arity);
        FREEN(k, 1);
    }
    xfree(p->cons, (size_t)p->cons_cap * sizeof *p->cons);
    xfree(p->weights.w, (size_t)p->cons_cap * sizeof *p->weights.w);
    if (p->weights.vw) FREEN(p->weights.vw, (size_t)p->weights.nvw);
    if (p->finalized) {
        int n = p->nvars;
        FREEN(p->vc_start, (size_t)n + 1);
        FREEN(p->arc_base, (size_t)p->ncons + 1);
        FREEN(p->vc_list, (size_t)p->narcs + 1);
        FREEN(p->vc_nbr, (size_t)p->narcs + 1);
        FREEN(p->flags.assigned, (size_t)n + 1);
        FREEN(p->ev.touched, (size_t)n + 1);
        FREEN(p->ev.told, (size_t)n + 1);
    }
    if (p->queue.scratch) p->queue.free(p->queue.scratch);
    xfree(p->trail.e, p->trail.cap * sizeof *p->trail.e);
    xfree(p->trail.saved, p->trail.saved_cap * sizeof *p->trail.saved);
    FREEN(p, 1);
}

/* ==== domain changes and the trail ======================================= */

/* Records v as changed for the propagation queues (once), with what it
 * was before (its word, or w[0]): csp_event compares with it. */
static inline void touch(csp *p, int v, csp_dom before) {
    if (p->ev.told && !p->ev.told[v]) {
        p->ev.told[v] = before;
        p->ev.touched[p->ev.ntouched++] = v;
    }
}

/* Sets bits variable v's domain to now (a subset), trailing and touching it. */
static void change(csp *p, int v, csp_dom now) {
    GROW(&p->trail.e, &p->trail.cap, p->trail.len + 1);
    csp_trail_entry *e = &p->trail.e[p->trail.len++];
    e->var = v; /* idx means nothing here */
    e->old = p->word[v];
    touch(p, v, p->word[v]);
    p->word[v] = now;
}

int csp_prune_bits(csp *p, int v, csp_dom mask) {
    csp_dom old = p->word[v], now = old & ~mask;
    if (now == old) return CSP_NOCHANGE;
    change(p, v, now);
    CSP_COUNT_ADD(p, prunings, csp_dom_size(old & mask));
    return now ? CSP_CHANGED : CSP_WIPEOUT;
}

void csp_vdom_save(csp *p, int v, size_t idx) {
    GROW(&p->trail.e, &p->trail.cap, p->trail.len + 1);
    p->trail.e[p->trail.len++] = (csp_trail_entry){CSP_TRAIL_VDOM - v, (int)idx, p->vd[v].w[idx]};
}

/* Before a change of vdom variable v that removes n values (0 < n <
 * size): touch it and count the prunings. */
static void vdom_changing(csp *p, int v, int64_t n) {
    touch(p, v, p->vd[v].w[0] ^ CSP_TOLD_VDOM);
    CSP_COUNT_ADD(p, prunings, (uint64_t)n);
}

csp_dom csp_word_slow(const csp *p, int v, int64_t base) {
    if (csp_is_bits(p, v)) {
        int64_t delta = base - p->offset[v]; /* bit b of the answer is bit b + delta of the word */
        if (delta <= -CSP_MAX_VALUES || delta >= CSP_MAX_VALUES) return 0;
        return delta >= 0 ? p->word[v] >> delta : p->word[v] << -delta;
    }
    const csp_vdom *d = &p->vd[v];
    if (base > csp_vdom_max(d) || base + CSP_MAX_VALUES - 1 < csp_vdom_min(d)) return 0;
    return csp_vops(p, v)->word(d, base);
}

int csp_prune_slow(csp *p, int v, int64_t base, csp_dom mask) {
    if (csp_is_bits(p, v)) {
        int64_t delta = base - p->offset[v]; /* bit b of mask is bit b + delta of the word */
        if (delta <= -CSP_MAX_VALUES || delta >= CSP_MAX_VALUES) return CSP_NOCHANGE;
        return csp_prune_bits(p, v, delta >= 0 ? mask << delta : mask >> -delta);
    }
    csp_dom gone = mask & csp_word_slow(p, v, base);
    if (!gone) return CSP_NOCHANGE;
    int n = csp_dom_size(gone);
    csp_vdom *d = &p->vd[v];
    if ((uint64_t)n >= d->w[1]) return CSP_WIPEOUT;
    vdom_changing(p, v, n);
    for (; gone; gone &= gone - 1) csp_vops(p, v)->remove(p, v, d, (int)(base + csp_dom_min(gone)));
    return CSP_CHANGED;
}

int csp_remove(csp *p, int v, int64_t a) {
    if (!csp_has(p, v, a)) return CSP_NOCHANGE;
    if (csp_is_bits(p, v)) return csp_prune_bits(p, v, csp_bit((int)(a - p->offset[v])));
    csp_vdom *d = &p->vd[v];
    if (d->w[1] == 1) return CSP_WIPEOUT;
    vdom_changing(p, v, 1);
    csp_vops(p, v)->remove(p, v, d, (int)a);
    return CSP_CHANGED;
}

int csp_remove_values(csp *p, int v, const int64_t *vals, size_t n) {
    if (!n) return CSP_NOCHANGE;
    if (csp_is_bits(p, v)) {
        csp_dom drop = 0;
        for (size_t i = 0; i < n; i++) drop |= csp_bit((int)(vals[i] - p->offset[v]));
        return csp_prune_bits(p, v, drop);
    }
    if ((uint64_t)n >= p->vd[v].w[1]) return CSP_WIPEOUT;
    vdom_changing(p, v, (int64_t)n);
    const csp_domain_ops *ops = csp_vops(p, v);
    int sorted = 1;
    for (size_t i = 1; i < n && sorted; i++) sorted = vals[i - 1] < vals[i];
    if (ops->remove_sorted && sorted && n > 1)
        ops->remove_sorted(p, v, &p->vd[v], vals, n);
    else
        for (size_t i = 0; i < n; i++) ops->remove(p, v, &p->vd[v], (int)vals[i]);
    return CSP_CHANGED;
}

int csp_keep_common(csp *p, int x, int y) {
    if (x == y) return CSP_NOCHANGE;
    int64_t small[16], *iv = small;
    size_t n = 0, cap = 8; /* runs in iv */
    for (int64_t a = csp_min(p, x); a != CSP_NOVAL;) {
        if (csp_has(p, y, a)) {
            a = csp_next(p, x, csp_run_end(p, y, a));
            continue;
        }
        int64_t b = csp_next(p, y, a); /* y's next value: a..b-1 go */
        if (n == cap) {
            int64_t *bigger = NEWN(4 * cap, int64_t);
            memcpy(bigger, iv, 2 * cap * sizeof *iv);
            if (iv != small) FREEN(iv, 2 * cap);
            iv = bigger, cap *= 2;
        }
        iv[2 * n] = a, iv[2 * n + 1] = b == CSP_NOVAL ? csp_max(p, x) : b - 1, n++;
        a = b == CSP_NOVAL ? CSP_NOVAL : csp_has(p, x, b) ? b : csp_next(p, x, b);
    }
    int r = csp_remove_runs(p, x, iv, n);
    if (iv != small) FREEN(iv, 2 * cap);
    return r;
}

int64_t csp_run_end(const csp *p, int v, int64_t a) {
    if (!csp_is_bits(p, v)) return csp_vops(p, v)->run_end(&p->vd[v], (int)a);
    csp_dom above = p->word[v] >> (a - p->offset[v]); /* bit 0: a */
    return ~above ? a + csp_dom_min(~above) - 1 : a + 63;
}

uint64_t csp_count_between(const csp *p, int v, int64_t lo, int64_t hi) {
    uint64_t n = 0;
    for (int64_t a = csp_has(p, v, lo) ? lo : csp_next(p, v, lo); a != CSP_NOVAL && a <= hi;) {
        int64_t b = csp_run_end(p, v, a);
        if (b > hi) b = hi;
        n += (uint64_t)(b - a + 1);
        a = csp_next(p, v, b);
    }
    return n;
}

int csp_remove_runs(csp *p, int v, const int64_t *iv, size_t n) {
    if (csp_is_bits(p, v)) {
        csp_dom drop = 0;
        for (size_t i = 0; i < n; i++)
            drop |= csp_range(iv[2 * i] - p->offset[v], iv[2 * i + 1] - p->offset[v]);
        return csp_prune_bits(p, v, drop);
    }
    /* keep only the runs that meet the domain, and count what goes */
    int64_t small[8], *keep = n <= 4 ? small : NEWN(2 * n, int64_t);
    size_t nk = 0;
    uint64_t gone = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t k = csp_count_between(p, v, iv[2 * i], iv[2 * i + 1]);
        if (!k) continue;
        gone += k;
        keep[2 * nk] = iv[2 * i], keep[2 * nk + 1] = iv[2 * i + 1], nk++;
    }
    int r = CSP_CHANGED;
    csp_vdom *d = &p->vd[v];
    if (!gone) {
        r = CSP_NOCHANGE;
    } else if (gone >= d->w[1]) {
        r = CSP_WIPEOUT;
    } else {
        vdom_changing(p, v, (int64_t)gone);
        const csp_domain_ops *ops = csp_vops(p, v);
        if (ops->remove_runs) {
            ops->remove_runs(p, v, d, keep, nk, gone);
        } else { /* bitset, sparse: at most CSP_DOM_MAX_DENSE values */
            int64_t *vals = NEWN((size_t)gone, int64_t);
            size_t m = 0;
            for (size_t i = 0; i < nk; i++)
                for (int64_t a = csp_has(p, v, keep[2 * i]) ? keep[2 * i]
                                                            : csp_next(p, v, keep[2 * i]);
                     a != CSP_NOVAL && a <= keep[2 * i + 1]; a = csp_next(p, v, a))
                    vals[m++] = a;
            if (ops->remove_sorted && m > 1)
                ops->remove_sorted(p, v, d, vals, m);
            else
                for (size_t i = 0; i < m; i++) ops->remove(p, v, d, (int)vals[i]);
            FREEN(vals, (size_t)gone);
        }
    }
    if (keep != small) FREEN(keep, 2 * n);
    return r;
}

int csp_remove_below(csp *p, int v, int64_t a) {
    if (a <= csp_min(p, v)) return CSP_NOCHANGE;
    if (csp_is_bits(p, v)) return csp_prune_bits(p, v, csp_range(0, a - p->offset[v] - 1));
    csp_vdom *d = &p->vd[v];
    if (a > csp_vdom_max(d)) return CSP_WIPEOUT;
    uint64_t before = d->w[1];
    touch(p, v, d->w[0] ^ CSP_TOLD_VDOM);
    csp_vops(p, v)->remove_below(p, v, d, (int)a);
    CSP_COUNT_ADD(p, prunings, before - d->w[1]);
    return CSP_CHANGED;
}

int csp_remove_above(csp *p, int v, int64_t a) {
    if (a >= csp_max(p, v)) return CSP_NOCHANGE;
    if (csp_is_bits(p, v))
        return csp_prune_bits(p, v, csp_range(a - p->offset[v] + 1, CSP_MAX_VALUES - 1));
    csp_vdom *d = &p->vd[v];
    if (a < csp_vdom_min(d)) return CSP_WIPEOUT;
    uint64_t before = d->w[1];
    touch(p, v, d->w[0] ^ CSP_TOLD_VDOM);
    csp_vops(p, v)->remove_above(p, v, d, (int)a);
    CSP_COUNT_ADD(p, prunings, before - d->w[1]);
    return CSP_CHANGED;
}

int csp_keep(csp *p, int v, int64_t a) {
    if (csp_is_bits(p, v)) {
        int64_t b = a - p->offset[v];
        return csp_prune_bits(p, v, b >= 0 && b < CSP_MAX_VALUES ? ~csp_bit((int)b) : ~(csp_dom)0);
    }
    if (!csp_has(p, v, a)) return CSP_WIPEOUT;
    csp_vdom *d = &p->vd[v];
    if (d->w[1] == 1) return CSP_NOCHANGE;
    vdom_changing(p, v, (int64_t)d->w[1] - 1);
    csp_vops(p, v)->keep(p, v, d, (int)a);
    return CSP_CHANGED;
}

void csp_assign(csp *p, int v, int bit) {
    if (p->word[v] != csp_bit(bit))
        change(p, v, csp_bit(bit));
    else
        touch(p, v, csp_bit(bit)); /* already {bit}: still propagate from v */
}

void csp_decide(csp *p, int v, int a) {
    if (csp_is_bits(p, v)) {
        csp_assign(p, v, a - p->offset[v]);
        return;
    }
    csp_vdom *d = &p->vd[v];
    touch(p, v, d->w[0] ^ CSP_TOLD_VDOM);
    if (d->w[1] > 1) csp_vops(p, v)->keep(p, v, d, a);
}

void csp_undo(csp *p, size_t mark) {
    csp_trail *t = &p->trail;
    while (t->len > mark) {
        const csp_trail_entry *e = &t->e[--t->len];
        if (e->var >= 0)
            p->word[e->var] = e->old;
        else if (e->var == CSP_TRAIL_SAVED)
            *t->saved[--t->saved_len] = e->old;
        else
            p->vd[CSP_TRAIL_VDOM - e->var].w[e->idx] = e->old;
    }
}

void csp_save_word(csp *p, uint64_t *addr) {
    csp_trail *t = &p->trail;
    GROW(&t->e, &t->cap, t->len + 1);
    GROW(&t->saved, &t->saved_cap, t->saved_len + 1);
    t->e[t->len++] = (csp_trail_entry){CSP_TRAIL_SAVED, 0, *addr};
    t->saved[t->saved_len++] = addr;
}

void csp_clear_touched(csp *p) {
    for (int i = 0; i < p->ev.ntouched; i++) p->ev.told[p->ev.touched[i]] = 0;
    p->ev.ntouched = 0;
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
    for (int i = 0; i < c->arity; i++) vals[i] = csp_min(p, c->scope[i]);
    CSP_COUNT(p, checks);
    int ok = c->ops->check(p, c, vals);
    if (vals != small) FREEN(vals, (size_t)c->arity);
    return ok;
}

int csp_revise_rel(csp *p, int rel, int pos, int x, int y) {
    CSP_COUNT_ADD(p, checks, (uint64_t)csp_size(p, x));
    if (rel == CSP_REL_NE) return csp_single(p, y) ? csp_remove(p, x, csp_min(p, y)) : CSP_NOCHANGE;
    /* LT: scope[0] < scope[1] */
    if (pos == 0) return csp_remove_above(p, x, (int64_t)csp_max(p, y) - 1);
    return csp_remove_below(p, x, (int64_t)csp_min(p, y) + 1);
}

/* The bits revise of x (at pos of rel) against y, both bits variables:
 * one check per value of x, each an O(1) mask test. */
static int bits_revise(csp *p, int rel, int pos, int x, int y) {
    csp_dom dx = p->word[x];
    CSP_COUNT_ADD(p, checks, csp_dom_size(dx));
    csp_dom drop = dx & ~csp_supported_bits(p, rel, pos, x, y);
    return drop ? csp_prune_bits(p, x, drop) : CSP_NOCHANGE;
}

/* AC3rm's residues are the built-in binary propagator's own state, so
 * they are its data (c->data, which a built-in has none of otherwise):
 * allocated at the first scan under support=rm, freed with the
 * constraint.  r[pos * span + (value - offset)]: -1 or the support last
 * found for that value of scope[pos].  Never restored on backtrack
 * (AC3rm's residues need not be: one is tested before it is used), so
 * they are no part of the trail. */
typedef struct csp_residues {
    int span; /* the larger span of the two variables */
    int r[];
} csp_residues;

/* The residues of c at pos (made at the first use); NULL when the spans
 * are too wide for a table (the scan then runs alone). */
static int *residues(const csp *p, csp_con *c, int pos) {
    csp_residues *rs = c->data;
    if (!rs) {
        int64_t span = p->span[c->scope[0]] > p->span[c->scope[1]] ? p->span[c->scope[0]]
                                                                   : p->span[c->scope[1]];
        if (span > CSP_DOM_MAX_DENSE) return NULL;
        size_t n = (size_t)c->arity * (size_t)span;
        c->data_size = sizeof *rs + n * sizeof *rs->r;
        c->data = rs = xmalloc(c->data_size);
        rs->span = (int)span;
        for (size_t i = 0; i < n; i++) rs->r[i] = -1;
    }
    return rs->r + (size_t)pos * (size_t)rs->span;
}

/* The scan revise (support=scan, rm): for each value of x, look for a
 * value of y that supports it, one check per pair tried; AC3rm tries
 * the last support found first. */
static int scan_revise(csp *p, csp_con *c, int pos) {
    int x = c->scope[pos], y = c->scope[1 - pos];
    int *res = p->run.support == CSP_SUPPORT_RM ? residues(p, c, pos) : NULL;
    int64_t *gone = NULL;
    size_t ngone = 0, cap = 0;
    CSP_FOR_VALUES(p, x, a) {
        int64_t ra = a - p->offset[x];
        if (res && res[ra] >= 0 && csp_has(p, y, (int64_t)res[ra] + p->offset[y])) continue;
        int64_t found = CSP_NOVAL;
        CSP_FOR_VALUES(p, y, b) {
            CSP_COUNT(p, checks);
            if (pos == 0 ? rel_holds(c->rel, a, b) : rel_holds(c->rel, b, a)) {
                found = b;
                break;
            }
        }
        if (found == CSP_NOVAL) {
            GROW(&gone, &cap, ngone + 1);
            gone[ngone++] = a;
        } else if (res) {
            res[ra] = (int)(found - p->offset[y]);
        }
    }
    int r = csp_remove_values(p, x, gone, ngone);
    if (gone) FREEN(gone, cap);
    return r;
}

static int binary_revise(csp *p, csp_con *c, int pos) {
    int x = c->scope[pos], y = c->scope[1 - pos];
    int support = p->run.support;
    if (support == CSP_SUPPORT_BITS ||
        (support == CSP_SUPPORT_BITS_MIXED && csp_is_bits(p, x) && csp_is_bits(p, y)))
        return bits_revise(p, c->rel, pos, x, y);
    if (support == CSP_SUPPORT_BITS_MIXED) return csp_revise_rel(p, c->rel, pos, x, y);
    return scan_revise(p, c, pos);
}

/* Generic revise: enumerate the tuples of the other domains with check.
 * Exponential in the arity; constraints with large scopes bring their own
 * revise or propagate. */
static int generic_revise(csp *p, csp_con *c, int pos) {
    int n = c->arity, x = c->scope[pos];
    int *vals = NEWN((size_t)n, int);
    int64_t *gone = NULL;
    size_t ngone = 0, cap = 0;
    CSP_FOR_VALUES(p, x, a) {
        int supported = 0;
        vals[pos] = (int)a;
        /* odometer over the other positions */
        for (int i = 0; i < n; i++)
            if (i != pos) vals[i] = csp_min(p, c->scope[i]);
        for (;;) {
            CSP_COUNT(p, checks);
            if (c->ops->check(p, c, vals)) {
                supported = 1;
                break;
            }
            int i = 0;
            for (; i < n; i++) {
                if (i == pos) continue;
                int64_t next = csp_next(p, c->scope[i], vals[i]);
                if (next != CSP_NOVAL) {
                    vals[i] = (int)next;
                    break;
                }
                vals[i] = csp_min(p, c->scope[i]);
            }
            if (i == n) break;
        }
        if (supported) continue;
        GROW(&gone, &cap, ngone + 1);
        gone[ngone++] = a;
    }
    FREEN(vals, (size_t)n);
    int r = csp_remove_values(p, x, gone, ngone);
    if (gone) FREEN(gone, cap);
    return r;
}

/* Counts one revision of constraint con with result r (and bumps its
 * weight on a wipe-out); returns r. */
static int counted(csp *p, int con, int r) {
    if (p->run.st) {
        INC(p->run.st, revisions);
        if (r == CSP_NOCHANGE) INC(p->run.st, useless_revisions);
    }
    if (r == CSP_WIPEOUT) csp_weight_bump(p, con);
    return r;
}

/* csp_expired as a call: inline, it costs csp_revise's hot binary path
 * (which never polls) registers and instructions (callgrind, fc on
 * case 4: +0.3%). */
static __attribute__((noinline)) int expired_call(csp *p) { return csp_expired(p); }

int csp_revise(csp *p, csp_con *c, int pos) {
    int r;
    if (c->rel >= 0)
        r = binary_revise(p, c, pos);
    else if (expired_call(p)) /* the built-in binaries above are never long */
        return CSP_WIPEOUT;
    else if (c->ops->revise)
        r = c->ops->revise(p, c, pos);
    else if (c->ops->propagate)
        r = c->ops->propagate(p, c);
    else
        r = generic_revise(p, c, pos);
    return counted(p, c->id, r);
}

int csp_on_assign_propagate(csp *p, csp_con *c, int pos) {
    (void)pos;
    return c->ops->propagate(p, c);
}

int csp_scope_add(int *scope, int *n, int v) {
    for (int i = 0; i < *n; i++)
        if (scope[i] == v) return i;
    scope[*n] = v;
    return (*n)++;
}

/* qsort order of (variable, index) pairs. */
static int cmp_vi(const void *a, const void *b) {
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] > y[1]) - (x[1] < y[1]);
}

int csp_scope_dedup(const int *vars, int n, int *scope, int *pos) {
    int ns = 0;
    if (n <= 32) {
        for (int i = 0; i < n; i++) pos[i] = csp_scope_add(scope, &ns, vars[i]);
        return ns;
    }
    int *pr = NEWN(2 * (size_t)n, int), *head = NEWN((size_t)n, int);
    for (int i = 0; i < n; i++) pr[2 * i] = vars[i], pr[2 * i + 1] = i;
    qsort(pr, (size_t)n, 2 * sizeof *pr, cmp_vi);
    /* head[i]: the first index holding vars[i] (the group's first pair) */
    for (int k = 0, h = 0; k < n; k++) {
        if (k == 0 || pr[2 * k] != pr[2 * k - 2]) h = pr[2 * k + 1];
        head[pr[2 * k + 1]] = h;
    }
    for (int i = 0; i < n; i++) {
        if (head[i] == i)
            pos[i] = ns, scope[ns++] = vars[i];
        else
            pos[i] = pos[head[i]]; /* head[i] < i: already placed */
    }
    FREEN(pr, 2 * (size_t)n);
    FREEN(head, (size_t)n);
    return ns;
}

int csp_domains_meet(const csp *p, int x, int y) {
    if (x == y) return 1;
    if (csp_is_bits(p, x) && csp_is_bits(p, y)) {         /* one AND of the words, aligned */
        int64_t d = (int64_t)p->offset[y] - p->offset[x]; /* y's bit i is x's bit i + d */
        if (d <= -64 || d >= 64) return 0;
        csp_dom wx = p->word[x], wy = p->word[y];
        return d >= 0 ? ((wy << d) & wx) != 0 : ((wx << -d) & wy) != 0;
    }
    if (csp_max(p, x) < csp_min(p, y) || csp_max(p, y) < csp_min(p, x)) return 0;
    /* leapfrog: a is x's smallest value not below y's last candidate;
     * each step passes a run of x or of y */
    for (int64_t a = csp_min(p, x); a != CSP_NOVAL;) {
        if (csp_has(p, y, a)) return 1;
        int64_t b = csp_next(p, y, a); /* y's smallest value above a */
        if (b == CSP_NOVAL) return 0;
        if (csp_has(p, x, b)) return 1;
        a = csp_next(p, x, b);
    }
    return 0;
}

int csp_on_assign(csp *p, csp_con *c, int pos) {
    return counted(p, c->id, c->ops->on_assign(p, c, pos));
}

unsigned csp_con_sched(const csp_con *c) {
    if (!csp_con_whole(c)) return 0;
    /* a global over many variables costs at least its arity per call: on
     * the second level it runs once per fixpoint of the cheap ones, not
     * once per changed variable (a cheap nValues over 10^5 variables,
     * called for each of them at the root, never ended it: issue 37) */
    int slow = c->ops->cost == CSP_COST_EXPENSIVE || c->arity > CSP_WIDE_ARITY;
    return CSP_SCHED_WHOLE | (slow ? CSP_SCHED_SLOW : 0) |
           (c->ops->wake == CSP_WAKE_FIX ? CSP_SCHED_FIX : 0) |
           (c->ops->wake == CSP_WAKE_BOUNDS ? CSP_SCHED_BND : 0) |
           (c->ops->idempotent ? CSP_SCHED_IDEM : 0);
}

int csp_propagate_con(csp *p, csp_con *c) {
    if (c->rel < 0 && c->ops->propagate)
        return csp_expired(p) ? CSP_WIPEOUT : counted(p, c->id, c->ops->propagate(p, c));
    int any = CSP_NOCHANGE;
    for (int pos = 0; pos < c->arity; pos++) {
        int r = csp_revise(p, c, pos);
        if (r == CSP_WIPEOUT) return r;
        if (r == CSP_CHANGED) any = r;
    }
    return any;
}

/* ---- wdeg^ca.cd's variable scores (weights.h) ------------------------------ */

void csp_weights_want_vars(csp *p) {
    if (p->weights.vw) return;
    p->weights.nvw = p->nvars;
    p->weights.vw = NEWN((size_t)(p->nvars ? p->nvars : 1), double);
    if (!p->nvars) p->weights.nvw = 1;
}

void csp_weight_bump_vars(csp *p, int c) {
    const csp_con *k = p->cons[c];
    int nf = 0;
    for (int i = 0; i < k->arity; i++) nf += !p->flags.assigned[k->scope[i]];
    for (int i = 0; i < k->arity; i++) {
        int x = k->scope[i];
        if (p->flags.assigned[x] || x >= p->weights.nvw) continue;
        int64_t d = csp_size(p, x);
        p->weights.vw[x] += 1.0 / ((double)nf * (d ? (double)d : 0.5));
    }
}
