/* xcsp_text.c - scanning the text of XCSP3 elements: integers, domains
 * (0 2 9 14, 1..9, mixed) and the tuples of <supports>/<conflicts>
 * ((1,2,*)(0,3,1) and, for one variable, values and ranges).  Every error
 * names the file and the line of the offending token within the text. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp.h"

void xcsp_lines_init(xcsp_lines *l, const char *text, size_t len, int line) {
    l->base = l->at = text;
    l->end = text + len;
    l->line0 = l->line = line;
}

int xcsp_line_of(xcsp_lines *l, const char *at) {
    if (at > l->end) at = l->end;
    if (at < l->at) l->at = l->base, l->line = l->line0;
    for (; l->at < at; l->at++) l->line += *l->at == '\n';
    return l->line;
}

void xcsp_scan_init(xcsp_scan *sc, const char *text, size_t len, const char *path, int line) {
    sc->s = text;
    sc->end = text + len;
    xcsp_lines_init(&sc->lines, text, len, line);
    sc->path = path;
}

int xcsp_scan_line(xcsp_scan *sc, const char *at) { return xcsp_line_of(&sc->lines, at); }

static int blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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

/* Reads an optional sign and digits at *p (< end); 1 with *v (saturated
 * beyond 2^62) if there were digits. */
static int read_int(const char **p, const char *end, int64_t *v) {
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

static const char *show(const char *tok, size_t len, char *buf, size_t size) {
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
    if (!read_int(&p, end, v) || p != end)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: expected an integer, found '%s'", what,
                       show(tok, len, buf, sizeof buf));
    if (*v > limit || *v < -limit)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: %s is out of the supported range -%lld..%lld", what,
                       show(tok, len, buf, sizeof buf), (long long)limit, (long long)limit);
    return 0;
}

/* One domain item: v or a..b; 0 with the range, or -1 with d. */
static int domain_item(xcsp_scan *sc, const char *tok, size_t len, const char *who, int64_t *a,
                       int64_t *b, diag *d) {
    const char *p = tok, *end = tok + len;
    char buf[64];
    if (!read_int(&p, end, a)) goto bad;
    *b = *a;
    if (p + 1 < end && p[0] == '.' && p[1] == '.') {
        p += 2;
        if (!read_int(&p, end, b)) goto bad;
    }
    if (p != end) goto bad;
    if (*a > XCSP_MAX_VALUE || *a < -XCSP_MAX_VALUE || *b > XCSP_MAX_VALUE || *b < -XCSP_MAX_VALUE)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: '%s' in the domain is out of the supported values -%d..%d", who,
                       show(tok, len, buf, sizeof buf), XCSP_MAX_VALUE, XCSP_MAX_VALUE);
    if (*a > *b)
        return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                       "%s: empty range '%s' in the domain (expected a..b with a <= b)", who,
                       show(tok, len, buf, sizeof buf));
    return 0;
bad:
    return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                   "%s: expected a domain of integers and ranges a..b, found '%s'", who,
                   show(tok, len, buf, sizeof buf));
}

int xcsp_parse_domain(xcsp_scan *sc, const char *who, int *lo, csp_dom *dom, diag *d) {
    xcsp_scan first = *sc;
    int64_t mn = 0, mx = 0, a = 0, b = 0;
    int any = 0;
    const char *tok;
    size_t len;
    while ((len = xcsp_scan_token(sc, &tok)) > 0) {
        if (domain_item(sc, tok, len, who, &a, &b, d)) return -1;
        if (!any || a < mn) mn = a;
        if (!any || b > mx) mx = b;
        any = 1;
    }
    if (!any)
        return diag_at(d, sc->path, sc->lines.line0, 0,
                       "%s: empty domain (expected values such as 0 2 9 or ranges 1..9)", who);
    if (mx - mn >= CSP_MAX_VALUES)
        return diag_at(d, sc->path, sc->lines.line0, 0,
                       "%s: the domain spans %lld..%lld, wider than the %d consecutive values "
                       "a variable of the engine holds",
                       who, (long long)mn, (long long)mx, CSP_MAX_VALUES);
    *lo = (int)mn;
    *dom = 0;
    while ((len = xcsp_scan_token(&first, &tok)) > 0) {
        domain_item(&first, tok, len, who, &a, &b, d);
        *dom |= csp_range((int)(a - mn), (int)(b - mn));
    }
    return 0;
}

static int row_value(xcsp_scan *sc, const char **p, const char *elem, int star_ok, int *v,
                     diag *d) {
    const char *s = *p;
    int64_t x;
    if (s < sc->end && *s == '*' && star_ok) {
        *v = CSP_TABLE_STAR;
        *p = s + 1;
        return 0;
    }
    if (!read_int(p, sc->end, &x)) {
        char buf[32];
        const char *e = s;
        while (e < sc->end && e - s < 20 && !blank(*e) && *e != ',' && *e != ')') e++;
        return diag_at(d, sc->path, xcsp_scan_line(sc, s), 0,
                       "<%s>: expected an integer%s in a tuple, found '%s'", elem,
                       star_ok ? " or *" : "", show(s, (size_t)(e - s), buf, sizeof buf));
    }
    if (x > XCSP_MAX_VALUE || x < -XCSP_MAX_VALUE) {
        /* no variable holds it: keep a value that matches nothing */
        x = x > 0 ? XCSP_MAX_VALUE + 1 : -XCSP_MAX_VALUE - 1;
    }
    *v = (int)x;
    return 0;
}

int xcsp_parse_tuples(xcsp_scan *sc, const char *elem, xcsp_table *t, diag *d) {
    const char *tok;
    size_t len;
    if (t->arity == 1) { /* values and ranges, as a list of intervals */
        t->unary_ranges = 1;
        while ((len = xcsp_scan_token(sc, &tok)) > 0) {
            const char *p = tok, *end = tok + len;
            int64_t a, b;
            char buf[64];
            if (!read_int(&p, end, &a)) goto bad_unary;
            b = a;
            if (p + 1 < end && p[0] == '.' && p[1] == '.') {
                p += 2;
                if (!read_int(&p, end, &b)) goto bad_unary;
            }
            if (p != end) goto bad_unary;
            if (a > b)
                return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                               "<%s>: empty range '%s' (expected a..b with a <= b)", elem,
                               show(tok, len, buf, sizeof buf));
            /* clamp: values beyond the supported range match no variable */
            if (a < -XCSP_MAX_VALUE - 1) a = -XCSP_MAX_VALUE - 1;
            if (b > XCSP_MAX_VALUE + 1) b = XCSP_MAX_VALUE + 1;
            GROW(&t->rows, &t->cap, 2 * (t->nrows + 1));
            t->rows[2 * t->nrows] = (int)a;
            t->rows[2 * t->nrows + 1] = (int)b;
            t->nrows++;
            continue;
        bad_unary:
            return diag_at(d, sc->path, xcsp_scan_line(sc, tok), 0,
                           "<%s> of one variable: expected integers or ranges a..b, found '%s'",
                           elem, show(tok, len, buf, sizeof buf));
        }
        return 0;
    }
    while (xcsp_scan_more(sc)) {
        const char *start = sc->s, *p = sc->s;
        if (*p != '(') {
            char buf[32];
            return diag_at(d, sc->path, xcsp_scan_line(sc, p), 0,
                           "<%s>: expected a tuple (v1,...,v%d), found '%s'", elem, t->arity,
                           show(p, (size_t)(sc->end - p < 20 ? sc->end - p : 20), buf, sizeof buf));
        }
        p++;
        GROW(&t->rows, &t->cap, (t->nrows + 1) * (size_t)t->arity);
        int *row = t->rows + t->nrows * (size_t)t->arity, k = 0;
        for (;;) {
            while (p < sc->end && blank(*p)) p++;
            int v = 0;
            if (row_value(sc, &p, elem, 1, &v, d)) return -1;
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
                           p < sc->end ? show(p, 1, buf, sizeof buf) : "the end of the text");
        }
        if (k != t->arity)
            return diag_at(d, sc->path, xcsp_scan_line(sc, start), 0,
                           "<%s>: a tuple of %d values, the scope has %d variables", elem, k,
                           t->arity);
        t->nrows++;
        if (t->nrows > CSP_TABLE_MAX_TUPLES)
            return diag_at(d, sc->path, xcsp_scan_line(sc, start), 0,
                           "<%s>: more than %zu tuples (the supported maximum)", elem,
                           (size_t)CSP_TABLE_MAX_TUPLES);
        sc->s = p;
    }
    return 0;
}
