/* queue.h - helpers shared by the queue policies: a bounded FIFO/LIFO of
 * distinct ints in the csp's scratch (each item at most once, marked in
 * p->inq, so capacity p->qcap never overflows). */
#ifndef SEARCHLAB_CSP_QUEUE_H
#define SEARCHLAB_CSP_QUEUE_H

#include "solver.h"

typedef struct iqueue {
    csp *p;
    int head, len;
} iqueue;

static inline void iq_init(iqueue *q, csp *p) { q->p = p, q->head = 0, q->len = 0; }

static inline void iq_push(iqueue *q, int item) {
    csp *p = q->p;
    if (p->inq[item]) return;
    p->inq[item] = 1;
    p->qbuf[(q->head + q->len++) % p->qcap] = item;
    if (p->st) INC(p->st, queue_pushes);
}

static inline int iq_pop_front(iqueue *q) {
    int item = q->p->qbuf[q->head];
    q->head = (q->head + 1) % q->p->qcap;
    q->len--;
    q->p->inq[item] = 0;
    return item;
}

static inline int iq_pop_back(iqueue *q) {
    int item = q->p->qbuf[(q->head + --q->len) % q->p->qcap];
    q->p->inq[item] = 0;
    return item;
}

/* Removes item i (0 = front) by moving the back item into its place. */
static inline int iq_take(iqueue *q, int i) {
    int cap = q->p->qcap, at = (q->head + i) % cap, item = q->p->qbuf[at];
    q->p->qbuf[at] = q->p->qbuf[(q->head + q->len - 1) % cap];
    q->len--;
    q->p->inq[item] = 0;
    return item;
}

static inline int iq_at(const iqueue *q, int i) { return q->p->qbuf[(q->head + i) % q->p->qcap]; }

/* After a wipe-out: forget the queue and the touched list. */
static inline int iq_wipeout(iqueue *q) {
    while (q->len) iq_pop_front(q);
    csp_clear_touched(q->p);
    return CSP_WIPEOUT;
}

/* Pops one touched variable (-1 when none). */
static inline int csp_pop_touched(csp *p) {
    if (!p->ntouched) return -1;
    int v = p->touched[--p->ntouched];
    p->is_touched[v] = 0;
    return v;
}

#endif
