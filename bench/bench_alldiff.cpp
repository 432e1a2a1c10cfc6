// bench_alldiff.cpp - microbenchmarks of the all-different global: one
// propagator call at each level on one group of n = 9..64 variables, and
// whole searches of the hard Futoshiki boards (instances/futoshiki/hard/)
// with the puzzle's rows and columns at each level (the `alldiff=` key).
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "searchlab_c.h"
extern "C" {
#include "csp/alldiff.h"
}

namespace {

// ---- one propagator call ----------------------------------------------------

// A group of n variables over 1..n with a hidden permutation: each domain
// holds its variable's value in the permutation and each other value with
// probability 1/2 (so the group stays satisfiable), brought to the level's
// fixpoint once.  The same n gives the same domains at every level.
csp *random_group(int n, int level) {
    rng r;
    rng_seed(&r, 7 + static_cast<uint64_t>(n));
    csp *p = csp_new();
    std::vector<int> sol(static_cast<size_t>(n)), vars(static_cast<size_t>(n));
    for (int i = 0; i < n; i++) sol[i] = i, vars[i] = csp_add_var(p, 1, n, nullptr);
    rng_shuffle(&r, sol.data(), n);
    for (int i = 0; i < n; i++)
        csp_restrict(p, i, (rng_next(&r) | csp_bit(sol[i])) & csp_range(0, n - 1));
    csp_post_alldiff(p, vars.data(), n, static_cast<enum csp_alldiff>(level));
    csp_finalize(p);
    if (csp_propagate(p, csp_find_queue("dom"), 1) == CSP_WIPEOUT) std::abort();
    return p;
}

// The assignments the benchmark cycles through, the same at every level:
// (variable, bit) pairs with the value drawn at random from the variable's
// domain-consistent domain, so every assignment extends to a solution of
// the group and moves the matching about as a search does.
std::vector<std::pair<int, int>> assignments(int n) {
    csp *p = random_group(n, CSP_ALLDIFF_DOMAIN);
    rng r;
    rng_seed(&r, 11);
    std::vector<std::pair<int, int>> out;
    for (int k = 0; k < 256; k++) {
        int v = static_cast<int>(rng_below(&r, static_cast<uint64_t>(n)));
        csp_dom d = csp_bits(p, v);
        if (csp_dom_single(d)) continue;
        for (int skip = static_cast<int>(rng_below(&r, csp_dom_size(d))); skip > 0; skip--)
            d &= d - 1;
        out.emplace_back(v, csp_dom_min(d));
    }
    csp_free(p);
    return out;
}

// One iteration: one assignment of the list, one propagator call (pairwise:
// the dom queue to the clique's fixpoint, the work the value level does in
// one call), undo.
void bm_call(benchmark::State &state, int level) {
    int n = static_cast<int>(state.range(0));
    csp *p = random_group(n, level);
    std::vector<std::pair<int, int>> list = assignments(n);
    stats st = {};
    csp_set_stats(p, &st);
    size_t mark = csp_mark(p), k = 0;
    const csp_queue *q = csp_find_queue("dom");
    for (auto _ : state) {
        csp_assign(p, list[k].first, list[k].second);
        if (++k == list.size()) k = 0;
        if (level == CSP_ALLDIFF_PAIRWISE)
            benchmark::DoNotOptimize(csp_propagate(p, q, 0));
        else
            benchmark::DoNotOptimize(csp_propagate_con(p, p->cons[0]));
        csp_undo(p, mark);
        csp_clear_touched(p);
    }
    csp_set_stats(p, nullptr);
    double it = static_cast<double>(state.iterations());
    state.counters["prunings"] = static_cast<double>(st.prunings) / it;
    state.counters["augmentations"] = static_cast<double>(st.augmentations) / it;
    csp_free(p);
}

// One call at the fixpoint (nothing to remove): the cost of a useless wake.
void bm_fixpoint(benchmark::State &state, int level) {
    csp *p = random_group(static_cast<int>(state.range(0)), level);
    for (auto _ : state) benchmark::DoNotOptimize(csp_propagate_con(p, p->cons[0]));
    csp_free(p);
}

// ---- whole searches of the hard Futoshiki boards ----------------------------

// The whole tree (every solution: the boards are unique, so this proves
// uniqueness) of the puzzle's own model with its rows and columns at the
// level (spec + ",alldiff=LEVEL", through solve_puzzle, as `searchlab
// solve --all` runs it: building the model included, the verifier on the
// solution).  Fails when the count is not 1.
void bm_solve(benchmark::State &state, std::string file, std::string spec, int level) {
    const puzzle *pz = puzzle_find("futoshiki");
    void *inst = bench_load(pz, file.c_str());
    std::string full = spec + ",timing=off,alldiff=" + csp_alldiff_names[level];
    solve_request rq = {};
    rq.spec = full.c_str();
    rq.all = 1;
    stats st = {};
    for (auto _ : state) {
        solve_result r;
        diag d;
        if (solve_puzzle(pz, inst, &rq, &r, &d)) {
            state.SkipWithError(d.msg);
            break;
        }
        st = r.st;
        if (r.status != STATUS_SOLVED || r.solutions != 1)
            state.SkipWithError("the board has not exactly one (verified) solution");
        solve_result_free(&r);
    }
    state.counters["nodes"] = static_cast<double>(st.nodes);
    state.counters["fails"] = static_cast<double>(st.fails);
    state.counters["revisions"] = static_cast<double>(st.revisions);
    pz->destroy(inst);
}

int register_all() {
    static const int sizes[] = {9, 12, 16, 24, 32, 48, 64};
    for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++) {
        std::string name = csp_alldiff_names[level];
        auto *b = benchmark::RegisterBenchmark(("alldiff/assign/" + name).c_str(), bm_call, level);
        for (int n : sizes) b->Arg(n);
        if (level == CSP_ALLDIFF_PAIRWISE) continue; // no single constraint to call
        b = benchmark::RegisterBenchmark(("alldiff/fixpoint/" + name).c_str(), bm_fixpoint, level);
        for (int n : sizes) b->Arg(n);
    }
    static const char *const boards[] = {"n9-s901", "n10-s1001", "n11-s1101", "n12-s1201"};
    // (label, spec): a label without '/', since names split at '/'
    static const char *const specs[][2] = {{"wdeg", "gac:queue=dom,var=dom/wdeg"},
                                           {"dom", "gac:queue=dom"}};
    for (const auto &spec : specs)
        for (const char *board : boards)
            for (int k = 0; k < 3; k++) {
                std::string file = std::string("instances/futoshiki/hard/futoshiki-") + board +
                                   "-d0.05-e0.5-min-00" + std::to_string(k) + ".fut";
                for (int level = 0; level < CSP_ALLDIFF_NLEVELS; level++)
                    benchmark::RegisterBenchmark(("alldiff/solve/" + std::string(spec[0]) + "/" +
                                                  board + "-" + std::to_string(k) + "/" +
                                                  csp_alldiff_names[level])
                                                     .c_str(),
                                                 bm_solve, file, std::string(spec[1]), level)
                        ->Unit(benchmark::kMillisecond);
            }
    return 0;
}
const int registered = register_all();

} // namespace
