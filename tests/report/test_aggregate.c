/* test_aggregate.c - grouping of rows by (instance, strategy), the two
 * kinds of medians, PAR-2 worked out by hand, and the scaling summary
 * (tests/report/test_statistics.c checks the statistics themselves). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "report/aggregate.h"

int main(void) {
    size_t mem0 = xmem_current();
    const report_metric *search = report_metric_find("search");
    /* grouping: 2 instances x 2 strategies x 3 reps, one timeout */
    result_set rs = {0};
    for (int i = 0; i < 12; i++) {
        result_row row;
        result_row_init(&row);
        result_row_set(&row.instance, i % 2 ? "b.fut" : "a.fut");
        result_row_set(&row.puzzle, "p");
        result_row_set(&row.strategy, (i / 2) % 2 ? "gac" : "fc");
        row.size = i % 2 ? 4 : 5;
        row.rep = i / 4 + 1;
        row.status = i == 11 ? STATUS_TIMEOUT : STATUS_SOLVED;
        row.st.total_ns = (uint64_t)(100 * (i + 1));
        row.st.nodes = (uint64_t)(10 + i % 4);
        row.st.inference_ns = 50;
        row.st.inference_calls = 5;
        result_set_add(&rs, &row);
        result_row_free(&row);
    }
    agg_table t;
    diag d;
    CHECK(agg_build(&rs, NULL, 0, 2.0, search, &t, &d) == 0);
    CHECK(t.n_inst == 2 && t.n_strat == 2);
    CHECK(!strcmp(t.inst[0]->instance, "b.fut")); /* size 4 before size 5 */
    CHECK(!strcmp(t.strat[0], "fc") && !strcmp(t.strat[1], "gac"));
    const agg_group *g = agg_at(&t, 0, 1); /* b.fut, gac: rows 3, 7, 11 (timeout) */
    CHECK(g->runs == 3 && g->finished == 2 && !agg_solved(g) && agg_failure(g) == STATUS_TIMEOUT);
    CHECK(g->time_ns == 600 && g->infer_ns == 10); /* median of 400 and 800 */
    /* over all runs, the timeout as +inf: {400, 800, inf} -> 800 */
    CHECK(g->time_all == 800 && agg_median_solved(g));
    /* PAR-2 by hand: 400 ns, 800 ns, and 2 x the 2 s limit:
     * (0.0000004 + 0.0000008 + 4) / 3 s */
    CHECK_MSG(fabs(g->par2_s - (0.0000004 + 0.0000008 + 4) / 3) < 1e-15, "%.12g", g->par2_s);
    /* its runs in rep order, contiguous */
    const result_row *const *rows = agg_rows(&t, g);
    CHECK(rows[0]->rep == 1 && rows[1]->rep == 2 && rows[2]->rep == 3 &&
          rows[2]->status == STATUS_TIMEOUT);
    g = agg_at(&t, 1, 0); /* a.fut, fc: rows 0, 4, 8 */
    CHECK(agg_solved(g) && g->time_ns == 500 && g->time_mad == 400 && g->time_all == 500);
    CHECK(fabs(g->par2_s - 500e-9) < 1e-18); /* all solved: the mean, (100+500+900)/3 ns */
    agg_size *pts;
    size_t n;
    agg_scaling(&t, &pts, &n);
    /* size 4: b.fut only; gac's median run is 800 ns (solved), 2 of 3 runs */
    CHECK(n == 4 && pts[0].size == 4 && pts[1].solved == 1 && pts[1].solved_runs == 2 &&
          pts[1].runs == 3 && pts[1].time_ns == 800 && pts[2].size == 5);
    CHECK(pts[1].nodes_max == 13); /* the timeout (row 11) reached 10 + 11 % 4 nodes */
    FREEN(pts, n);
    agg_free(&t);
    /* without a limit, PAR-2 of a group with an unsolved run is unknown */
    CHECK(agg_build(&rs, NULL, 0, 0, search, &t, &d) == 0);
    CHECK(isnan(agg_at(&t, 0, 1)->par2_s) && !isnan(agg_at(&t, 0, 0)->par2_s));
    agg_free(&t);
    const char *only[] = {"gac", "nope"};
    CHECK(agg_build(&rs, only, 2, 1, search, &t, &d) == -1 && strstr(d.msg, "nope"));
    CHECK(agg_build(&rs, only, 1, 1, search, &t, &d) == 0 && t.n_strat == 1);
    agg_free(&t);

    /* a group with most runs unsolved: its median over all runs is +inf */
    for (int i = 0; i < 2; i++) {
        result_row row;
        result_row_init(&row);
        result_row_set(&row.instance, "c.fut");
        result_row_set(&row.puzzle, "p");
        result_row_set(&row.strategy, "fc");
        row.size = 6;
        row.rep = i + 1;
        row.status = STATUS_TIMEOUT;
        row.st.total_ns = 2000000000;
        row.st.nodes = 99;
        result_set_add(&rs, &row);
        result_row_free(&row);
    }
    CHECK(agg_build(&rs, NULL, 0, 2.0, search, &t, &d) == 0 && t.n_inst == 3);
    g = agg_at(&t, 2, 0);
    CHECK(g->runs == 2 && g->finished == 0 && isinf(g->time_all) && !agg_median_solved(g));
    CHECK(g->par2_s == 4 && !agg_at(&t, 2, 1)->present);
    agg_scaling(&t, &pts, &n);
    CHECK(n == 5 && pts[4].size == 6 && pts[4].solved == 0 && isinf(pts[4].time_ns) &&
          pts[4].nodes_max == 99);
    FREEN(pts, n);
    agg_free(&t);
    result_set_free(&rs);
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
