/* results_optima.c - optimal rows refuted by a better verified solution
 * of the same experiment and instance (see results_optima.h): the rows
 * grouped by (experiment, instance) through a sorted index, n log n. */
#include "results_optima.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"

static const result_set *order_rs; /* qsort's comparison has no context */
static int cmp_group(const void *a, const void *b) {
    const result_row *x = &order_rs->rows[*(const size_t *)a],
                     *y = &order_rs->rows[*(const size_t *)b];
    int c = strcmp(x->experiment, y->experiment);
    return c ? c : strcmp(x->instance, y->instance);
}

static int verified(const result_row *r) {
    return r->status == STATUS_SOLVED || r->status == STATUS_OPTIMAL;
}

size_t result_set_mark_false_optima(result_set *rs) {
    size_t *idx = NEWN(rs->n ? rs->n : 1, size_t), marked = 0;
    for (size_t i = 0; i < rs->n; i++) idx[i] = i;
    order_rs = rs;
    qsort(idx, rs->n, sizeof *idx, cmp_group);
    for (size_t g = 0; g < rs->n;) {
        size_t e = g + 1;
        while (e < rs->n && !cmp_group(&idx[g], &idx[e])) e++;
        /* the best verified value of the group, and a run that found it */
        int sense = 0;
        int64_t best = 0;
        const result_row *who = NULL;
        for (size_t k = g; k < e; k++) {
            const result_row *r = &rs->rows[idx[k]];
            int64_t v;
            int s = verified(r) ? result_row_objective(r, &v) : 0;
            if (s && (!sense || (int64_t)s * v < (int64_t)s * best)) sense = s, best = v, who = r;
        }
        for (size_t k = g; k < e && sense; k++) {
            result_row *r = &rs->rows[idx[k]];
            int64_t v;
            if (r->status != STATUS_OPTIMAL || !result_row_objective(r, &v)) continue;
            if ((int64_t)sense * v <= (int64_t)sense * best) continue;
            char note[400];
            snprintf(note, sizeof note,
                     "claims the optimum %lld, but %.100s (rep %ld) found a verified %lld",
                     (long long)v, who->strategy, who->rep, (long long)best);
            r->status = STATUS_WRONG;
            result_row_set(&r->note, note);
            marked++;
        }
        g = e;
    }
    FREEN(idx, rs->n ? rs->n : 1);
    return marked;
}
