/* xcsp_shared.c - an <intension> rel(A, B), rel one of lt le ge gt eq ne,
 * that would otherwise be the intension constraint's support search (its
 * scope too large for a table, the predicate not linear), posted as the
 * same relation between two engine variables: A's and B's, each a
 * variable or integer of the constraint itself, or else the auxiliary
 * variable of that subexpression (xcsp_prog_var: exactly its values,
 * linked to its variables by a table), made once per distinct
 * subexpression of the model and shared by every constraint where it
 * occurs, as ACE reformulates intensions.  GolombRuler-dec's 378
 * ne(dist(x[i],x[j]),dist(x[k],x[l])) become 28 auxiliary variables and
 * 378 != between them, which are one clique (below): the all-different
 * of GolombRuler's own model.
 *
 * Invariant: the solutions are the same.  An auxiliary variable y of A
 * is a function of A's variables over the tuples where A is defined (one
 * row each, none where A is undefined), and A's bounds on the declared
 * domains lie within the 32-bit values (checked before: no tuple is
 * dropped for its value), so rel(yA, yB) holds exactly where the
 * predicate is defined and true: an undefined operand makes the
 * predicate false (xcsp_eval), and it leaves y no value.  The same
 * subexpression (the same code over the same variables and integers) has
 * the same values everywhere, so one variable serves all its
 * occurrences; the key of a subexpression lists its instructions with
 * each parameter replaced by its variable or integer, and the operands of
 * a commutative operator sorted when they are all leaves (dist(x,y) and
 * dist(y,x) are one).
 *
 * The relations: ne as an edge of a graph over the engine's variables,
 * covered by cliques once every constraint is posted (xcsp_cliques.c:
 * all-different at the spec's level, a leftover edge as the built-in !=);
 * lt and gt as the built-in <; le, ge and eq as the engine's sum of two
 * terms (bounds).  A subexpression too large for a table (past
 * XCSP_AUX_MAX_ROWS tuples) leaves the constraint to the support search,
 * and nothing is made. */
#include <stdlib.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "../csp/mul.h"
#include "../csp/sum.h"
#include "xcsp_model.h"

/* One subexpression: its key (pairs of int64: an instruction's operator
 * and argument) and its variable. */
typedef struct sub_entry {
    uint64_t hash;
    int64_t *key;
    size_t nkey; /* int64 words */
    int var;
} sub_entry;

struct xcsp_shared {
    sub_entry *slot; /* open addressing; var -1: empty */
    size_t cap, used;
    int *edges; /* pairs (u, v) of the pending != */
    size_t nedges, ecap;
};

static xcsp_shared *shared_get(xcsp_model *m) {
    if (!m->sh) {
        m->sh = NEWN(1, xcsp_shared);
        m->sh->cap = 64;
        m->sh->slot = NEWN(m->sh->cap, sub_entry);
        for (size_t i = 0; i < m->sh->cap; i++) m->sh->slot[i].var = -1;
    }
    return m->sh;
}

void xcsp_shared_free(xcsp_model *m) {
    xcsp_shared *sh = m->sh;
    if (!sh) return;
    for (size_t i = 0; i < sh->cap; i++)
        if (sh->slot[i].var >= 0) FREEN(sh->slot[i].key, sh->slot[i].nkey);
    FREEN(sh->slot, sh->cap);
    if (sh->edges) FREEN(sh->edges, sh->ecap);
    FREEN(sh, 1);
    m->sh = NULL;
}

/* The slot of key (its own or the empty one where it would go). */
static sub_entry *find(xcsp_shared *sh, uint64_t h, const int64_t *key, size_t nkey) {
    size_t i = (size_t)h & (sh->cap - 1);
    for (;;) {
        sub_entry *e = &sh->slot[i];
        if (e->var < 0) return e;
        if (e->hash == h && e->nkey == nkey && !memcmp(e->key, key, nkey * sizeof *key)) return e;
        i = (i + 1) & (sh->cap - 1);
    }
}

static void insert(xcsp_shared *sh, uint64_t h, const int64_t *key, size_t nkey, int var) {
    if (2 * (sh->used + 1) > sh->cap) { /* grow: at most half full */
        sub_entry *old = sh->slot;
        size_t ocap = sh->cap;
        sh->cap *= 2;
        sh->slot = NEWN(sh->cap, sub_entry);
        for (size_t i = 0; i < sh->cap; i++) sh->slot[i].var = -1;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].var >= 0) *find(sh, old[i].hash, old[i].key, old[i].nkey) = old[i];
        FREEN(old, ocap);
    }
    sub_entry *e = find(sh, h, key, nkey);
    e->hash = h, e->nkey = nkey, e->var = var;
    e->key = NEWN(nkey, int64_t);
    memcpy(e->key, key, nkey * sizeof *key);
    sh->used++;
}

static int leaf(const xcsp_instr *in) { return in->op == XOP_PARAM || in->op == XOP_CONST; }

static int commutative(int op) {
    return op == XOP_add || op == XOP_mul || op == XOP_min || op == XOP_max || op == XOP_dist ||
           op == XOP_ne || op == XOP_eq || op == XOP_and || op == XOP_or || op == XOP_xor ||
           op == XOP_iff;
}

static int cmp_pair64(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    if (x[0] != y[0]) return (x[0] > y[0]) - (x[0] < y[0]);
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* The key of code[0..n) bound to c's terms: two words per instruction. */
static void make_key(const xcsp_con *c, const xcsp_instr *code, int n, const xcsp_list *terms,
                     int64_t *key) {
    for (int i = 0; i < n; i++) {
        const xcsp_instr *in = &code[i];
        int64_t *w = key + 2 * i;
        if (in->op == XOP_PARAM && terms->t[in->a].kind == XT_VAR)
            w[0] = XOP_PARAM, w[1] = c->scope[terms->t[in->a].pos];
        else if (in->op == XOP_PARAM)
            w[0] = XOP_CONST, w[1] = terms->t[in->a].k;
        else if (in->op == XOP_CONST)
            w[0] = XOP_CONST, w[1] = in->k;
        else
            w[0] = in->op, w[1] = in->a;
        if (commutative(in->op) && in->a >= 2 && in->a <= i) {
            int all = 1;
            for (int j = i - in->a; j < i && all; j++) all = leaf(&code[j]);
            if (all) qsort(key + 2 * (i - in->a), (size_t)in->a, 2 * sizeof *key, cmp_pair64);
        }
    }
}

/* The engine variable of operand code[from..to] of prog pg (bound to
 * terms), made or found; -1 when it gets none (too large, or its bounds
 * leave the 32-bit values).  With make 0 only says whether it could
 * (0 or -1), making nothing. */
static int operand_var(xcsp_model *m, const xcsp_con *c, const xcsp_prog *pg, int from, int to,
                       const xcsp_list *terms, int make) {
    const xcsp_instr *code = pg->code + from;
    int n = to - from + 1;
    if (n == 1 && code[0].op == XOP_PARAM && terms->t[code[0].a].kind == XT_VAR)
        return make ? c->scope[terms->t[code[0].a].pos] : 0;
    xcsp_shared *sh = shared_get(m);
    size_t nkey = 2 * (size_t)n;
    int64_t *key = NEWN(nkey, int64_t);
    make_key(c, code, n, terms, key);
    uint64_t h = fnv1a(FNV1A_OFFSET, key, nkey * sizeof *key);
    sub_entry *e = find(sh, h, key, nkey);
    int y = e->var;
    if (y >= 0) {
        FREEN(key, nkey);
        return make ? y : 0;
    }
    /* the view of the operand, its unread parameters bound to 0 */
    xcsp_prog view = *pg;
    view.code = (xcsp_instr *)code, view.n = n, view.boolean = 0;
    size_t np = pg->nparams ? (size_t)pg->nparams : 1;
    xcsp_term *bind = NEWN(np, xcsp_term);
    for (int k = 0; k < pg->nparams; k++) bind[k] = (xcsp_term){XT_CONST, 0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        if (code[i].op == XOP_PARAM) bind[code[i].a] = terms->t[code[i].a];
    /* every value within the 32-bit integers (no row dropped), and a
     * table within the limits */
    int64_t *lo = NEWN(np, int64_t), *hi = NEWN(np, int64_t);
    size_t nst = 2 * (size_t)(pg->depth ? pg->depth : 1);
    int64_t *st = NEWN(nst, int64_t), rlo, rhi;
    for (int k = 0; k < pg->nparams; k++) {
        const xcsp_term *t = &bind[k];
        int v = t->kind == XT_VAR ? c->scope[t->pos] : -1;
        lo[k] = v >= 0 ? csp_min(m->p, v) : t->k;
        hi[k] = v >= 0 ? csp_max(m->p, v) : t->k;
    }
    int ok = !xcsp_bounds(&view, lo, hi, st, &rlo, &rhi) && rlo >= XCSP_MIN_VALUE &&
             rhi <= XCSP_MAX_VALUE && xcsp_prog_var_fits(m, c, bind, pg->nparams, rlo, rhi);
    FREEN(st, nst);
    FREEN(lo, np), FREEN(hi, np);
    y = ok ? 0 : -1;
    if (ok && make) {
        y = xcsp_prog_var(m, c, &view, bind, pg->nparams);
        if (y >= 0) insert(sh, h, key, nkey, y);
    }
    FREEN(bind, np);
    FREEN(key, nkey);
    return y;
}

/* The end of the first operand of the root (a binary operator at
 * code[n-1]): the last instruction before it where the stack held one
 * value; -1 when the code is not of that form. */
static int first_operand_end(const xcsp_prog *pg) {
    int n = pg->n, split = -1, h = 0;
    if (n < 3 || pg->code[n - 1].a != 2) return -1;
    for (int i = 0; i < n - 1; i++) {
        int op = pg->code[i].op;
        h += op == XOP_PARAM || op == XOP_CONST ? 1 : 1 - pg->code[i].a;
        if (h == 1) split = i;
    }
    return split;
}

/* The engine variable of operand code[from..to] when it is one parameter
 * bound to a variable, else -1. */
static int param_var(const xcsp_con *c, const xcsp_prog *pg, int from, int to,
                     const xcsp_list *terms) {
    if (from != to || pg->code[from].op != XOP_PARAM) return -1;
    const xcsp_term *t = &terms->t[pg->code[from].a];
    return t->kind == XT_VAR ? c->scope[t->pos] : -1;
}

/* eq(mul(x, y), z) or eq(z, mul(x, y)), x, y, z variables, z neither x
 * nor y: 1 with them, else 0.  Such a constraint reaches this file when
 * its scope is too large for a table (TemplateDesign's p * d = pv over
 * 0..1100 x 0..9 x 0..1210), and the support search it would fall to
 * costs milliseconds a node; the engine's product (csp/mul.c) is GAC
 * while x and y have at most CSP_MUL_GAC_PAIRS pairs of values, bounds
 * beyond. */
static int eq_product(const xcsp_con *c, const xcsp_prog *pg, int split, const xcsp_list *terms,
                      int *x, int *y, int *z) {
    int n = pg->n;
    for (int side = 0; side < 2; side++) {
        int zf = side ? split + 1 : 0, zt = side ? n - 2 : split; /* z's operand */
        int mf = side ? 0 : split + 1, mt = side ? split : n - 2; /* the product's */
        if ((*z = param_var(c, pg, zf, zt, terms)) < 0 || mt - mf != 2) continue;
        if (pg->code[mt].op != XOP_mul || pg->code[mt].a != 2) continue;
        *x = param_var(c, pg, mf, mf, terms), *y = param_var(c, pg, mf + 1, mf + 1, terms);
        if (*x >= 0 && *y >= 0 && *z != *x && *z != *y) return 1;
    }
    return 0;
}

static void push_edge(xcsp_shared *sh, int u, int v) {
    GROW(&sh->edges, &sh->ecap, sh->nedges * 2 + 2);
    sh->edges[2 * sh->nedges] = u, sh->edges[2 * sh->nedges + 1] = v;
    sh->nedges++;
}

int xcsp_post_intension_shared(xcsp_model *m, const xcsp_con *c, int prog, const xcsp_list *terms) {
    const xcsp_prog *pg = &m->in->progs[prog];
    int n = pg->n;
    if (n < 3 || c->arity < 2) return 0; /* one variable: the support search is exact and cheap */
    int op = pg->code[n - 1].op;
    if (op != XOP_lt && op != XOP_le && op != XOP_ge && op != XOP_gt && op != XOP_eq &&
        op != XOP_ne)
        return 0;
    int split = first_operand_end(pg);
    if (split < 0) return 0;
    for (int k = 0; k < terms->n; k++)
        if (terms->t[k].kind != XT_VAR && terms->t[k].kind != XT_CONST) return 0;
    if (split == 0 && n == 3) return 0; /* two leaves: the built-ins' or the linear case */
    int x, y, z;
    if (op == XOP_eq && eq_product(c, pg, split, terms, &x, &y, &z))
        return csp_post_mul(m->p, x, y, z) >= 0;
    /* both operands first, so that nothing is made in vain */
    if (operand_var(m, c, pg, 0, split, terms, 0) < 0 ||
        operand_var(m, c, pg, split + 1, n - 2, terms, 0) < 0)
        return 0;
    int a = operand_var(m, c, pg, 0, split, terms, 1);
    int b = a < 0 ? -1 : operand_var(m, c, pg, split + 1, n - 2, terms, 1);
    if (a < 0 || b < 0) return 0; /* a table past the wide limits: the support search */
    csp *p = m->p;
    if (a == b) { /* defined is all it asks, and the table of a says so */
        if (op == XOP_lt || op == XOP_gt || op == XOP_ne) xcsp_post_false(m);
        return 1;
    }
    if (op == XOP_ne) {
        push_edge(m->sh, a, b);
    } else if (op == XOP_lt || op == XOP_gt) {
        csp_add_rel(p, op == XOP_lt ? a : b, CSP_REL_LT, op == XOP_lt ? b : a);
    } else { /* two 32-bit terms: far within CSP_SUM_MAX, never refused */
        int vars[2] = {a, b};
        int64_t co[2] = {1, -1};
        if (op == XOP_ge) co[0] = -1, co[1] = 1;
        csp_post_sum(p, vars, co, 2, op == XOP_eq ? CSP_SUM_EQ : CSP_SUM_LE, 0);
    }
    return 1;
}

void xcsp_post_shared_ne(xcsp_model *m) {
    if (m->sh && m->sh->nedges) xcsp_post_ne_edges(m, m->sh->edges, m->sh->nedges);
}
