// bench_store.cpp - microbenchmarks of the Same Game sparse stores through
// their C API (every store of store_registry, the uthash and BSD red-black
// baselines included when the build has them): insert, lookup hit and
// miss, erase (+ put back), for 10^3..10^6 marbles with fitted complexity,
// and rectangle scans of a 10^6-marble store whose complexity is fitted
// against the marbles inside the rectangle.
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>
#include <vector>

#include "searchlab_c.h"

namespace {

// The marbles: n distinct random cells of a square of side ceil(sqrt(2n))
// (density about 1/2), in random order, and as many absent cells of the
// same square for the misses.  Seeded: the same cells every run.
struct cells {
    std::vector<cell> in, out;
    int32_t side;
    explicit cells(size_t n) {
        side = static_cast<int32_t>(std::ceil(std::sqrt(2.0 * static_cast<double>(n))));
        std::vector<int> idx(static_cast<size_t>(side) * static_cast<size_t>(side));
        for (size_t i = 0; i < idx.size(); i++) idx[i] = static_cast<int>(i);
        rng r;
        rng_seed(&r, 42);
        rng_shuffle(&r, idx.data(), static_cast<int>(idx.size()));
        for (size_t i = 0; i < idx.size() && out.size() < n; i++)
            (i < n ? in : out).push_back(cell{idx[i] % side, idx[i] / side});
    }
};

struct filled {
    store *s;
    filled(const store_ops *ops, const cells &c) : s(store_create(ops)) {
        for (size_t i = 0; i < c.in.size(); i++)
            store_put(s, c.in[i].x, c.in[i].y, static_cast<int>(i % 5));
    }
    ~filled() { store_destroy(s); }
    filled(const filled &) = delete;
    filled &operator=(const filled &) = delete;
};

// One iteration fills an empty store with n marbles (items = puts).
void bm_insert(benchmark::State &state, const store_ops *ops) {
    cells c(static_cast<size_t>(state.range(0)));
    for (auto _ : state) {
        filled f(ops, c);
        benchmark::DoNotOptimize(f.s);
    }
    state.SetComplexityN(state.range(0));
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

// One iteration = one get; hit: a marble of the store, miss: an empty
// cell of the same square; both in random order.
void bm_lookup(benchmark::State &state, const store_ops *ops, bool hit) {
    cells c(static_cast<size_t>(state.range(0)));
    filled f(ops, c);
    const std::vector<cell> &q = hit ? c.in : c.out;
    size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(store_get(f.s, q[i].x, q[i].y));
        if (++i == q.size()) i = 0;
    }
    state.SetComplexityN(state.range(0));
}

// One iteration = erase a marble, then put it back (the size stays n).
void bm_erase(benchmark::State &state, const store_ops *ops) {
    cells c(static_cast<size_t>(state.range(0)));
    filled f(ops, c);
    size_t i = 0;
    for (auto _ : state) {
        int colour = store_erase(f.s, c.in[i].x, c.in[i].y);
        store_put(f.s, c.in[i].x, c.in[i].y, colour);
        if (++i == c.in.size()) i = 0;
    }
    state.SetComplexityN(state.range(0));
}

void count_visit(void *arg, int32_t, int32_t, int) { ++*static_cast<int64_t *>(arg); }

// A w x w rectangle at the middle of a 10^6-marble store; the complexity
// N is the number of marbles inside (about w*w/2).
void bm_scan(benchmark::State &state, const store_ops *ops) {
    static const cells c(1000000);
    filled f(ops, c);
    int32_t w = static_cast<int32_t>(state.range(0)), x0 = (c.side - w) / 2;
    plane_rect r = {x0, x0 + w - 1, x0, x0 + w - 1};
    int64_t inside = 0;
    for (auto _ : state) {
        inside = 0;
        store_scan(f.s, &r, count_visit, &inside);
    }
    state.SetComplexityN(inside);
    state.counters["marbles"] = static_cast<double>(inside);
}

int register_stores() {
    for (int i = 0; store_registry[i]; i++) {
        const store_ops *ops = store_registry[i];
        std::string n = std::string("store/") + ops->name + "/";
        benchmark::RegisterBenchmark((n + "insert").c_str(), bm_insert, ops)
            ->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMillisecond)
            ->Complexity();
        benchmark::RegisterBenchmark((n + "lookup_hit").c_str(), bm_lookup, ops, true)
            ->RangeMultiplier(10)->Range(1000, 1000000)->Complexity();
        benchmark::RegisterBenchmark((n + "lookup_miss").c_str(), bm_lookup, ops, false)
            ->RangeMultiplier(10)->Range(1000, 1000000)->Complexity();
        benchmark::RegisterBenchmark((n + "erase_put").c_str(), bm_erase, ops)
            ->RangeMultiplier(10)->Range(1000, 1000000)->Complexity();
        benchmark::RegisterBenchmark((n + "scan").c_str(), bm_scan, ops)
            ->RangeMultiplier(4)->Range(16, 1024)->Unit(benchmark::kMicrosecond)
            ->Complexity(benchmark::oN);
    }
    return 0;
}
const int registered = register_stores();

} // namespace
