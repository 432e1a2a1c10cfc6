/* deadline.c - the CPU deadline of a search and its polling
 * (deadline.h). */
#include "deadline.h"

#include "../core/clock.h"

void csp_deadline_set(csp_deadline *d, uint64_t at) {
    d->at = at, d->recheck = 0, d->poll = 1, d->expired = 0;
}

int csp_deadline_passed(csp_deadline *d) {
    uint64_t w = clock_ns();
    if (w < d->recheck) return 0;
    uint64_t c = clock_cpu_ns();
    if (c >= d->at) return 1;
    d->recheck = w + (d->at - c);
    return 0;
}

int csp_deadline_poll_slow(csp_deadline *d) {
    d->poll = 8;
    return d->expired = (unsigned char)csp_deadline_passed(d);
}
