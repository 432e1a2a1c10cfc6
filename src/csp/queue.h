/* queue.h - the one driver every propagation-queue policy shares, and the
 * policy's parts.
 *
 * A policy (queue_con.c, queue_arc.c, queue_var.c) is a csp_qpolicy: the
 * capacity of its first level (constraints, arcs or variables), how it
 * seeds it from scratch, what a changed variable pushes, which item it
 * pops next and what running an item does.  csp_qdrive runs any policy to
 * the fixpoint with two levels: the first queue holds the policy's items;
 * the second (a FIFO of constraint ids) holds the expensive globals
 * (CSP_SCHED_SLOW) woken meanwhile, and is popped only when the first is
 * empty, so an expensive propagator runs on the fixpoint of every cheap
 * one.  CSP_QUEUE_DEFINE makes the policy's csp_queue with its scratch
 * (csp_qscratch, made by init and freed by free: the csp keeps the
 * scratch of the last policy it ran, p->queue.scratch).
 *
 * Plain and general.  The driver and the policies take `general`, a
 * constant in each of the two copies CSP_QUEUE_DEFINE compiles: models
 * of bits variables without globals (p->general == 0) run the plain copy,
 * in which every test of a global, an event or a representation vanishes:
 * the loops they always ran.
 *
 * Each queue holds distinct items (each at most once, marked in `in`), so
 * its capacity never overflows. */
#ifndef SEARCHLAB_CSP_QUEUE_H
#define SEARCHLAB_CSP_QUEUE_H

#include "solver.h"

/* The scratch of a policy: both levels, and for the variable queues the
 * constraint whose changes alone queued each variable (src) and the
 * events each queued variable had since it was queued (ev). */
typedef struct csp_qscratch {
    int *buf;
    unsigned char *in;
    int cap;
    int *sbuf;
    unsigned char *sin;
    int scap;
    int *src;
    unsigned char *ev;
    int nvars;
} csp_qscratch;

/* The state of one propagation: the two levels' heads and lengths. */
typedef struct iqueue {
    csp *p;
    csp_qscratch *x;
    int head, len;
} iqueue;

typedef struct squeue {
    csp_qscratch *x;
    int head, len;
} squeue;

/* ---- the first level: a bounded FIFO/LIFO of distinct items ---------- */

/* The slot of item i (0 = front).  Invariant: 0 <= head < cap and
 * 0 <= i <= len <= cap, so one conditional subtraction wraps it (no
 * division on the hot path). */
static inline int iq_slot(const iqueue *q, int i) {
    int at = q->head + i;
    return at >= q->x->cap ? at - q->x->cap : at;
}

static inline void iq_push(iqueue *q, int item) {
    if (q->x->in[item]) return;
    q->x->in[item] = 1;
    q->x->buf[iq_slot(q, q->len++)] = item;
    CSP_COUNT(q->p, queue_pushes);
}

static inline int iq_pop_front(iqueue *q) {
    int item = q->x->buf[q->head];
    q->head = iq_slot(q, 1);
    q->len--;
    q->x->in[item] = 0;
    return item;
}

static inline int iq_pop_back(iqueue *q) {
    int item = q->x->buf[iq_slot(q, --q->len)];
    q->x->in[item] = 0;
    return item;
}

/* Removes item i (0 = front) by moving the back item into its place. */
static inline int iq_take(iqueue *q, int i) {
    int at = iq_slot(q, i), item = q->x->buf[at];
    q->x->buf[at] = q->x->buf[iq_slot(q, q->len - 1)];
    q->len--;
    q->x->in[item] = 0;
    return item;
}

static inline int iq_at(const iqueue *q, int i) { return q->x->buf[iq_slot(q, i)]; }

/* ---- the second level: a FIFO of constraint ids ------------------------ */

static inline void sq_push(iqueue *q, squeue *s, int con) {
    csp_qscratch *x = s->x;
    if (x->sin[con]) return;
    x->sin[con] = 1;
    int at = s->head + s->len++;
    x->sbuf[at >= x->scap ? at - x->scap : at] = con;
    CSP_COUNT(q->p, queue_pushes);
}

static inline int sq_pop(squeue *s) {
    csp_qscratch *x = s->x;
    int con = x->sbuf[s->head];
    s->head = s->head + 1 == x->scap ? 0 : s->head + 1;
    s->len--;
    x->sin[con] = 0;
    return con;
}

/* After a wipe-out: forget both levels and the touched list. */
static inline int iq_wipeout(iqueue *q, squeue *s) {
    while (q->len) iq_pop_front(q);
    while (s->len) sq_pop(s);
    csp_clear_touched(q->p);
    return CSP_WIPEOUT;
}

/* 1 when a change of v with events ev must not wake the global with
 * flags sched (and id con): it waits for singletons, or for bounds, and
 * this change is neither, or it made the change itself (self: the
 * constraint that just ran, -1 if none) and is idempotent. */
static inline int iq_asleep(unsigned sched, int ev, int con, int self) {
    return ((sched & CSP_SCHED_FIX) && !(ev & CSP_EV_FIX)) ||
           ((sched & CSP_SCHED_BND) && !(ev & CSP_EV_BND)) ||
           (con == self && (sched & CSP_SCHED_IDEM));
}

/* Hands each touched variable to changed (which may read its events),
 * then forgets it. */
#define CSP_DRAIN_TOUCHED(p, v, changed)                                                           \
    while ((p)->ev.ntouched) {                                                                     \
        int v = (p)->ev.touched[--(p)->ev.ntouched];                                               \
        changed;                                                                                   \
        (p)->ev.told[v] = 0;                                                                       \
    }

/* Pushes the global at index entry k of v (flags sched, id c), woken by
 * events ev of v, on the level its cost says (or not, asleep). */
static inline void push_global(iqueue *q, squeue *s, unsigned sched, int c, int first_level_item,
                               int ev, int self) {
    if (iq_asleep(sched, ev, c, self)) return;
    if (sched & CSP_SCHED_SLOW)
        sq_push(q, s, c);
    else
        iq_push(q, first_level_item);
}

/* The pops of the FIFO and LIFO policies. */
static inline int iq_pop_fifo(iqueue *q, int general) {
    (void)general;
    return iq_pop_front(q);
}
static inline int iq_pop_lifo(iqueue *q, int general) {
    (void)general;
    return iq_pop_back(q);
}

/* ---- the policy and the driver ----------------------------------------- */

typedef struct csp_qpolicy {
    /* The capacity of the first level. */
    int (*cap)(const csp *p);
    /* Queues everything (propagation from scratch). */
    void (*seed)(iqueue *q, squeue *s, int general);
    /* Queues what a change of v (by constraint self, -1: none) wakes. */
    void (*changed)(iqueue *q, squeue *s, int v, int self, int general);
    /* Pops the next item of the first level (q->len > 0). */
    int (*pop)(iqueue *q, int general);
    /* Runs item; *self is the constraint whose changes the driver queues
     * next (-1: none, or the item drained them itself). */
    int (*run)(iqueue *q, squeue *s, int item, int *self, int general);
} csp_qpolicy;

/* Queues what the touched variables wake (changed by self). */
static inline __attribute__((always_inline)) void
qdrain(iqueue *q, squeue *s, const csp_qpolicy *pol, int self, int general) {
    CSP_DRAIN_TOUCHED(q->p, v, pol->changed(q, s, v, self, general));
}

static inline __attribute__((always_inline)) int csp_qdrive(csp *p, int from_scratch,
                                                            const csp_qpolicy *pol, int general) {
    csp_qscratch *x = p->queue.scratch;
    iqueue q = {p, x, 0, 0};
    squeue s = {x, 0, 0};
    if (from_scratch) pol->seed(&q, &s, general);
    qdrain(&q, &s, pol, -1, general);
    int any = CSP_NOCHANGE;
    while (q.len || (general && s.len)) {
        int self = -1, r;
        if (q.len) {
            r = pol->run(&q, &s, pol->pop(&q, general), &self, general);
        } else {
            self = sq_pop(&s);
            r = csp_propagate_con(p, p->cons[self]);
        }
        if (r == CSP_WIPEOUT) return iq_wipeout(&q, &s);
        if (r == CSP_CHANGED) any = r;
        qdrain(&q, &s, pol, self, general);
    }
    return any;
}

/* The scratch of a policy whose first level holds cap items. */
csp_qscratch *csp_qscratch_new(const csp *p, int cap);
void csp_qscratch_free(csp_qscratch *x);
/* 1 when both levels are empty and unmarked (between propagations). */
int csp_qscratch_clean(const csp_qscratch *x);

/* Defines `const csp_queue csp_queue_NAME` from the policy POLICY: the
 * plain and general copies of the driver, and the scratch's init/free. */
#define CSP_QUEUE_DEFINE(NAME, TEXT, SUMMARY, POLICY)                                              \
    static __attribute__((noinline)) int NAME##_plain(csp *p, int from_scratch) {                  \
        return csp_qdrive(p, from_scratch, &POLICY, 0);                                            \
    }                                                                                              \
    static __attribute__((noinline)) int NAME##_general(csp *p, int from_scratch) {                \
        return csp_qdrive(p, from_scratch, &POLICY, 1);                                            \
    }                                                                                              \
    static int NAME##_run(csp *p, int from_scratch) {                                              \
        return p->general ? NAME##_general(p, from_scratch) : NAME##_plain(p, from_scratch);       \
    }                                                                                              \
    static void *NAME##_init(const csp *p) { return csp_qscratch_new(p, POLICY.cap(p)); }          \
    static void NAME##_free(void *x) { csp_qscratch_free(x); }                                     \
    const csp_queue csp_queue_##NAME = {.name = TEXT,                                              \
                                        .summary = SUMMARY,                                        \
                                        .init = NAME##_init,                                       \
                                        .free = NAME##_free,                                       \
                                        .propagate = NAME##_run}

#endif
