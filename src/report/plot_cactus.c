/* plot_cactus.c - the cactus figure: instances solved (x) within a time
 * (y, log), one line per strategy up to its last solved instance; the
 * unsolved ones counted in the key. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "plot.h"

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Legend entries longer than this go below the plot, one per line, so that
 * long specs do not squeeze the plot into a sliver. */
enum { KEY_BESIDE_MAX = 40 };

static int long_keys(const agg_table *t) {
    for (size_t s = 0; s < t->n_strat; s++)
        if (strlen(t->strat[s]) > KEY_BESIDE_MAX) return 1;
    return 0;
}

static void cactus(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    if (long_keys(t)) fprintf(gp, "set key below left Left reverse maxcols 1\n");
    double *v = NEWN(t->n_inst ? t->n_inst : 1, double);
    int solved_any = 0;
    fprintf(dat, "# solved\ttime_s\n# per strategy, the instances whose median run was solved, "
                 "fastest first\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        size_t k = 0;
        for (size_t i = 0; i < t->n_inst; i++)
            if (agg_median_solved(agg_at(t, i, s))) v[k++] = agg_at(t, i, s)->time_all / 1e9;
        qsort(v, k, sizeof *v, cmp_dbl);
        fprintf(dat, "# strategy %s\n", t->strat[s]);
        for (size_t j = 0; j < k; j++) {
            fprintf(dat, "%zu", j + 1);
            plot_dat_num(dat, v[j]);
            fprintf(dat, "\n");
        }
        if (!k) fprintf(dat, "?\t?\n");
        solved_any |= k > 0;
        fprintf(dat, "\n\n");
    }
    FREEN(v, t->n_inst ? t->n_inst : 1);
    fprintf(gp, "set title ");
    char head[200];
    snprintf(head, sizeof head,
             "Cactus: instances solved within a %s (the median run of each; a line ends at its "
             "last solved instance)",
             t->time->label);
    plot_gp_string(gp, head);
    fprintf(gp, "\nset logscale y\n%sset xlabel 'instances solved (of %zu)'\nset ylabel ",
            plot_time_format, t->n_inst);
    plot_gp_string(gp, t->time->label);
    fprintf(gp, "\nset xrange [0:%zu]\n%s", t->n_inst + 1, t->n_inst <= 12 ? "set xtics 1\n" : "");
    const char *bname;
    double border = plot_time_border(t, &bname);
    if (t->limit_s > 0) {
        char label[100];
        snprintf(label, sizeof label, "time limit (%g s)", t->limit_s);
        plot_hline(gp, t->limit_s, label);
    }
    /* nothing solved: no point sets the axis, so the limit does (the key
     * still counts every unsolved instance) */
    if (!solved_any)
        fprintf(gp, "set yrange [%.9f:%.9f]\n", border / 100, border * 2);
    else if (t->limit_s > 0)
        fprintf(gp, "set yrange [*:%.9f]\n", t->limit_s * 2);
    fprintf(gp, "plot \\\n");
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    dat index %zu using 1:2 with linespoints lt %zu title ", s, s + 1);
        char title[600];
        size_t u = plot_unfinished(t, s), total = 0;
        for (size_t i = 0; i < t->n_inst; i++) total += agg_at(t, i, s)->present;
        if (u)
            snprintf(title, sizeof title, "%s (%zu of %zu unsolved)", t->strat[s], u, total);
        else
            snprintf(title, sizeof title, "%s", t->strat[s]);
        plot_gp_string(gp, title);
        fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
    }
}

static void size(const agg_table *t, int *w, int *h) {
    *w = 1000;
    *h = 600 + (long_keys(t) ? 24 * (int)t->n_strat : 0); /* the key below */
}

const plot_kind plot_kind_cactus = {
    "cactus",
    "instances solved (x) within a time (y, log), one line per\n"
    "strategy up to its last solved instance; unsolved counts in the key",
    1,
    size,
    cactus,
    0,
    NULL};
