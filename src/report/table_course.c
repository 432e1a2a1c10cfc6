/* table_course.c - the course table: per (instance, strategy) the solved
 * runs, the median time with its dispersion, PAR-2, nodes and the
 * inference time per node; with an objective, the best value, the
 * proven runs and the time to the best. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kind.h"

/* An optimisation's cells: the best value over the runs, the proven runs
 * (k/n), the median time to each run's best; "-" (CSV: "") when none. */
void report_objective_cells(report_format f, const agg_group *g, char *obj, char *proven,
                            char *to_best, size_t size) {
    const char *none = f == REPORT_CSV ? "" : "-";
    if (!g->sense) { /* no objective */
        snprintf(obj, size, "%s", none);
        snprintf(proven, size, "%s", none);
        snprintf(to_best, size, "%s", none);
        return;
    }
    if (g->has_best)
        snprintf(obj, size, "%lld", (long long)g->best);
    else
        snprintf(obj, size, "%s", none);
    if (f == REPORT_CSV)
        snprintf(proven, size, "%zu", g->proven);
    else
        report_solved_cell(g->proven, g->runs, proven, size);
    if (g->has_best && !isnan(g->best_s))
        report_time(f, g->best_s * 1e9, to_best, size);
    else
        snprintf(to_best, size, "%s", none);
}

static void course(const report_args *a, report_table *rt) {
    const agg_table *t = a->t;
    report_format f = a->f;
    int cop = agg_has_objective(t);
    char head[400];
    /* CSV has no caption: its time columns carry the metric's name */
    snprintf(head, sizeof head,
             "test_case\talgorithm\truns\tsolved\tunsolved_status\t%s_ns\t%s_mad_ns\tpar2_s\t"
             "nodes\tavg_inference_ns%s",
             t->time->name, t->time->name, cop ? "\tobjective\tproven\tto_best_ns" : "");
    if (f == REPORT_CSV)
        report_header(rt, head);
    else
        report_header(rt, cop ? "Test case\tAlgorithm\t>Solved\t>Total Time\t>PAR-2\t"
                                ">Number of Nodes Searched\t>Average Inference Time Per Node\t"
                                ">Objective\t>Proven\t>Time to Best"
                              : "Test case\tAlgorithm\t>Solved\t>Total Time\t>PAR-2\t"
                                ">Number of Nodes Searched\t>Average Inference Time Per Node");
    size_t nc = cop ? 10 : 7;
    char obj[64], proven[48], to_best[64];
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
            /* 0: not measured (an outside solver reports no inference time) */
            if (g->infer_ns == 0) snprintf(inf, sizeof inf, "%s", f == REPORT_CSV ? "" : "-");
            report_par2_cell(f, g->par2_s, par2, sizeof par2);
            report_objective_cells(f, g, obj, proven, to_best, sizeof obj);
            if (f == REPORT_CSV) {
                report_time(f, g->time_mad, mad, sizeof mad);
                snprintf(st, sizeof st, "%s", agg_solved(g) ? "" : report_failure_name(g));
                char runs[24], fin[24];
                snprintf(runs, sizeof runs, "%zu", g->runs);
                snprintf(fin, sizeof fin, "%zu", g->finished);
                int any = g->finished > 0;
                report_row(rt, cop ? 13 : 10, name, t->strat[s], runs, fin, st, any ? time : "",
                           any ? mad : "", par2, any ? nodes : "", any ? inf : "", obj, proven,
                           to_best);
                continue;
            }
            report_solved_cell(g->finished, g->runs, solved, sizeof solved);
            if (g->finished == 0) {
                report_row(rt, nc, name, t->strat[s], solved, report_failure_name(g), par2, "-",
                           "-", obj, proven, to_best);
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
            report_row(rt, nc, name, t->strat[s], solved, time, par2, nodes, inf, obj, proven,
                       to_best);
        }
    if (f == REPORT_CSV) return;
    report_caption_time(a, rt);
    if (marked)
        report_note(rt, "%s median over the solved runs only (Solved: how many of the runs).",
                    report_dagger);
    report_note_par2(rt, t);
    if (cop) report_note_objective(rt);
}

const report_kind report_kind_course = {
    .name = "course",
    .doc = "Test case | Algorithm | Solved | Total Time | PAR-2 | Number of Nodes\n"
           "Searched | Average Inference Time Per Node (= inference_ns /\n"
           "inference_calls); medians over the solved runs, +-x% = median absolute\n"
           "deviation; a median over fewer than all runs is marked with a dagger;\n"
           "optimisations add Objective (the best value of the runs) | Proven\n"
           "(runs that proved it) | Time to Best (median CPU time to each run's\n"
           "best), and their Solved and Total Time count proven runs only",
    .build = course};
