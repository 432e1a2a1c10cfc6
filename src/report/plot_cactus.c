/* plot_cactus.c - the cactus figure: instances solved (x) within a time
 * (y, log), one line per strategy up to its last solved instance; the
 * unsolved ones counted in the key. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/xmalloc.h"
#include "plot.h"

static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void cactus(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
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
    /* a short title that fits one column; what it means goes to the
     * script's comment (and the caption of a paper) */
    fprintf(gp, "# the median run of each instance; a line ends at its last solved instance\n"
                "set title ");
    char head[200];
    snprintf(head, sizeof head, "Instances solved within a %s", t->time->label);
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
    /* the plot above, the key in a panel of its own across the page (a
     * key below the plot would start at its left border) */
    double H = pa->page->h_cm, kh = plot_key_cm(t, pa->page, 24, 0);
    if (kh > H / 2) kh = H / 2;
    fprintf(gp, "set multiplot\nset origin 0, %.6f\nset size 1, %.6f\nunset key\nplot \\\n",
            kh / H, 1 - kh / H);
    for (size_t s = 0; s < t->n_strat; s++)
        fprintf(gp, "    dat index %zu using 1:2 with linespoints lt %zu notitle%s\n", s, s + 1,
                s + 1 < t->n_strat ? ", \\" : "");
    if (!t->n_strat) fprintf(gp, "    NaN notitle\n");
    plot_key_panel(gp, kh / H);
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    NaN with linespoints lt %zu title ", s + 1);
        char title[600];
        size_t u = plot_unfinished(t, s), total = 0;
        for (size_t i = 0; i < t->n_inst; i++) total += agg_at(t, i, s)->present;
        if (u)
            snprintf(title, sizeof title, "%s (%zu of %zu unsolved)", t->strat[s], u, total);
        else
            snprintf(title, sizeof title, "%s", t->strat[s]);
        plot_gp_key(gp, title, pa->page);
        fprintf(gp, "%s\n", s + 1 < t->n_strat ? ", \\" : "");
    }
    if (!t->n_strat) fprintf(gp, "    NaN notitle\n");
    fprintf(gp, "unset multiplot\n");
}

static void size(const agg_table *t, plot_page *p) {
    p->h_cm = 6.2 + plot_key_cm(t, p, 24, 0); /* the plot, then the key below */
}

const plot_kind plot_kind_cactus = {
    "cactus",
    "instances solved (x) within a time (y, log), one line per\n"
    "strategy up to its last solved instance; unsolved counts in the key",
    1, size, cactus, 0, 0, NULL};
