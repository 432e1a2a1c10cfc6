/* deadline.h - the CPU deadline of a search, polled inside propagation so
 * that one long propagation cannot pass it by much.  A part of the space
 * (csp.h: struct csp holds one); csp_space_open sets it, propagation
 * polls it (csp_expired) and the engine reads it per node (space.h). */
#ifndef SEARCHLAB_CSP_DEADLINE_H
#define SEARCHLAB_CSP_DEADLINE_H

#include <stdint.h>

typedef struct csp_deadline {
    uint64_t at; /* the CPU time (clock_cpu_ns) it passes at; 0: none */
    /* the wall time (clock_ns) before which it cannot have passed, so
     * the CPU clock need not be read (csp_deadline_passed) */
    uint64_t recheck;
    int poll;              /* calls of csp_deadline_poll left before the next read */
    unsigned char expired; /* it has passed: every poll since said so */
} csp_deadline;

/* Starts (at > 0) or removes (at == 0) the deadline. */
void csp_deadline_set(csp_deadline *d, uint64_t at);
/* 1 when a deadline is set. */
static inline int csp_deadline_timed(const csp_deadline *d) { return d->at != 0; }
/* 1 when a poll has found the deadline passed. */
static inline int csp_deadline_expired(const csp_deadline *d) { return d->expired; }
/* 1 when the deadline (set) has passed.  The CPU clock is a system call
 * and the wall clock is not: the process has one thread, so its CPU time
 * grows no faster than the wall clock, and after reading CPU c at wall w
 * the deadline cannot pass before wall w + (at - c); until then only the
 * wall clock is read.  (Reading the CPU clock on every poll cost 28% of a
 * timed search's CPU in system time, LangfordBin-8.) */
int csp_deadline_passed(csp_deadline *d);
/* 1 when the deadline has passed, reading the clock on one call in 8
 * (a revise may cost milliseconds: a budgeted support search); once it
 * has passed, always 1 (expired).  Inline: propagation calls it per
 * n-ary revise; the slow part reads the clock. */
__attribute__((cold)) int csp_deadline_poll_slow(csp_deadline *d);
static inline int csp_deadline_poll(csp_deadline *d) {
    if (d->expired) return 1;
    if (!d->at || --d->poll > 0) return 0;
    return csp_deadline_poll_slow(d);
}

#endif
