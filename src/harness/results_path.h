/* results_path.h - the files beside a result file (results_path.c): the
 * names of its twins (the JSON-lines file, the run context, the writer
 * lock) and the removal of what a killed replacement left.  Below both
 * results.c and writelock.c, which use it, so neither needs the other's
 * header for a file name. */
#ifndef SEARCHLAB_HARNESS_RESULTS_PATH_H
#define SEARCHLAB_HARNESS_RESULTS_PATH_H

/* The JSON-lines path that goes with a CSV path (caller frees with
 * xstrfree); also used for the run context (".context.jsonl") and the
 * writer lock (".lock"). */
char *results_sibling(const char *csv_path, const char *suffix);
/* Removes what a replacement killed before its rename left beside path
 * (PATH.tmpPID).  Only for the holder of the writer lock (writelock.h):
 * no other replacement of path can be under way. */
void results_remove_temporaries(const char *path);

#endif
