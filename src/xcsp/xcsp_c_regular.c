/* xcsp_c_regular.c - the language constraints: <regular> (<list>,
 * <transitions> (q,a,r)..., <start>, <final>: a finite automaton, not
 * necessarily deterministic) and <mdd> (<list>, <transitions>: a layered
 * graph from its root, the state no transition enters, to its terminal,
 * the state no transition leaves).  States are names; values integers
 * or symbols.  The automaton (aux) is shared by the constraints of a
 * template.  Both are posted as the engine's layered-graph global
 * (csp/layered.h: GAC, Pesant's unrolled graph), the MDD as the automaton
 * from its root to its terminal. */
#include <stdlib.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "../csp/layered.h"
#include "xcsp_model.h"
#include "xcsp_reader.h"

/* The names of the states read so far (index = state), and an open
 * addressing table over them (slot: state + 1, 0 empty; at most half
 * full) so that looking a name up costs O(its length), not O(states):
 * a file of 10^5 states parses in linear time. */
typedef struct states {
    char **name;
    size_t *len;
    int n;
    size_t cap;
    int *slot;
    size_t nslot; /* a power of two, or 0 */
} states;

static size_t state_hash(const char *name, size_t len) {
    return (size_t)fnv1a(FNV1A_OFFSET, name, len);
}

/* Puts state q in the first free slot of its probe sequence. */
static void state_place(states *s, int q) {
    size_t mask = s->nslot - 1, h = state_hash(s->name[q], s->len[q]) & mask;
    while (s->slot[h]) h = (h + 1) & mask;
    s->slot[h] = q + 1;
}

static int state_of(states *s, const char *name, size_t len) {
    if (s->nslot) {
        size_t mask = s->nslot - 1;
        for (size_t h = state_hash(name, len) & mask; s->slot[h]; h = (h + 1) & mask) {
            int q = s->slot[h] - 1;
            if (s->len[q] == len && !memcmp(s->name[q], name, len)) return q;
        }
    }
    size_t old = s->cap;
    GROW(&s->name, &s->cap, (size_t)s->n + 1);
    if (s->cap != old) s->len = xrealloc(s->len, old * sizeof *s->len, s->cap * sizeof *s->len);
    s->name[s->n] = xstrndup(name, len);
    s->len[s->n] = len;
    int q = s->n++;
    if (2 * (size_t)s->n > s->nslot) { /* grow and rehash */
        if (s->slot) FREEN(s->slot, s->nslot);
        s->nslot = s->nslot ? 2 * s->nslot : 64;
        s->slot = NEWN(s->nslot, int);
        for (int i = 0; i < s->n; i++) state_place(s, i);
    } else {
        state_place(s, q);
    }
    return q;
}

static void states_free(states *s) {
    for (int i = 0; i < s->n; i++) xstrfree(s->name[i]);
    if (s->name) FREEN(s->name, s->cap);
    if (s->len) FREEN(s->len, s->cap);
    if (s->slot) FREEN(s->slot, s->nslot);
}

static int cmp_trans(const void *a, const void *b) {
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

/* The field [s, e) of a transition: trimmed. */
static void trim(const char **s, const char **e) {
    while (*s < *e && xcsp_blank(**s)) (*s)++;
    while (*e > *s && xcsp_blank((*e)[-1])) (*e)--;
}

/* Reads "(q,a,r)..." into a new automaton of the instance (c->aux). */
static int read_transitions(reader *rd, xcsp_con *c, xr_kid *k, states *st) {
    xcsp_inst *in = rd->in;
    GROW(&in->automata, &in->automata_cap, in->nautomata + 1);
    xcsp_automaton *a = &in->automata[in->nautomata];
    memset(a, 0, sizeof *a);
    size_t cap = 0;
    const char *p = k->text, *end = k->text + k->len;
    xcsp_lines lines;
    xcsp_lines_init(&lines, k->text, k->len, k->text_line);
    char buf[64];
    for (;;) {
        while (p < end && xcsp_blank(*p)) p++;
        if (p >= end) break;
        const char *close = memchr(p, ')', (size_t)(end - p));
        const char *c1 = close ? memchr(p, ',', (size_t)(close - p)) : NULL;
        const char *c2 = c1 ? memchr(c1 + 1, ',', (size_t)(close - c1 - 1)) : NULL;
        if (*p != '(' || !c2) {
            if (a->trans) FREEN(a->trans, cap);
            return xr_fail(rd, xcsp_line_of(&lines, p),
                           "<transitions>: expected (state,value,"
                           "state), found '%s'%s",
                           xcsp_show(p, (size_t)(end - p), buf, sizeof buf), "");
        }
        const char *f = p + 1, *fe = c1, *v = c1 + 1, *ve = c2, *t = c2 + 1, *te = close;
        trim(&f, &fe), trim(&v, &ve), trim(&t, &te);
        int64_t value;
        const char *q = v;
        if (in->nsymbols && xcsp_is_ref(v, (size_t)(ve - v))) { /* a symbol */
            int id = xcsp_symbol(in, v, (size_t)(ve - v), 0);
            value = id < 0 ? (int64_t)1 << 40 : id;
        } else if (!xcsp_read_int(&q, ve, &value) || q != ve) {
            if (a->trans) FREEN(a->trans, cap);
            return xr_fail(rd, xcsp_line_of(&lines, v), "<transitions>: '%s' is not a value%s",
                           xcsp_show(v, (size_t)(ve - v), buf, sizeof buf), "");
        }
        if (fe == f || te == t) {
            if (a->trans) FREEN(a->trans, cap);
            return xr_fail(rd, xcsp_line_of(&lines, p), "<transitions>: a state has no name%s%s",
                           "", "");
        }
        GROW(&a->trans, &cap, 3 * ((size_t)a->ntrans + 1));
        int *tr = a->trans + 3 * (size_t)a->ntrans++;
        tr[0] = state_of(st, f, (size_t)(fe - f));
        tr[1] =
            value > XCSP_MAX_VALUE || value < XCSP_MIN_VALUE ? XCSP_MIN_VALUE - 1 + 0 : (int)value;
        tr[2] = state_of(st, t, (size_t)(te - t));
        p = close + 1;
    }
    if (a->ntrans > 1) qsort(a->trans, (size_t)a->ntrans, 3 * sizeof *a->trans, cmp_trans);
    size_t n = 3 * (size_t)(a->ntrans ? a->ntrans : 1);
    a->trans =
        cap ? xrealloc(a->trans, cap * sizeof *a->trans, n * sizeof *a->trans) : NEWN(n, int);
    c->aux = (int)in->nautomata++;
    return 0;
}

/* Sets the states and their final flags once every name is known. */
static void seal(reader *rd, xcsp_con *c, states *st, const unsigned char *final) {
    xcsp_automaton *a = &rd->in->automata[c->aux];
    a->nstates = st->n;
    a->final = NEWN(st->n ? (size_t)st->n : 1, unsigned char);
    if (final) memcpy(a->final, final, (size_t)st->n);
}

static int parse_regular(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *tr = xr_kid_get(e, "transitions"), *s = xr_kid_get(e, "start"),
           *f = xr_kid_get(e, "final");
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c))) return -1;
    if (!tr || !s || !f)
        return xr_fail(rd, e->line, "<regular>: expected %s%s",
                       "<list>, <transitions>, <start> and <final>", "");
    states st = {0};
    int ret = read_transitions(rd, c, tr, &st);
    const char *p = s->text, *pe = s->text + s->len;
    trim(&p, &pe);
    if (!ret && (p == pe || memchr(p, ' ', (size_t)(pe - p))))
        ret = xr_fail(rd, s->line, "<start>: expected one state%s%s", "", "");
    int start = ret ? 0 : state_of(&st, p, (size_t)(pe - p));
    xcsp_scan sc;
    xcsp_scan_init(&sc, f->text, f->len, rd->path, f->text_line);
    const char *tok;
    size_t len;
    unsigned char *fin = NULL;
    size_t fcap = 0;
    while (!ret && (len = xcsp_scan_token(&sc, &tok)) > 0) {
        int q = state_of(&st, tok, len);
        size_t old = fcap;
        GROW(&fin, &fcap, (size_t)st.n);
        if (fcap > old) memset(fin + old, 0, fcap - old);
        fin[q] = 1;
    }
    if (!ret) {
        size_t old = fcap;
        GROW(&fin, &fcap, (size_t)st.n + 1);
        if (fcap > old) memset(fin + old, 0, fcap - old);
        seal(rd, c, &st, fin);
        rd->in->automata[c->aux].start = start;
    }
    if (fin) FREEN(fin, fcap);
    states_free(&st);
    return ret;
}

/* The set of states reachable with the values of list under val:
 * 1 when a final one is reached after the whole list. */
static int accepts(const xcsp_automaton *a, const xcsp_con *c, const int *val, int start) {
    int n = a->nstates, small[64];
    int *cur = n <= 32 ? small : NEWN(2 * (size_t)n, int), *next = cur + n, ncur = 1, ok = 0;
    unsigned char seen_small[32], *seen = n <= 32 ? seen_small : NEWN((size_t)n, unsigned char);
    cur[0] = start;
    for (int i = 0; i < c->lists[0].n && ncur; i++) {
        int v = val[c->lists[0].t[i].pos], nn = 0;
        memset(seen, 0, (size_t)n);
        for (int s = 0; s < ncur; s++) {
            int lo = 0, hi = a->ntrans; /* the first transition (cur[s], v) */
            while (lo < hi) {
                int mid = (lo + hi) / 2, *t = a->trans + 3 * (size_t)mid;
                if (t[0] < cur[s] || (t[0] == cur[s] && t[1] < v))
                    lo = mid + 1;
                else
                    hi = mid;
            }
            for (int k = lo; k < a->ntrans; k++) {
                const int *t = a->trans + 3 * (size_t)k;
                if (t[0] != cur[s] || t[1] != v) break;
                if (!seen[t[2]]) seen[t[2]] = 1, next[nn++] = t[2];
            }
        }
        int *sw = cur;
        cur = next, next = sw, ncur = nn;
    }
    for (int s = 0; s < ncur && !ok; s++) ok = a->final[cur[s]];
    if (cur != small && next != small) FREEN(cur < next ? cur : next, 2 * (size_t)n);
    if (seen != seen_small) FREEN(seen, (size_t)n);
    return ok;
}

static int check_regular(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    const xcsp_automaton *a = &in->automata[c->aux];
    return accepts(a, c, val, a->start);
}

/* The automaton (or MDD) of c over its list, as the layered global. */
static int post_layered(xcsp_model *m, const xcsp_con *c) {
    const xcsp_automaton *a = &m->in->automata[c->aux];
    int n = c->lists[0].n;
    if (n < 1) return xcsp_post_checker(m, c);
    int *v = xcsp_list_vars(&c->lists[0]);
    csp_automaton au = {a->nstates, a->start, a->ntrans, a->trans, a->final};
    int ci = csp_post_layered(m->p, v, n, &au);
    FREEN(v, (size_t)n);
    return ci < 0 ? xcsp_post_checker(m, c) : 0;
}

const xcsp_family xcsp_c_regular = {
    .name = "regular",
    .summary = "<list> <transitions> (q,v,r)... <start> <final> (non-deterministic allowed)",
    .parse = parse_regular,
    .check = check_regular,
    .post = post_layered,
};

/* ---- mdd ---- */

static int parse_mdd(reader *rd, xr_elem *e, xcsp_con *c) {
    xr_kid *tr = xr_kid_get(e, "transitions");
    if (xr_kid_terms(rd, c, e, "list", XR_VARS, 1, xr_add_list(c))) return -1;
    if (!tr) return xr_fail(rd, e->line, "<mdd>: expected %s%s", "<list> and <transitions>", "");
    states st = {0};
    int ret = read_transitions(rd, c, tr, &st);
    if (!ret) { /* the root: entered by no transition; the terminal: left by none */
        unsigned char *in_deg = NEWN(st.n ? (size_t)st.n : 1, unsigned char);
        unsigned char *out_deg = NEWN(st.n ? (size_t)st.n : 1, unsigned char);
        const xcsp_automaton *a = &rd->in->automata[c->aux];
        for (int k = 0; k < a->ntrans; k++)
            out_deg[a->trans[3 * k]] = in_deg[a->trans[3 * k + 2]] = 1;
        int root = -1, term = -1, nroot = 0, nterm = 0;
        for (int q = 0; q < st.n; q++) {
            if (!in_deg[q]) root = q, nroot++;
            if (!out_deg[q]) term = q, nterm++;
        }
        if (nroot != 1 || nterm != 1)
            ret = xr_fail(rd, tr->line, "<mdd>: %s%s",
                          "expected one root (no transition enters "
                          "it) and one terminal (none leaves it)",
                          "");
        for (int q = 0; q < st.n; q++) out_deg[q] = q == term;
        if (!ret) seal(rd, c, &st, out_deg), rd->in->automata[c->aux].start = root;
        FREEN(in_deg, st.n ? (size_t)st.n : 1);
        FREEN(out_deg, st.n ? (size_t)st.n : 1);
    }
    states_free(&st);
    return ret;
}

const xcsp_family xcsp_c_mdd = {
    .name = "mdd",
    .summary = "<list> <transitions> (q,v,r)... from the root to the terminal",
    .parse = parse_mdd,
    .check = check_regular,
    .post = post_layered,
};
