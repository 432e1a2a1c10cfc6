/* results_dedup.h - one run, one row: the rows of a result set whose run
 * (instance, strategy, rep: result_row_key) came before are dropped, the
 * first of each kept, the others in their order.  A second row of a run is
 * not a repetition (two writers through two names of one file, a merge of
 * overlapping shards); `merge` and the reports (report/input.c) drop them
 * the same way, here. */
#ifndef SEARCHLAB_HARNESS_RESULTS_DEDUP_H
#define SEARCHLAB_HARNESS_RESULTS_DEDUP_H

#include <stddef.h>

#include "results.h"

/* Drops the rows of rs from `first` on whose run came before among them
 * (rows before `first` are not compared), freeing them; returns how many. */
size_t result_set_drop_duplicates(result_set *rs, size_t first);

#endif
