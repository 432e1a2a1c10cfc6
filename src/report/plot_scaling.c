/* plot_scaling.c - the scaling figure: per size, the median over the
 * instances of their median run's time and nodes (two panels), one line
 * per strategy and family, quartile bars; a size whose median instance was
 * not solved is an open circle on the time limit.
 *
 * The size is what the puzzle's size() counts, named by its size_name
 * (puzzle.h): the board size n for the puzzles, the number of variables
 * for XCSP3.  Instances whose sizes count different things have no common
 * axis: the kind refuses them (fits).  A line joins only the sizes of one
 * family: one puzzle for board sizes, else the instances whose file names
 * share their first word (qwh-o030-h320 and qwh-o040-h640: "qwh"), so that
 * unrelated instances of 30 and 40 variables are never drawn as a curve. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../puzzles/puzzle.h"
#include "plot.h"

static const char board[] = "board size n";

/* What the size of row r counts. */
static const char *measure_of(const result_row *r) {
    const puzzle *pz = puzzle_find(r->puzzle);
    return !pz ? "size" : pz->size_name ? pz->size_name : board;
}

/* The family of row r into buf: its puzzle for a board size, else the
 * file name's first word (up to '-', '_', '.' or a digit). */
static void family_of(const result_row *r, char *buf, size_t size) {
    if (measure_of(r) == board) {
        snprintf(buf, size, "%s", r->puzzle);
        return;
    }
    const char *b = strrchr(r->instance, '/');
    b = b ? b + 1 : r->instance;
    size_t n = strcspn(b, "-_.0123456789");
    snprintf(buf, size, "%.*s", (int)(n ? n : strlen(b)), b);
}

static int fits(const agg_table *t, char *why, size_t size) {
    for (size_t i = 1; i < t->n_inst; i++) {
        const char *a = measure_of(t->inst[0]), *b = measure_of(t->inst[i]);
        if (strcmp(a, b)) {
            snprintf(why, size,
                     "--kind scaling: the instances have no common size (%s counts %s, %s "
                     "counts %s); try --kind cactus or --kind scatter",
                     t->inst[0]->puzzle, a, t->inst[i]->puzzle, b);
            return 0;
        }
    }
    for (size_t i = 1; i < t->n_inst; i++)
        if (t->inst[i]->size != t->inst[0]->size) return 1;
    snprintf(why, size,
             "--kind scaling: every instance has the same size (%s %ld): nothing scales; try "
             "--kind cactus or --kind scatter",
             t->n_inst ? measure_of(t->inst[0]) : "size", t->n_inst ? t->inst[0]->size : 0L);
    return 0;
}

enum { FAMILY_NAME = 64 };

/* The families of t's instances: fam[i] for instance i, *nf of them, their
 * names in names (nf * FAMILY_NAME chars; xmalloc'd). */
static char *families(const agg_table *t, size_t *fam, size_t *nf) {
    size_t ni = t->n_inst ? t->n_inst : 1;
    char *names = NEWN(ni * FAMILY_NAME, char), f[FAMILY_NAME];
    *nf = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        family_of(t->inst[i], f, sizeof f);
        size_t k = 0;
        while (k < *nf && strcmp(names + k * FAMILY_NAME, f)) k++;
        if (k == *nf) memcpy(names + (*nf)++ * FAMILY_NAME, f, FAMILY_NAME);
        fam[i] = k;
    }
    return names;
}

/* Writes the blocks of strategy s and one family: index 2b, the sizes
 * where its median instance was solved (a blank line where it was not);
 * index 2b+1, those where it was not.  has[0..1]: whether each holds a
 * point. */
static void write_blocks(FILE *dat, const agg_size *pts, size_t n, size_t s, double border,
                         const char *family, const char *strat, int has[2]) {
    for (int part = 0; part < 2; part++) {
        fprintf(dat, "# strategy %s, family %s: median %s\n", strat, family,
                part ? "not solved" : "solved");
        int gap = 0; /* a size left out since the last point */
        has[part] = 0;
        for (size_t k = 0; k < n; k++) {
            const agg_size *a = &pts[k];
            if (a->strat != s) continue;
            if (isfinite(a->time_ns) == part) {
                gap = 1;
                continue;
            }
            /* one blank line breaks the line at a left-out size (two
             * would end the index block) */
            if (gap && has[part] && !part) fprintf(dat, "\n");
            gap = 0;
            double cap_n = a->nodes_max > 1 ? a->nodes_max : 1;
            fprintf(dat, "%ld", a->size);
            plot_dat_num(dat, isfinite(a->time_ns) ? a->time_ns / 1e9 : border);
            plot_dat_num(dat, isfinite(a->time_q1) ? a->time_q1 / 1e9 : border);
            plot_dat_num(dat, isfinite(a->time_q3) ? a->time_q3 / 1e9 : border);
            /* a count below 1 (0 nodes) is drawn at 1: a log axis */
            plot_dat_num(dat, isfinite(a->nodes) ? fmax(a->nodes, 1) : cap_n);
            plot_dat_num(dat, isfinite(a->nodes_q1) ? fmax(a->nodes_q1, 1) : cap_n);
            plot_dat_num(dat, isfinite(a->nodes_q3) ? fmax(a->nodes_q3, 1) : cap_n);
            fprintf(dat, "\t%zu\t%zu\t%zu\t%zu\n", a->solved, a->instances, a->solved_runs,
                    a->runs);
            has[part] = 1;
        }
        if (!has[part]) fprintf(dat, "?\t?\t?\t?\t?\t?\t?\t?\t?\t?\t?\n");
        fprintf(dat, "\n\n");
    }
}

/* The heights (cm) of the parts: the title, each panel, the key. */
#define SCALING_TITLE_CM 0.7
#define SCALING_PANEL_CM 4.6
static double key_cm(const agg_table *t, const plot_page *pg) { return plot_key_cm(t, pg, 24, 1); }

static void scaling(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    size_t ni = t->n_inst ? t->n_inst : 1, nf;
    size_t *fam = NEWN(ni, size_t);
    char *fnames = families(t, fam, &nf);
    unsigned char *only = NEWN(ni, unsigned char);
    const char *bname;
    double border = plot_time_border(t, &bname);
    long lo = 0, hi = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        if (!i || t->inst[i]->size < lo) lo = t->inst[i]->size;
        if (!i || t->inst[i]->size > hi) hi = t->inst[i]->size;
    }
    const char *measure = t->n_inst ? measure_of(t->inst[0]) : board;
    fprintf(dat,
            "# size\ttime_s_median\ttime_s_q1\ttime_s_q3\tnodes_median\tnodes_q1\tnodes_q3"
            "\tsolved_instances\tinstances\tsolved_runs\truns\n"
            "# size: %s.  Medians and quartiles over the instances of a size and family\n"
            "# of each instance's median over its runs, an unsolved run counted as +inf.  An\n"
            "# infinite quartile is drawn at the time limit (%.9f s) for time, and at the\n"
            "# most nodes any run of that size reached for nodes (it needed more).  Index\n"
            "# 2(s * %zu + f): strategy s, family f, the sizes where its median instance was\n"
            "# solved; the index after it: where it was not (its median drawn at the limit).\n",
            measure, border, nf);
    /* has[2 * (s * nf + f) + part] */
    int *has = NEWN(2 * t->n_strat * nf, int);
    for (size_t s = 0; s < t->n_strat; s++)
        for (size_t f = 0; f < nf; f++) {
            for (size_t i = 0; i < t->n_inst; i++) only[i] = fam[i] == f;
            agg_size *pts;
            size_t n;
            agg_scaling_of(t, only, &pts, &n);
            write_blocks(dat, pts, n, s, border, fnames + f * FAMILY_NAME, t->strat[s],
                         has + 2 * (s * nf + f));
            if (pts) FREEN(pts, n);
        }
    /* Runs that count no nodes (Same Game's scripts) get no nodes panel. */
    int panels = 1;
    for (size_t i = 0; i < t->n_inst && panels == 1; i++)
        for (size_t s = 0; s < t->n_strat; s++)
            if (agg_at(t, i, s)->nodes > 0) panels = 2;
    double H = pa->page->h_cm, top = SCALING_TITLE_CM;
    double ph = (H - SCALING_TITLE_CM - key_cm(t, pa->page)) / panels;
    fprintf(gp,
            "# per size, the median over the instances of that size of their median run (bars:\n"
            "# quartiles; an unsolved run ranks above every solved one); a line joins the sizes\n"
            "# of one family (%zu here: %s)\n"
            "set multiplot title 'Scaling: median over the instances of each size'\n"
            "unset key\nset lmargin 11\nset rmargin 2\nset tmargin 1.5\n"
            "set autoscale xfix\nset offsets graph 0.04, graph 0.04, graph 0.03, graph 0.03\n"
            "set logscale y\nset xlabel ",
            nf, nf > 1 ? "points of different families are not joined" : "one line each");
    plot_gp_string(gp, measure);
    fputc('\n', gp);
    if (lo > 0 && hi >= 20 * lo) /* sizes over decades: a log axis, gnuplot's ticks */
        fprintf(gp, "set logscale x\nset format x '%%.0f'\n");
    else if (hi - lo <= 15) /* few sizes: each an integer tick */
        fprintf(gp, "set xtics 1\n");
    for (int panel = 0; panel < panels; panel++) {
        fprintf(gp, "set origin 0, %.6f\nset size 1, %.6f\n", 1 - (top + ph) / H, ph / H);
        top += ph;
        fputs("set ylabel ", gp);
        plot_gp_string(gp, panel ? "nodes searched" : t->time->label);
        /* counts: no SI prefix below 1 (a log axis from 1: no "100m") */
        fputs(panel ? "\nset format y '%.0s%c'\n" : "\n", gp);
        if (!panel) fputs(plot_time_format, gp);
        if (panel == 0 && t->time->part) { /* a time per command: far below any limit */
            fprintf(gp, "unset arrow 1\nunset label 1\nset yrange [*:*]\n");
        } else if (panel == 0) {
            char label[200];
            snprintf(label, sizeof label, "%s (%g s)", bname, border);
            plot_hline(gp, border, t->limit_s > 0 ? label : bname);
            fprintf(gp, "set yrange [*:%.9f]\n", border * 2);
        } else {
            fprintf(gp, "unset arrow 1\nunset label 1\nset yrange [1:*]\n");
        }
        fprintf(gp, "plot \\\n");
        int items = 0;
        for (size_t s = 0; s < t->n_strat; s++)
            for (size_t f = 0; f < nf; f++) {
                size_t b = s * nf + f;
                if (has[2 * b])
                    fprintf(gp,
                            "%s    dat index %zu using 1:%d:%d:%d with yerrorlines lt %zu "
                            "notitle",
                            items++ ? ", \\\n" : "", 2 * b, panel ? 5 : 2, panel ? 6 : 3,
                            panel ? 7 : 4, s + 1);
                /* open circles: sizes whose median instance was not solved */
                if (has[2 * b + 1])
                    fprintf(gp,
                            "%s    dat index %zu using 1:%d with points lt %zu pt 6 ps 1.2 "
                            "notitle",
                            items++ ? ", \\\n" : "", 2 * b + 1, panel ? 5 : 2, s + 1);
            }
        if (!items) fprintf(gp, "    NaN notitle");
        fprintf(gp, "\n");
    }
    /* the key: a panel of its own at the bottom, one entry per strategy,
     * with its unsolved runs counted */
    plot_key_panel(gp, (H - top) / H);
    for (size_t s = 0; s < t->n_strat; s++) {
        size_t runs = 0, solved = 0;
        for (size_t i = 0; i < t->n_inst; i++) {
            runs += agg_at(t, i, s)->runs;
            solved += agg_at(t, i, s)->finished;
        }
        char title[600];
        if (runs > solved)
            snprintf(title, sizeof title, "%s (%zu of %zu runs unsolved)", t->strat[s],
                     runs - solved, runs);
        else
            snprintf(title, sizeof title, "%s", t->strat[s]);
        fprintf(gp, "    NaN with linespoints lt %zu title ", s + 1);
        plot_gp_key(gp, title, pa->page);
        fprintf(gp, ", \\\n");
    }
    fprintf(gp, "    NaN with points pt 6 ps 1.2 lc rgb '#000000' title 'median instance not "
                "solved (at the limit)'\nunset multiplot\n");
    FREEN(has, 2 * t->n_strat * nf);
    FREEN(only, ni);
    FREEN(fam, ni);
    FREEN(fnames, ni * FAMILY_NAME);
}

static void size(const agg_table *t, plot_page *p) {
    p->h_cm = SCALING_TITLE_CM + 2 * SCALING_PANEL_CM + key_cm(t, p);
}

const plot_kind plot_kind_scaling = {
    "scaling",
    "median over the instances of each size (the board size n, or what\n"
    "the instances count: XCSP3 variables, named on the axis), of time and\n"
    "nodes, log y, one line per strategy and family, bars from the first to\n"
    "the third quartile; an open circle where the median instance was not\n"
    "solved; refused when the instances share no size",
    1, size, scaling, 0, 0, fits};
