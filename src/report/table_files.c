/* table_files.c - result files side by side (`report A.csv B.csv`): each
 * file's runs are columns "LABEL: SPEC" (report/input.c names them),
 * grouped by strategy, and each is compared with the first file's column
 * of the same strategy: per-instance ratios with bootstrap intervals,
 * and the footer's ratio of geometric means and Wilcoxon's p between the
 * files (table_compare.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "kind.h"

/* The spec of a column "LABEL: SPEC" whose label is one of labels, and
 * that label's index; NULL when none fits. */
static const char *spec_of(const char *col, const char *const *labels, size_t n, size_t *which) {
    for (size_t l = 0; l < n; l++) {
        size_t k = strlen(labels[l]);
        if (!strncmp(col, labels[l], k) && col[k] == ':' && col[k + 1] == ' ') {
            *which = l;
            return col + k + 2;
        }
    }
    return NULL;
}

static void files(const report_args *a, report_table *rt) {
    const agg_table *t = a->t;
    size_t n = t->n_strat ? t->n_strat : 1, *base = NEWN(n, size_t);
    /* --baseline: every column against it */
    size_t chosen = report_baseline_column(a), first = (size_t)-1;
    for (size_t s = 0; s < t->n_strat; s++) base[s] = chosen;
    /* else the first file's column of the same strategy, and a strategy
     * the first file does not have (another solver's name) against the
     * first file's first column, so that rows of different names compare
     * too */
    for (size_t b = 0; chosen == (size_t)-1 && b < t->n_strat && first == (size_t)-1; b++) {
        size_t lb = 0;
        if (spec_of(t->strat[b], a->labels, a->n_labels, &lb) && lb == 0) first = b;
    }
    for (size_t s = 0; chosen == (size_t)-1 && s < t->n_strat; s++) {
        size_t l = 0;
        const char *spec = spec_of(t->strat[s], a->labels, a->n_labels, &l);
        base[s] = first;
        for (size_t b = 0; spec && b < t->n_strat; b++) {
            size_t lb = 0;
            const char *sb = spec_of(t->strat[b], a->labels, a->n_labels, &lb);
            if (sb && lb == 0 && !strcmp(sb, spec)) base[s] = b;
        }
    }
    report_compare_columns(a, base, rt);
    FREEN(base, n);
}

static int cmp_str(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

char **report_files_columns(const result_set *rs, const char *const *labels, size_t n_labels,
                            const char *const *only, size_t n_only, size_t *n_out) {
    /* the specs: those asked for, else every one found, alphabetically */
    size_t n_specs = 0, cap = rs->n + n_only + 1;
    const char **specs = NEWN(cap, const char *);
    if (n_only) {
        for (size_t k = 0; k < n_only; k++) specs[n_specs++] = only[k];
    } else {
        for (size_t i = 0; i < rs->n; i++) {
            size_t l;
            const char *spec = spec_of(rs->rows[i].strategy, labels, n_labels, &l);
            if (spec) specs[n_specs++] = spec;
        }
        qsort(specs, n_specs, sizeof *specs, cmp_str);
        size_t u = 0;
        for (size_t k = 0; k < n_specs; k++)
            if (!u || strcmp(specs[u - 1], specs[k])) specs[u++] = specs[k];
        n_specs = u;
    }
    char **out = NEWN(xmul(n_specs ? n_specs : 1, n_labels ? n_labels : 1), char *);
    *n_out = 0;
    for (size_t k = 0; k < n_specs; k++)
        for (size_t l = 0; l < n_labels; l++) {
            size_t len = strlen(labels[l]) + strlen(specs[k]) + 3;
            char *col = xmalloc(len);
            snprintf(col, len, "%s: %s", labels[l], specs[k]);
            int any = 0;
            for (size_t i = 0; i < rs->n && !any; i++) any = !strcmp(rs->rows[i].strategy, col);
            if (any) out[(*n_out)++] = xstrdup(col);
            xfree(col, len);
        }
    FREEN(specs, cap);
    size_t room = xmul(n_specs ? n_specs : 1, n_labels ? n_labels : 1);
    return xrealloc(out, room * sizeof *out, (*n_out ? *n_out : 1) * sizeof *out);
}

void report_files_columns_free(char **cols, size_t n) {
    for (size_t i = 0; i < n; i++) xstrfree(cols[i]);
    FREEN(cols, n ? n : 1);
}

const report_kind report_kind_files = {
    .name = "files",
    .doc = "result files side by side (report A.csv B.csv ...; --label L per file):\n"
           "per instance and strategy each file's median, and its ratio to the first\n"
           "file's (a strategy the first file lacks: to its first column; --baseline\n"
           "NAME: to NAME's) with a 95% bootstrap interval; footer: solved runs, PAR-2, ratio\n"
           "of geometric means and Wilcoxon's p between the files",
    .files = 1,
    .baseline = 1,
    .build = files};
