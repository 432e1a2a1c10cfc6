/* report_load.c - reading result files for report and plot (see
 * report_load.h). */
#include "report_load.h"

#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../harness/results_dedup.h"
#include "cli.h"

/* ---- false optima ---------------------------------------------------------
 * A run that claims an optimum (status optimal) worse than a verified
 * solution of another run of the same experiment on the same instance is
 * wrong: every solution in a result file passed the puzzle's verifier
 * (solved and optimal rows), so the better one exists and the proof was
 * false.  Outside solvers are the ones that can claim so (ours prove by
 * exhausting the search). */
static const result_set *order_rs;
static int cmp_group(const void *a, const void *b) {
    const result_row *x = &order_rs->rows[*(const size_t *)a],
                     *y = &order_rs->rows[*(const size_t *)b];
    int c = strcmp(x->experiment, y->experiment);
    return c ? c : strcmp(x->instance, y->instance);
}

static int verified(const result_row *r) {
    return r->status == STATUS_SOLVED || r->status == STATUS_OPTIMAL;
}

static size_t mark_false_optima(result_set *rs) {
    size_t *idx = NEWN(rs->n ? rs->n : 1, size_t), marked = 0;
    for (size_t i = 0; i < rs->n; i++) idx[i] = i;
    order_rs = rs;
    qsort(idx, rs->n, sizeof *idx, cmp_group);
    for (size_t g = 0; g < rs->n;) {
        size_t e = g + 1;
        while (e < rs->n && !cmp_group(&idx[g], &idx[e])) e++;
        /* the best verified value of the group, and a run that found it */
        int sense = 0;
        int64_t best = 0;
        const result_row *who = NULL;
        for (size_t k = g; k < e; k++) {
            const result_row *r = &rs->rows[idx[k]];
            int64_t v;
            int s = verified(r) ? result_row_objective(r, &v) : 0;
            if (s && (!sense || (int64_t)s * v < (int64_t)s * best)) sense = s, best = v, who = r;
        }
        for (size_t k = g; k < e && sense; k++) {
            result_row *r = &rs->rows[idx[k]];
            int64_t v;
            if (r->status != STATUS_OPTIMAL || !result_row_objective(r, &v)) continue;
            if ((int64_t)sense * v <= (int64_t)sense * best) continue;
            char note[400];
            snprintf(note, sizeof note,
                     "claims the optimum %lld, but %.100s (rep %ld) found a verified %lld",
                     (long long)v, who->strategy, who->rep, (long long)best);
            r->status = STATUS_WRONG;
            result_row_set(&r->note, note);
            marked++;
        }
        g = e;
    }
    FREEN(idx, rs->n ? rs->n : 1);
    return marked;
}

/* The default label of a file: its base name without .csv. */
static char *base_label(const char *path) {
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && !strcmp(b + n - 4, ".csv")) n -= 4;
    return xstrndup(b, n);
}

int report_load(const char *cmd, const char *const *paths, size_t n, const char *const *labels,
                size_t n_labels, const char *group_by, const char *timeout_flag, report_input *in) {
    memset(in, 0, sizeof *in);
    if (timeout_flag && cli_seconds(cmd, "--timeout", timeout_flag, &in->limit_s))
        return EXIT_BAD_INPUT;
    if (n_labels > n)
        return cli_usage_error(cmd, "--label: %zu labels for %zu result files", n_labels, n);
    in->files = NEWN(n ? n : 1, report_file);
    in->n_files = n;
    for (size_t f = 0; f < n; f++) {
        in->files[f].path = paths[f];
        in->files[f].label = f < n_labels ? xstrdup(labels[f]) : base_label(paths[f]);
    }
    for (size_t f = 0; f < n; f++) /* two files of one base name: their paths */
        for (size_t g = 0; g < n && f >= n_labels; g++)
            if (g != f && !strcmp(in->files[f].label, in->files[g].label)) {
                xstrfree((char *)in->files[f].label);
                in->files[f].label = xstrdup(paths[f]);
                break;
            }
    int timeout_mixed = 0;
    for (size_t f = 0; f < n; f++) {
        report_file *rf = &in->files[f];
        result_set one = {0};
        diag d = {{0}};
        if (results_load(rf->path, 0, &one, &d) || results_regroup(&one, group_by, &d)) {
            result_set_free(&one);
            fprintf(stderr, "searchlab %s: %s\n", cmd, d.msg);
            return EXIT_BAD_INPUT;
        }
        size_t false_optima = mark_false_optima(&one);
        if (false_optima)
            fprintf(stderr,
                    "searchlab %s: %s: %zu run%s claimed an optimum worse than another run's "
                    "verified solution: counted as wrong\n",
                    cmd, rf->path, false_optima, false_optima > 1 ? "s" : "");
        if (one.torn)
            fprintf(stderr, "searchlab %s: %s: ignoring a torn last line (a run being written?)\n",
                    cmd, rf->path);
        if (one.n == 0) {
            result_set_free(&one);
            return cli_usage_error(cmd, "%s: no result rows", rf->path);
        }
        if (context_mix_of(rf->path, &one, &rf->mix, &d)) {
            fprintf(stderr, "searchlab %s: %s\n", cmd, d.msg);
            memset(&rf->mix, 0, sizeof rf->mix);
        }
        size_t first = in->rs.n;
        for (size_t i = 0; i < one.n; i++) {
            if (n > 1) { /* each file's runs in columns of their own */
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
            timeout_mixed = 1;
        timeout_mixed |= rf->mix.timeout_mixed;
        if (!timeout_flag && rf->mix.timeout_s > in->limit_s) in->limit_s = rf->mix.timeout_s;
    }
    if (!timeout_flag && timeout_mixed)
        fprintf(stderr,
                "searchlab %s: the runs were measured under different time limits; PAR-2 and "
                "the figures use the largest, %g s (--timeout S to choose)\n",
                cmd, in->limit_s);
    return EXIT_DONE;
}

void report_input_free(report_input *in) {
    result_set_free(&in->rs);
    for (size_t f = 0; f < in->n_files; f++) xstrfree((char *)in->files[f].label);
    if (in->files) FREEN(in->files, in->n_files ? in->n_files : 1);
    memset(in, 0, sizeof *in);
}

static void say(const char *cmd, report_table *rt, const char *line) {
    if (rt)
        report_note(rt, "%s", line);
    else
        fprintf(stderr, "searchlab %s: %s\n", cmd, line);
}

void report_input_notes(const char *cmd, const report_input *in, report_table *rt) {
    char line[700];
    for (size_t f = 0; f < in->n_files; f++) {
        const report_file *rf = &in->files[f];
        const context_mix *m = &rf->mix;
        if (m->settings > 1) {
            if (in->n_files > 1)
                snprintf(line, sizeof line,
                         "%s: its rows were measured under %zu different settings (%s) in %zu "
                         "invocations: see the invocation column and its context records.",
                         rf->path, m->settings, m->differ, m->invocations);
            else
                snprintf(line, sizeof line,
                         "The rows were measured under %zu different settings (%s) in %zu "
                         "invocations: see the invocation column and %s's context records.",
                         m->settings, m->differ, m->invocations, rf->path);
            say(cmd, rt, line);
        }
        if (rf->duplicates) {
            snprintf(line, sizeof line,
                     "%s: %zu duplicate row%s (an instance, strategy and rep already there) "
                     "not counted: the first of each is kept (two writers of one file?).",
                     rf->path, rf->duplicates, rf->duplicates == 1 ? "" : "s");
            say(cmd, rt, line);
        }
        if (m->cores > 0 && m->load_max > (double)m->cores) {
            snprintf(line, sizeof line,
                     "%s: the machine was loaded while these runs were measured (load average "
                     "up to %.2f on %ld cores): wall times are inflated; CPU times less so.",
                     rf->path, m->load_max, m->cores);
            say(cmd, rt, line);
        }
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
