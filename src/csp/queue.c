/* queue.c - the scratch every queue policy owns (queue.h), and
 * csp_queue_setup, which gives a csp the scratch of a policy. */
#include "queue.h"

#include "../core/xmalloc.h"

csp_qscratch *csp_qscratch_new(const csp *p, int cap) {
    csp_qscratch *x = NEWN(1, csp_qscratch);
    x->cap = cap > 0 ? cap : 1;
    x->scap = p->ncons > 0 ? p->ncons : 1;
    x->nvars = p->nvars + 1;
    x->buf = NEWN((size_t)x->cap, int);
    x->in = NEWN((size_t)x->cap, unsigned char);
    x->sbuf = NEWN((size_t)x->scap, int);
    x->sin = NEWN((size_t)x->scap, unsigned char);
    x->src = NEWN((size_t)x->nvars, int);
    x->ev = NEWN((size_t)x->nvars, unsigned char);
    return x;
}

void csp_qscratch_free(csp_qscratch *x) {
    FREEN(x->buf, (size_t)x->cap);
    FREEN(x->in, (size_t)x->cap);
    FREEN(x->sbuf, (size_t)x->scap);
    FREEN(x->sin, (size_t)x->scap);
    FREEN(x->src, (size_t)x->nvars);
    FREEN(x->ev, (size_t)x->nvars);
    FREEN(x, 1);
}

int csp_qscratch_clean(const csp_qscratch *x) {
    for (int i = 0; i < x->cap; i++)
        if (x->in[i]) return 0;
    for (int i = 0; i < x->scap; i++)
        if (x->sin[i]) return 0;
    return 1;
}

void csp_queue_setup(csp *p, const csp_queue *q) {
    csp_finalize(p);
    if (p->queue.scratch) p->queue.free(p->queue.scratch);
    p->queue.scratch = q->init(p);
    p->queue.owner = q;
    p->queue.free = q->free;
}
