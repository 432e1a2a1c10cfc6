/* own_family.c - the puzzles' own searches as a family of strategies
 * (puzzles that are not CSPs, like the convict's route): each search
 * declares its key table and preset in its puzzle_search entry. */
#include <string.h>

#include "family.h"

/* Search i of pz, or of every puzzle in registry order when pz is NULL. */
static const puzzle_search *search_at(const puzzle *pz, int i) {
    for (int p = 0; puzzles[p]; p++) {
        const puzzle *q = pz ? pz : puzzles[p];
        for (int k = 0; q->searches && q->searches[k]; k++)
            if (i-- == 0) return q->searches[k];
        if (pz) break;
    }
    return NULL;
}

static const puzzle_search *search_named(const puzzle *pz, const char *name) {
    const puzzle_search *s;
    for (int i = 0; (s = search_at(pz, i)); i++)
        if (!strcmp(s->name, name)) return s;
    return NULL;
}

static const char *strategy(const puzzle *pz, int i, const char **summary) {
    const puzzle_search *s = search_at(pz, i);
    if (!s) return NULL;
    *summary = s->summary;
    return s->name;
}

static const spec_key *keys(const puzzle *pz, const char *name) {
    const puzzle_search *s = search_named(pz, name);
    return s ? s->keys : NULL;
}

static const char *preset(const puzzle *pz, const char *name) {
    const puzzle_search *s = search_named(pz, name);
    return s ? s->preset : NULL;
}

static int solve(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d) {
    (void)d;
    return search_named(pz, s->name)
        ->run(inst, s->u.own.bytes, r->lim, r->on_solution, r->ctx, r->st);
}

const spec_family family_own = {
    .name = "own",
    .summary = "the puzzle's own search (puzzles that are not CSPs)",
    .strategy = strategy,
    .keys = keys,
    .preset = preset,
    .reports_nodes = 1,
    .solve = solve,
};
