/* aggregate.c - medians, dispersion, PAR-2 and groupings of result rows
 * (see aggregate.h). */
#include "aggregate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "statistics.h"

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

const result_row *const *agg_rows(const agg_table *t, const agg_group *g) {
    return t->rows + g->first;
}

int agg_row_finished(const result_row *r) {
    if (r->sense && *r->sense && r->status == STATUS_SOLVED) return 0;
    return status_finished(r->status);
}

int agg_has_objective(const agg_table *t) {
    for (size_t k = 0; k < t->n_inst * t->n_strat; k++)
        if (t->g[k].present && t->g[k].sense) return 1;
    return 0;
}

int agg_best_known(const agg_table *t, size_t inst, int64_t *value) {
    int sense = 0;
    for (size_t s = 0; s < t->n_strat; s++) {
        const agg_group *g = agg_at(t, inst, s);
        if (!g->present || !g->has_best) continue;
        if (!sense || (int64_t)g->sense * g->best < (int64_t)g->sense * *value) *value = g->best;
        sense = g->sense;
    }
    return sense;
}

int agg_solved(const agg_group *g) { return g->present && g->finished == g->runs; }

int agg_median_solved(const agg_group *g) { return g->present && isfinite(g->time_all); }

run_status agg_failure(const agg_group *g) {
    run_status best = STATUS_CRASH;
    size_t most = 0;
    for (int s = 0; s < STATUS_N; s++)
        if ((!status_finished((run_status)s) || (g->sense && s == STATUS_SOLVED)) &&
            g->by_status[s] > most) {
            most = g->by_status[s];
            best = (run_status)s;
        }
    return best;
}

static double get_nodes(const result_row *r) { return (double)r->st.nodes; }
static double get_infer(const result_row *r) {
    return r->st.inference_calls ? (double)r->st.inference_ns / (double)r->st.inference_calls : 0;
}

/* Median and MAD of one quantity over the runs rows[0..n): over the solved
 * ones (all_runs 0; 0 when none) or over all with the unsolved as +inf
 * (all_runs 1). */
static void summarize(const result_row *const *rows, size_t n, double (*get)(const result_row *),
                      int all_runs, double *med, double *mad) {
    double *v = NEWN(n ? n : 1, double);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (agg_row_finished(rows[i]))
            v[k++] = get(rows[i]);
        else if (all_runs)
            v[k++] = INFINITY;
    }
    *med = k ? stat_median(v, k) : 0;
    if (mad) *mad = k ? stat_mad(v, k, *med) : 0;
    FREEN(v, n ? n : 1);
}

/* The time to each run's own best (its last anytime point), and the
 * score of g against the best value known on instance i (agg_score). */
static void group_objective(const agg_table *t, size_t i, agg_group *g) {
    int64_t known = 0;
    int sense = agg_best_known(t, i, &known);
    const result_row *const *rows = agg_rows(t, g);
    double *v = NEWN(g->runs, double), points = 0;
    size_t k = 0;
    for (size_t r = 0; r < g->runs; r++) {
        result_point *pts;
        size_t n;
        result_row_anytime(rows[r], &pts, &n);
        if (n) {
            v[k++] = pts[n - 1].seconds;
            FREEN(pts, n);
        }
        int64_t x;
        int s = result_row_objective(rows[r], &x);
        if (rows[r]->status == STATUS_OPTIMAL || rows[r]->status == STATUS_UNSAT ||
            (s && sense && x == known))
            points += 1;
    }
    g->best_s = k ? stat_median(v, k) : NAN;
    g->score = points / (double)g->runs;
    FREEN(v, g->runs);
}

/* Order of the grouped runs: by group (instance, then strategy index),
 * then by rep, so that a group's runs are contiguous. */
typedef struct keyed {
    size_t group;
    const result_row *r;
} keyed;

static int cmp_keyed(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->group != y->group) return x->group < y->group ? -1 : 1;
    return (x->r->rep > y->r->rep) - (x->r->rep < y->r->rep);
}

int agg_build(const result_set *rs, const char *const *only, size_t n_only, double limit_s,
              const report_metric *time, agg_table *t, diag *d) {
    memset(t, 0, sizeof *t);
    t->limit_s = limit_s > 0 ? limit_s : 0;
    t->time = time;
    double (*get_time)(const result_row *) = time->value;
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
    /* every run of a chosen strategy, keyed by its group, sorted */
    keyed *kv = NEWN(n, keyed);
    size_t nk = 0;
    for (size_t k = 0; k < rs->n; k++) {
        const result_row *r = &rs->rows[k];
        size_t s = index_of(t->strat, t->n_strat, r->strategy);
        if (s == (size_t)-1) continue;
        size_t i = 0;
        while (strcmp(t->inst[i]->instance, r->instance)) i++;
        kv[nk].group = i * t->n_strat + s;
        kv[nk++].r = r;
    }
    qsort(kv, nk, sizeof *kv, cmp_keyed);
    t->n_rows_ = n;
    t->rows = NEWN(n, const result_row *);
    for (size_t k = 0; k < nk; k++) t->rows[k] = kv[k].r;
    for (size_t k = 0; k < nk;) {
        agg_group *g = &t->g[kv[k].group];
        g->present = 1;
        g->first = k;
        double solved_ns = 0;
        for (; k < nk && &t->g[kv[k].group] == g; k++) {
            const result_row *r = kv[k].r;
            g->runs++;
            g->by_status[r->status]++;
            if (agg_row_finished(r)) {
                g->finished++;
                solved_ns += get_time(r);
            }
            int64_t v;
            int sense = result_row_objective(r, &v);
            if (r->sense && *r->sense) g->sense = strcmp(r->sense, "max") ? 1 : -1;
            if (sense) {
                if (!g->has_best || (int64_t)sense * v < (int64_t)sense * g->best) g->best = v;
                g->has_best = 1;
                g->with_solution++;
            }
            g->proven +=
                r->sense && *r->sense && (r->status == STATUS_OPTIMAL || r->status == STATUS_UNSAT);
        }
        const result_row *const *rows = agg_rows(t, g);
        summarize(rows, g->runs, get_time, 0, &g->time_ns, &g->time_mad);
        summarize(rows, g->runs, get_nodes, 0, &g->nodes, NULL);
        summarize(rows, g->runs, get_infer, 0, &g->infer_ns, NULL);
        summarize(rows, g->runs, get_time, 1, &g->time_all, NULL);
        summarize(rows, g->runs, get_nodes, 1, &g->nodes_all, NULL);
        g->par2_s = g->finished < g->runs && !t->limit_s
                        ? NAN
                        : stat_par(solved_ns / 1e9, g->finished, g->runs, 2, t->limit_s);
    }
    FREEN(kv, n);
    /* the objective is the instance's: runs killed before they reported
     * (no sense in their rows) count as the optimisation's runs too */
    for (size_t i = 0; i < t->n_inst; i++) {
        int sense = 0;
        for (size_t s = 0; s < t->n_strat; s++)
            if (agg_at(t, i, s)->sense) sense = agg_at(t, i, s)->sense;
        for (size_t s = 0; s < t->n_strat && sense; s++)
            if (agg_at(t, i, s)->present) agg_at(t, i, s)->sense = sense;
    }
    for (size_t k = 0; k < t->n_inst * t->n_strat; k++) {
        agg_group *g = &t->g[k];
        if (g->present && g->sense) group_objective(t, k / (t->n_strat ? t->n_strat : 1), g);
    }
    return 0;
}

void agg_free(agg_table *t) {
    if (t->g) FREEN(t->g, ncells(t));
    if (t->inst) xfree((void *)t->inst, t->cap_inst_ * sizeof *t->inst);
    if (t->strat) xfree((void *)t->strat, t->cap_strat_ * sizeof *t->strat);
    if (t->rows) xfree((void *)t->rows, t->n_rows_ * sizeof *t->rows);
    memset(t, 0, sizeof *t);
}

void agg_scaling(const agg_table *t, agg_size **out, size_t *n) {
    agg_scaling_of(t, NULL, out, n);
}

void agg_scaling_of(const agg_table *t, const unsigned char *only, agg_size **out, size_t *n) {
    size_t cap = 0, ni = t->n_inst ? t->n_inst : 1;
    *out = NULL;
    *n = 0;
    double *tv = NEWN(ni, double), *nv = NEWN(ni, double);
    for (size_t i = 0; i < t->n_inst;) {
        long size = t->inst[i]->size;
        size_t j = i;
        while (j < t->n_inst && t->inst[j]->size == size) j++;
        for (size_t s = 0; s < t->n_strat; s++) {
            agg_size a = {.size = size, .strat = s};
            double par2_sum = 0;
            for (size_t k = i; k < j; k++) {
                if (only && !only[k]) continue;
                const agg_group *g = agg_at(t, k, s);
                if (!g->present) continue;
                tv[a.instances] = g->time_all;
                nv[a.instances++] = g->nodes_all;
                a.solved += agg_median_solved(g);
                a.runs += g->runs;
                a.solved_runs += g->finished;
                par2_sum += g->par2_s * (double)g->runs; /* NAN propagates */
                const result_row *const *rows = agg_rows(t, g);
                for (size_t r = 0; r < g->runs; r++)
                    a.nodes_max = fmax(a.nodes_max, (double)rows[r]->st.nodes);
            }
            if (a.instances == 0) continue;
            a.par2_s = par2_sum / (double)a.runs;
            a.time_ns = stat_median(tv, a.instances);
            a.time_q1 = stat_quantile(tv, a.instances, 0.25);
            a.time_q3 = stat_quantile(tv, a.instances, 0.75);
            a.nodes = stat_median(nv, a.instances);
            a.nodes_q1 = stat_quantile(nv, a.instances, 0.25);
            a.nodes_q3 = stat_quantile(nv, a.instances, 0.75);
            GROW(out, &cap, *n + 1);
            (*out)[(*n)++] = a;
        }
        i = j;
    }
    FREEN(tv, ni);
    FREEN(nv, ni);
    if (*out && cap != *n) *out = xrealloc(*out, cap * sizeof **out, (*n ? *n : 1) * sizeof **out);
}
