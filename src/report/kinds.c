/* kinds.c - the registry of report kinds and what the kinds share (see
 * kind.h). */
#include <math.h>
#include <stdio.h>

#include "../core/registry.h"
#include "kind.h"

const report_kind *const report_kinds[] = {&report_kind_course, &report_kind_compare,
                                           &report_kind_scaling, &report_kind_files, NULL};

const report_kind *report_kind_find(const char *name) {
    return REGISTRY_FIND(report_kind, report_kinds, name);
}

const char report_dagger[] = "\xe2\x80\xa0";

void report_solved_cell(size_t k, size_t n, char *buf, size_t size) {
    snprintf(buf, size, "%zu/%zu", k, n);
}

void report_par2_cell(report_format f, double s, char *buf, size_t size) {
    if (isnan(s))
        snprintf(buf, size, "%s", f == REPORT_CSV ? "" : "-");
    else if (f == REPORT_CSV)
        report_seconds(s, buf, size);
    else
        report_time(f, s * 1e9, buf, size);
}

const char *report_failure_name(const agg_group *g) { return status_name(agg_failure(g)); }

void report_note_par2(report_table *rt, const agg_table *t) {
    if (t->limit_s > 0)
        report_note(rt,
                    "PAR-2: mean %s, each unsolved run counted as 2 x the time "
                    "limit (%g s).",
                    t->time->label, t->limit_s);
    else
        report_note(rt,
                    "PAR-2: mean %s, each unsolved run counted as 2 x the time "
                    "limit; the limit is unknown (no run context, no --timeout), so it "
                    "is left out (-) where a run was not solved.",
                    t->time->label);
}

void report_note_objective(report_table *rt) {
    report_note(rt, "Optimisation: a run is solved when it proved its answer (optimal, or no "
                    "solution), so Solved counts the proofs and Total Time is the time to the "
                    "proof; Objective is the best value any run of the group found, Proven the "
                    "runs that proved optimality, Time to Best the median CPU time at which each "
                    "run found its own best value.");
}

void report_caption_time(const report_args *a, report_table *rt) {
    static char buf[200];
    snprintf(buf, sizeof buf, "Times are %s: %s (--metric).", a->t->time->label, a->t->time->doc);
    rt->caption = buf;
}
