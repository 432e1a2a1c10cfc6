/* table_scaling.c - the scaling table: per board size and strategy, the
 * solved runs, PAR-2, and the median and quartiles over the instances of
 * their medians (an unsolved run ranks above every solved one). */
#include <math.h>
#include <stdio.h>

#include "../core/xmalloc.h"
#include "kind.h"

/* A scaling median or quartile: +inf (the instance there was not solved)
 * reads "> LIMIT" for time when the limit is known, else "unsolved". */
static void scaling_time(report_format f, double ns, double limit_s, char *buf, size_t size) {
    if (isfinite(ns)) {
        report_time(f, ns, buf, size);
    } else if (f == REPORT_CSV) {
        buf[0] = '\0';
    } else if (limit_s > 0) {
        char l[32];
        report_time(f, limit_s * 1e9, l, sizeof l);
        snprintf(buf, size, "> %s", l);
    } else {
        snprintf(buf, size, "unsolved");
    }
}

static void scaling_count(report_format f, double x, char *buf, size_t size) {
    if (isfinite(x))
        report_count(f, x, buf, size);
    else
        snprintf(buf, size, "%s", f == REPORT_CSV ? "" : "unsolved");
}

static void scaling(const report_args *a, report_table *rt) {
    const agg_table *t = a->t;
    report_format f = a->f;
    char head[300];
    const char *m = t->time->name; /* CSV has no caption: its columns say the metric */
    snprintf(head, sizeof head,
             "size\talgorithm\tinstances\tsolved_instances\truns\tsolved\tpar2_s\t%s_ns_median\t"
             "%s_ns_q1\t%s_ns_q3\tnodes_median\tnodes_q1\tnodes_q3",
             m, m, m);
    if (f == REPORT_CSV)
        report_header(rt, head);
    else
        report_header(rt, ">Size\tAlgorithm\t>Solved\t>PAR-2\t>Median Time\t>Time Q1 - Q3\t"
                          ">Median Nodes\t>Nodes Q1 - Q3");
    agg_size *pts;
    size_t n;
    agg_scaling(t, &pts, &n);
    int unsolved = 0;
    for (size_t k = 0; k < n; k++) {
        const agg_size *p = &pts[k];
        char size[24], solved[48], tm[64], tq1[64], tq3[64], nm[48], nq1[48], nq3[48], par2[48];
        snprintf(size, sizeof size, "%ld", p->size);
        scaling_time(f, p->time_ns, t->limit_s, tm, sizeof tm);
        scaling_time(f, p->time_q1, t->limit_s, tq1, sizeof tq1);
        scaling_time(f, p->time_q3, t->limit_s, tq3, sizeof tq3);
        scaling_count(f, p->nodes, nm, sizeof nm);
        scaling_count(f, p->nodes_q1, nq1, sizeof nq1);
        scaling_count(f, p->nodes_q3, nq3, sizeof nq3);
        report_par2_cell(f, p->par2_s, par2, sizeof par2);
        unsolved |= !isfinite(p->time_q3);
        if (f == REPORT_CSV) {
            char inst[24], sinst[24], runs[24];
            snprintf(inst, sizeof inst, "%zu", p->instances);
            snprintf(sinst, sizeof sinst, "%zu", p->solved);
            snprintf(runs, sizeof runs, "%zu", p->runs);
            snprintf(solved, sizeof solved, "%zu", p->solved_runs);
            report_row(rt, 13, size, t->strat[p->strat], inst, sinst, runs, solved, par2, tm, tq1,
                       tq3, nm, nq1, nq3);
            continue;
        }
        report_solved_cell(p->solved_runs, p->runs, solved, sizeof solved);
        char tr[140], nr[100];
        snprintf(tr, sizeof tr, "%s - %s", tq1, tq3);
        snprintf(nr, sizeof nr, "%s - %s", nq1, nq3);
        report_row(rt, 8, size, t->strat[p->strat], solved, par2, tm, tr, nm, nr);
    }
    if (pts) FREEN(pts, n);
    if (f == REPORT_CSV) return;
    report_caption_time(a, rt);
    report_note(rt, "Solved: runs.  Medians and quartiles are over the instances of a size, "
                    "of each instance's median over its runs, an unsolved run ranking above "
                    "every solved one.");
    if (unsolved)
        report_note(rt, "%s: the instance at that rank was not solved (in most of its runs).",
                    t->limit_s > 0 ? "> limit" : "unsolved");
    report_note_par2(rt, t);
}

const report_kind report_kind_scaling = {
    .name = "scaling",
    .doc = "per board size and strategy: solved runs, PAR-2, median and quartiles of\n"
           "the instances' medians of time and nodes (unsolved runs rank above\n"
           "every solved one: '> LIMIT' or 'unsolved' where the statistic is one)",
    .build = scaling};
