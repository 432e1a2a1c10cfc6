/* table_course.c - the course table: per (instance, strategy) the solved
 * runs, the median time with its dispersion, PAR-2, nodes and the
 * inference time per node. */
#include <stdio.h>
#include <string.h>

#include "kind.h"

static void course(const report_args *a, report_table *rt) {
    const agg_table *t = a->t;
    report_format f = a->f;
    char head[300];
    /* CSV has no caption: its time columns carry the metric's name */
    snprintf(head, sizeof head,
             "test_case\talgorithm\truns\tsolved\tunsolved_status\t%s_ns\t%s_mad_ns\tpar2_s\t"
             "nodes\tavg_inference_ns",
             t->time->name, t->time->name);
    if (f == REPORT_CSV)
        report_header(rt, head);
    else
        report_header(rt, "Test case\tAlgorithm\t>Solved\t>Total Time\t>PAR-2\t"
                          ">Number of Nodes Searched\t>Average Inference Time Per Node");
    int marked = 0;
    for (size_t i = 0; i < t->n_inst; i++)
        for (size_t s = 0; s < t->n_strat; s++) {
            const agg_group *g = agg_at(t, i, s);
            if (!g->present) continue;
            char name[256], time[64], nodes[64], inf[64], mad[64], st[64], par2[64], solved[48];
            report_case_name(t->inst[i]->instance, name, sizeof name);
            report_time(f, g->time_ns, time, sizeof time);
            report_count(f, g->nodes, nodes, sizeof nodes);
            report_time(f, g->infer_ns, inf, sizeof inf);
            report_par2_cell(f, g->par2_s, par2, sizeof par2);
            if (f == REPORT_CSV) {
                report_time(f, g->time_mad, mad, sizeof mad);
                snprintf(st, sizeof st, "%s", agg_solved(g) ? "" : report_failure_name(g));
                char runs[24], fin[24];
                snprintf(runs, sizeof runs, "%zu", g->runs);
                snprintf(fin, sizeof fin, "%zu", g->finished);
                int any = g->finished > 0;
                report_row(rt, 10, name, t->strat[s], runs, fin, st, any ? time : "",
                           any ? mad : "", par2, any ? nodes : "", any ? inf : "");
                continue;
            }
            report_solved_cell(g->finished, g->runs, solved, sizeof solved);
            if (g->finished == 0) {
                report_row(rt, 7, name, t->strat[s], solved, report_failure_name(g), par2, "-",
                           "-");
                continue;
            }
            if (g->finished > 1 && g->time_ns > 0) {
                size_t n = strlen(time);
                snprintf(time + n, sizeof time - n, " ±%.0f%%", 100 * g->time_mad / g->time_ns);
            }
            if (!agg_solved(g)) { /* medians over the solved runs only */
                marked = 1;
                strcat(time, report_dagger);
                strcat(nodes, report_dagger);
                strcat(inf, report_dagger);
            }
            report_row(rt, 7, name, t->strat[s], solved, time, par2, nodes, inf);
        }
    if (f == REPORT_CSV) return;
    report_caption_time(a, rt);
    if (marked)
        report_note(rt, "%s median over the solved runs only (Solved: how many of the runs).",
                    report_dagger);
    report_note_par2(rt, t);
}

const report_kind report_kind_course = {
    "course",
    "Test case | Algorithm | Solved | Total Time | PAR-2 | Number of Nodes\n"
    "Searched | Average Inference Time Per Node (= inference_ns /\n"
    "inference_calls); medians over the solved runs, +-x% = median absolute\n"
    "deviation; a median over fewer than all runs is marked with a dagger",
    0, course};
