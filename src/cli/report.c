/* report.c - Markdown, CSV and LaTeX tables (see report.h). */
#include "report.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../core/textout.h"
#include "../core/xmalloc.h"
#include "../harness/context.h"
#include "cli.h"

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

/* Display width: UTF-8 continuation bytes take no column. */
static size_t width(const char *s) {
    size_t w = 0;
    for (; *s; s++) w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

static void pad(FILE *out, size_t n) {
    while (n--) fputc(' ', out);
}

static void md_line(const report_table *t, const size_t *w, char *const *row, FILE *out) {
    for (size_t c = 0; c < t->ncols; c++) {
        size_t fill = w[c] - width(row[c]);
        fputs("| ", out);
        if (t->right[c]) pad(out, fill);
        fputs(row[c], out);
        if (!t->right[c]) pad(out, fill);
        fputc(' ', out);
    }
    fputs("|\n", out);
}

static void print_md(const report_table *t, FILE *out) {
    size_t *w = NEWN(t->ncols, size_t);
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = width(t->head[c]) > 3 ? width(t->head[c]) : 3;
        for (size_t i = c; i < t->n; i += t->ncols)
            if (width(t->cells[i]) > w[c]) w[c] = width(t->cells[i]);
    }
    if (t->caption) fprintf(out, "%s\n\n", t->caption);
    md_line(t, w, t->head, out);
    for (size_t c = 0; c < t->ncols; c++) {
        fputs("| ", out);
        for (size_t k = 0; k + 1 < w[c]; k++) fputc('-', out);
        fputs(t->right[c] ? ": " : "- ", out);
    }
    fputs("|\n", out);
    for (size_t i = 0; i < t->n; i += t->ncols) md_line(t, w, t->cells + i, out);
    if (t->note) fprintf(out, "\n%s\n", t->note);
    FREEN(w, t->ncols);
}

/* TeX-escapes text; `$...$` math the cell formats made is kept (so cells
 * write < and > plainly: they become $<$ and $>$ here). */
static void tex_cell(FILE *out, const char *s) {
    for (; *s; s++) {
        if (strchr("&%#_{}", *s)) {
            fprintf(out, "\\%c", *s);
        } else if (*s == '~' || *s == '^') {
            fprintf(out, "\\%c{}", *s);
        } else if (!strncmp(s, "\xc2\xb1", 2)) { /* ± */
            fputs("$\\pm$", out);
            s++;
        } else if (!strncmp(s, "\xe2\x80\xa0", 3)) { /* † */
            fputs("$^\\dagger$", out);
            s += 2;
        } else if (*s == '<' || *s == '>') { /* text mode would print other glyphs */
            fprintf(out, "$%c$", *s);
        } else if (*s == '*') {
            continue;
        } else {
            fputc(*s, out);
        }
    }
}

void report_print(const report_table *t, report_format f, FILE *out) {
    if (f == REPORT_MD) {
        print_md(t, out);
        return;
    }
    void (*cell)(FILE *, const char *) = f == REPORT_CSV ? text_csv_field : tex_cell;
    const char *sep = f == REPORT_CSV ? "," : " & ", *end = f == REPORT_CSV ? "\n" : " \\\\\n";
    if (f == REPORT_TEX) {
        if (t->caption) fprintf(out, "%% %s\n", t->caption);
        fputs("\\begin{tabular}{", out);
        for (size_t c = 0; c < t->ncols; c++) fputc(t->right[c] ? 'r' : 'l', out);
        fputs("}\n\\toprule\n", out);
    }
    for (size_t c = 0; c < t->ncols; c++) {
        if (c) fputs(sep, out);
        cell(out, t->head[c]);
    }
    fputs(end, out);
    if (f == REPORT_TEX) fputs("\\midrule\n", out);
    for (size_t i = 0; i < t->n; i++) {
        if (i % t->ncols) fputs(sep, out);
        cell(out, t->cells[i]);
        if (i % t->ncols == t->ncols - 1) fputs(end, out);
    }
    if (f == REPORT_TEX) {
        fputs("\\bottomrule\n", out);
        /* the note as rows spanning the table, one per line of it */
        for (const char *p = t->note; p && *p;) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            char *line = xstrndup(p, len);
            fprintf(out, "\\multicolumn{%zu}{l}{\\footnotesize ", t->ncols);
            tex_cell(out, line);
            fputs("} \\\\\n", out);
            xstrfree(line);
            p += len + (nl ? 1 : 0);
        }
        fputs("\\end{tabular}\n", out);
    }
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
    static const char *const md[] = {"ns", "us", "ms", "s"};
    static const char *const tex[] = {"ns", "$\\mu$s", "ms", "s"};
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

void report_mix_note(const char *cmd, const char *path, const context_mix *m, report_table *rt) {
    if (m->settings <= 1) return;
    char line[512];
    snprintf(line, sizeof line,
             "The rows were measured under %zu different settings (%s) in %zu invocations: see "
             "the invocation column and %s's context records.",
             m->settings, m->differ, m->invocations, path);
    if (rt)
        report_note(rt, "%s", line);
    else
        fprintf(stderr, "searchlab %s: %s\n", cmd, line);
}

int report_load(const char *cmd, const char *path, const char *group_by, const char *timeout_flag,
                report_input *in) {
    memset(in, 0, sizeof *in);
    if (timeout_flag && cli_seconds(cmd, "--timeout", timeout_flag, &in->limit_s))
        return EXIT_BAD_INPUT;
    diag d = {{0}};
    if (results_load(path, 0, &in->rs, &d) || results_regroup(&in->rs, group_by, &d)) {
        fprintf(stderr, "searchlab %s: %s\n", cmd, d.msg);
        return EXIT_BAD_INPUT;
    }
    if (in->rs.torn)
        fprintf(stderr, "searchlab %s: %s: ignoring a torn last line (a run being written?)\n", cmd,
                path);
    if (in->rs.n == 0) return cli_usage_error(cmd, "%s: no result rows", path);
    if (context_mix_of(path, &in->rs, &in->mix, &d)) {
        fprintf(stderr, "searchlab %s: %s\n", cmd, d.msg);
        memset(&in->mix, 0, sizeof in->mix);
    }
    if (!timeout_flag) {
        in->limit_s = in->mix.timeout_s;
        if (in->mix.timeout_mixed)
            fprintf(stderr,
                    "searchlab %s: %s: its runs were measured under different time limits; "
                    "PAR-2 and the figures use the largest, %g s (--timeout S to choose)\n",
                    cmd, path, in->limit_s);
    }
    return EXIT_DONE;
}

void report_input_free(report_input *in) { result_set_free(&in->rs); }
