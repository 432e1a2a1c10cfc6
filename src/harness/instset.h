/* instset.h - instance sets: expand what `instances` / --instances says
 * (a file, a folder, a glob, or a generator spec) into a sorted list of
 * instance files, generating (and caching) instances when asked.
 *
 * A generator spec is `gen:KEY=VALUE,...` with keys
 *   size=N or size=A..B (required), step=S (1), count=K (1), seed=S (1),
 *   cols=C (0: square), density=D, density2=E (puzzle defaults)
 * e.g. gen:size=4..12,step=2,count=20,seed=7.  Instance k (0-based) of
 * size n is made by the puzzle's generate() with a seed derived from
 * (seed, n, k) only, and written to
 *   CACHE/PUZZLE/PUZZLE-nN[xC]-sSEED[-dD][-eE]-KKK.EXT
 * so the same spec always names (and, if the file is missing, makes) the
 * same files; `searchlab gen` writes the very same files.
 *
 * Quasigroups with holes (futoshiki only; puzzles/qwh.h) have their own
 * spec, `gen:qwh,KEY=VALUE,...` with keys order=N or order=A..B
 * (required), step=S (1), holes=F (required), count=K (1), seed=S (1),
 * balanced=0|1 (0), e.g. gen:qwh,order=30,holes=0.42,count=10,seed=1;
 * instance k is made with seed SEED+k and cached as
 *   CACHE/futoshiki/qwh-nN-sSEED-hF[-bal]-KKK.fut
 * (what `searchlab gen qwh` writes).
 */
#ifndef SEARCHLAB_HARNESS_INSTSET_H
#define SEARCHLAB_HARNESS_INSTSET_H

#include "../core/diag.h"
#include "../puzzles/puzzle.h"
#include "../puzzles/qwh.h"
#include "experiment.h"

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
