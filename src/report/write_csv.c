/* write_csv.c - the CSV writer: RFC 4180 fields (core/textout), exact
 * numbers; no caption or note (they are for people). */
#include "../core/textout.h"
#include "table.h"

static void print_csv(const report_table *t, FILE *out) {
    for (size_t c = 0; c < t->ncols; c++) {
        if (c) fputc(',', out);
        text_csv_field(out, t->head[c]);
    }
    fputc('\n', out);
    for (size_t i = 0; i < t->n; i++) {
        if (i % t->ncols) fputc(',', out);
        text_csv_field(out, t->cells[i]);
        if (i % t->ncols == t->ncols - 1) fputc('\n', out);
    }
}

const report_writer report_writer_csv = {"csv", REPORT_CSV, print_csv};
