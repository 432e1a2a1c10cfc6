/* clock.h - monotonic wall clock and process CPU clock in nanoseconds. */
#ifndef SEARCHLAB_CORE_CLOCK_H
#define SEARCHLAB_CORE_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Monotonic time in ns.  Inline because the inference timer reads it
 * twice per search node; its cost is measured by bench/ and docs. */
static inline uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time used by this process, in ns. */
static inline uint64_t clock_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
