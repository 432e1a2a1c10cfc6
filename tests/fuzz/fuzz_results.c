/* fuzz_results.c - fuzz target for the result-file reader used by
 * `report`, `merge` and resume (results_parse() on a memory buffer).
 *
 * Beyond "no crash": the rows read are written back with the CSV writer
 * and read again, and must come back the same (every string field and the
 * whole CSV line), so a writer/reader disagreement on quoting or numbers
 * shows up as an abort. */
#include <string.h>

#include "fuzz.h"
#include "harness/results.h"

/* The CSV of rs (header + rows) in a malloc'd buffer. */
static char *write_csv(const result_set *rs, size_t *len) {
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) abort();
    results_write_header(f);
    for (size_t i = 0; i < rs->n; i++) results_write_csv(&rs->rows[i], f);
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t start = xmem_current();
    result_set rs = {0};
    diag d;
    if (results_parse("fuzz.csv", (const char *)data, size, &rs, &d) == 0 && rs.valid_len > size)
        abort();
    if (rs.n > 0) {
        size_t len1, len2;
        char *csv1 = write_csv(&rs, &len1);
        result_set again = {0};
        if (results_parse("rewritten.csv", csv1, len1, &again, &d) != 0) {
            fprintf(stderr, "fuzz: rewritten rows do not parse: %s\n%s", d.msg, csv1);
            abort();
        }
        char *csv2 = write_csv(&again, &len2);
        if (again.n != rs.n || len1 != len2 || memcmp(csv1, csv2, len1) != 0) {
            fprintf(stderr, "fuzz: rows changed when written and read again:\n%s---\n%s", csv1,
                    csv2);
            abort();
        }
        free(csv1);
        free(csv2);
        result_set_free(&again);
    }
    result_set_free(&rs);
    fuzz_check_balance(start, "results");
    return 0;
}
