/* runlimit.h - the time limit that the runs of a result file were measured
 * under, read back from the run context beside it: RESULTS.context.json
 * (one invocation, or a merged file's context holding each shard's context
 * as a string) and RESULTS.context.jsonl (one record per invocation, issue
 * 15).  Every "timeout_s" number in them counts.  The result rows do not
 * hold the limit; the reports need it for PAR-2 and the figures for the
 * border on which unsolved runs are drawn. */
#ifndef SEARCHLAB_HARNESS_RUNLIMIT_H
#define SEARCHLAB_HARNESS_RUNLIMIT_H

typedef struct runlimit {
    double timeout_s; /* the largest limit found; 0 when none */
    int found;        /* how many "timeout_s" values were read */
    int mixed;        /* 1 when they differ (runs under different limits) */
} runlimit;

/* Fills *out from the context files of results_csv (missing files count as
 * holding nothing).  Never fails: an unreadable context leaves found = 0. */
void runlimit_read(const char *results_csv, runlimit *out);

/* The same scan over a buffer (for tests): adds what text holds to *out. */
void runlimit_scan(const char *text, runlimit *out);

#endif
