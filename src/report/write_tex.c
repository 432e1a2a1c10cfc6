/* write_tex.c - the LaTeX writer: a booktabs tabular, the caption as a
 * comment, the note as rows spanning the table.  report_tex_text is the
 * one escaper of text bound for TeX. */
#include <string.h>

#include "../core/xmalloc.h"
#include "table.h"

/* The signs the cell formats use, as TeX math. */
static const struct {
    const char *utf8, *tex;
} signs[] = {{"\xc2\xb1", "$\\pm$"},          /* ± */
             {"\xe2\x80\xa0", "$^\\dagger$"}, /* † */
             {"\xc2\xb5", "$\\mu$"},          /* µ */
             {"\xc3\x97", "$\\times$"}};      /* × */

void report_tex_text(FILE *out, const char *s) {
    for (; *s; s++) {
        size_t k = 0, nsigns = sizeof signs / sizeof *signs;
        while (k < nsigns && strncmp(s, signs[k].utf8, strlen(signs[k].utf8))) k++;
        if (k < nsigns) {
            fputs(signs[k].tex, out);
            s += strlen(signs[k].utf8) - 1;
        } else if (strchr("&%#_{}$", *s)) {
            fprintf(out, "\\%c", *s);
        } else if (*s == '\\') {
            fputs("\\textbackslash{}", out);
        } else if (*s == '~' || *s == '^') {
            fprintf(out, "\\%c{}", *s);
        } else if (*s == '<' || *s == '>') { /* text mode would print other glyphs */
            fprintf(out, "$%c$", *s);
        } else if ((unsigned char)*s < 0x20 || *s == 0x7f) {
            fputc(' ', out);
        } else {
            fputc(*s, out);
        }
    }
}

static void print_tex(const report_table *t, FILE *out) {
    if (t->caption) {
        fputs("% ", out);
        report_tex_text(out, t->caption);
        fputc('\n', out);
    }
    fputs("\\begin{tabular}{", out);
    for (size_t c = 0; c < t->ncols; c++) fputc(t->right[c] ? 'r' : 'l', out);
    fputs("}\n\\toprule\n", out);
    for (size_t c = 0; c < t->ncols; c++) {
        if (c) fputs(" & ", out);
        report_tex_text(out, t->head[c]);
    }
    fputs(" \\\\\n\\midrule\n", out);
    for (size_t i = 0; i < t->n; i++) {
        if (i % t->ncols) fputs(" & ", out);
        report_tex_text(out, t->cells[i]);
        if (i % t->ncols == t->ncols - 1) fputs(" \\\\\n", out);
    }
    fputs("\\bottomrule\n", out);
    /* the note as rows spanning the table, one per line of it */
    for (const char *p = t->note; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char *line = xstrndup(p, len);
        fprintf(out, "\\multicolumn{%zu}{l}{\\footnotesize ", t->ncols);
        report_tex_text(out, line);
        fputs("} \\\\\n", out);
        xstrfree(line);
        p += len + (nl ? 1 : 0);
    }
    fputs("\\end{tabular}\n", out);
}

const report_writer report_writer_tex = {"tex", REPORT_TEX, print_tex};
