/* registry.c - every puzzle of this build (the list is SEARCHLAB_PUZZLES
 * in the top CMakeLists.txt), and what every puzzle shares. */
#include "../core/registry.h"
#include "puzzle.h"

#include "puzzle_list.h" /* PUZZLES(X), generated from CMake's SEARCHLAB_PUZZLES */

#define DECL_(name) extern const puzzle puzzle_##name;
PUZZLES(DECL_)
#undef DECL_

#define PTR_(name) &puzzle_##name,
const puzzle *const puzzles[] = {PUZZLES(PTR_) NULL};
#undef PTR_

const puzzle *puzzle_find(const char *name) { return REGISTRY_FIND(puzzle, puzzles, name); }

void *puzzle_load(const puzzle *pz, const char *path, diag *d) {
    lexer lx;
    if (lex_open(&lx, path, d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}

const char *const *puzzle_models(const puzzle *pz) {
    static const char *const one[] = {"default", NULL};
    return pz && pz->models ? pz->models : one;
}

const char *puzzle_default_spec(const puzzle *pz) {
    if (pz->default_spec) return pz->default_spec;
    return pz->build ? "gac" : pz->searches[0]->name;
}
