/* gen.h - random Same Game planes (N marbles, K colours, dense, clustered
 * or spread over a huge coordinate range) written as a command script (b
 * lines, or one i table), followed by a random mix of operations: the
 * inputs of the scaling benchmarks (`searchlab gen samegame`).
 *
 * The same options and seed always write the same bytes.
 */
#ifndef SEARCHLAB_SAMEGAME_GEN_H
#define SEARCHLAB_SAMEGAME_GEN_H

#include <stdint.h>
#include <stdio.h>

#include "core/diag.h"

typedef enum sgen_layout { SGEN_DENSE, SGEN_CLUSTERS, SGEN_SPREAD } sgen_layout;
typedef enum sgen_base { SGEN_WINDOW, SGEN_STRIP, SGEN_ALL } sgen_base;
/* Names by enum value, NULL-terminated (flag values and messages). */
extern const char *const sgen_layout_names[];
extern const char *const sgen_base_names[];
/* The operation kinds, in the order of sgen_opts.mix. */
#define SGEN_KINDS "ocmnb"

typedef struct sgen_opts {
    uint64_t marbles, colours, ops, seed;
    int layout;      /* an sgen_layout (an int: the key table writes its index) */
    int base;        /* an sgen_base */
    unsigned mix[5]; /* relative weights of o c m n b; their sum is > 0 */
} sgen_opts;

/* The options as key rows (core/spec.h; `gen samegame`'s flags, read by
 * core/options.h): each one's range, default and doc. */
struct spec_key;
const struct spec_key *sgen_keys(void);
/* The rows' defaults: 1000 marbles, 4 colours, 100 operations, seed 1,
 * dense, window bases, every kind with weight 1. */
void sgen_defaults(sgen_opts *o);
/* Sets o->mix from "KIND=WEIGHT,..." (KIND one of o c m n b, weights up to
 * 10^6, positive total); -1 when text is not of that form. */
int sgen_parse_mix(sgen_opts *o, const char *text);
/* Writes the script to out: the plane as b lines, or (table != NULL, dense
 * layout only) the square written to table and one `i` line naming
 * table_name; then the operations and `f`.  Returns 0, or -1 with d. */
int sgen_write(const sgen_opts *o, FILE *out, FILE *table, const char *table_name, diag *d);

#endif
