/* write_html.c - the HTML writer: one <table class="sortable"> with its
 * caption and note (report_html_page wraps tables in a page whose script
 * sorts and filters them).  Summary rows (t->footer) go in <tfoot>, which
 * sorting leaves in place.  report_html_text is the one escaper of text
 * bound for HTML. */
#include <string.h>

#include "table.h"

void report_html_text(FILE *out, const char *s) {
    for (; *s; s++) switch (*s) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t' ? ' ' : *s, out);
        }
}

static void print_html(const report_table *t, FILE *out) {
    fputs("<table class=\"sortable\">\n", out);
    if (t->caption) {
        fputs("<caption>", out);
        report_html_text(out, t->caption);
        fputs("</caption>\n", out);
    }
    fputs("<thead><tr>", out);
    for (size_t c = 0; c < t->ncols; c++) {
        fprintf(out, "<th%s>", t->right[c] ? " class=\"num\"" : "");
        report_html_text(out, t->head[c]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    size_t rows = t->ncols ? t->n / t->ncols : 0,
           body = rows - (t->footer < rows ? t->footer : rows);
    for (size_t r = 0; r < rows; r++) {
        if (r == body) fputs("</tbody>\n<tfoot>\n", out);
        fputs("<tr>", out);
        for (size_t c = 0; c < t->ncols; c++) {
            fprintf(out, "<td%s>", t->right[c] ? " class=\"num\"" : "");
            report_html_text(out, t->cells[r * t->ncols + c]);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs(body < rows ? "</tfoot>\n" : "</tbody>\n", out);
    fputs("</table>\n", out);
    if (t->note) {
        fputs("<p class=\"note\">", out);
        report_html_text(out, t->note);
        fputs("</p>\n", out);
    }
}

const report_writer report_writer_html = {"html", REPORT_HTML, print_html};
