/* fzn_answer.c - an outside FlatZinc solver's side of a run: the model
 * rewritten so that the solver prints every variable (fzn_all_output),
 * and one solution as the FlatZinc specification prints it read back into
 * the solution vector (fzn_read_solution), for the independent check.
 *
 * Invariant: fzn_all_output changes annotations only (it adds
 * `::output_var` / `::output_array([lo..hi])`), so the model the solver
 * is given has the variables and constraints of the one that was read. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "fzn.h"
#include "fzn_token.h"

/* ==== every variable an output ============================================= */

static int is_id(const fzn_token *t, const char *s) {
    return t->kind == FT_ID && t->len == strlen(s) && !strncmp(t->s, s, t->len);
}
static int is_p(const fzn_token *t, char c) { return t->kind == FT_PUNCT && t->punct == c; }

/* What one item needs: the position after its name where the annotation
 * goes (NULL: nothing), and the annotation. */
typedef struct item_scan {
    const char *at;
    char ann[64];
} item_scan;

/* The item of tokens t[0..n) (without its ';'). */
static void scan_item(const fzn_token *t, int n, item_scan *s) {
    s->at = NULL;
    if (n < 3) return;
    int var_decl = is_id(&t[0], "var"), arr_decl = is_id(&t[0], "array");
    if (!var_decl && !arr_decl) return;
    int depth = 0, colon = -1, eq = -1, has_var = var_decl, outputs = 0;
    for (int i = 0; i < n; i++) {
        if (is_p(&t[i], '(') || is_p(&t[i], '[') || is_p(&t[i], '{')) depth++;
        if (is_p(&t[i], ')') || is_p(&t[i], ']') || is_p(&t[i], '}')) depth--;
        if (depth == 0 && colon < 0 && is_p(&t[i], ':')) colon = i;
        if (depth == 0 && colon < 0 && is_id(&t[i], "var")) has_var = 1;
        if (depth == 0 && eq < 0 && is_p(&t[i], '=')) eq = i;
        outputs |= is_id(&t[i], "output_var") || is_id(&t[i], "output_array");
    }
    if (!has_var || outputs || colon < 0 || colon + 1 >= n || t[colon + 1].kind != FT_ID) return;
    const fzn_token *name = &t[colon + 1];
    if (var_decl) {
        /* `var int: y = x;` is x under another name (no variable of its own) */
        if (eq >= 0 && eq + 1 < n && t[eq + 1].kind == FT_ID && !is_id(&t[eq + 1], "true") &&
            !is_id(&t[eq + 1], "false"))
            return;
        snprintf(s->ann, sizeof s->ann, " ::output_var");
    } else {
        /* `array [lo..hi] of var int: a;`: fresh variables, printed as the array */
        if (eq >= 0 || n < 6 || !is_p(&t[1], '[') || t[2].kind != FT_INT || !is_p(&t[3], 'R') ||
            t[4].kind != FT_INT || !is_p(&t[5], ']'))
            return;
        snprintf(s->ann, sizeof s->ann, " ::output_array([%lld..%lld])", (long long)t[2].ival,
                 (long long)t[4].ival);
    }
    s->at = name->s + name->len;
}

int fzn_all_output(const char *buf, size_t len, const char *path, FILE *out, diag *d) {
    fzn_lexer lx;
    if (fzn_lex_init(&lx, path, buf, len, d)) return -1;
    size_t cap = 64, n = 0, copied = 0;
    fzn_token *item = NEWN(cap, fzn_token);
    int ret = 0;
    for (;;) {
        const fzn_token *t = &lx.tok;
        if (t->kind == FT_EOF || is_p(t, ';')) {
            item_scan s;
            scan_item(item, (int)n, &s);
            if (s.at) {
                size_t upto = (size_t)(s.at - buf);
                fwrite(buf + copied, 1, upto - copied, out);
                fputs(s.ann, out);
                copied = upto;
            }
            n = 0;
            if (t->kind == FT_EOF) break;
        } else {
            GROW(&item, &cap, n + 1);
            item[n++] = *t;
        }
        if (fzn_lex_next(&lx, d)) {
            ret = -1;
            break;
        }
    }
    if (!ret) fwrite(buf + copied, 1, len - copied, out);
    FREEN(item, cap);
    return ret;
}

/* ==== one printed solution ================================================== */

typedef struct byname {
    const char *name;
    int i;
} byname;

static int cmp_byname(const void *a, const void *b) {
    return strcmp(((const byname *)a)->name, ((const byname *)b)->name);
}

/* The entry called s[0..len) in the sorted table, or NULL. */
static const byname *find(const byname *tab, int n, const char *s, size_t len) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strncmp(tab[mid].name, s, len);
        if (!c) c = tab[mid].name[len] != '\0';
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < n && !strncmp(tab[lo].name, s, len) && tab[lo].name[len] == '\0') return &tab[lo];
    return NULL;
}

typedef struct sol_reader {
    const fzn_inst *in;
    int *sol;
    unsigned char *given;
    char *why;
    size_t why_size;
} sol_reader;

/* Gives term t (of the item `name`) the printed value v. */
static int give(sol_reader *r, fzn_term t, int64_t v, const char *name, size_t len) {
    if (t.var < 0) {
        if (t.val == v) return 0;
        snprintf(r->why, r->why_size, "%.*s prints %lld where the model fixes %lld",
                 (int)(len < 60 ? len : 60), name, (long long)v, (long long)t.val);
        return -1;
    }
    if (v < INT32_MIN || v > INT32_MAX) {
        snprintf(r->why, r->why_size, "%.*s = %lld is past 32 bits", (int)(len < 60 ? len : 60),
                 name, (long long)v);
        return -1;
    }
    if (r->given[t.var] && r->sol[t.var] != (int)v) {
        snprintf(r->why, r->why_size, "%s is printed as %d and as %lld", r->in->vars[t.var].name,
                 r->sol[t.var], (long long)v);
        return -1;
    }
    r->sol[t.var] = (int)v;
    r->given[t.var] = 1;
    return 0;
}

/* A value: an integer, true or false, at *p; -1 with why. */
static int read_value(sol_reader *r, const char **p, int64_t *v) {
    const char *s = *p;
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    if (!strncmp(s, "true", 4)) {
        *v = 1, *p = s + 4;
        return 0;
    }
    if (!strncmp(s, "false", 5)) {
        *v = 0, *p = s + 5;
        return 0;
    }
    char *end;
    long long x = strtoll(s, &end, 10);
    if (end == s || (*s != '-' && (*s < '0' || *s > '9'))) {
        snprintf(r->why, r->why_size, "expected an integer, true or false, found '%.*s'",
                 (int)(strcspn(s, ";\n") < 20 ? strcspn(s, ";\n") : 20), s);
        return -1;
    }
    *v = x, *p = end;
    return 0;
}

static const char *skip_ws(const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    return s;
}

int fzn_read_solution(const fzn_inst *in, const char *text, int *sol, size_t n, char *why,
                      size_t why_size) {
    if (n < (size_t)in->nvars) {
        snprintf(why, why_size, "room for %zu values, %d variables", n, in->nvars);
        return 0;
    }
    byname *vars = NEWN((size_t)in->nvars + 1, byname), *outs = NEWN((size_t)in->nouts + 1, byname);
    for (int i = 0; i < in->nvars; i++) vars[i] = (byname){in->vars[i].name, i};
    for (int i = 0; i < in->nouts; i++) outs[i] = (byname){in->outs[i].name, i};
    qsort(vars, (size_t)in->nvars, sizeof *vars, cmp_byname);
    qsort(outs, (size_t)in->nouts, sizeof *outs, cmp_byname);
    sol_reader r = {in, sol, NEWN((size_t)in->nvars + 1, unsigned char), why, why_size};
    int ok = 1;
    why[0] = '\0';
    for (const char *p = skip_ws(text); *p && ok; p = skip_ws(p)) {
        if (*p == '%') { /* a comment line (statistics) */
            p += strcspn(p, "\n");
            continue;
        }
        const char *name = p;
        while (*p && (*p == '_' || *p == '[' || *p == ']' || (*p >= 'a' && *p <= 'z') ||
                      (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            p++;
        size_t len = (size_t)(p - name);
        p = skip_ws(p);
        if (!len || *p != '=') {
            snprintf(why, why_size, "expected 'NAME = VALUE;', found '%.30s'", name);
            ok = 0;
            break;
        }
        p = skip_ws(p + 1);
        const byname *v = find(vars, in->nvars, name, len);
        const byname *o = v ? NULL : find(outs, in->nouts, name, len);
        if (!v && !o) {
            snprintf(why, why_size, "it prints '%.*s', which the model does not output",
                     (int)(len < 60 ? len : 60), name);
            ok = 0;
            break;
        }
        int64_t x;
        if (v || (o && in->outs[o->i].ndims == 0)) {
            fzn_term t = v ? (fzn_term){v->i, 0} : in->outs[o->i].t[0];
            ok = !read_value(&r, &p, &x) && !give(&r, t, x, name, len);
        } else { /* arrayNd(lo..hi, ..., [v, ...]) */
            const fzn_out *a = &in->outs[o->i];
            const char *br = strchr(p, '[');
            const char *semi = strchr(p, ';');
            if (strncmp(p, "array", 5) || !br || (semi && semi < br)) {
                snprintf(why, why_size, "%.*s: expected arrayNd(..., [...]), found '%.20s'",
                         (int)(len < 60 ? len : 60), name, p);
                ok = 0;
                break;
            }
            p = br + 1;
            for (int k = 0; k < a->n && ok; k++) {
                ok = !read_value(&r, &p, &x) && !give(&r, a->t[k], x, name, len);
                p = skip_ws(p);
                if (ok && *p != (k + 1 < a->n ? ',' : ']')) {
                    snprintf(why, why_size, "%.*s: %d values, expected %d",
                             (int)(len < 60 ? len : 60), name, k + 1, a->n);
                    ok = 0;
                }
                if (ok && *p == ',') p++;
            }
            if (ok && a->n == 0) {
                p = skip_ws(p);
                if (*p == ']') p++;
            } else if (ok) {
                p++; /* ']' */
            }
            p = skip_ws(p);
            if (ok && *p != ')') {
                snprintf(why, why_size, "%.*s: expected ')' after the array's values",
                         (int)(len < 60 ? len : 60), name);
                ok = 0;
            }
            if (ok) p++;
        }
        p = skip_ws(p);
        if (ok && *p != ';') {
            snprintf(why, why_size, "%.*s: expected ';' after the value",
                     (int)(len < 60 ? len : 60), name);
            ok = 0;
        }
        if (ok) p++;
    }
    for (int i = 0; i < in->nvars && ok; i++)
        if (!r.given[i]) {
            snprintf(why, why_size, "it gives no value to %s", in->vars[i].name);
            ok = 0;
        }
    FREEN(r.given, (size_t)in->nvars + 1);
    FREEN(vars, (size_t)in->nvars + 1);
    FREEN(outs, (size_t)in->nouts + 1);
    return ok;
}
