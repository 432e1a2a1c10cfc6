/* write_md.c - the Markdown writer: aligned columns, numbers right-aligned,
 * caption above, note below.  A cell's `|` is written `\|` and a control
 * character as a space, so a cell never splits a row. */
#include <string.h>

#include "../core/xmalloc.h"
#include "table.h"

/* Display width of s as written: UTF-8 continuation bytes take no column,
 * an escaped `|` takes two. */
static size_t width(const char *s) {
    size_t w = 0;
    for (; *s; s++) w += (((unsigned char)*s & 0xc0) != 0x80) + (*s == '|');
    return w;
}

static void pad(FILE *out, size_t n) {
    while (n--) fputc(' ', out);
}

static void md_text(FILE *out, const char *s) {
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", out);
        else
            fputc((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s, out);
    }
}

static void md_line(const report_table *t, const size_t *w, char *const *row, FILE *out) {
    for (size_t c = 0; c < t->ncols; c++) {
        size_t fill = w[c] - width(row[c]);
        fputs("| ", out);
        if (t->right[c]) pad(out, fill);
        md_text(out, row[c]);
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

const report_writer report_writer_md = {"md", REPORT_MD, print_md};
