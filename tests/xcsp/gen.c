/* gen.c - random small XCSP3-core instances (see gen.h). */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

typedef struct g {
    uint64_t s;
    FILE *out;
    int nv;
    char names[16][32];
    int dom[16][8], dsize[16];
    int zero_one[16]; /* domain within {0,1} */
    int two_dim;      /* index of a 2-dim array in arrays[] or -1 */
    char arr_id[4][8];
    int arr_nd[4], arr_dims[4][3], arr_first[4], narr;
    int arr_one[4]; /* one domain for every cell */
} g;

static uint64_t next(g *r) { /* splitmix64 */
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static int below(g *r, int n) { return (int)(next(r) % (uint64_t)n); }

/* A domain of 2..4 values in -2..4, written in one of the forms. */
static void domain(g *r, int v, char *text, size_t size) {
    int lo = below(r, 4) - 2, n = 2 + below(r, 3), form = below(r, 3);
    if (below(r, 4) == 0) lo = 0, n = 2; /* 0/1 variables for the logical operators */
    r->dsize[v] = 0;
    if (form == 0) { /* a range */
        for (int i = 0; i < n; i++) r->dom[v][r->dsize[v]++] = lo + i;
        snprintf(text, size, "%d..%d", lo, lo + n - 1);
    } else { /* a list with holes, or a mix of values and a range */
        size_t o = 0;
        int val = lo;
        for (int i = 0; i < n; i++) {
            r->dom[v][r->dsize[v]++] = val;
            if (form == 2 && i + 1 < n && below(r, 2)) {
                r->dom[v][r->dsize[v]++] = val + 1;
                o += (size_t)snprintf(text + o, size - o, "%s%d..%d", i ? " " : "", val, val + 1);
                val += 2 + below(r, 2);
                i++;
                continue;
            }
            o += (size_t)snprintf(text + o, size - o, "%s%d", i ? " " : "", val);
            val += 1 + below(r, 2);
        }
    }
    r->zero_one[v] = r->dom[v][0] >= 0 && r->dom[v][r->dsize[v] - 1] <= 1;
}

/* Variable v with the domain of variable from. */
static void copy_var_dom(g *r, int v, int from) {
    memcpy(r->dom[v], r->dom[from], sizeof r->dom[0]);
    r->dsize[v] = r->dsize[from];
    r->zero_one[v] = r->zero_one[from];
}

/* Declarations with as= (q: a generator of their own, so that a seed
 * without them gives the instance it gave before): a <var> as an earlier <var> or
 * array of one domain, an array as an earlier array of the same size
 * (cell by cell: its two domains too). */
static void as_declarations(g *r, g *q) {
    FILE *o = r->out;
    if (below(q, 3) == 0 && r->nv < 9) { /* at most 9 variables: the reference enumerates them */
        int from = -1;
        char target[8] = "";
        if (!strcmp(r->names[0], "v0"))
            from = 0, snprintf(target, sizeof target, "v0");
        for (int a = 0; a < r->narr && from < 0; a++)
            if (r->arr_one[a]) from = r->arr_first[a], snprintf(target, sizeof target, "%s", r->arr_id[a]);
        if (from >= 0) {
            snprintf(r->names[r->nv], 32, "w");
            copy_var_dom(r, r->nv, from);
            fprintf(o, "    <var id=\"w\" as=\"%s\"/>\n", target);
            r->nv++;
        }
    }
    if (below(q, 3) == 0 && r->narr > 0 && r->narr < 3) {
        int s = below(q, r->narr), a = r->narr, nd = r->arr_nd[s];
        int cells = r->arr_dims[s][0] * r->arr_dims[s][1] * r->arr_dims[s][2];
        if (r->nv + cells > 9) return;
        r->narr++;
        snprintf(r->arr_id[a], 8, "%c", "xyz"[a]);
        r->arr_nd[a] = nd;
        memcpy(r->arr_dims[a], r->arr_dims[s], sizeof r->arr_dims[0]);
        r->arr_first[a] = r->nv;
        r->arr_one[a] = r->arr_one[s];
        if (nd == 2 && r->two_dim < 0) r->two_dim = a;
        fprintf(o, "    <array id=\"%s\" size=\"", r->arr_id[a]);
        for (int i = 0; i < nd; i++) fprintf(o, "[%d]", r->arr_dims[a][i]);
        fprintf(o, "\" as=\"%s\"/>\n", r->arr_id[s]);
        for (int c = 0; c < cells; c++) {
            /* the source's cell name with the new id */
            char rest[24];
            memcpy(rest, r->names[r->arr_first[s] + c] + 1, sizeof rest - 1);
            rest[sizeof rest - 1] = '\0';
            snprintf(r->names[r->nv + c], 32, "%c%s", "xyz"[a], rest);
            copy_var_dom(r, r->nv + c, r->arr_first[s] + c);
        }
        r->nv += cells;
    }
}

static void variables(g *r, g *q) {
    FILE *o = r->out;
    char text[64];
    fprintf(o, "  <variables>\n");
    int budget = 3 + below(r, 5);
    r->two_dim = -1;
    if (below(r, 2)) { /* a <var> or two */
        int k = 1 + below(r, 2);
        for (int i = 0; i < k && r->nv < budget; i++) {
            snprintf(r->names[r->nv], 32, "v%d", i);
            domain(r, r->nv, text, sizeof text);
            fprintf(o, "    <var id=\"v%d\"%s> %s </var>\n", i,
                    below(r, 3) ? "" : " note=\"a variable\"", text);
            r->nv++;
        }
    }
    while (r->nv < budget && r->narr < 3) {
        int a = r->narr++, left = budget - r->nv, nd, dims[3] = {1, 1, 1};
        if (left >= 4 && below(r, 2))
            nd = 2, dims[0] = 2, dims[1] = 2 + (left >= 6 && below(r, 2));
        else if (left >= 8 && below(r, 3) == 0)
            nd = 3, dims[0] = dims[1] = dims[2] = 2;
        else
            nd = 1, dims[0] = 1 + below(r, left < 4 ? left : 4);
        snprintf(r->arr_id[a], 8, "%c", "xyz"[a]);
        r->arr_nd[a] = nd;
        memcpy(r->arr_dims[a], dims, sizeof dims);
        r->arr_first[a] = r->nv;
        if (nd == 2 && r->two_dim < 0) r->two_dim = a;
        int cells = dims[0] * dims[1] * dims[2];
        fprintf(o, "    <array id=\"%s\" size=\"", r->arr_id[a]);
        for (int i = 0; i < nd; i++) fprintf(o, "[%d]", dims[i]);
        fprintf(o, "\"%s>", below(r, 3) ? "" : " class=\"main\"");
        for (int c = 0; c < cells; c++) { /* the cell names, row-major */
            int idx[3], rest = c;
            for (int i = nd - 1; i >= 0; i--) idx[i] = rest % dims[i], rest /= dims[i];
            char name[32];
            size_t off = (size_t)snprintf(name, sizeof name, "%c", "xyz"[a]);
            for (int i = 0; i < nd; i++)
                off += (size_t)snprintf(name + off, sizeof name - off, "[%d]", idx[i]);
            memcpy(r->names[r->nv + c], name, sizeof name);
        }
        r->arr_one[a] = 0;
        if (below(r, 2) || cells == 1) { /* one domain for every cell */
            r->arr_one[a] = 1;
            domain(r, r->nv, text, sizeof text);
            for (int c = 1; c < cells; c++) {
                memcpy(r->dom[r->nv + c], r->dom[r->nv], sizeof r->dom[0]);
                r->dsize[r->nv + c] = r->dsize[r->nv];
                r->zero_one[r->nv + c] = r->zero_one[r->nv];
            }
            fprintf(o, " %s </array>\n", text);
        } else { /* the first row (or cell) apart, then others */
            fprintf(o, "\n");
            int first = nd == 1 ? 1 : dims[nd - 1];
            domain(r, r->nv, text, sizeof text);
            for (int c = 1; c < first; c++) {
                memcpy(r->dom[r->nv + c], r->dom[r->nv], sizeof r->dom[0]);
                r->dsize[r->nv + c] = r->dsize[r->nv];
                r->zero_one[r->nv + c] = r->zero_one[r->nv];
            }
            if (nd == 1)
                fprintf(o, "      <domain for=\"%s[0]\"> %s </domain>\n", r->arr_id[a], text);
            else if (nd == 2)
                fprintf(o, "      <domain for=\"%s[0][]\"> %s </domain>\n", r->arr_id[a], text);
            else
                fprintf(o, "      <domain for=\"%s[0][0][]\"> %s </domain>\n", r->arr_id[a], text);
            domain(r, r->nv + first, text, sizeof text);
            for (int c = first + 1; c < cells; c++) {
                memcpy(r->dom[r->nv + c], r->dom[r->nv + first], sizeof r->dom[0]);
                r->dsize[r->nv + c] = r->dsize[r->nv + first];
                r->zero_one[r->nv + c] = r->zero_one[r->nv + first];
            }
            fprintf(o, "      <domain for=\"others\"> %s </domain>\n    </array>\n", text);
        }
        r->nv += cells;
    }
    as_declarations(r, q);
    fprintf(o, "  </variables>\n");
}

/* ---- expressions ------------------------------------------------------------ */

typedef struct ebuf {
    char s[1024];
    size_t n;
} ebuf;

static void put(ebuf *e, const char *fmt, const char *a) {
    e->n += (size_t)snprintf(e->s + e->n, sizeof e->s - e->n, fmt, a);
    if (e->n >= sizeof e->s) e->n = sizeof e->s - 1;
}

/* Leaves: a variable (or parameter %k when templ) or a constant. */
static void leaf(g *r, ebuf *e, int templ, int *np, int want01) {
    char t[40];
    if (templ) {
        snprintf(t, sizeof t, "%%%d", (*np)++);
        put(e, "%s", t);
        return;
    }
    int v = below(r, r->nv);
    if (want01) { /* a 0/1 variable if there is one, else a constant */
        int k = -1;
        for (int i = 0; i < r->nv; i++)
            if (r->zero_one[(v + i) % r->nv]) k = (v + i) % r->nv;
        if (k < 0) {
            put(e, "%s", below(r, 2) ? "1" : "0");
            return;
        }
        v = k;
    }
    if (!want01 && below(r, 4) == 0) {
        snprintf(t, sizeof t, "%d", below(r, 5) - 1);
        put(e, "%s", t);
        return;
    }
    put(e, "%s", r->names[v]);
}

static void gen_int(g *r, ebuf *e, int depth, int templ, int *np);
static void gen_bool(g *r, ebuf *e, int depth, int templ, int *np);

static void gen_int(g *r, ebuf *e, int depth, int templ, int *np) {
    if (depth <= 0 || below(r, 3) == 0) {
        leaf(r, e, templ, np, 0);
        return;
    }
    static const char *const un[] = {"neg", "abs", "sqr"};
    static const char *const bin[] = {"add", "sub", "mul", "min", "max", "dist"};
    int k = below(r, 11);
    if (k < 3) {
        put(e, "%s(", un[k]);
        gen_int(r, e, depth - 1, templ, np);
        put(e, "%s", ")");
    } else if (k < 10) {
        const char *op = bin[(k - 3) % 6];
        int n = (!strcmp(op, "sub") || !strcmp(op, "dist")) ? 2 : 2 + below(r, 2);
        put(e, "%s(", op);
        for (int i = 0; i < n; i++) {
            if (i) put(e, "%s", ",");
            gen_int(r, e, depth - 1, templ, np);
        }
        put(e, "%s", ")");
    } else {
        put(e, "%s", "if(");
        gen_bool(r, e, depth - 1, templ, np);
        put(e, "%s", ",");
        gen_int(r, e, depth - 1, templ, np);
        put(e, "%s", ",");
        gen_int(r, e, depth - 1, templ, np);
        put(e, "%s", ")");
    }
}

static void gen_bool(g *r, ebuf *e, int depth, int templ, int *np) {
    static const char *const rel[] = {"lt", "le", "ge", "gt", "ne", "eq"};
    static const char *const log[] = {"not", "and", "or", "xor", "iff", "imp"};
    if (depth <= 0 || below(r, 2)) {
        if (!templ && below(r, 5) == 0) { /* a 0/1 variable as a Boolean */
            leaf(r, e, 0, np, 1);
            return;
        }
        const char *op = rel[below(r, 6)];
        int n = !strcmp(op, "eq") ? 2 + below(r, 2) : 2;
        put(e, "%s(", op);
        for (int i = 0; i < n; i++) {
            if (i) put(e, "%s", ",");
            gen_int(r, e, depth - 1, templ, np);
        }
        put(e, "%s", ")");
        return;
    }
    const char *op = log[below(r, 6)];
    int n = !strcmp(op, "not") ? 1 : !strcmp(op, "imp") ? 2 : 2 + below(r, 2);
    put(e, "%s(", op);
    for (int i = 0; i < n; i++) {
        if (i) put(e, "%s", ",");
        gen_bool(r, e, depth - 1, templ, np);
    }
    put(e, "%s", ")");
}

/* ---- constraints ------------------------------------------------------------ */

static const char *attr(g *r) {
    int k = below(r, 6);
    return k == 0   ? " note=\"a note\""
           : k == 1 ? " class=\"symmetryBreaking\""
           : k == 2 ? " id=\"c1\""
                    : "";
}

/* A list of n distinct variables, written with compact forms where they
 * apply (x[] when all cells of a 1-dim array are picked). */
static void scope(g *r, int n, int *vars) {
    for (int i = 0; i < n; i++) {
        int v;
        do {
            v = below(r, r->nv);
            for (int j = 0; j < i; j++)
                if (vars[j] == v) v = -1;
        } while (v < 0);
        vars[i] = v;
    }
}

static void value_of(g *r, int v, char *t, size_t size) {
    if (below(r, 8) == 0)
        snprintf(t, size, "%d", 7); /* outside every domain */
    else
        snprintf(t, size, "%d", r->dom[v][below(r, r->dsize[v])]);
}

static void intension(g *r, const char *ind) {
    ebuf e = {0};
    int np = 0;
    gen_bool(r, &e, 1 + below(r, 3), 0, &np);
    if (below(r, 2))
        fprintf(r->out, "%s<intension%s> %s </intension>\n", ind, attr(r), e.s);
    else
        fprintf(r->out, "%s<intension%s>\n%s  <function> %s </function>\n%s</intension>\n", ind,
                attr(r), ind, e.s, ind);
}

static void tuples(g *r, int n, const int *vars, int unary_ok) {
    FILE *o = r->out;
    int rows = 1 + below(r, 8);
    char t[16];
    if (n == 1 && unary_ok) {
        for (int k = 0; k < rows; k++) {
            int a = r->dom[vars[0]][below(r, r->dsize[vars[0]])];
            if (below(r, 3) == 0)
                fprintf(o, " %d..%d", a - below(r, 2), a + below(r, 3));
            else
                fprintf(o, " %d", a);
        }
        return;
    }
    for (int k = 0; k < rows; k++) {
        fputc('(', o);
        for (int i = 0; i < n; i++) {
            if (below(r, 6) == 0)
                fputs("*", o);
            else {
                value_of(r, vars[i], t, sizeof t);
                fputs(t, o);
            }
            if (i + 1 < n) fputc(',', o);
        }
        fputc(')', o);
    }
}

static void extension(g *r, const char *ind) {
    int n = 1 + below(r, 3), vars[3];
    scope(r, n, vars);
    int pos = below(r, 2);
    fprintf(r->out, "%s<extension%s>\n%s  <list>", ind, attr(r), ind);
    for (int i = 0; i < n; i++) fprintf(r->out, " %s", r->names[vars[i]]);
    fprintf(r->out, " </list>\n%s  <%s>", ind, pos ? "supports" : "conflicts");
    tuples(r, n, vars, 1);
    fprintf(r->out, " </%s>\n%s</extension>\n", pos ? "supports" : "conflicts", ind);
}

static void alldiff(g *r, const char *ind) {
    int form = below(r, 4);
    if (form == 3 && r->two_dim >= 0) {
        int a = r->two_dim;
        if (below(r, 2)) {
            fprintf(r->out, "%s<allDifferent>\n%s  <matrix> %s[][] </matrix>\n%s</allDifferent>\n",
                    ind, ind, r->arr_id[a], ind);
        } else { /* explicit rows */
            fprintf(r->out, "%s<allDifferent>\n%s  <matrix>", ind, ind);
            for (int i = 0; i < r->arr_dims[a][0]; i++)
                fprintf(r->out, " (%s[%d][])", r->arr_id[a], i);
            fprintf(r->out, " </matrix>\n%s</allDifferent>\n", ind);
        }
        return;
    }
    int n = 2 + below(r, 2), vars[3];
    scope(r, n, vars);
    if (form == 0) {
        fprintf(r->out, "%s<allDifferent%s>", ind, attr(r));
        for (int i = 0; i < n; i++) fprintf(r->out, " %s", r->names[vars[i]]);
        fprintf(r->out, " </allDifferent>\n");
    } else if (form == 1 && r->narr && r->arr_nd[0] == 1) { /* a whole 1-dim array and one more */
        fprintf(r->out, "%s<allDifferent>\n%s  <list> %s[] %s </list>\n%s</allDifferent>\n", ind,
                ind, r->arr_id[0], r->names[vars[0]][0] == r->arr_id[0][0] ? "" : r->names[vars[0]],
                ind);
    } else {
        fprintf(r->out, "%s<allDifferent>\n%s  <list>", ind, ind);
        for (int i = 0; i < n; i++) fprintf(r->out, " %s", r->names[vars[i]]);
        fprintf(r->out, " </list>\n%s</allDifferent>\n", ind);
    }
}

static void instantiation(g *r, const char *ind) {
    int n = 1 + below(r, 2), vars[2];
    char t[16];
    scope(r, n, vars);
    fprintf(r->out, "%s<instantiation%s>\n%s  <list>", ind, attr(r), ind);
    for (int i = 0; i < n; i++) fprintf(r->out, " %s", r->names[vars[i]]);
    fprintf(r->out, " </list>\n%s  <values>", ind);
    for (int i = 0; i < n; i++) {
        value_of(r, vars[i], t, sizeof t);
        fprintf(r->out, " %s", t);
    }
    fprintf(r->out, " </values>\n%s</instantiation>\n", ind);
}

static void group(g *r, const char *ind) {
    FILE *o = r->out;
    int kind = below(r, 3), nargs = 1 + below(r, 3);
    fprintf(o, "%s<group%s>\n", ind, attr(r));
    if (kind == 0) { /* intension template with %k; args of variables and constants */
        ebuf e = {0};
        int np = 0;
        gen_bool(r, &e, 1 + below(r, 2), 1, &np);
        fprintf(o, "%s  <intension> %s </intension>\n", ind, e.s);
        for (int a = 0; a < nargs; a++) {
            fprintf(o, "%s  <args>", ind);
            for (int k = 0; k < np; k++) {
                if (below(r, 4) == 0)
                    fprintf(o, " %d", below(r, 4) - 1);
                else
                    fprintf(o, " %s", r->names[below(r, r->nv)]);
            }
            fprintf(o, " </args>\n");
        }
    } else if (kind == 1) { /* extension template, %k or %... */
        int n = 1 + below(r, 3), vars[3], dots = below(r, 2);
        scope(r, n, vars); /* only for the tuple values: the args may differ */
        fprintf(o, "%s  <extension>\n%s    <list>", ind, ind);
        if (dots)
            fprintf(o, " %%...");
        else
            for (int i = 0; i < n; i++) fprintf(o, " %%%d", i);
        const char *tag = below(r, 2) ? "supports" : "conflicts";
        fprintf(o, " </list>\n%s    <%s>", ind, tag);
        tuples(r, n, vars, 1);
        fprintf(o, " </%s>\n%s  </extension>\n", tag, ind);
        for (int a = 0; a < nargs; a++) {
            int av[3];
            scope(r, n, av);
            fprintf(o, "%s  <args>", ind);
            for (int i = 0; i < n; i++) fprintf(o, " %s", r->names[av[i]]);
            fprintf(o, " </args>\n");
        }
    } else { /* allDifferent with %... */
        fprintf(o, "%s  <allDifferent> %%... </allDifferent>\n", ind);
        for (int a = 0; a < nargs; a++) {
            int n = 2 + below(r, 2), av[3];
            scope(r, n, av);
            fprintf(o, "%s  <args>", ind);
            for (int i = 0; i < n; i++) fprintf(o, " %s", r->names[av[i]]);
            fprintf(o, " </args>\n");
        }
    }
    fprintf(o, "%s</group>\n", ind);
}

static void constraint(g *r, const char *ind) {
    switch (below(r, 9)) {
    case 0:
    case 1:
        intension(r, ind);
        break;
    case 2:
    case 3:
        extension(r, ind);
        break;
    case 4:
        alldiff(r, ind);
        break;
    case 5:
        instantiation(r, ind);
        break;
    default:
        group(r, ind);
        break;
    }
}

/* A <clause> over 1 to 3 literals of the 0/1 variables (x or not(x)),
 * its text or a <list>, drawn from q (as as_declarations). */
static void clause(g *r, g *q) {
    int bools[16], nb = 0;
    for (int v = 0; v < r->nv; v++)
        if (r->zero_one[v] && r->dsize[v] == 2) bools[nb++] = v;
    if (!nb || below(q, 3)) return;
    int list = below(q, 2), n = 1 + below(q, 3);
    fprintf(r->out, "    <clause>%s", list ? " <list>" : "");
    for (int i = 0; i < n; i++) {
        const char *name = r->names[bools[below(q, nb)]];
        if (below(q, 2))
            fprintf(r->out, " not(%s)", name);
        else
            fprintf(r->out, " %s", name);
    }
    fprintf(r->out, "%s </clause>\n", list ? " </list>" : "");
}

void gen_xcsp(uint64_t seed, FILE *out) {
    g r = {.s = seed * 0x2545f4914f6cdd1du + 1, .out = out};
    g q = {.s = seed * 0x9e3779b97f4a7c15u + 7, .out = out}; /* as= (as_declarations) */
    fprintf(out, "<?xml version=\"1.0\"?>\n<!-- generated by tests/xcsp/gen.c, seed %llu -->\n",
            (unsigned long long)seed);
    fprintf(out, "<instance format=\"XCSP3\" type=\"CSP\">\n");
    variables(&r, &q);
    fprintf(out, "  <constraints>\n");
    int n = 1 + below(&r, 4);
    for (int i = 0; i < n; i++) {
        if (below(&r, 5) == 0) { /* a block, sometimes nested */
            fprintf(out, "    <block class=\"clues\">\n");
            constraint(&r, "      ");
            if (below(&r, 2)) {
                fprintf(out, "      <block note=\"inner\">\n");
                constraint(&r, "        ");
                fprintf(out, "      </block>\n");
            }
            fprintf(out, "    </block>\n");
        } else {
            constraint(&r, "    ");
        }
    }
    clause(&r, &q);
    fprintf(out, "  </constraints>\n</instance>\n");
}

/* ---- Latin squares -------------------------------------------------------------- */

void gen_latin(int n, const int *clues, int encoding, const char *comment, FILE *out) {
    fprintf(out,
            "<?xml version=\"1.0\"?>\n<!-- %s -->\n<instance format=\"XCSP3\" type=\"CSP\">\n"
            "  <variables>\n    <array id=\"x\" size=\"[%d][%d]\"> 0..%d </array>\n  </variables>\n"
            "  <constraints>\n",
            comment, n, n, n - 1);
    if (encoding == 0) {
        fputs("    <allDifferent>\n      <matrix> x[][] </matrix>\n    </allDifferent>\n", out);
    } else {
        fputs("    <group>\n      <extension>\n        <list> %0 %1 </list>\n        <conflicts>",
              out);
        for (int v = 0; v < n; v++) fprintf(out, "(%d,%d)", v, v);
        fputs("</conflicts>\n      </extension>\n", out);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                for (int k = j + 1; k < n; k++) {
                    fprintf(out, "      <args> x[%d][%d] x[%d][%d] </args>\n", i, j, i, k);
                    fprintf(out, "      <args> x[%d][%d] x[%d][%d] </args>\n", j, i, k, i);
                }
        fputs("    </group>\n", out);
    }
    int k = 0;
    for (int c = 0; c < n * n; c++) k += clues[c] >= 0;
    if (k) {
        fputs("    <instantiation class=\"clues\">\n      <list>", out);
        for (int c = 0; c < n * n; c++)
            if (clues[c] >= 0) fprintf(out, " x[%d][%d]", c / n, c % n);
        fputs(" </list>\n      <values>", out);
        for (int c = 0; c < n * n; c++)
            if (clues[c] >= 0) fprintf(out, " %d", clues[c]);
        fputs(" </values>\n    </instantiation>\n", out);
    }
    fputs("  </constraints>\n</instance>\n", out);
}

static void shuffle(g *r, int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(r, i + 1), t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

void gen_qwh(int n, int holes, int balanced, uint64_t seed, int encoding, FILE *out) {
    g r = {.s = seed * 0x9e3779b97f4a7c15u + 7};
    int rows[64], cols[64], sym[64], *clues = calloc((size_t)n * (size_t)n, sizeof *clues);
    for (int i = 0; i < n; i++) rows[i] = cols[i] = sym[i] = i;
    shuffle(&r, rows, n), shuffle(&r, cols, n), shuffle(&r, sym, n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) clues[rows[i] * n + cols[j]] = sym[(i + j) % n];
    int *cell = calloc((size_t)n * (size_t)n, sizeof *cell), m = n * n;
    for (int c = 0; c < m; c++) cell[c] = c;
    if (balanced) { /* holes by rank in a second random square: whole "permutation layers" first */
        int r2[64], c2[64];
        for (int i = 0; i < n; i++) r2[i] = c2[i] = i;
        shuffle(&r, r2, n), shuffle(&r, c2, n);
        int *rank = calloc((size_t)m, sizeof *rank);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) rank[r2[i] * n + c2[j]] = (i + j) % n;
        shuffle(&r, cell, m);
        /* stable order by layer: cells of layer 0, then 1, ... */
        int *sorted = calloc((size_t)m, sizeof *sorted), k = 0;
        for (int layer = 0; layer < n; layer++)
            for (int c = 0; c < m; c++)
                if (rank[cell[c]] == layer) sorted[k++] = cell[c];
        memcpy(cell, sorted, (size_t)m * sizeof *cell);
        free(sorted), free(rank);
    } else {
        shuffle(&r, cell, m);
    }
    for (int h = 0; h < holes && h < m; h++) clues[cell[h]] = -1;
    char comment[160];
    snprintf(comment, sizeof comment,
             "QWH order %d, %d holes%s, seed %llu, by tests/xcsp/gen.c (%s)", n, holes,
             balanced ? " (balanced)" : "", (unsigned long long)seed,
             encoding ? "!= as binary conflicts tables" : "allDifferent");
    gen_latin(n, clues, encoding, comment, out);
    free(cell), free(clues);
}

/* ---- a large instance ------------------------------------------------------------- */

void gen_big(int mb, uint64_t seed, FILE *out) {
    g r = {.s = seed + 99};
    long target = (long)mb << 20, n = 0;
    n += fprintf(out,
                 "<?xml version=\"1.0\"?>\n<!-- %d MB benchmark instance by tests/xcsp/gen.c -->\n"
                 "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n"
                 "    <array id=\"x\" size=\"[300][300]\"> 0..9 </array>\n"
                 "    <array id=\"y\" size=\"[20000]\"> 0..63 </array>\n"
                 "    <array id=\"b\" size=\"[50][50][20]\"> 0 1 </array>\n  </variables>\n"
                 "  <constraints>\n",
                 mb);
    /* one table of 2000 tuples of arity 3 for the extension groups */
    int round = 0;
    while (n < target) {
        int kind = round++ % 4;
        if (kind == 0) { /* an intension group */
            n += fprintf(
                out, "    <group>\n      <intension> or(eq(add(%%0,%%1),%%2),lt(mul(%%0,%%3),%%1)) "
                     "</intension>\n");
            for (int k = 0; k < 400; k++)
                n += fprintf(out, "      <args> x[%d][%d] x[%d][%d] x[%d][%d] %d </args>\n",
                             below(&r, 300), below(&r, 300), below(&r, 300), below(&r, 300),
                             below(&r, 300), below(&r, 300), below(&r, 5));
            n += fprintf(out, "    </group>\n");
        } else if (kind == 1) { /* an extension group with its table */
            const char *tag = below(&r, 2) ? "supports" : "conflicts";
            n += fprintf(
                out,
                "    <group>\n      <extension>\n        <list> %%0 %%1 %%2 </list>\n        <%s>",
                tag);
            for (int k = 0; k < 2000; k++)
                n += fprintf(out, "(%d,%d,%s)", below(&r, 64), below(&r, 64),
                             below(&r, 8) ? "1" : "*");
            n += fprintf(out, "</%s>\n      </extension>\n", tag);
            for (int k = 0; k < 300; k++)
                n += fprintf(out, "      <args> y[%d] y[%d] b[%d][%d][%d] </args>\n",
                             below(&r, 20000), below(&r, 20000), below(&r, 50), below(&r, 50),
                             below(&r, 20));
            n += fprintf(out, "    </group>\n");
        } else if (kind == 2) { /* plain intensions and instantiations */
            for (int k = 0; k < 300; k++)
                n += fprintf(out,
                             "    <intension> ne(add(y[%d],y[%d]),sub(y[%d],%d)) </intension>\n",
                             below(&r, 20000), below(&r, 20000), below(&r, 20000), below(&r, 64));
        } else { /* allDifferent rows and a block of tables */
            int row = below(&r, 300);
            n += fprintf(
                out, "    <allDifferent> x[%d][0..9] </allDifferent>\n    <block class=\"k\">\n",
                row);
            for (int k = 0; k < 50; k++) {
                n += fprintf(
                    out,
                    "      <extension>\n        <list> b[%d][%d][] </list>\n        <supports>",
                    below(&r, 50), below(&r, 50));
                for (int t = 0; t < 20; t++) {
                    n += fprintf(out, "(");
                    for (int i = 0; i < 20; i++)
                        n += fprintf(out, "%s%s", i ? "," : "", below(&r, 4) ? "*" : "1");
                    n += fprintf(out, ")");
                }
                n += fprintf(out, "</supports>\n      </extension>\n");
            }
            n += fprintf(out, "    </block>\n");
        }
    }
    fprintf(out, "  </constraints>\n</instance>\n");
}
