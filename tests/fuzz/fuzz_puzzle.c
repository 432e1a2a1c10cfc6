/* fuzz_puzzle.c - fuzz target for one puzzle's instance parser, built once
 * per puzzle of the registry with -DFUZZ_PUZZLE=NAME (fuzz_futoshiki,
 * fuzz_museum, ...; tests/fuzz/CMakeLists.txt reads the names from
 * src/puzzles/registry.c, so a new puzzle gets its target with no change
 * here).
 *
 * The input is an instance file: lex_from_memory + the puzzle's parse().
 * An instance that parses is then used the way the tool uses it: size(),
 * a short solve with the default strategy (node limit 200 and 1 s of CPU,
 * so that a hard instance is cut off, not a hang) through solve_puzzle(), which verifies
 * every solution, and the printers on the first solution. */
#include <string.h>

#include "fuzz.h"
#include "solve/solve.h"

#ifndef FUZZ_PUZZLE
#error "build with -DFUZZ_PUZZLE=name"
#endif
#define FUZZ_STR_(x) #x
#define FUZZ_STR(x) FUZZ_STR_(x)

static FILE *null_out(void) {
    static FILE *out;
    if (!out && !(out = fopen("/dev/null", "w"))) abort();
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const puzzle *pz = puzzle_find(FUZZ_STR(FUZZ_PUZZLE));
    if (!pz) abort(); /* the registry and the build disagree */
    size_t start = xmem_current();
    lexer lx;
    diag d;
    if (lex_from_memory(&lx, "fuzz." FUZZ_STR(FUZZ_PUZZLE), (const char *)data, size, &d) == 0) {
        void *inst = pz->parse(&lx, &d);
        lex_close(&lx);
        if (inst) {
            if (pz->size(inst) < 0) abort();
            /* a node limit and a CPU limit: one node's propagation over a
             * large instance (a seed from instances/) must not take the
             * fuzzer's whole timeout */
            solve_request rq = {.node_limit = 200, .timeout_s = 1};
            solve_result r;
            if (solve_puzzle(pz, inst, &rq, &r, &d) == 0) {
                /* a rejected solution is a bug of the engine, unless the
                 * verdict rests on the input itself (FUZZ_VERDICT_CHECKED=0:
                 * Same Game's reference line) */
                if (r.status == STATUS_WRONG && FUZZ_VERDICT_CHECKED) {
                    fprintf(stderr, "fuzz: verifier rejected a solution: %s\n", r.why);
                    abort();
                }
                if (r.first) {
                    pz->print(inst, r.first, r.first_len, 1, null_out());
                    pz->print_json(inst, r.first, r.first_len, null_out());
                }
                solve_result_free(&r);
            }
            pz->destroy(inst);
        }
    }
    fuzz_check_balance(start, FUZZ_STR(FUZZ_PUZZLE));
    return 0;
}
