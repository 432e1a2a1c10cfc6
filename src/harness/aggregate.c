/* aggregate.c - medians, dispersion and groupings of result rows (see
 * aggregate.h). */
#include "aggregate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double agg_quantile(double *v, size_t n, double q) {
    qsort(v, n, sizeof *v, cmp_dbl);
    double pos = q * (double)(n - 1);
    size_t i = (size_t)pos;
    if (i + 1 >= n) return v[n - 1];
    return v[i] + (pos - (double)i) * (v[i + 1] - v[i]);
}

double agg_median(double *v, size_t n) { return agg_quantile(v, n, 0.5); }

double agg_mad(const double *v, size_t n, double median) {
    double *dev = NEWN(n, double);
    for (size_t i = 0; i < n; i++) dev[i] = fabs(v[i] - median);
    double m = agg_median(dev, n);
    FREEN(dev, n);
    return m;
}

static int cmp_inst(const void *a, const void *b) {
    const result_row *x = *(const result_row *const *)a, *y = *(const result_row *const *)b;
    int c = strcmp(x->puzzle, y->puzzle);
    if (c) return c;
    if (x->size != y->size) return x->size < y->size ? -1 : 1;
    return strcmp(x->instance, y->instance);
}

static int cmp_cstr(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static size_t index_of(const char **names, size_t n, const char *s) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], s)) return i;
    return (size_t)-1;
}

static size_t ncells(const agg_table *t) {
    size_t n = t->n_inst * t->n_strat;
    return n > 0 ? n : 1;
}

agg_group *agg_at(const agg_table *t, size_t inst, size_t strat) {
    return &t->g[inst * t->n_strat + strat];
}

int agg_solved(const agg_group *g) { return g->present && g->finished == g->runs; }

run_status agg_failure(const agg_group *g) {
    run_status best = STATUS_CRASH;
    size_t most = 0;
    for (int s = 0; s < STATUS_N; s++)
        if (!status_finished((run_status)s) && g->by_status[s] > most) {
            most = g->by_status[s];
            best = (run_status)s;
        }
    return best;
}

/* Median and MAD of one quantity over the finished runs in rows[]. */
static void summarize(const result_row *const *rows, size_t n, double (*get)(const result_row *),
                      double *med, double *mad) {
    double *v = NEWN(n ? n : 1, double);
    for (size_t i = 0; i < n; i++) v[i] = get(rows[i]);
    *med = n ? agg_median(v, n) : 0;
    if (mad) *mad = n ? agg_mad(v, n, *med) : 0;
    FREEN(v, n ? n : 1);
}

static double get_time(const result_row *r) { return (double)r->st.total_ns; }
static double get_nodes(const result_row *r) { return (double)r->st.nodes; }
static double get_infer(const result_row *r) {
    return r->st.inference_calls ? (double)r->st.inference_ns / (double)r->st.inference_calls : 0;
}
static double get_wall(const result_row *r) { return r->wall_s; }
static double get_cpu(const result_row *r) { return r->cpu_s; }
static double get_rss(const result_row *r) { return (double)r->peak_rss_kib; }

int agg_build(const result_set *rs, const char *const *only, size_t n_only, agg_table *t, diag *d) {
    memset(t, 0, sizeof *t);
    size_t n = rs->n ? rs->n : 1;
    t->cap_inst_ = n;
    t->cap_strat_ = n_only > n ? n_only : n;
    t->inst = NEWN(t->cap_inst_, const result_row *);
    t->strat = NEWN(t->cap_strat_, const char *);
    for (size_t i = 0; i < rs->n; i++) {
        const result_row *r = &rs->rows[i];
        int seen = 0;
        for (size_t j = 0; j < t->n_inst && !seen; j++)
            seen = !strcmp(t->inst[j]->instance, r->instance);
        if (!seen) t->inst[t->n_inst++] = r;
        if (!n_only && index_of(t->strat, t->n_strat, r->strategy) == (size_t)-1)
            t->strat[t->n_strat++] = r->strategy;
    }
    qsort(t->inst, t->n_inst, sizeof *t->inst, cmp_inst);
    if (n_only) {
        for (size_t k = 0; k < n_only; k++) {
            int any = 0;
            for (size_t i = 0; i < rs->n && !any; i++) any = !strcmp(rs->rows[i].strategy, only[k]);
            if (!any) {
                agg_free(t);
                return diag_set(d, "--strategy %s: no run of this strategy in the results",
                                only[k]);
            }
            t->strat[t->n_strat++] = only[k];
        }
    } else {
        qsort(t->strat, t->n_strat, sizeof *t->strat, cmp_cstr);
    }
    t->g = NEWN(ncells(t), agg_group);
    const result_row **fin = NEWN(n, const result_row *);
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            agg_group *g = agg_at(t, i, s);
            size_t nf = 0;
            for (size_t k = 0; k < rs->n; k++) {
                const result_row *r = &rs->rows[k];
                if (strcmp(r->instance, t->inst[i]->instance) || strcmp(r->strategy, t->strat[s]))
                    continue;
                g->present = 1;
                g->runs++;
                g->by_status[r->status]++;
                if (status_finished(r->status)) fin[nf++] = r;
            }
            g->finished = nf;
            summarize(fin, nf, get_time, &g->time_ns, &g->time_mad);
            summarize(fin, nf, get_nodes, &g->nodes, &g->nodes_mad);
            summarize(fin, nf, get_infer, &g->infer_ns, NULL);
            summarize(fin, nf, get_wall, &g->wall_s, NULL);
            summarize(fin, nf, get_cpu, &g->cpu_s, NULL);
            summarize(fin, nf, get_rss, &g->rss_kib, NULL);
        }
    FREEN(fin, n);
    return 0;
}

void agg_free(agg_table *t) {
    if (t->g) FREEN(t->g, ncells(t));
    if (t->inst) xfree((void *)t->inst, t->cap_inst_ * sizeof *t->inst);
    if (t->strat) xfree((void *)t->strat, t->cap_strat_ * sizeof *t->strat);
    memset(t, 0, sizeof *t);
}

void agg_scaling(const agg_table *t, agg_size **out, size_t *n) {
    size_t cap = 0;
    *out = NULL;
    *n = 0;
    double *tv = NEWN(t->n_inst ? t->n_inst : 1, double);
    double *nv = NEWN(t->n_inst ? t->n_inst : 1, double);
    for (size_t i = 0; i < t->n_inst;) {
        long size = t->inst[i]->size;
        size_t j = i;
        while (j < t->n_inst && t->inst[j]->size == size) j++;
        for (size_t s = 0; s < t->n_strat; s++) {
            agg_size a = {size, s, 0, 0, 0, 0, 0, 0, 0, 0};
            for (size_t k = i; k < j; k++) {
                const agg_group *g = agg_at(t, k, s);
                if (!g->present) continue;
                a.instances++;
                if (!agg_solved(g)) continue;
                tv[a.solved] = g->time_ns;
                nv[a.solved++] = g->nodes;
            }
            if (a.instances == 0) continue;
            if (a.solved) {
                a.time_ns = agg_median(tv, a.solved);
                a.time_q1 = agg_quantile(tv, a.solved, 0.25);
                a.time_q3 = agg_quantile(tv, a.solved, 0.75);
                a.nodes = agg_median(nv, a.solved);
                a.nodes_q1 = agg_quantile(nv, a.solved, 0.25);
                a.nodes_q3 = agg_quantile(nv, a.solved, 0.75);
            }
            GROW(out, &cap, *n + 1);
            (*out)[(*n)++] = a;
        }
        i = j;
    }
    FREEN(tv, t->n_inst ? t->n_inst : 1);
    FREEN(nv, t->n_inst ? t->n_inst : 1);
    if (*out && cap != *n) *out = xrealloc(*out, cap * sizeof **out, (*n ? *n : 1) * sizeof **out);
}
