/* check.h - the tiny test helper: CHECK(cond) records a failure with
 * file:line and goes on; CHECK_DONE() prints "N tests, N passed, N failed"
 * style totals and returns the exit status for main. */
#ifndef SEARCHLAB_TESTS_CHECK_H
#define SEARCHLAB_TESTS_CHECK_H

#include <stdio.h>

static int check_total_, check_failed_;

#define CHECK(cond)                                                            \
    do {                                                                       \
        check_total_++;                                                        \
        if (!(cond)) {                                                         \
            check_failed_++;                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                      \
    } while (0)

#define CHECK_MSG(cond, ...)                                                   \
    do {                                                                       \
        check_total_++;                                                        \
        if (!(cond)) {                                                         \
            check_failed_++;                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

#define CHECK_DONE()                                                           \
    (printf("%d checks, %d passed, %d failed\n", check_total_,                 \
            check_total_ - check_failed_, check_failed_),                      \
     check_failed_ ? 1 : 0)

#endif
