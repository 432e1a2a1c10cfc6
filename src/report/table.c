/* table.c - the table model, the writers' registry and the cell formats
 * (see table.h). */
#include "table.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"

void report_init(report_table *t) { memset(t, 0, sizeof *t); }

void report_free(report_table *t) {
    for (size_t i = 0; i < t->ncols; i++) xstrfree(t->head[i]);
    if (t->head) FREEN(t->head, t->ncols);
    if (t->right) FREEN(t->right, t->ncols);
    for (size_t i = 0; i < t->n; i++) xstrfree(t->cells[i]);
    if (t->cells) FREEN(t->cells, t->cap);
    if (t->note) xstrfree(t->note);
    memset(t, 0, sizeof *t);
}

void report_header(report_table *t, const char *spec) {
    size_t n = 1;
    for (const char *p = spec; *p; p++) n += *p == '\t';
    t->ncols = n;
    t->head = NEWN(n, char *);
    t->right = NEWN(n, char);
    for (size_t i = 0; i < n; i++) {
        const char *tab = strchr(spec, '\t');
        size_t len = tab ? (size_t)(tab - spec) : strlen(spec);
        if (*spec == '>') {
            t->right[i] = 1;
            spec++;
            len--;
        }
        t->head[i] = xstrndup(spec, len);
        spec += len + (tab ? 1 : 0);
    }
}

void report_row_v(report_table *t, size_t n, const char *const *cells) {
    GROW(&t->cells, &t->cap, t->n + t->ncols);
    for (size_t i = 0; i < t->ncols; i++) t->cells[t->n++] = xstrdup(i < n ? cells[i] : "");
}

void report_row(report_table *t, size_t n, ...) {
    const char *cells[32];
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n && i < 32; i++) cells[i] = va_arg(ap, const char *);
    va_end(ap);
    report_row_v(t, n < 32 ? n : 32, cells);
}

void report_note(report_table *t, const char *fmt, ...) {
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t old = t->note ? strlen(t->note) : 0, n = old + strlen(line) + 2;
    char *s = xmalloc(n);
    snprintf(s, n, "%s%s%s", t->note ? t->note : "", t->note ? "\n" : "", line);
    if (t->note) xstrfree(t->note);
    t->note = xstrdup(s);
    xfree(s, n);
}

const report_writer *const report_writers[] = {&report_writer_md, &report_writer_csv,
                                               &report_writer_tex, &report_writer_html, NULL};

const report_writer *report_writer_find(const char *name) {
    return REGISTRY_FIND(report_writer, report_writers, name);
}

/* ---- cell formats -------------------------------------------------------------- */

/* x with 3 significant digits, keeping trailing zeros (1.20, 12.0, 120). */
void report_sig3(double x, char *buf, size_t size) {
    int dec = x > 0 ? 2 - (int)floor(log10(x)) : 2;
    if (dec < 0) dec = 0;
    snprintf(buf, size, "%.*f", dec, x);
}

void report_fixed(double x, int sig, char *buf, size_t size) {
    int dec = x > 0 ? sig - 1 - (int)floor(log10(x)) : 0;
    if (dec < 0) dec = 0;
    snprintf(buf, size, "%.*f", dec, x);
}

void report_seconds(double s, char *buf, size_t size) { snprintf(buf, size, "%.9f", s); }

void report_time(report_format f, double ns, char *buf, size_t size) {
    if (f == REPORT_CSV) {
        snprintf(buf, size, "%.0f", ns);
        return;
    }
    /* "us" for people who type it; TeX's writer turns the micro sign into
     * $\mu$ */
    static const char *const md[] = {"ns", "us", "ms", "s"};
    static const char *const tex[] = {"ns", "\xc2\xb5s", "ms", "s"};
    int u = 0;
    double v = ns;
    char num[32];
    for (;;) {
        report_sig3(v, num, sizeof num);
        if (u < 3 && atof(num) >= 1000) {
            v /= 1000;
            u++;
            continue;
        }
        break;
    }
    snprintf(buf, size, "%s %s", num, (f == REPORT_TEX ? tex : md)[u]);
}

void report_count(report_format f, double x, char *buf, size_t size) {
    if (f == REPORT_CSV) { /* a median or quartile may have a fraction */
        snprintf(buf, size, "%.3f", x);
        char *e = buf + strlen(buf) - 1;
        while (*e == '0') *e-- = '\0';
        if (*e == '.') *e = '\0';
        return;
    }
    if (x != floor(x) && x < 100) { /* a median of an even number of counts */
        snprintf(buf, size, "%.1f", x);
        return;
    }
    char raw[40], out[64];
    snprintf(raw, sizeof raw, "%.0f", x);
    size_t n = strlen(raw), o = 0;
    for (size_t i = 0; i < n && o + 2 < sizeof out; i++) {
        if (i && (n - i) % 3 == 0) out[o++] = ',';
        out[o++] = raw[i];
    }
    out[o] = '\0';
    snprintf(buf, size, "%s", out);
}

void report_case_name(const char *path, char *buf, size_t size) {
    const char *b = strrchr(path, '/');
    snprintf(buf, size, "%s", b ? b + 1 : path);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf) *dot = '\0';
}
