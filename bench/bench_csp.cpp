// bench_csp.cpp - microbenchmarks of the CSP engine through its C API: the
// timer read under "inference time per node", one GAC revise step, one full
// propagation (from scratch) of each queue policy, and a whole solve per
// strategy, on the course's 9x9 case (instances/futoshiki/case5.fut).
#include <benchmark/benchmark.h>

#include "searchlab_c.h"

namespace {

const char *const case5 = "instances/futoshiki/case5.fut";

// ---- the timer ------------------------------------------------------------

// One clock_ns() read; an inference call is timed with two of them.
void bm_clock_ns(benchmark::State &state) {
    for (auto _ : state) benchmark::DoNotOptimize(clock_ns());
}
BENCHMARK(bm_clock_ns)->Name("clock_ns");

// ---- the model of case5, built once per benchmark --------------------------

struct model {
    const puzzle *pz;
    void *inst;
    csp *p;
    explicit model(int support) {
        pz = puzzle_find("futoshiki");
        inst = bench_load(pz, case5);
        diag d;
        puzzle_model m = {}; // the course's model: pairwise groups
        p = pz->build(inst, &m, &d);
        if (!p) {
            std::fprintf(stderr, "bench: %s\n", d.msg);
            std::abort();
        }
        csp_finalize(p);
        csp_set_support(p, support);
    }
    ~model() {
        csp_free(p);
        pz->destroy(inst);
    }
    model(const model &) = delete;
    model &operator=(const model &) = delete;
};

// ---- one revise step --------------------------------------------------------

// Revises every (constraint, position) arc of case5 in turn from the
// initial domains (givens only), undoing after each so that every
// iteration starts from the same state, with each support mode (bits,
// scan, rm); one iteration = one csp_revise + its undo.
void bm_revise(benchmark::State &state, int support) {
    model m(support);
    csp *p = m.p;
    size_t mark = csp_mark(p);
    int c = 0, pos = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(csp_revise(p, p->cons[c], pos));
        csp_undo(p, mark);
        csp_clear_touched(p);
        if (++pos == p->cons[c]->arity) pos = 0, c = (c + 1) % p->ncons;
    }
}

// The same arcs at the root fixpoint (after one full propagation): every
// revise finds all supports and removes nothing (a useless revision), the
// common case deep in a GAC search.
void bm_revise_fixpoint(benchmark::State &state, int support) {
    model m(support);
    csp *p = m.p;
    size_t mark = csp_mark(p);
    if (csp_propagate(p, csp_find_queue("constraint-fifo"), 1) == CSP_WIPEOUT) {
        state.SkipWithError("case5 wiped out at the root");
        return;
    }
    int c = 0, pos = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(csp_revise(p, p->cons[c], pos));
        if (++pos == p->cons[c]->arity) pos = 0, c = (c + 1) % p->ncons;
    }
    csp_undo(p, mark);
    csp_clear_touched(p);
}

// ---- one full propagation per queue policy ----------------------------------

// GAC from scratch on case5's initial domains to the fixpoint with queue
// policy q, then undo.  Counters: revisions and queue pushes per
// propagation (the work behind the time).
void bm_propagate(benchmark::State &state, const csp_queue *q) {
    model m(CSP_SUPPORT_BITS);
    csp *p = m.p;
    stats st = {};
    csp_set_stats(p, &st);
    size_t mark = csp_mark(p);
    for (auto _ : state) {
        benchmark::DoNotOptimize(csp_propagate(p, q, 1));
        csp_undo(p, mark);
        csp_clear_touched(p);
    }
    csp_set_stats(p, nullptr);
    double it = static_cast<double>(state.iterations());
    state.counters["revisions"] = static_cast<double>(st.revisions) / it;
    state.counters["queue_pushes"] = static_cast<double>(st.queue_pushes) / it;
}

// ---- whole solves -----------------------------------------------------------

// solve_puzzle exactly as `searchlab solve` calls it: build, search, verify.
void bm_solve(benchmark::State &state, const char *file, const char *spec) {
    const puzzle *pz = puzzle_find("futoshiki");
    void *inst = bench_load(pz, file);
    solve_request rq = {};
    rq.spec = spec;
    uint64_t nodes = 0;
    for (auto _ : state) {
        solve_result r;
        diag d;
        if (solve_puzzle(pz, inst, &rq, &r, &d)) {
            state.SkipWithError(d.msg);
            break;
        }
        nodes = r.st.nodes;
        solve_result_free(&r);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    pz->destroy(inst);
}

// Registered at start-up from the registries, so a new queue policy is
// benchmarked with no change here.
int register_all() {
    for (int s = CSP_SUPPORT_BITS; s <= CSP_SUPPORT_RM; s++) {
        std::string name = csp_support_names[s];
        benchmark::RegisterBenchmark(("revise/initial/" + name).c_str(), bm_revise, s);
        benchmark::RegisterBenchmark(("revise/fixpoint/" + name).c_str(), bm_revise_fixpoint, s);
    }
    for (int i = 0; csp_queues[i]; i++)
        benchmark::RegisterBenchmark(("propagate/" + std::string(csp_queues[i]->name)).c_str(),
                                     bm_propagate, csp_queues[i])
            ->Unit(benchmark::kMicrosecond);
    // bt, fc and gac on the 6x6 course case (bt takes seconds on the 9x9 ones)
    static const char *const small[] = {"bt", "fc", "gac"};
    for (const char *s : small)
        benchmark::RegisterBenchmark(("solve/case2/" + std::string(s)).c_str(), bm_solve,
                                     "instances/futoshiki/case2.fut", s)
            ->Unit(benchmark::kMicrosecond);
    // fc and gac with each queue policy on the 9x9 case
    static std::string specs[16];
    int k = 0;
    specs[k++] = "fc";
    for (int i = 0; csp_queues[i] && k < 16; i++)
        specs[k++] = "gac:queue=" + std::string(csp_queues[i]->name);
    for (int i = 0; i < k; i++)
        benchmark::RegisterBenchmark(("solve/case5/" + specs[i]).c_str(), bm_solve, case5,
                                     specs[i].c_str())
            ->Unit(benchmark::kMillisecond);
    return 0;
}
const int registered = register_all();

} // namespace

BENCHMARK_MAIN();
