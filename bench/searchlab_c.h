// searchlab_c.h - the project's C headers for the C++ benchmarks: one
// extern "C" block, so every bench_*.cpp calls the library exactly as the C
// code does, plus the helpers the benchmark files share.
#ifndef SEARCHLAB_BENCH_C_H
#define SEARCHLAB_BENCH_C_H

// Some C headers use C99 compound literals in inline functions (samegame/
// cell.h), which g++ accepts as an extension but -pedantic flags in C++.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
extern "C" {
#include "core/clock.h"
#include "core/rng.h"
#include "core/stats.h"
#include "csp/csp.h"
#include "csp/solver.h"
#include "samegame/path.h"
#include "samegame/store.h"
#include "puzzles/puzzle.h"
#include "solve/solve.h"
}
#pragma GCC diagnostic pop

#include <cstdio>
#include <cstdlib>
#include <string>

// An instance of the repository (SEARCHLAB_SOURCE_DIR is set by CMake), so
// the binary runs from any folder.  Aborts with the loader's message: a
// benchmark without its input measures nothing.
inline void *bench_load(const puzzle *pz, const char *rel_path) {
    std::string path = std::string(SEARCHLAB_SOURCE_DIR) + "/" + rel_path;
    diag d;
    void *inst = puzzle_load(pz, path.c_str(), &d);
    if (!inst) {
        std::fprintf(stderr, "bench: %s\n", d.msg);
        std::abort();
    }
    return inst;
}

#endif
