// bench_domain.cpp - the domain representations (domain=, csp/dom_*.c)
// through the engine's value-level interface: one operation and its undo,
// per representation and domain size (64, 1,000, 100,000 values, as one
// interval; and the same spans with every third value missing).  Names:
// domain/OP/KIND/SIZE[/holes].  A representation that cannot hold a size
// (bits beyond 64 values) is not run.  One iteration = the operation, and
// for a change its undo (so every iteration starts from the same domain).
#include <benchmark/benchmark.h>

#include <vector>

#include "searchlab_c.h"

namespace {

// One variable of `size` values (0..size-1, or every value but each
// third one) under representation kind, in a finalized csp.
struct one_var {
    csp *p;
    explicit one_var(int kind, int size, bool holes) {
        p = csp_new();
        p->domain = kind;
        std::vector<int> vals;
        for (int a = 0; a < size; a++)
            if (!holes || a % 3 != 1) vals.push_back(a);
        csp_add_var_values(p, vals.data(), vals.size(), nullptr);
        csp_finalize(p);
    }
    ~one_var() { csp_free(p); }
    one_var(const one_var &) = delete;
    one_var &operator=(const one_var &) = delete;
};

enum op { REMOVE_MID, REMOVE_BELOW, KEEP, HAS, NEXT_ALL, WORD, MINMAX };
const char *const op_names[] = {"remove",  "remove_below", "keep",   "has",
                                "iterate", "word",         "minmax"};

void bm_domain(benchmark::State &state, int kind, int size, bool holes, op o) {
    one_var v(kind, size, holes);
    csp *p = v.p;
    if (p->kind[0] != kind) {
        state.SkipWithError("this representation cannot hold this domain");
        return;
    }
    size_t mark = csp_mark(p);
    int mid = size / 2 + (size / 2 % 3 == 1), at = 0;
    int64_t sum = 0;
    for (auto _ : state) {
        switch (o) {
        case REMOVE_MID: // a hole in the middle, undone
            benchmark::DoNotOptimize(csp_remove(p, 0, mid));
            csp_undo(p, mark);
            break;
        case REMOVE_BELOW: // a bound moves by half the span, undone
            benchmark::DoNotOptimize(csp_remove_below(p, 0, mid));
            csp_undo(p, mark);
            break;
        case KEEP: // the search's decision, undone
            csp_decide(p, 0, mid);
            csp_undo(p, mark);
            break;
        case HAS:
            benchmark::DoNotOptimize(csp_has(p, 0, at));
            at = at + 7 < size ? at + 7 : 0;
            break;
        case NEXT_ALL: // every value, smallest first (per value: /size)
            CSP_FOR_VALUES(p, 0, a) sum += a;
            break;
        case WORD:
            benchmark::DoNotOptimize(csp_word(p, 0, at));
            at = at + 61 < size ? at + 61 : 0;
            break;
        case MINMAX:
            benchmark::DoNotOptimize(csp_min(p, 0) + csp_max(p, 0) + csp_size(p, 0));
            break;
        }
        csp_clear_touched(p);
    }
    benchmark::DoNotOptimize(sum);
    if (o == NEXT_ALL) state.counters["ns_per_value"] = benchmark::Counter(
        static_cast<double>(csp_size(p, 0)) * static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

int register_all() {
    const int sizes[] = {64, 1000, 100000};
    for (int o = 0; o <= MINMAX; o++)
        for (int kind = 0; kind < CSP_DOM_NKINDS; kind++)
            for (int size : sizes)
                for (int holes = 0; holes < 2; holes++) {
                    if (kind == CSP_DOM_BITS && size > 64) continue;
                    std::string name = std::string("domain/") + op_names[o] + "/" +
                                       csp_domain_names[kind] + "/" + std::to_string(size) +
                                       (holes ? "/holes" : "");
                    benchmark::RegisterBenchmark(name.c_str(), bm_domain, kind, size, holes != 0,
                                                 static_cast<op>(o));
                }
    return 0;
}
const int registered = register_all();

} // namespace
