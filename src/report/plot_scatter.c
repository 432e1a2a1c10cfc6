/* plot_scatter.c - the scatter figure: per instance, the median run of
 * two strategies (the first two columns), log-log with the diagonal; an
 * instance not solved by one is drawn on the border at the time limit. */
#include <math.h>
#include <stdio.h>

#include "plot.h"

static void scatter(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    int nodes = !pa->m->time;
    double lo = INFINITY, hi = 0;
    size_t both = 0, left = 0;
    /* the border: where a run that was not solved is drawn */
    const char *bname = "unsolved";
    double border;
    if (nodes) {
        for (size_t i = 0; i < t->n_inst; i++)
            for (size_t s = 0; s < 2; s++) {
                const agg_group *g = agg_at(t, i, s);
                if (agg_median_solved(g)) hi = fmax(hi, fmax(g->nodes_all, 1));
            }
        border = 2 * (hi > 0 ? hi : 1);
        hi = 0;
    } else {
        border = plot_time_border(t, &bname);
    }
    fprintf(dat, "# instance\t%s\t%s\t%s_unsolved\t%s_unsolved\n", t->strat[0], t->strat[1],
            t->strat[0], t->strat[1]);
    fprintf(dat,
            "# %s of the median run (unsolved runs rank above every solved one); an "
            "instance whose median run was not solved is drawn at %.9f (%s)\n",
            nodes ? "nodes" : "time in s", border, bname);
    for (size_t i = 0; i < t->n_inst; i++) {
        const agg_group *a = agg_at(t, i, 0), *b = agg_at(t, i, 1);
        if (!a->present || !b->present) {
            left += a->present || b->present;
            continue;
        }
        int ua = !agg_median_solved(a), ub = !agg_median_solved(b);
        double x = nodes ? a->nodes_all : a->time_all / 1e9;
        double y = nodes ? b->nodes_all : b->time_all / 1e9;
        if (nodes) { /* log axes: 0 nodes drawn at 1 */
            x = x < 1 ? 1 : x;
            y = y < 1 ? 1 : y;
        }
        x = ua ? border : x;
        y = ub ? border : y;
        char name[256];
        report_case_name(t->inst[i]->instance, name, sizeof name);
        fprintf(dat, "%s", name);
        plot_dat_num(dat, x);
        plot_dat_num(dat, y);
        fprintf(dat, "\t%d\t%d\n", ua, ub);
        lo = fmin(lo, fmin(x, y));
        hi = fmax(hi, fmax(x, y));
        both += !ua && !ub;
    }
    if (!isfinite(lo)) lo = hi = border;
    hi = fmax(hi, border);
    size_t shown = 0;
    for (size_t i = 0; i < t->n_inst; i++)
        shown += agg_at(t, i, 0)->present && agg_at(t, i, 1)->present;
    char head[300];
    snprintf(head, sizeof head, "%s per instance (median run)",
             nodes ? "Nodes searched" : t->time->label);
    fprintf(gp, "# per instance, the median run of each strategy (%zu instances, %zu solved by "
                "both; below the diagonal: y better; unsolved: on the dotted border)%s\n",
            shown, both, left ? "; instances run by only one of them are left out" : "");
    fputs("set title ", gp);
    plot_gp_string(gp, head);
    fputs("\n", gp);
    fprintf(gp, "set logscale xy\nset size ratio -1\n");
    fprintf(gp, "set xrange [%.9f:%.9f]\nset yrange [%.9f:%.9f]\n", lo / 2, hi * 2, lo / 2, hi * 2);
    if (nodes)
        fprintf(gp, "set format x '%%.0s%%c'\nset format y '%%.0s%%c'\n");
    else
        fprintf(gp, "set format x '%%.0s %%cs'\nset format y '%%.0s %%cs'\n");
    /* the border lines */
    fprintf(gp,
            "set arrow 1 from %.9f, graph 0 to %.9f, graph 1 nohead lc rgb '#555555' dt 3\n"
            "set arrow 2 from graph 0, first %.9f to graph 1, first %.9f nohead lc rgb "
            "'#555555' dt 3\n",
            border, border, border, border);
    fprintf(gp, "set xlabel ");
    plot_gp_string(gp, t->strat[0]);
    fprintf(gp, "\nset ylabel ");
    plot_gp_string(gp, t->strat[1]);
    fprintf(gp, "\nplot x with lines lt 8 dt 2 title 'equal', \\\n"
                "    dat using 2:(($4 + $5) == 0 ? $3 : 1/0) with points lt 1 title ");
    char title[900];
    snprintf(title, sizeof title, "solved by both (%zu)", both);
    plot_gp_string(gp, title);
    fprintf(gp, ", \\\n    dat using 2:(($4 + $5) > 0 ? $3 : 1/0) with points lt 2 pt 9 "
                "ps 1.8 title ");
    snprintf(title, sizeof title, "unsolved by one or both (%zu)", shown - both);
    plot_gp_string(gp, title);
    fputc('\n', gp);
}

static void size(const agg_table *t, plot_page *p) {
    (void)t;
    p->h_cm = 10.5; /* a square plot one column wide, the key below */
}

const plot_kind plot_kind_scatter = {
    "scatter",
    "per instance, time (or --metric nodes) of two strategies (--pair\n"
    "A,B; default the experiment's first two), log-log with the diagonal;\n"
    "unsolved on the border at the time limit",
    2, size, scatter, 1, 1, NULL};
