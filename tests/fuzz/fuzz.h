/* fuzz.h - what every fuzz target shares: the libFuzzer entry point's
 * prototype, and the leak check on the xmalloc byte counter.
 *
 * A target is one file defining LLVMFuzzerTestOneInput; it is linked
 * either with libFuzzer (-fsanitize=fuzzer, the SEARCHLAB_FUZZ build) or
 * with replay.c, whose main() feeds it the files of a corpus (every
 * build, as ctest regression tests).  Each input must leave the xmalloc
 * counter where it found it: a leak through the sized allocator aborts
 * with the byte count, even in builds without LeakSanitizer. */
#ifndef SEARCHLAB_TESTS_FUZZ_H
#define SEARCHLAB_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts when the counter is not back at start (a leak or a wrong size
 * passed to xfree). */
static inline void fuzz_check_balance(size_t start, const char *what) {
    if (xmem_current() != start) {
        fprintf(stderr, "fuzz: %s: xmalloc counter %zu after the input, %zu before\n", what,
                xmem_current(), start);
        abort();
    }
}

#endif
