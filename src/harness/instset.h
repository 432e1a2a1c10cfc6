/* instset.h - instance sets: expand what `instances` / --instances says
 * (a file, a folder, a glob, or a generator spec) into a sorted list of
 * instance files, generating (and caching) instances when asked.
 *
 * A generator spec is `gen:KEY=VALUE,...` with keys
 *   size=N or size=A..B (required), step=S (1), count=K (1), seed=S (1),
 *   cols=C (0: square), density=D, density2=E (puzzle defaults),
 *   minimal=0|1 (0)
 * (their ranges and defaults: the table instset_gen_keys, which is also
 * the flags of `searchlab gen`), e.g. gen:size=4..12,step=2,count=20,seed=7.  Instance k (0-based)
 * of size n is made by the puzzle's generate() with a seed derived from (seed, n, k) only, and
 * written to CACHE/PUZZLE/PUZZLE-nN[xC]-sSEED[-dD][-eE]-KKK.EXT so the same spec always names (and,
 * if the file is missing, makes) the same files; `searchlab gen` writes the very same files.
 *
 * Quasigroups with holes (futoshiki only; puzzles/qwh.h) have their own
 * spec, `gen:qwh,KEY=VALUE,...` with keys order=N or order=A..B
 * (required), step=S (1), holes=F (required), count=K (1), seed=S (1),
 * balanced=0|1 (0) (the table instset_qwh_keys, also `gen qwh`'s flags), e.g.
 * gen:qwh,order=30,holes=0.42,count=10,seed=1; instance k is made with seed SEED+k and cached as
 *   CACHE/futoshiki/qwh-nN-sSEED-hF[-bal]-KKK.fut
 * (what `searchlab gen qwh` writes).
 */
#ifndef SEARCHLAB_HARNESS_INSTSET_H
#define SEARCHLAB_HARNESS_INSTSET_H

#include <stdint.h>

#include "../core/diag.h"
#include "../puzzles/puzzle.h"
#include "../puzzles/qwh.h"
#include "experiment.h"

/* A `gen:` family: sizes lo..hi by step, count instances each (the
 * fields of instset_gen_keys' rows). */
typedef struct instset_gen {
    long lo, hi, step, count, cols;
    uint64_t seed;
    double density, density2; /* < 0: the puzzle's */
    int minimal;
} instset_gen;

/* A `gen:qwh` family: orders lo..hi by step, count instances each. */
typedef struct instset_qwh {
    long lo, hi, step, count;
    double holes;
    uint64_t seed;
    int balanced;
} instset_qwh;

/* The keys of the two kinds of spec (core/spec.h rows, read by
 * core/options.h), NULL-terminated. */
struct spec_key;
const struct spec_key *instset_gen_keys(void);
const struct spec_key *instset_qwh_keys(void);
/* The tables' defaults (the densities: the puzzle's, < 0; no size). */
void instset_gen_defaults(instset_gen *g);
void instset_qwh_defaults(instset_qwh *q);

/* Makes (or finds) every member of the family in folder dir, in order of
 * size then k, calling emit with each path.  0, or -1 with d. */
int instset_make_gen(const puzzle *pz, const instset_gen *g, const char *dir,
                     void (*emit)(void *ctx, const char *path), void *ctx, diag *d);
int instset_make_qwh(const instset_qwh *q, const char *dir,
                     void (*emit)(void *ctx, const char *path), void *ctx, diag *d);

/* Appends the files that spec names to out (their `where` is `where`).
 * cache_dir holds generated instances.  0, or -1 with d. */
int instset_expand(const puzzle *pz, const char *spec, const char *where, const char *cache_dir,
                   strlist *out, diag *d);

/* Makes instance k of the family g (g->seed is the family's seed) in
 * folder dir (created if missing) unless the file is already there; its
 * path goes to *path (caller frees with xstrfree).  The generator
 * guarantees a unique solution and writes its seed and a difficulty
 * measure in the file's comments.  0, or -1 with d. */
int instset_generate(const puzzle *pz, const puzzle_gen *g, int k, const char *dir, char **path,
                     diag *d);

/* Makes instance k of the QWH family q (q->seed is the family's seed) in
 * folder dir unless the file is already there, as instset_generate does;
 * its path goes to *path (caller frees with xstrfree).  0, or -1 with d. */
int instset_generate_qwh(const qwh_opts *q, int k, const char *dir, char **path, diag *d);

/* mkdir -p; 0 or -1 with d. */
int instset_mkdirs(const char *dir, diag *d);

#endif
