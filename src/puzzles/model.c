/* model.c - the model keys of the CSP puzzles (puzzle.h): the table,
 * what its rows ask of a puzzle, and the refusal of an alldiff level for a
 * puzzle without groups. */
#include <stdio.h>

#include "../core/registry.h"
#include "puzzle.h"

const spec_key puzzle_model_keys[] = {PUZZLE_MODEL_KEYS(0), {0}};

const char *const *puzzle_models_of(const void *pz) { return pz ? puzzle_models(pz) : NULL; }

int puzzle_has_groups(const void *ctx) {
    const puzzle *pz = ctx;
    return !pz || pz->alldiff_groups;
}

/* The puzzles whose models post all-different groups, joined by ", ". */
static char *puzzles_with_groups(char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; puzzles[i]; i++)
        if (puzzles[i]->alldiff_groups) join_append(buf, size, &o, ", ", puzzles[i]->name);
    return buf;
}

int puzzle_model_check(const puzzle *pz, const puzzle_model *m, const spec_key *keys,
                       unsigned given, diag *d) {
    const spec_key *k = spec_key_find(keys, "alldiff");
    if (!k || !(given >> (k - keys) & 1) || k->applies(pz)) return 0;
    char values[128], with[256], model[96] = "";
    if (pz->models) snprintf(model, sizeof model, " (model %s)", pz->models[m->index]);
    return diag_set(d,
                    "alldiff=%s: %s has no all-different groups%s; alldiff (one of %s) applies to "
                    "puzzles with groups: %s",
                    csp_alldiff_names[m->alldiff], pz->name, model,
                    spec_values(k, pz, ", ", values, sizeof values),
                    puzzles_with_groups(with, sizeof with));
}
