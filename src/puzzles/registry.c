/* registry.c - every puzzle of this build, one line each. */
#include <string.h>

#include "puzzle.h"

#define PUZZLES(X) X(futoshiki) X(museum) X(aquarium) X(convict) X(xcsp)

#define DECL_(name) extern const puzzle puzzle_##name;
PUZZLES(DECL_)
#undef DECL_

#define PTR_(name) &puzzle_##name,
const puzzle *const puzzles[] = {PUZZLES(PTR_) NULL};
#undef PTR_

const puzzle *puzzle_find(const char *name) {
    for (int i = 0; puzzles[i]; i++)
        if (!strcmp(puzzles[i]->name, name)) return puzzles[i];
    return NULL;
}

void *puzzle_load(const puzzle *pz, const char *path, diag *d) {
    lexer lx;
    if (lex_open(&lx, path, d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}
