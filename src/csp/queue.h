/* queue.h - helpers shared by the queue policies: bounded FIFO/LIFO queues
 * of distinct ints in the csp's scratch (each item at most once, marked in
 * its inq array, so a queue of capacity cap never overflows), and the
 * second level every policy keeps for expensive globals.
 *
 * Two levels.  The first queue holds the policy's own items (constraints,
 * arcs or variables); the second (p->sbuf) is a FIFO of the expensive
 * globals (CSP_SCHED_SLOW) woken meanwhile.  A policy pops the second
 * level only when the first is empty, so an expensive propagator runs on
 * the fixpoint of every cheap one.  Models without expensive globals never
 * touch the second level: their propagation is exactly what it was. */
#ifndef SEARCHLAB_CSP_QUEUE_H
#define SEARCHLAB_CSP_QUEUE_H

#include "solver.h"

typedef struct iqueue {
    int *buf;
    unsigned char *inq;
    int cap, head, len;
    stats *st;
} iqueue;

/* The policy's own queue (capacity p->qcap: variables, constraints or arcs). */
static inline void iq_init(iqueue *q, csp *p) {
    *q = (iqueue){.buf = p->qbuf, .inq = p->inq, .cap = p->qcap, .st = p->st};
}

/* The second level: expensive globals, by constraint id. */
static inline void iq_init_slow(iqueue *q, csp *p) {
    *q = (iqueue){.buf = p->sbuf, .inq = p->sinq, .cap = p->ncons, .st = p->st};
}

/* The slot of item i (0 = front).  Invariant: 0 <= head < cap and
 * 0 <= i <= len <= cap, so one conditional subtraction wraps it (no
 * division on the hot path). */
static inline int iq_slot(const iqueue *q, int i) {
    int at = q->head + i;
    return at >= q->cap ? at - q->cap : at;
}

static inline void iq_push(iqueue *q, int item) {
    if (q->inq[item]) return;
    q->inq[item] = 1;
    q->buf[iq_slot(q, q->len++)] = item;
    if (q->st) INC(q->st, queue_pushes);
}

static inline int iq_pop_front(iqueue *q) {
    int item = q->buf[q->head];
    q->head = iq_slot(q, 1);
    q->len--;
    q->inq[item] = 0;
    return item;
}

static inline int iq_pop_back(iqueue *q) {
    int item = q->buf[iq_slot(q, --q->len)];
    q->inq[item] = 0;
    return item;
}

/* Removes item i (0 = front) by moving the back item into its place. */
static inline int iq_take(iqueue *q, int i) {
    int at = iq_slot(q, i), item = q->buf[at];
    q->buf[at] = q->buf[iq_slot(q, q->len - 1)];
    q->len--;
    q->inq[item] = 0;
    return item;
}

static inline int iq_at(const iqueue *q, int i) { return q->buf[iq_slot(q, i)]; }

/* After a wipe-out: forget both levels and the touched list. */
static inline int iq_wipeout(csp *p, iqueue *q, iqueue *slow) {
    while (q->len) iq_pop_front(q);
    while (slow->len) iq_pop_front(slow);
    csp_clear_touched(p);
    return CSP_WIPEOUT;
}

/* Pops one touched variable (-1 when none). */
static inline int csp_pop_touched(csp *p) {
    if (!p->ntouched) return -1;
    int v = p->touched[--p->ntouched];
    p->is_touched[v] = 0;
    return v;
}

/* 1 when a change of v must not wake the global with flags sched (and
 * id con): it waits for singletons and v is none, or it made the change
 * itself (self: the global that just ran, -1 if none) and is idempotent. */
static inline int iq_asleep(const csp *p, unsigned sched, int con, int v, int self) {
    return ((sched & CSP_SCHED_FIX) && !csp_dom_single(p->dom[v])) ||
           (con == self && (sched & CSP_SCHED_IDEM));
}

#endif
