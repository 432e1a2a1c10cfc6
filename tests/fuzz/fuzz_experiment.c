/* fuzz_experiment.c - fuzz target for the experiment-file parser of the
 * driver (harness/experiment.c): experiment_parse() on the input, then
 * experiment_finish() (defaults, repeated strategies removed) as `run`
 * does.  The strategies it keeps are checked against a plain reference:
 * the first occurrence of each spec, in the order given. */
#include <string.h>

#include "fuzz.h"
#include "harness/experiment.h"

/* 1 if finish kept exactly the first occurrence of each spec of
 * before[0..n-1], in order (quadratic: the caller checks at most 4096 specs). */
static int dedup_ok(char **before, size_t n, const strlist *after) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) seen = !strcmp(before[j], before[i]);
        if (seen) continue;
        if (k >= after->n || strcmp(after->items[k], before[i])) return 0;
        k++;
    }
    return k == after->n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t start = xmem_current();
    experiment e;
    experiment_init(&e);
    diag d;
    if (experiment_parse(&e, "fuzz.exp", (const char *)data, size, &d) == 0) {
        size_t n = e.strategies.n;
        char **before = malloc((n ? n : 1) * sizeof *before);
        if (!before) abort();
        for (size_t i = 0; i < n; i++)
            if (!(before[i] = strdup(e.strategies.items[i]))) abort();
        if (experiment_finish(&e, &d) == 0 && n > 0 && n <= 4096 &&
            !dedup_ok(before, n, &e.strategies)) {
            fprintf(stderr, "fuzz: experiment_finish kept the wrong strategies\n");
            abort();
        }
        for (size_t i = 0; i < n; i++) free(before[i]);
        free(before);
    }
    experiment_free(&e);
    fuzz_check_balance(start, "experiment");
    return 0;
}
