/* fuzz_solver_file.c - fuzz target for the solver-file parser
 * (solve/solver_file.c): solver_file_parse() on the input, as `run
 * --solver` reads a file; a file it accepts is in the table of loaded
 * solvers under its name, accepts at least one puzzle and has a command;
 * the table is emptied after each input and no byte may leak. */
#include <string.h>

#include "fuzz.h"
#include "solve/solver_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t start = xmem_current();
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = '\0';
    diag d;
    const char *name = NULL;
    int rc = solver_file_parse("fuzz.solver", text, &name, &d);
    if (rc == 0) {
        const outside_solver *s = outside_solver_find(name);
        if (!s || s->naccepts < 1 || s->nwords < 1 || !outside_solver_at(0)) {
            fprintf(stderr, "fuzz: an accepted solver file is not loaded whole\n");
            abort();
        }
    } else if (rc != 1 && rc != -1) {
        abort();
    }
    solver_files_clear();
    free(text);
    fuzz_check_balance(start, "solver_file");
    return 0;
}
