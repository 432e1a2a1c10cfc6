// bench_path.cpp - microbenchmarks of the Same Game path finders through
// their C API (every finder of path_registry, on every query mode it
// answers): one query across a generated plane of N marbles, N = 10^3 ..
// 10^6 with fitted complexity.  Before timing, each benchmark runs its
// finder once beside the canonical one (bfs for `o`, dijkstra for `c`) and
// fails (SkipWithError) unless both find the same (variability, length),
// as the Same Game statement (docs/samegame.md) requires of every finder.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "searchlab_c.h"

namespace {

// A generated plane: `random`: each cell of a side x side square holds a
// marble with probability `density` (seeded); `snake`: full even rows
// joined by one marble at alternate ends of the odd rows, one corridor
// whose only path is about N cells long.  Colours are uniform over
// `colours` ids (1 for `o` queries, so the search covers the whole
// component; 4 for `c`).
struct plane_case {
    const char *name;
    int mode;       // PATH_ONE_COLOUR or PATH_VARIABLE
    double density; // 0 for the snake
    int colours;
};

const plane_case cases[] = {
    {"o/random70", PATH_ONE_COLOUR, 0.70, 1}, {"o/random85", PATH_ONE_COLOUR, 0.85, 1},
    {"o/full", PATH_ONE_COLOUR, 1.00, 1},     {"o/snake", PATH_ONE_COLOUR, 0, 1},
    {"c/random70", PATH_VARIABLE, 0.70, 4},   {"c/random85", PATH_VARIABLE, 0.85, 4},
    {"c/full", PATH_VARIABLE, 1.00, 4},       {"c/snake", PATH_VARIABLE, 0, 4},
};

struct store_deleter {
    void operator()(store *s) const { store_destroy(s); }
};

// The plane of one (case, N), its query and the canonical answer.
struct plane_data {
    std::unique_ptr<store, store_deleter> s;
    size_t marbles = 0;
    path_query q{};
    path_result canon{};
    bool found_query = false;
    plane_data() { path_result_init(&canon); }
    ~plane_data() { path_result_free(&canon); }
    plane_data(const plane_data &) = delete;
    plane_data &operator=(const plane_data &) = delete;
};

bool is_marble(const plane_case &pc, rng *g, int32_t side, int32_t x, int32_t y) {
    if (pc.density == 0) return y % 2 == 0 || x == (y % 4 == 1 ? side - 1 : 0);
    return pc.density >= 1 || rng_double(g) < pc.density;
}

std::unique_ptr<plane_data> build_plane(const plane_case &pc, int64_t n) {
    auto p = std::make_unique<plane_data>();
    // the default store (the protocol's): the finders are what is measured
    p->s.reset(store_create(store_registry[0]));
    double per_cell = pc.density == 0 ? 0.5 : pc.density;
    int32_t side = static_cast<int32_t>(std::ceil(std::sqrt(static_cast<double>(n) / per_cell)));
    rng g;
    rng_seed(&g, 42);
    std::vector<cell> order; // marbles in row-major order from (0, 0)
    for (int32_t y = 0; y < side; y++)
        for (int32_t x = 0; x < side; x++)
            if (is_marble(pc, &g, side, x, y)) {
                store_put(p->s.get(), x, y, static_cast<int>(rng_below(&g, pc.colours)));
                order.push_back(cell{x, y});
            }
    p->marbles = order.size();
    // ends: the first marble from (0, 0) and the last towards the opposite
    // corner; on a random plane a corner marble can be cut off, so try the
    // next pairs until the canonical finder joins them
    const path_ops *canon = path_canonical(pc.mode);
    for (size_t i = 0; i < 50 && i < order.size() / 2 && !p->found_query; i++) {
        p->q = path_query{order[i], order[order.size() - 1 - i], pc.mode};
        canon->find(p->s.get(), &p->q, &p->canon);
        p->found_query = p->canon.found != 0;
    }
    return p;
}

// The planes of the case being run, by N (the benchmarks of one case run
// one after the other: each finder's family over every N).
const plane_data &plane_for(const plane_case &pc, int64_t n) {
    static const plane_case *current = nullptr;
    static std::map<int64_t, std::unique_ptr<plane_data>> planes;
    if (current != &pc) planes.clear(), current = &pc;
    std::unique_ptr<plane_data> &p = planes[n];
    if (!p) p = build_plane(pc, n);
    return *p;
}

// One iteration = one query from one end of the plane to the other.
void bm_path(benchmark::State &state, const plane_case *pc, const path_ops *finder) {
    const plane_data &p = plane_for(*pc, state.range(0));
    if (!p.found_query) {
        state.SkipWithError("the generated plane has no path between its corners");
        return;
    }
    path_result r;
    path_result_init(&r);
    finder->find(p.s.get(), &p.q, &r);
    if (!r.found || r.variability != p.canon.variability || r.length != p.canon.length) {
        std::string msg =
            std::string(finder->name) + " found (" + std::to_string(r.variability) + "," +
            std::to_string(r.length) + "), the canonical " + path_canonical(pc->mode)->name + " (" +
            std::to_string(p.canon.variability) + "," + std::to_string(p.canon.length) + ")";
        path_result_free(&r);
        state.SkipWithError(msg.c_str());
        return;
    }
    for (auto _ : state) {
        finder->find(p.s.get(), &p.q, &r);
        benchmark::DoNotOptimize(r.length);
    }
    state.SetComplexityN(static_cast<int64_t>(p.marbles));
    state.counters["marbles"] = static_cast<double>(p.marbles);
    state.counters["expanded"] = static_cast<double>(r.expanded);
    state.counters["length"] = static_cast<double>(r.length);
    state.counters["variability"] = static_cast<double>(r.variability);
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(r.expanded));
    path_result_free(&r);
}

int register_paths() {
    for (const plane_case &pc : cases)
        for (int i = 0; path_registry[i]; i++) {
            const path_ops *f = path_registry[i];
            if (!(f->modes & pc.mode)) continue;
            std::string name = std::string("path/") + pc.name + "/" + f->name;
            benchmark::RegisterBenchmark(name.c_str(), bm_path, &pc, f)
                ->RangeMultiplier(10)
                ->Range(1000, 1000000)
                ->Unit(benchmark::kMicrosecond)
                ->Complexity();
        }
    return 0;
}
const int registered = register_paths();

} // namespace
