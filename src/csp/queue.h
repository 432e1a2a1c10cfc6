/* queue.h - helpers shared by the queue policies: a bounded FIFO/LIFO of
 * distinct ints in the csp's scratch (each item at most once, marked in
 * p->inq, so capacity p->qcap never overflows), and the second level
 * every policy keeps for expensive globals.
 *
 * Two levels.  The first queue (iqueue) holds the policy's own items
 * (constraints, arcs or variables); the second (squeue, in p->sbuf) is a
 * FIFO of the expensive globals (CSP_SCHED_SLOW) woken meanwhile.  A
 * policy pops the second level only when the first is empty, so an
 * expensive propagator runs on the fixpoint of every cheap one.  Models
 * without globals never touch the second level: their propagation is
 * exactly what it was.  (Two small types rather than one queue with its
 * own buffer pointers: the first queue's hot loop keeps its registers.) */
#ifndef SEARCHLAB_CSP_QUEUE_H
#define SEARCHLAB_CSP_QUEUE_H

#include "solver.h"

typedef struct iqueue {
    csp *p;
    int head, len;
} iqueue;

static inline void iq_init(iqueue *q, csp *p) { q->p = p, q->head = 0, q->len = 0; }

/* The slot of item i (0 = front).  Invariant: 0 <= head < qcap and
 * 0 <= i <= len <= qcap, so one conditional subtraction wraps it (no
 * division on the hot path). */
static inline int iq_slot(const iqueue *q, int i) {
    int at = q->head + i;
    return at >= q->p->qcap ? at - q->p->qcap : at;
}

static inline void iq_push(iqueue *q, int item) {
    csp *p = q->p;
    if (p->inq[item]) return;
    p->inq[item] = 1;
    p->qbuf[iq_slot(q, q->len++)] = item;
    if (p->st) INC(p->st, queue_pushes);
}

static inline int iq_pop_front(iqueue *q) {
    int item = q->p->qbuf[q->head];
    q->head = iq_slot(q, 1);
    q->len--;
    q->p->inq[item] = 0;
    return item;
}

static inline int iq_pop_back(iqueue *q) {
    int item = q->p->qbuf[iq_slot(q, --q->len)];
    q->p->inq[item] = 0;
    return item;
}

/* Removes item i (0 = front) by moving the back item into its place. */
static inline int iq_take(iqueue *q, int i) {
    int at = iq_slot(q, i), item = q->p->qbuf[at];
    q->p->qbuf[at] = q->p->qbuf[iq_slot(q, q->len - 1)];
    q->len--;
    q->p->inq[item] = 0;
    return item;
}

static inline int iq_at(const iqueue *q, int i) { return q->p->qbuf[iq_slot(q, i)]; }

/* After a wipe-out: forget the queue and the touched list. */
static inline int iq_wipeout(iqueue *q) {
    while (q->len) iq_pop_front(q);
    csp_clear_touched(q->p);
    return CSP_WIPEOUT;
}

/* ---- the second level: a FIFO of constraint ids (capacity p->ncons) -- */

typedef struct squeue {
    csp *p;
    int head, len;
} squeue;

static inline void sq_init(squeue *q, csp *p) { q->p = p, q->head = 0, q->len = 0; }

static inline void sq_push(squeue *q, int con) {
    csp *p = q->p;
    if (p->sinq[con]) return;
    p->sinq[con] = 1;
    int at = q->head + q->len++;
    p->sbuf[at >= p->ncons ? at - p->ncons : at] = con;
    if (p->st) INC(p->st, queue_pushes);
}

static inline int sq_pop(squeue *q) {
    csp *p = q->p;
    int con = p->sbuf[q->head];
    q->head = q->head + 1 == p->ncons ? 0 : q->head + 1;
    q->len--;
    p->sinq[con] = 0;
    return con;
}

/* After a wipe-out with both levels in use. */
static inline int iq_wipeout2(iqueue *q, squeue *slow) {
    while (slow->len) sq_pop(slow);
    return iq_wipeout(q);
}

/* 1 when a change of v must not wake the global with flags sched (and
 * id con): it waits for singletons and v is none, or it made the change
 * itself (self: the global that just ran, -1 if none) and is idempotent. */
static inline int iq_asleep(const csp *p, unsigned sched, int con, int v, int self) {
    return ((sched & CSP_SCHED_FIX) && !csp_dom_single(p->dom[v])) ||
           (con == self && (sched & CSP_SCHED_IDEM));
}

/* Pops one touched variable (-1 when none). */
static inline int csp_pop_touched(csp *p) {
    if (!p->ntouched) return -1;
    int v = p->touched[--p->ntouched];
    p->is_touched[v] = 0;
    return v;
}

#endif
