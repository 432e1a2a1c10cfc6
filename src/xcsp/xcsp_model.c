/* xcsp_model.c - the CSP model of an XCSP3 instance: one engine variable
 * per XCSP3 variable that occurs somewhere (the first in->nlive of the
 * instance, same order, same domain; the free ones are left out:
 * xcsp_free.c), then each constraint
 * posted by its family (xcsp_family.h; a constraint without variables is
 * a constant: nothing, or a false constraint).  This file holds the posts
 * the families share:
 * - the intension constraint: an n-ary constraint over the distinct
 *   variables that evaluates the compiled predicate (check), bounds it
 *   for bt's partial check, and revises by a search for supports pruned
 *   by bounds (below); ne(x,y), lt(x,y) and gt(x,y) of two distinct
 *   variables are the engine's built-in != and < instead (and the
 *   other forms that xcsp_post_intension tries first: linear, table,
 *   rel(A, B) over shared auxiliary variables, xcsp_shared.c);
 * - the table constraint of <extension> (src/csp/table.h), with the rows
 *   shared by the constraints of a group;
 * - <allDifferent> at the spec's alldiff= level;
 * - a false constraint (an empty table on a dummy variable, after the
 *   instance's variables).
 *
 * The intension revise.  For each value a of the revised variable, a
 * depth-first search over the other variables looks for a tuple that
 * satisfies the predicate; before it descends, the predicate is bounded
 * (xcsp_bounds) with the variables not yet chosen as intervals, and a
 * branch whose bound is surely false is cut.  Every leaf is an exact
 * evaluation, so a value is removed only when it has no support: the
 * revise is exact GAC within a budget of XCSP_REVISE_BUDGET evaluations per
 * call; a call that runs out keeps the values it could not decide (sound,
 * weaker), which bounds the cost of huge scopes (and of hostile input).
 * With one variable left (fc, or a constraint whose other variables are
 * assigned) the search is a single evaluation per value: always exact. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/alldiff.h"
#include "../csp/table.h"
#include "xcsp.h"
#include "xcsp_family.h"
#include "xcsp_model.h"
#include "xcsp_names.h"

#define XCSP_REVISE_BUDGET (1L << 16)

/* ==== the intension constraint =============================================== */

enum { SCRATCH_SMALL = 64 };

/* Invariant: big holds nbig = scratch_size(prog) words when that is more
 * than SCRATCH_SMALL (made once with the constraint, freed by its
 * destroy), else NULL and the calls use their own stack. */
typedef struct icon {
    const xcsp_prog *prog;
    int *bind_pos; /* nparams entries (max 1), owned */
    int64_t *bind_val;
    int64_t *big;
    size_t nbig;
} icon;

static size_t scratch_size(const xcsp_prog *pg) {
    return 2 * (size_t)pg->nparams + 2 * (size_t)pg->depth;
}

static void icon_destroy(void *data, size_t size) {
    (void)size;
    icon *ic = data;
    size_t np = (size_t)(ic->prog->nparams ? ic->prog->nparams : 1);
    if (ic->big) FREEN(ic->big, ic->nbig);
    FREEN(ic->bind_pos, np);
    FREEN(ic->bind_val, np);
}

/* Scratch of one call: parameter bounds and the evaluation stack. */
typedef struct scratch {
    int64_t small[SCRATCH_SMALL];
    int64_t *lo, *hi, *st;
} scratch;

static void scratch_init(scratch *s, const icon *ic) {
    s->lo = ic->big ? ic->big : s->small;
    s->hi = s->lo + ic->prog->nparams;
    s->st = s->hi + ic->prog->nparams;
}

static int icon_check(const csp *p, const csp_con *c, const int *vals) {
    (void)p;
    const icon *ic = c->data;
    const xcsp_prog *pg = ic->prog;
    scratch s;
    scratch_init(&s, ic);
    for (int k = 0; k < pg->nparams; k++)
        s.lo[k] = ic->bind_pos[k] >= 0 ? vals[ic->bind_pos[k]] : ic->bind_val[k];
    int undef = 0;
    return xcsp_eval(pg, s.lo, s.st, &undef) != 0 && !undef;
}

/* Sets the bounds of the parameters bound to scope position pos. */
static void set_pos(const icon *ic, scratch *s, int pos, int64_t lo, int64_t hi) {
    for (int k = 0; k < ic->prog->nparams; k++)
        if (ic->bind_pos[k] == pos) s->lo[k] = lo, s->hi[k] = hi;
}

static void set_domain(const icon *ic, const csp *p, const csp_con *c, scratch *s, int pos) {
    int v = c->scope[pos];
    set_pos(ic, s, pos, csp_min(p, v), csp_max(p, v));
}

static void bind_all(const icon *ic, const csp *p, const csp_con *c, scratch *s) {
    for (int k = 0; k < ic->prog->nparams; k++)
        if (ic->bind_pos[k] < 0) s->lo[k] = s->hi[k] = ic->bind_val[k];
    for (int pos = 0; pos < c->arity; pos++) set_domain(ic, p, c, s, pos);
}

/* 1 unless the bounds say the predicate is surely false. */
static int maybe_true(const icon *ic, scratch *s) {
    int64_t lo, hi;
    if (xcsp_bounds(ic->prog, s->lo, s->hi, s->st, &lo, &hi))
        return 1; /* cannot happen: checked when read */
    return hi >= 1;
}

/* bt's partial check: the bounds with the current domains. */
static int icon_partial(const csp *p, const csp_con *c) {
    const icon *ic = c->data;
    scratch s;
    scratch_init(&s, ic);
    bind_all(ic, p, c, &s);
    return maybe_true(ic, &s);
}

/* Searches a support of scope[pos] = its value in s (already set), over
 * the other positions; 1 found, 0 none, -1 budget exhausted. */
static int find_support(csp *p, const csp_con *c, const icon *ic, scratch *s, int pos,
                        long *budget) {
    int n = c->arity, others = n - 1;
    if (!others) {
        CSP_COUNT(p, checks);
        --*budget;
        int undef = 0;
        return xcsp_eval(ic->prog, s->lo, s->st, &undef) != 0 && !undef;
    }
    int order_small[32], *order = n <= 32 ? order_small : NEWN((size_t)n, int);
    int64_t cur_small[32], *cur = n <= 32 ? cur_small : NEWN((size_t)n, int64_t);
    int m = 0;
    for (int q = 0; q < n; q++)
        if (q != pos) order[m++] = q;
    /* cur[level]: the value of level's position tried last (CSP_NOVAL:
     * none yet); the next is the next value of its domain */
    int level = 0, found = 0;
    cur[0] = CSP_NOVAL;
    while (level >= 0) {
        if (*budget <= 0) {
            found = -1;
            break;
        }
        int q = order[level], v = c->scope[q];
        cur[level] = cur[level] == CSP_NOVAL ? csp_min(p, v) : csp_next(p, v, cur[level]);
        if (cur[level] == CSP_NOVAL) { /* this level is exhausted: back up */
            set_domain(ic, p, c, s, q);
            level--;
            continue;
        }
        set_pos(ic, s, q, cur[level], cur[level]);
        --*budget;
        CSP_COUNT(p, checks);
        if (level == m - 1) { /* a complete tuple: exact */
            int undef = 0;
            if (xcsp_eval(ic->prog, s->lo, s->st, &undef) && !undef) {
                found = 1;
                break;
            }
            continue;
        }
        if (!maybe_true(ic, s)) continue;
        cur[++level] = CSP_NOVAL;
    }
    /* leave every other position at its domain bounds */
    for (int k = 0; k < m; k++) set_domain(ic, p, c, s, order[k]);
    if (order != order_small) FREEN(order, (size_t)n);
    if (cur != cur_small) FREEN(cur, (size_t)n);
    return found;
}

static int icon_revise(csp *p, csp_con *c, int pos) {
    const icon *ic = c->data;
    int x = c->scope[pos];
    scratch s;
    scratch_init(&s, ic);
    bind_all(ic, p, c, &s);
    long budget = XCSP_REVISE_BUDGET;
    int64_t *gone = NULL;
    size_t ngone = 0, cap = 0;
    CSP_FOR_VALUES(p, x, val) {
        if (budget <= 0) break; /* out of budget (a huge domain): keep the values left */
        set_pos(ic, &s, pos, val, val);
        CSP_COUNT(p, checks);
        --budget;
        int r = maybe_true(ic, &s) ? find_support(p, c, ic, &s, pos, &budget) : 0;
        if (r < 0) break; /* out of budget: keep the values left */
        if (!r) {
            GROW(&gone, &cap, ngone + 1);
            gone[ngone++] = val;
        }
    }
    int r = csp_remove_values(p, x, gone, ngone);
    if (gone) FREEN(gone, cap);
    return r;
}

static const csp_con_ops icon_ops = {
    .name = "intension",
    .check = icon_check,
    .revise = icon_revise,
    .partial = icon_partial,
    .destroy = icon_destroy,
    .budgeted = 1, /* a revise stops after its budget of checks */
};

/* ==== the posts the families share ============================================ */

void xcsp_post_false(xcsp_model *m) {
    if (m->dummy < 0) m->dummy = csp_add_var(m->p, 0, 0, NULL);
    csp_post_table(m->p, &m->dummy, 1, NULL, 0, 1);
}

void xcsp_post_alldiff(xcsp_model *m, const int *vars, int n) {
    if (csp_post_alldiff(m->p, vars, n, m->alldiff)) xcsp_post_false(m);
}

int *xcsp_list_vars(const xcsp_list *l) {
    int *v = NEWN(l->n ? (size_t)l->n : 1, int);
    for (int i = 0; i < l->n; i++) v[i] = l->t[i].v;
    return v;
}

/* ne(x,y), lt(x,y), gt(x,y) over two distinct variables. */
static int as_builtin(csp *p, const xcsp_prog *pg, const int *pos, const int *scope) {
    if (pg->n != 3 || pg->code[0].op != XOP_PARAM || pg->code[1].op != XOP_PARAM) return 0;
    int op = pg->code[2].op;
    if (op != XOP_ne && op != XOP_lt && op != XOP_gt) return 0;
    int a = pos[pg->code[0].a], b = pos[pg->code[1].a];
    if (a < 0 || b < 0 || a == b) return 0;
    int x = scope[a], y = scope[b];
    if (op == XOP_ne)
        csp_add_rel(p, x, CSP_REL_NE, y);
    else if (op == XOP_lt)
        csp_add_rel(p, x, CSP_REL_LT, y);
    else
        csp_add_rel(p, y, CSP_REL_LT, x);
    return 1;
}

int xcsp_post_intension(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms) {
    const xcsp_prog *pg = &m->in->progs[prog];
    for (int k = 0; k < terms->n; k++)
        if (terms->t[k].kind == XT_EXPR) return xcsp_post_checker(m, c);
    xcsp_post_divisors(m, c, prog, terms); /* the domains it implies, before they are read */
    size_t np = (size_t)(pg->nparams ? pg->nparams : 1);
    icon ic = {pg, NEWN(np, int), NEWN(np, int64_t), NULL, 0};
    for (int k = 0; k < pg->nparams; k++) {
        const xcsp_term *t = &terms->t[k];
        ic.bind_pos[k] = t->kind == XT_VAR ? t->pos : -1;
        ic.bind_val[k] = t->kind == XT_VAR ? 0 : t->k;
    }
    /* the built-in != and <; a linear inequality as a sum (bounds
     * consistent, which is GAC for it); a small scope as a table (GAC also
     * where a linear = would be bounds only); a linear = or != as a sum;
     * else the intension's support search */
    if ((c->arity == 2 && as_builtin(m->p, pg, ic.bind_pos, c->scope)) ||
        xcsp_post_intension_linear(m, c, prog, terms, 1) ||
        xcsp_post_intension_table(m, c, prog, terms) ||
        xcsp_post_intension_linear(m, c, prog, terms, 0) ||
        xcsp_post_intension_shared(m, c, prog, terms)) {
        FREEN(ic.bind_pos, np);
        FREEN(ic.bind_val, np);
        return 0;
    }
    size_t n = scratch_size(pg);
    if (n > SCRATCH_SMALL) ic.big = NEWN(n, int64_t), ic.nbig = n;
    csp_add_con(m->p, &icon_ops, c->scope, c->arity, &ic, sizeof ic);
    return 0;
}

/* The rows of the last tables built, shared by the next constraints of
 * the same table whose variables have the same domains (a <group> posts
 * thousands). */
#define XCSP_TUPLES_CACHE 8
typedef struct tuples_cache {
    int table[XCSP_TUPLES_CACHE];
    csp_tuples *T[XCSP_TUPLES_CACHE];
    int next;
} tuples_cache;

static void cache_free(tuples_cache *tc) {
    for (int i = 0; i < XCSP_TUPLES_CACHE; i++) csp_tuples_release(tc->T[i]);
}

int xcsp_wide_charge(xcsp_model *m, size_t words) {
    if (words > XCSP_WIDE_WORDS_TOTAL - m->wide_words) return 0;
    m->wide_words += words;
    return 1;
}

/* A table whose scope repeats a variable becomes one over the distinct
 * variables: rows that give one variable two values are dropped, a star
 * meets the value of its twin. */
int xcsp_post_extension(xcsp_model *m, int table, const int *vars, int arity, int line) {
    csp *p = m->p;
    const xcsp_inst *in = m->in;
    tuples_cache *tc = m->tc;
    diag *d = m->d;
    const xcsp_table *t = &in->tables[table];
    int wide = 0; /* the shared rows are narrow: a wide table is posted alone */
    int64_t values = 0;
    for (int i = 0; i < arity; i++) wide |= !csp_narrow(p, vars[i]), values += csp_size(p, vars[i]);
    if (wide && !xcsp_wide_charge(m, csp_table_wide_words(values, t->nrows) * (t->stars ? 2 : 1)))
        return 1;
    if (!t->unary_ranges && !wide) { /* shared rows for the distinct variables of a group */
        int distinct = 1;
        for (int i = 0; i < arity && distinct; i++)
            for (int j = 0; j < i; j++) distinct &= vars[i] != vars[j];
        for (int i = 0; distinct && i < XCSP_TUPLES_CACHE; i++)
            if (tc->T[i] && tc->table[i] == table && csp_tuples_fit(tc->T[i], p, vars, arity)) {
                csp_post_tuples(p, vars, tc->T[i]);
                return 0;
            }
        if (distinct) {
            csp_tuples *T = csp_tuples_new(p, vars, arity, t->rows, t->nrows, t->positive);
            if (!T)
                return diag_at(d, in->path, line, 0,
                               "<extension>: the conflicts expand to more than %zu tuples once "
                               "their stars are replaced by values (the supported maximum)",
                               (size_t)CSP_TABLE_MAX_TUPLES);
            csp_post_tuples(p, vars, T);
            int k = tc->next;
            tc->next = (tc->next + 1) % XCSP_TUPLES_CACHE;
            csp_tuples_release(tc->T[k]);
            tc->T[k] = T, tc->table[k] = table;
            return 0;
        }
    }
    int n = arity, *scope = NEWN((size_t)n, int), *map = NEWN((size_t)n, int), nd = 0, r;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < nd && scope[j] != vars[i]) j++;
        if (j == nd) scope[nd++] = vars[i];
        map[i] = j;
    }
    int *rows = NULL;
    size_t nrows = 0, cap = 0;
    if (t->unary_ranges) { /* the values of the domain inside the ranges */
        int x = scope[0];
        for (csp_dom dd = csp_bits(p, x); dd; dd &= dd - 1) {
            int v = csp_value(p, x, csp_dom_min(dd));
            for (size_t k = 0; k < t->nrows; k++)
                if (v >= t->rows[2 * k] && v <= t->rows[2 * k + 1]) {
                    GROW(&rows, &cap, nrows + 1);
                    rows[nrows++] = v;
                    break;
                }
        }
    } else {
        int *row = NEWN((size_t)nd, int);
        for (size_t k = 0; k < t->nrows; k++) {
            const int *src = t->rows + k * (size_t)n;
            int ok = 1;
            for (int j = 0; j < nd; j++) row[j] = CSP_TABLE_STAR;
            for (int i = 0; i < n && ok; i++) {
                int *dst = &row[map[i]];
                if (src[i] == CSP_TABLE_STAR) continue;
                if (*dst == CSP_TABLE_STAR)
                    *dst = src[i];
                else if (*dst != src[i])
                    ok = 0;
            }
            if (!ok) continue;
            GROW(&rows, &cap, (nrows + 1) * (size_t)nd);
            memcpy(rows + nrows * (size_t)nd, row, (size_t)nd * sizeof *row);
            nrows++;
        }
        FREEN(row, (size_t)nd);
    }
    if (t->unary_ranges && !t->positive) { /* conflicts: the listed values are forbidden */
        csp_dom keep = csp_bits(p, scope[0]);
        for (size_t k = 0; k < nrows; k++) keep &= ~csp_bit(rows[k] - p->offset[scope[0]]);
        nrows = 0;
        for (csp_dom dd = keep; dd; dd &= dd - 1) {
            GROW(&rows, &cap, nrows + 1);
            rows[nrows++] = csp_value(p, scope[0], csp_dom_min(dd));
        }
        r = keep ? csp_post_table(p, scope, 1, rows, nrows, 1) : (xcsp_post_false(m), 0);
    } else {
        r = csp_post_table(p, scope, nd, rows, nrows, t->positive);
    }
    if (rows) FREEN(rows, cap);
    FREEN(scope, (size_t)n);
    FREEN(map, (size_t)n);
    if (r < 0 && wide) return 1;
    if (r < 0)
        return diag_at(d, in->path, line, 0,
                       "<extension>: the conflicts expand to more than %zu tuples once their stars "
                       "are replaced by values (the supported maximum)",
                       (size_t)CSP_TABLE_MAX_TUPLES);
    return 0;
}

/* The search branches on the instance's variables, and on the auxiliary
 * variables the model added (expressions, the objective) last: they are
 * functions of the others, so they are fixed by then under fc and gac,
 * and bt gives each its one value.  With decision (the `decision` model)
 * the <annotations>' decision variables (when there are some) come first,
 * a tier of their own. */
static void set_tiers(csp *p, const xcsp_inst *in, int decision, const xcsp_model *m) {
    int dec = decision && in->ndecision > 0, ntiers = 1 + dec + (p->nvars > in->nlive);
    if (ntiers == 1) return;
    unsigned char *tier = NEWN((size_t)p->nvars, unsigned char);
    for (int v = 0; v < p->nvars; v++) tier[v] = v < in->nlive ? (unsigned char)dec : ntiers - 1;
    for (int i = 0; i < m->nobj_aux; i++) tier[m->obj_aux[i]] = (unsigned char)dec;
    for (int i = 0; dec && i < in->ndecision; i++) tier[in->decision[i]] = 0;
    csp_set_tiers(p, tier, ntiers);
    FREEN(tier, (size_t)p->nvars);
}

csp *xcsp_build(const void *inst, enum csp_alldiff alldiff, int decision, diag *d) {
    const xcsp_inst *in = inst;
    if (alldiff == CSP_ALLDIFF_PAIRWISE && in->ne > XCSP_MAX_NE) {
        diag_at(d, in->path, 0, 0,
                "alldiff=pairwise: its <allDifferent>s would be %zu != (at most %d); use "
                "alldiff=value, bounds or domain",
                in->ne, XCSP_MAX_NE);
        return NULL;
    }
    csp *p = csp_new();
    char name[160];
    /* the free variables (in->nlive on, xcsp_free.c) are left out */
    for (int v = 0; v < in->nlive; v++) {
        const xcsp_dom *dm = &in->doms[in->vars[v].dom];
        xcsp_var_name(in, v, name, sizeof name);
        csp_add_var_intervals(p, in->ivals + 2 * (size_t)dm->first, (size_t)dm->n, name);
    }
    tuples_cache tc = {{0}, {0}, 0};
    xcsp_model m = {p, in, alldiff, -1, &tc, d, 0, NULL, NULL, NULL, 0};
    /* the binary != first, as cliques (xcsp_cliques.c); skip[i]: posted there */
    unsigned char *skip = NEWN(in->ncons ? in->ncons : 1, unsigned char);
    xcsp_post_ne_cliques(&m, skip);
    for (size_t i = 0; i < in->ncons; i++) {
        if (skip[i]) continue;
        const xcsp_con *c = &in->cons[i];
        const xcsp_family *f = XCSP_FAMILY(c);
        int r = 0;
        if (!c->arity) { /* no variable: a constant */
            if (!f->check(in, c, NULL)) xcsp_post_false(&m);
        } else {
            r = f->post ? f->post(&m, c) : xcsp_post_checker(&m, c);
        }
        if (r) {
            xcsp_shared_free(&m);
            cache_free(&tc);
            xcsp_eq_lits_post(&m, 0);
            FREEN(skip, in->ncons ? in->ncons : 1);
            csp_free(p);
            return NULL;
        }
    }
    xcsp_post_shared_ne(&m);
    xcsp_shared_free(&m);
    cache_free(&tc);
    FREEN(skip, in->ncons ? in->ncons : 1);
    if (xcsp_post_objective(&m)) {
        xcsp_eq_lits_post(&m, 0);
        if (m.obj_aux) FREEN(m.obj_aux, (size_t)m.nobj_aux);
        csp_free(p);
        return NULL;
    }
    xcsp_eq_lits_post(&m, 1);
    set_tiers(p, in, decision, &m);
    if (m.obj_aux) FREEN(m.obj_aux, (size_t)m.nobj_aux);
    return p;
}
