/* fuzz_experiment.c - fuzz target for the experiment-file parser of the
 * driver (harness/experiment.c): experiment_parse() on the input, then
 * experiment_finish() (defaults, duplicate strategies) as `run` does. */
#include "fuzz.h"
#include "harness/experiment.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t start = xmem_current();
    experiment e;
    experiment_init(&e);
    diag d;
    if (experiment_parse(&e, "fuzz.exp", (const char *)data, size, &d) == 0)
        (void)experiment_finish(&e, &d);
    experiment_free(&e);
    fuzz_check_balance(start, "experiment");
    return 0;
}
