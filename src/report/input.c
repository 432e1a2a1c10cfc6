/* input.c - reading result files for report and plot (see input.h): the
 * files' labels, their rows relabelled and deduplicated one file at a
 * time, false optima marked, the context records read once. */
#include "input.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../harness/results_dedup.h"
#include "../harness/results_optima.h"

/* A line to say, formatted into at most size bytes (the notes under a
 * table: 700, as they always were; the warnings: room for any path). */
static void sayf(report_say say, size_t size, const char *fmt, ...) DIAG_PRINTF_(3, 4);
static void sayf(report_say say, size_t size, const char *fmt, ...) {
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, size < sizeof line ? size : sizeof line, fmt, ap);
    va_end(ap);
    if (say.fn) say.fn(say.ctx, line);
}
enum { NOTE_MAX = 700, WARN_MAX = 8192 };

/* The default label of a file: its base name without .csv. */
static char *base_label(const char *path) {
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && !strcmp(b + n - 4, ".csv")) n -= 4;
    return xstrndup(b, n);
}

/* Reads file f's rows into in->rs: 0, or -1 with d. */
static int load_file(report_input *in, report_file *rf, const char *group_by, double timeout_s,
                     report_say warn, int *timeout_mixed, diag *d) {
    result_set one = {0};
    if (results_load(rf->path, 0, &one, d) || results_regroup(&one, group_by, d)) {
        result_set_free(&one);
        return -1;
    }
    size_t false_optima = result_set_mark_false_optima(&one);
    if (false_optima)
        sayf(warn, WARN_MAX,
             "%s: %zu run%s claimed an optimum worse than another run's verified solution: "
             "counted as wrong",
             rf->path, false_optima, false_optima > 1 ? "s" : "");
    if (one.torn)
        sayf(warn, WARN_MAX, "%s: ignoring a torn last line (a run being written?)", rf->path);
    if (one.n == 0) {
        result_set_free(&one);
        return diag_set(d, "%s: no result rows", rf->path);
    }
    diag cd = {{0}};
    if (context_mix_of(rf->path, &one, &rf->mix, &cd)) {
        sayf(warn, WARN_MAX, "%s", cd.msg);
        memset(&rf->mix, 0, sizeof rf->mix);
    }
    size_t first = in->rs.n;
    for (size_t i = 0; i < one.n; i++) {
        if (in->n_files > 1) { /* each file's runs in columns of their own */
            size_t len = strlen(rf->label) + strlen(one.rows[i].strategy) + 3;
            char *s = xmalloc(len);
            snprintf(s, len, "%s: %s", rf->label, one.rows[i].strategy);
            result_row_set(&one.rows[i].strategy, s);
            xfree(s, len);
        }
        result_set_add(&in->rs, &one.rows[i]);
    }
    result_set_free(&one);
    rf->duplicates = result_set_drop_duplicates(&in->rs, first);
    rf->rows = in->rs.n - first;
    if (rf->mix.timeout_s > 0 && in->limit_s > 0 && rf->mix.timeout_s != in->limit_s)
        *timeout_mixed = 1;
    *timeout_mixed |= rf->mix.timeout_mixed;
    if (timeout_s < 0 && rf->mix.timeout_s > in->limit_s) in->limit_s = rf->mix.timeout_s;
    return 0;
}

int report_input_load(const char *const *paths, size_t n, const char *const *labels,
                      size_t n_labels, const char *group_by, double timeout_s, report_say warn,
                      report_input *in, diag *d) {
    memset(in, 0, sizeof *in);
    if (timeout_s >= 0) in->limit_s = timeout_s;
    if (n_labels > n) return diag_set(d, "--label: %zu labels for %zu result files", n_labels, n);
    in->files = NEWN(n ? n : 1, report_file);
    in->n_files = n;
    for (size_t f = 0; f < n; f++) {
        in->files[f].path = paths[f];
        in->files[f].label = f < n_labels ? xstrdup(labels[f]) : base_label(paths[f]);
    }
    /* two files of one base name: their paths (compared by base name, so
     * that renaming the first does not keep the second from being) */
    for (size_t f = n_labels; f < n; f++) {
        char *mine = base_label(paths[f]);
        int twin = 0;
        for (size_t g = 0; g < n && !twin; g++) {
            char *other = g < n_labels ? xstrdup(labels[g]) : base_label(paths[g]);
            twin = g != f && !strcmp(mine, other);
            xstrfree(other);
        }
        if (twin) {
            xstrfree((char *)in->files[f].label);
            in->files[f].label = xstrdup(paths[f]);
        }
        xstrfree(mine);
    }
    int timeout_mixed = 0;
    for (size_t f = 0; f < n; f++)
        if (load_file(in, &in->files[f], group_by, timeout_s, warn, &timeout_mixed, d)) return -1;
    if (timeout_s < 0 && timeout_mixed)
        sayf(warn, WARN_MAX,
             "the runs were measured under different time limits; PAR-2 and the figures use "
             "the largest, %g s (--timeout S to choose)",
             in->limit_s);
    return 0;
}

void report_input_free(report_input *in) {
    result_set_free(&in->rs);
    for (size_t f = 0; f < in->n_files; f++) xstrfree((char *)in->files[f].label);
    if (in->files) FREEN(in->files, in->n_files ? in->n_files : 1);
    memset(in, 0, sizeof *in);
}

void report_input_notes(const report_input *in, report_say say) {
    for (size_t f = 0; f < in->n_files; f++) {
        const report_file *rf = &in->files[f];
        const context_mix *m = &rf->mix;
        if (m->settings > 1) {
            if (in->n_files > 1)
                sayf(say, NOTE_MAX,
                     "%s: its rows were measured under %zu different settings (%s) in %zu "
                     "invocations: see the invocation column and its context records.",
                     rf->path, m->settings, m->differ, m->invocations);
            else
                sayf(say, NOTE_MAX,
                     "The rows were measured under %zu different settings (%s) in %zu "
                     "invocations: see the invocation column and %s's context records.",
                     m->settings, m->differ, m->invocations, rf->path);
        }
        if (rf->duplicates)
            sayf(say, NOTE_MAX,
                 "%s: %zu duplicate row%s (an instance, strategy and rep already there) "
                 "not counted: the first of each is kept (two writers of one file?).",
                 rf->path, rf->duplicates, rf->duplicates == 1 ? "" : "s");
        if (m->cores > 0 && m->load_max > (double)m->cores)
            sayf(say, NOTE_MAX,
                 "%s: the machine was loaded while these runs were measured (load average "
                 "up to %.2f on %ld cores): wall times are inflated; CPU times less so.",
                 rf->path, m->load_max, m->cores);
    }
}

int report_experiment_pair(const report_input *in, const char *pair[2]) {
    if (in->n_files != 1 || !in->files[0].mix.first[1][0]) return 0;
    for (int k = 0; k < 2; k++) {
        int seen = 0;
        for (size_t i = 0; i < in->rs.n && !seen; i++)
            seen = !strcmp(in->rs.rows[i].strategy, in->files[0].mix.first[k]);
        if (!seen) return 0;
        pair[k] = in->files[0].mix.first[k];
    }
    return 1;
}
