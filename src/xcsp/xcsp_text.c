/* xcsp_text.c - scanning the text of XCSP3 elements: integers, domains
 * (0 2 9 14, 1..9, mixed) and the tuples of <supports>/<conflicts>
 * ((1,2,*)(0,3,1) and, for one variable, values and ranges).  Every error
 * names the file and the line of the offending token within the text. */
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp_text.h"

void xcsp_scan_init(xcsp_scan *sc, const char *text, size_t len, const char *path, int line) {
    sc->s = text;
    sc->end = text + len;
    xcsp_lines_init(&sc->lines, text, len, line);
    sc->path = path;
}

int xcsp_scan_line(xcsp_scan *sc, const char *at) { return xcsp_line_of(&sc->lines, at); }

int xcsp_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
#define blank xcsp_blank

int xcsp_scan_more(xcsp_scan *sc) {
    while (sc->s < sc->end && blank(*sc->s)) sc->s++;
    return sc->s < sc->end;
}

size_t xcsp_scan_token(xcsp_scan *sc, const char **tok) {
    xcsp_scan_more(sc);
    *tok = sc->s;
    while (sc->s < sc->end && !blank(*sc->s)) sc->s++;
    return (size_t)(sc->s - *tok);
}

int xcsp_read_int(const char **p, const char *end, int64_t *v) {
    const char *s = *p;
    int neg = 0;
    if (s < end && (*s == '-' || *s == '+')) neg = *s == '-', s++;
    if (s >= end || *s < '0' || *s > '9') return 0;
    int64_t x = 0;
    while (s < end && *s >= '0' && *s <= '9') {
        x = x <= XCSP_MAX_CONST / 10 ? x * 10 + (*s - '0') : XCSP_MAX_CONST + 1; /* saturated */
        s++;
    }
    *v = neg ? -x : x;
    *p = s;
    return 1;
}

const char *xcsp_show(const char *tok, size_t len, char *buf, size_t size) {
    size_t n = len < size - 4 ? len : size - 4;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) buf[o++] = (tok[i] >= 32 && tok[i] < 127) ? tok[i] : '?';
    if (n < len) buf[o++] = '.', buf[o++] = '.', buf[o++] = '.';
    buf[o] = '\0';
    return buf;
}

int xcsp_parse_int(const char *tok, size_t len, int64_t limit, int64_t *v, const char *what,
                   xcsp_scan *sc, diag *d) {
    const char *p = tok, *end = tok + len;
    char buf[64];
    if (!xcsp_read_int(&p, end, v) || p != end)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: expected an integer, found '%s'", what,
                       xcsp_show(tok, len, buf, sizeof buf));
    if (*v > limit || *v < -limit)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: %s is out of the supported range -%lld..%lld", what,
                       xcsp_show(tok, len, buf, sizeof buf), (long long)limit, (long long)limit);
    return 0;
}

/* One domain item: v or a..b; 0 with the range, or -1 with d. */
static int domain_item(xcsp_scan *sc, const char *tok, size_t len, const char *who, int64_t *a,
                       int64_t *b, diag *d) {
    const char *p = tok, *end = tok + len;
    char buf[64];
    if (!xcsp_read_int(&p, end, a)) goto bad;
    *b = *a;
    if (p + 1 < end && p[0] == '.' && p[1] == '.') {
        p += 2;
        if (!xcsp_read_int(&p, end, b)) goto bad;
    }
    if (p != end) goto bad;
    if (*a > XCSP_MAX_VALUE || *a < XCSP_MIN_VALUE || *b > XCSP_MAX_VALUE || *b < XCSP_MIN_VALUE)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: '%s' in the domain is out of the supported values %d..%d", who,
                       xcsp_show(tok, len, buf, sizeof buf), XCSP_MIN_VALUE, XCSP_MAX_VALUE);
    if (*a > *b)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: empty range '%s' in the domain (expected a..b with a <= b)", who,
                       xcsp_show(tok, len, buf, sizeof buf));
    return 0;
bad:
    return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                   "%s: expected a domain of integers and ranges a..b, found '%s'", who,
                   xcsp_show(tok, len, buf, sizeof buf));
}

static int cmp_ival(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

void xcsp_ivals_normalize(xcsp_ivals *iv) {
    if (iv->n > 1) qsort(iv->v, iv->n, 2 * sizeof *iv->v, cmp_ival);
    size_t m = 0;
    for (size_t i = 0; i < iv->n; i++) {
        int64_t lo = iv->v[2 * i], hi = iv->v[2 * i + 1];
        if (m && lo <= iv->v[2 * m - 1] + 1) {
            if (hi > iv->v[2 * m - 1]) iv->v[2 * m - 1] = hi;
        } else {
            iv->v[2 * m] = lo, iv->v[2 * m + 1] = hi, m++;
        }
    }
    iv->n = m;
}

void xcsp_ivals_free(xcsp_ivals *iv) {
    if (iv->v) FREEN(iv->v, iv->cap);
    memset(iv, 0, sizeof *iv);
}

int xcsp_parse_domain(xcsp_scan *sc, const char *who, xcsp_ivals *iv, diag *d) {
    const char *tok;
    size_t len;
    iv->n = 0;
    while ((len = xcsp_scan_token(sc, &tok)) > 0) {
        int64_t a = 0, b = 0;
        if (domain_item(sc, tok, len, who, &a, &b, d)) return -1;
        GROW(&iv->v, &iv->cap, 2 * (iv->n + 1));
        iv->v[2 * iv->n] = a, iv->v[2 * iv->n + 1] = b, iv->n++;
    }
    if (!iv->n)
        return diag_at(d, sc->path, sc->lines.line0, 0,
                       "%s: empty domain (expected values such as 0 2 9 or ranges 1..9)", who);
    xcsp_ivals_normalize(iv);
    return 0;
}

/* One value of a row: *v, or *none = 1 when no variable can take it. */
static int row_value(xcsp_scan *sc, const char **p, const char *elem, int *v, int *none,
                     xcsp_symbol_fn sym, void *ctx, diag *d) {
    const char *s = *p;
    int64_t x;
    if (s < sc->end && *s == '*') {
        *v = CSP_TABLE_STAR;
        *p = s + 1;
        return 0;
    }
    if (sym && s < sc->end && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) {
        const char *e = s;
        while (e < sc->end && !blank(*e) && *e != ',' && *e != ')') e++;
        int id = sym(ctx, s, (size_t)(e - s));
        *p = e;
        if (id < 0)
            *none = 1;
        else
            *v = id;
        return 0;
    }
    if (!xcsp_read_int(p, sc->end, &x)) {
        char buf[32];
        const char *e = s;
        while (e < sc->end && e - s < 20 && !blank(*e) && *e != ',' && *e != ')') e++;
        return diag_at(d, sc->path, xcsp_scan_line(sc, s), 0,
                       "<%s>: expected an integer or * in a tuple, found '%s'", elem,
                       xcsp_show(s, (size_t)(e - s), buf, sizeof buf));
    }
    if (x > XCSP_MAX_VALUE || x < XCSP_MIN_VALUE)
        *none = 1; /* no variable holds it */
    else
        *v = (int)x;
    return 0;
}

/* The arity of the rows being sorted or searched (qsort and bsearch take
 * no context; parsing is single-threaded). */
static int rows_arity;

static int cmp_row(const void *a, const void *b) {
    const int *x = a, *y = b;
    for (int i = 0; i < rows_arity; i++)
        if (x[i] != y[i]) return (x[i] > y[i]) - (x[i] < y[i]);
    return 0;
}

int xcsp_table_has_sorted(const xcsp_table *t, const int *tuple) {
    rows_arity = t->arity;
    return bsearch(tuple, t->rows, t->nrows, (size_t)t->arity * sizeof(int), cmp_row) != NULL;
}

int xcsp_parse_tuples(xcsp_scan *sc, const char *elem, xcsp_table *t, xcsp_symbol_fn sym, void *ctx,
                      diag *d) {
    t->sorted = 0; /* until the rows are read and found free of stars */
    const char *tok;
    size_t len;
    if (t->arity == 1) { /* values and ranges, as a list of intervals */
        t->unary_ranges = 1;
        while ((len = xcsp_scan_token(sc, &tok)) > 0) {
            const char *p = tok, *end = tok + len;
            int64_t a, b;
            char buf[64];
            if (sym && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
                int id = sym(ctx, tok, len); /* a symbol; unknown ones match nothing */
                if (id < 0) continue;
                GROW(&t->rows, &t->cap, 2 * (t->nrows + 1));
                t->rows[2 * t->nrows] = t->rows[2 * t->nrows + 1] = id;
                t->nrows++;
                continue;
            }
            if (!xcsp_read_int(&p, end, &a)) goto bad_unary;
            b = a;
            if (p + 1 < end && p[0] == '.' && p[1] == '.') {
                p += 2;
                if (!xcsp_read_int(&p, end, &b)) goto bad_unary;
            }
            if (p != end) goto bad_unary;
            if (a > b)
                return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                               "<%s>: empty range '%s' (expected a..b with a <= b)", elem,
                               xcsp_show(tok, len, buf, sizeof buf));
            /* clamp: values beyond the supported range match no variable */
            if (a < XCSP_MIN_VALUE) a = XCSP_MIN_VALUE;
            if (b > XCSP_MAX_VALUE) b = XCSP_MAX_VALUE;
            if (a > b) continue;
            GROW(&t->rows, &t->cap, 2 * (t->nrows + 1));
            t->rows[2 * t->nrows] = (int)a;
            t->rows[2 * t->nrows + 1] = (int)b;
            t->nrows++;
            continue;
        bad_unary:
            return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                           "<%s> of one variable: expected integers or ranges a..b, found '%s'",
                           elem, xcsp_show(tok, len, buf, sizeof buf));
        }
        return 0;
    }
    while (xcsp_scan_more(sc)) {
        const char *start = sc->s, *p = sc->s;
        if (*p != '(') {
            char buf[32];
            return diag_at(
                d, sc->path, xcsp_scan_line(sc, p), 0,
                "<%s>: expected a tuple (v1,...,v%d), found '%s'", elem, t->arity,
                xcsp_show(p, (size_t)(sc->end - p < 20 ? sc->end - p : 20), buf, sizeof buf));
        }
        p++;
        GROW(&t->rows, &t->cap, (t->nrows + 1) * (size_t)t->arity);
        int *row = t->rows + t->nrows * (size_t)t->arity, k = 0, none = 0;
        for (;;) {
            while (p < sc->end && blank(*p)) p++;
            int v = 0;
            if (row_value(sc, &p, elem, &v, &none, sym, ctx, d)) return -1;
            t->stars |= v == CSP_TABLE_STAR;
            if (k < t->arity) row[k] = v;
            k++;
            while (p < sc->end && blank(*p)) p++;
            if (p < sc->end && *p == ',') {
                p++;
                continue;
            }
            if (p < sc->end && *p == ')') {
                p++;
                break;
            }
            char buf[32];
            return diag_at(d, sc->path, xcsp_scan_line(sc, p), 0,
                           "<%s>: expected ',' or ')' in a tuple, found '%s'", elem,
                           p < sc->end ? xcsp_show(p, 1, buf, sizeof buf) : "the end of the text");
        }
        if (k != t->arity)
            return diag_at(d, sc->path, xcsp_scan_line(sc, start), 0,
                           "<%s>: a tuple of %d values, the scope has %d variables", elem, k,
                           t->arity);
        sc->s = p;
        if (none) continue; /* the row can never match */
        t->nrows++;
        if (t->nrows > CSP_TABLE_MAX_TUPLES)
            return diag_at(d, sc->path, xcsp_scan_line(sc, start), 0,
                           "<%s>: more than %zu tuples (the supported maximum)", elem,
                           (size_t)CSP_TABLE_MAX_TUPLES);
        sc->s = p;
    }
    if (!t->stars && !t->unary_ranges && t->arity > 0) { /* a check is a binary search */
        rows_arity = t->arity;
        qsort(t->rows, t->nrows, (size_t)t->arity * sizeof(int), cmp_row);
        t->sorted = 1;
    }
    return 0;
}
