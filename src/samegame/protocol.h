/* protocol.h - the Same Game command interpreter (docs/samegame.md):
 * reads commands from a stream, writes the answers byte for byte as the
 * spec says, and reports each rejected line on the error stream.
 *
 * A rejected line (unknown command, missing, extra or malformed argument,
 * colour outside a..z, base with x0 > x1 or y0 > y1, an `i` table over the
 * size limit or leaving the plane, a file that cannot be read or holds too
 * few or too many words) prints ONE line "NAME:LINE:COL: message" on the
 * error stream and leaves the plane unchanged; the run goes on.  Lines
 * are limited to lex_max_bytes() bytes.  No recursion anywhere; memory
 * grows only with the marbles held.
 */
#ifndef SEARCHLAB_PLANE_PROTOCOL_H
#define SEARCHLAB_PLANE_PROTOCOL_H

#include <stdio.h>

#include "core/diag.h"
#include "core/lexer.h"
#include "core/stats.h"
#include "path.h"
#include "plane.h"
#include "store.h"

/* Largest r*c accepted by `i` unless SEARCHLAB_SAMEGAME_MAX_CELLS says
 * otherwise (2^24 cells: up to about 1 GiB with the plane and its scratch). */
#define PROTOCOL_MAX_TABLE_CELLS_DEFAULT ((unsigned long long)1 << 24)

/* Opens the file an `i` command names, as a lexer over its text (the
 * interpreter only uses lx->buf and lx->len).  Returns 0, or -1 with d. */
typedef int (*protocol_open_fn)(void *ctx, const char *name, lexer *lx, diag *d);

typedef struct protocol_config {
    const store_ops *store; /* NULL: store_registry[0] */
    const path_ops *path;   /* NULL: the canonical finders only */
    plane_count_mode count_mode;
    const char *input_name; /* names the input in messages; NULL: "<stdin>" */
    protocol_open_fn open;  /* NULL: lex_open (files relative to the cwd) */
    void *open_ctx;
    FILE *stats;       /* one JSON object per command, or NULL */
    int stats_summary; /* instead: one JSON object per command letter, at the end */
    /* NULL, or the counters of every command added up, whether or not
     * stats is set: the experiment driver's run (puzzles/samegame.c).
     * The opening plane is the b and i lines before any other command;
     * plane_ns and ops_ns are the thread's CPU time (read only at the
     * start, where the plane ends and at the end) of the plane and of the
     * rest; commands counts the lines after the plane. */
    stats *total;
} protocol_config;

/* Runs the commands of `in` until `f` or the end of input.  Returns 0 when
 * every line was accepted, 2 when some line was rejected, 1 on an
 * internal error (a path finder disagreeing with the canonical one). */
int protocol_run(FILE *in, FILE *out, FILE *err, const protocol_config *cfg);

/* The `i` size limit in effect (see PROTOCOL_MAX_TABLE_CELLS_DEFAULT). */
unsigned long long protocol_max_table_cells(void);

#endif
