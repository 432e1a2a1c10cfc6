/* plot_anytime.c - the anytime figure of optimisations: the best
 * objective found (y) over CPU time (x, log), one panel per instance with
 * an objective, one step line per strategy (every run of it, in its
 * colour), each line drawn on to the run's end (its CPU time), a cross
 * where a run proved its value optimal, and the best value any run found
 * marked by a dashed line.  Instances where no run found a solution get
 * no panel; the key counts them. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "plot.h"

/* A point before this many seconds goes at it: a log axis has no 0, and
 * the CPU clock's tick is about a millisecond. */
#define ANYTIME_FLOOR_S 1e-3
enum { PANEL_COLS_MAX = 2 };
#define PANEL_H_CM 4.2
#define TITLE_CM 0.7
/* the key below the panels: a line per strategy, and one for the
 * instances left out */
static double key_cm(const agg_table *t, const plot_page *pg) { return plot_key_cm(t, pg, 24, 1); }
/* A panel's title (the instance) at most this long: a panel is half a
 * column wide. */
enum { PANEL_TITLE_MAX = 22 };

/* 1 when some run of instance i found a value. */
static int has_points(const agg_table *t, size_t i) {
    for (size_t s = 0; s < t->n_strat; s++)
        if (agg_at(t, i, s)->present && agg_at(t, i, s)->has_best) return 1;
    return 0;
}

/* The instances' panels and the key's. */
static size_t panels(const agg_table *t) {
    size_t k = 1;
    for (size_t i = 0; i < t->n_inst; i++) k += has_points(t, i);
    return k;
}

static double at_least_floor(double s) { return s > ANYTIME_FLOOR_S ? s : ANYTIME_FLOOR_S; }

/* The extent of a panel: its latest end and its values' range. */
typedef struct extent {
    double end;
    int64_t lo, hi;
    int any;
} extent;

/* One run's block: its points as steps, then its end at the same value. */
static void write_run(FILE *dat, const result_row *r, extent *e) {
    result_point *pts;
    size_t n;
    result_row_anytime(r, &pts, &n);
    for (size_t k = 0; k < n; k++) {
        if (!e->any || pts[k].value < e->lo) e->lo = pts[k].value;
        if (!e->any || pts[k].value > e->hi) e->hi = pts[k].value;
        e->any = 1;
    }
    if (n) e->end = fmax(e->end, fmax(r->cpu_s, pts[n - 1].seconds));
    fprintf(dat, "# %s rep %ld (%s)\n", r->strategy, r->rep, status_name(r->status));
    for (size_t k = 0; k < n; k++) {
        fprintf(dat, "%.9f\t%lld\t?\n", at_least_floor(pts[k].seconds), (long long)pts[k].value);
    }
    if (n) { /* on to the run's end; a cross there when it proved the value */
        double end = at_least_floor(fmax(r->cpu_s, pts[n - 1].seconds));
        fprintf(dat, "%.9f\t%lld\t", end, (long long)pts[n - 1].value);
        if (r->status == STATUS_OPTIMAL)
            fprintf(dat, "%lld\n", (long long)pts[n - 1].value);
        else
            fprintf(dat, "?\n");
        FREEN(pts, n);
    } else {
        fprintf(dat, "?\t?\t?\n");
    }
    fprintf(dat, "\n\n");
}

static void anytime(const plot_args *pa) {
    const agg_table *t = pa->t;
    FILE *dat = pa->dat, *gp = pa->gp;
    size_t np = panels(t), cols = np - 1 < PANEL_COLS_MAX ? (np > 1 ? np - 1 : 1) : PANEL_COLS_MAX;
    size_t rows = np > 1 ? (np - 1 + cols - 1) / cols : 1, none = 0, block = 0;
    for (size_t i = 0; i < t->n_inst; i++) {
        int cop = 0;
        for (size_t s = 0; s < t->n_strat; s++) cop |= agg_at(t, i, s)->sense != 0;
        none += cop && !has_points(t, i);
    }
    fprintf(dat, "# seconds\tvalue\tproven\n# one block per run: the best value found "
                 "by each time, then the run's end\n");
    fprintf(gp, "# the best objective found over CPU time (log); dashed: the best any run "
                "found; x: proven optimal\n");
    const char *title = "Best objective found over CPU time";
    fprintf(gp, "set multiplot title ");
    plot_gp_string(gp, title);
    /* short ticks (1m 10m 1 10) so that they fit half a column */
    fprintf(gp, "\nset logscale x\nset format x '%%.0s%%c'\nset xlabel 'CPU time (s)'\n"
                "set ylabel 'objective'\nset lmargin 8\nset rmargin 3\n");
    double H = pa->page->h_cm, kh = key_cm(t, pa->page);
    double ph = (H - TITLE_CM - kh) / (double)rows;
    size_t at = 0; /* the panel's place: row at / cols, column at % cols */
    (void)rows;
    if (np == 1) { /* nothing to draw: an empty frame that says so */
        fprintf(gp, "set origin 0, 0\nset size 1, %.6f\nset xrange", (H - TITLE_CM) / H);
        fprintf(gp, " [0.001:1]\nset yrange [0:1]\nunset key\n"
                    "set label 2 'no run found a solution' at graph 0.5, graph 0.5 center\n"
                    "plot 2 notitle\nunset multiplot\n");
        return;
    }
    /* one key, below the figure's last row: the panels keep their width
     * whatever the specs' length */
    fprintf(gp, "unset key\n");
    for (size_t i = 0; i < t->n_inst; i++) {
        if (!has_points(t, i)) continue;
        size_t first = block;
        extent e = {0, 0, 0, 0};
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            const result_row *const *rr = agg_rows(t, g);
            for (size_t r = 0; r < g->runs; r++, block++) write_run(dat, rr[r], &e);
        }
        /* explicit ranges: a panel whose points share one time or one
         * value would have an empty range */
        double span = e.hi > e.lo ? (double)(e.hi - e.lo) : 1;
        /* room below the lowest value for the label under the best line
         * (a minimum's best is its lowest) */
        fprintf(gp, "set xrange [%g:%g]\nset yrange [%.17g:%.17g]\n", ANYTIME_FLOOR_S * 0.8,
                fmax(e.end * 1.5, ANYTIME_FLOOR_S * 10), (double)e.lo - span * 0.35,
                (double)e.hi + span * 0.08);
        /* integer ticks, about four: a step of 1, 2 or 5 times a power of 10 */
        double step = 1;
        for (int k = 0; span / step > 4; k++) step = (k % 3 == 1 ? 2.5 : 2) * step; /* 2 5 10 */
        fprintf(gp, "set ytics %.17g\nset format y '%%.0f'\n", step);
        fprintf(gp, "set origin %.6f, %.6f\nset size %.6f, %.6f\n",
                (double)(at % cols) / (double)cols,
                1 - (TITLE_CM + (double)(at / cols + 1) * ph) / H, 1.0 / (double)cols, ph / H);
        at++;
        char name[256];
        const char *path = t->inst[i]->instance, *slash = strrchr(path, '/');
        snprintf(name, sizeof name, "%s", slash ? slash + 1 : path);
        char *dot = strrchr(name, '.');
        if (dot && dot != name) *dot = '\0';
        size_t len = strlen(name);
        if (len > PANEL_TITLE_MAX) { /* keep its start and its end */
            size_t head = PANEL_TITLE_MAX / 2 - 1, tail = PANEL_TITLE_MAX - head - 3;
            memmove(name + head + 3, name + len - tail, tail + 1);
            memcpy(name + head, "...", 3);
        }
        fprintf(gp, "set title ");
        plot_gp_string(gp, name);
        fprintf(gp, "\n");
        int64_t known = 0;
        if (agg_best_known(t, i, &known)) {
            char label[80];
            snprintf(label, sizeof label, "best found: %lld", (long long)known);
            plot_hline(gp, (double)known, label);
        }
        fprintf(gp, "plot \\\n");
        size_t b = first;
        int any = 0;
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            const result_row *const *rr = agg_rows(t, g);
            int titled = 0; /* the strategy's first run with points carries its title */
            for (size_t r = 0; r < g->runs; r++, b++) {
                if (!*rr[r]->anytime) continue; /* no solution: an empty block */
                fprintf(gp, "%s    dat index %zu using 1:2 with steps lt %zu lw 2 %s",
                        any ? ", \\\n" : "", b, s + 1, titled ? "notitle" : "title ");
                if (!titled) plot_gp_string(gp, t->strat[s]);
                titled = 1;
                if (rr[r]->status == STATUS_OPTIMAL) /* the cross (no data otherwise) */
                    fprintf(
                        gp,
                        ", \\\n    dat index %zu using 1:3 with points lt %zu pt 2 ps 2 notitle", b,
                        s + 1);
                any = 1;
            }
        }
        fprintf(gp, "\nunset arrow 1\nunset label 1\n");
    }
    /* the key: a panel of its own, one line per strategy */
    plot_key_panel(gp, kh / H);
    for (size_t s = 0; s < t->n_strat; s++) {
        fprintf(gp, "    NaN with lines lt %zu lw 2 title ", s + 1);
        size_t ran = 0, nosol = 0; /* instances with an objective; those without a value */
        for (size_t i = 0; i < t->n_inst; i++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present || !g->sense) continue;
            ran++;
            nosol += !g->has_best;
        }
        char key[600];
        if (nosol)
            snprintf(key, sizeof key, "%s (no solution on %zu of %zu)", t->strat[s], nosol, ran);
        else
            snprintf(key, sizeof key, "%s", t->strat[s]);
        plot_gp_key(gp, key, pa->page);
        fprintf(gp, "%s\n", s + 1 < t->n_strat || none ? ", \\" : "");
    }
    if (none) {
        char key[120];
        snprintf(key, sizeof key, "(%zu instance%s without a solution not shown)", none,
                 none > 1 ? "s" : "");
        fprintf(gp, "    NaN with lines lc rgb 'white' title ");
        plot_gp_string(gp, key);
        fputc('\n', gp);
    }
    fprintf(gp, "unset multiplot\n");
}

/* Optimisations only: the figure is of objective values. */
static int fits(const agg_table *t, char *why, size_t size) {
    if (agg_has_objective(t)) return 1;
    snprintf(why, size, "anytime: the results hold no objective (an optimisation's runs)");
    return 0;
}

static void size(const agg_table *t, plot_page *p) {
    size_t np = panels(t) - 1, cols = np < PANEL_COLS_MAX ? (np ? np : 1) : PANEL_COLS_MAX;
    size_t rows = np ? (np + cols - 1) / cols : 1;
    p->h_cm = TITLE_CM + (double)rows * PANEL_H_CM + key_cm(t, p);
}

const plot_kind plot_kind_anytime = {
    "anytime",
    "optimisations: the best objective found (y) over CPU time (x,\n"
    "log), one panel per instance, one step line per strategy (each run),\n"
    "a cross where a run proved optimality, the best value found dashed",
    1, size, anytime, 0, 0, fits};
