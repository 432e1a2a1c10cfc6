/* fuzz_context.c - fuzz target for the reader of the run-context records
 * (RESULTS.context.jsonl: harness/context.c over harness/json.c), which
 * every resume reads before it may append.
 *
 * Beyond "no crash": the records read are written back and read again,
 * and must come back the same (every key and raw value), and every string
 * value decodes. */
#include <string.h>

#include "fuzz.h"
#include "harness/context.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t start = xmem_current();
    context_file cf;
    memset(&cf, 0, sizeof cf);
    diag d;
    if (context_parse("fuzz.jsonl", (const char *)data, size, &cf, &d) == 0) {
        char *mem = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&mem, &len);
        if (!m) abort();
        for (size_t i = 0; i < cf.n; i++) json_write_line(&cf.recs[i], m);
        fclose(m);
        context_file again;
        memset(&again, 0, sizeof again);
        if (context_parse("rewritten.jsonl", mem, len, &again, &d) != 0 || again.n != cf.n) {
            fprintf(stderr, "fuzz: rewritten records do not parse: %s\n%s", d.msg, mem);
            abort();
        }
        for (size_t i = 0; i < cf.n; i++) {
            if (again.recs[i].n != cf.recs[i].n) abort();
            for (size_t k = 0; k < cf.recs[i].n; k++) {
                const json_member *a = &cf.recs[i].m[k], *b = &again.recs[i].m[k];
                if (strcmp(a->key, b->key) || strcmp(a->raw, b->raw)) {
                    fprintf(stderr, "fuzz: member %zu of record %zu changed\n", k, i);
                    abort();
                }
                char *s = json_string_value(a->raw);
                if (a->raw[0] == '"' && !s) abort();
                if (s) xstrfree(s);
            }
        }
        context_file_free(&again);
        free(mem);
    }
    context_file_free(&cf);
    fuzz_check_balance(start, "context");
    return 0;
}
