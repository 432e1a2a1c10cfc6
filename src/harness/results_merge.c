/* results_merge.c - the shards' result files into one (see
 * results_merge.h): checks, the writer lock, the rows read in order,
 * deduplicated, written whole, and the context records merged. */
#include "results_merge.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/xmalloc.h"
#include "context.h"
#include "results.h"
#include "results_dedup.h"
#include "writelock.h"

static void say(void (*warn)(void *, const char *), void *ctx, const char *line) {
    if (warn) warn(ctx, line);
}

/* Reads the inputs after out's own rows (when out exists) into all, each
 * input's experiment checked against the first row's; srcs gets the files
 * whose context records the merge keeps.  0, or RESULTS_MERGE_BAD_INPUT. */
static int read_all(const char *out, int out_exists, const char *const *in, size_t n,
                    void (*warn)(void *, const char *), void *ctx, result_set *all,
                    const char **srcs, size_t *nsrc, diag *d) {
    if (out_exists) { /* extended, never replaced: its rows first, and a result file */
        diag od = {{0}};
        if (results_load(out, 0, all, &od) || results_check_ours(out, all, &od)) {
            diag_set(d, "--out %s: %s", out, od.msg);
            return RESULTS_MERGE_BAD_INPUT;
        }
        if (all->n || all->has_header) srcs[(*nsrc)++] = out;
        all->has_header = 0;
    }
    for (size_t i = 0; i < n; i++) srcs[(*nsrc)++] = in[i];
    const char *exp_file = all->n ? out : NULL; /* the file of rows[0] */
    for (size_t i = 0; i < n; i++) {
        size_t before = all->n;
        if (results_load(in[i], 0, all, d)) return RESULTS_MERGE_BAD_INPUT;
        if (all->torn) {
            char line[600];
            snprintf(line, sizeof line, "%s: ignoring a torn last line", in[i]);
            say(warn, ctx, line);
        }
        all->has_header = 0;
        for (size_t k = before; k < all->n; k++) {
            if (!exp_file) exp_file = in[i];
            if (strcmp(all->rows[k].experiment, all->rows[0].experiment)) {
                diag_set(d,
                         "%s holds experiment '%s' but %s holds '%s': refusing to merge "
                         "different experiments",
                         in[i], all->rows[k].experiment, exp_file, all->rows[0].experiment);
                return RESULTS_MERGE_BAD_INPUT;
            }
        }
    }
    return 0;
}

int results_merge(const char *out, const char *const *in, size_t n, const char *command,
                  void (*warn)(void *ctx, const char *line), void *ctx, size_t *rows, diag *d) {
    struct stat so, si;
    int out_exists = stat(out, &so) == 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(in[i], out) ||
            (out_exists && !stat(in[i], &si) && si.st_ino == so.st_ino && si.st_dev == so.st_dev)) {
            diag_set(d, "--out %s: is one of the inputs", out);
            return RESULTS_MERGE_BAD_INPUT;
        }
    /* the writer lock of out, for the whole merge: a `run` writing it, or
     * another merge, is not overwritten (writelock.h) */
    int busy = 0;
    writelock *lock = writelock_take(out, &busy, d);
    if (!lock) return busy ? RESULTS_MERGE_BAD_INPUT : RESULTS_MERGE_FAILED;
    result_set all = {0};
    const char **srcs = NEWN(n + 1, const char *);
    size_t nsrc = 0;
    int ret = read_all(out, out_exists, in, n, warn, ctx, &all, srcs, &nsrc, d);
    if (!ret) {
        size_t dups = result_set_drop_duplicates(&all, 0); /* the rows keep the files' order */
        if (dups) {
            char line[100];
            snprintf(line, sizeof line, "%zu runs found twice, kept once", dups);
            say(warn, ctx, line);
        }
        if (results_write_all(out, &all, lock, d) || context_merge(out, command, srcs, nsrc, d))
            ret = RESULTS_MERGE_FAILED;
        *rows = all.n;
    }
    writelock_release(lock);
    FREEN(srcs, n + 1);
    result_set_free(&all);
    return ret;
}
