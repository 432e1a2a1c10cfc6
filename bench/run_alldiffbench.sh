#!/usr/bin/env bash
# run_alldiffbench.sh [BENCHMARK_ARGS...] - the all-different microbenchmarks
# (bench/bench_alldiff.cpp) with JSON output into results/bench_alldiff.json,
# plots/bench_alldiff.png (and .svg) and results/bench_alldiff_solve.md:
# - alldiff/assign/LEVEL/n: one assignment in a group of n variables (n =
#   9..64), one propagator call (pairwise: the dom queue to the clique's
#   fixpoint), undo; counters: prunings and matching repairs per call;
# - alldiff/fixpoint/LEVEL/n: one call with nothing left to remove;
# - alldiff/solve/SPEC/BOARD/LEVEL: the whole tree (every solution, so the
#   board's uniqueness is proven) of each hard Futoshiki board of
#   instances/futoshiki/hard/ with its rows and columns at each level; SPEC
#   is wdeg (gac:queue=dom,var=dom/wdeg) or dom (gac:queue=dom).
# A few minutes on a shared 2-core machine; not part of the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/gbench_lib.sh
gbench_build
json=results/bench_alldiff.json
build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
  --benchmark_min_time=0.1 --benchmark_filter='^alldiff/' "$@"
if jq -e '[.benchmarks[] | select(.error_occurred)] | length > 0' "$json" >/dev/null; then
  echo "run_alldiffbench.sh: a search did not find exactly one solution (see $json)" >&2
  exit 1
fi

# panel = assign or fixpoint, series = level; x: n, y: ns per call
gbench_series "$json" 'select($p[1] != "solve") | [$p[1], $p[2], ($p[3] | tonumber), ns]' \
  >plots/bench_alldiff.dat
gbench_loglog bench_alldiff "all-different: one propagator call (Google Benchmark, CPU time)" 2 \
  "assign|after one assignment (pairwise: the clique to its fixpoint)|variables n|ns per call" \
  "fixpoint|at the fixpoint (nothing to remove)|variables n|ns per call"

# the whole searches, one row per (spec, board), one column pair per level
jq -r '
  def ms: .cpu_time * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit]);
  [.benchmarks[] | select(.run_type == "iteration") | (.name | split("/")) as $p
   | select($p[1] == "solve") | {spec: $p[2], board: $p[3], level: $p[4], ms: ms, nodes: .nodes}]
  | group_by([.spec, (.board | ltrimstr("n") | split("-")[0] | tonumber), .board])
  | (["| spec | board | pairwise: ms (nodes) | value | bounds | domain |",
      "| --- | --- | --- | --- | --- | --- |"] | .[]),
    (.[] | (map({(.level): "\(.ms * 100 | round / 100) (\(.nodes))"}) | add) as $l
     | "| \(.[0].spec) | \(.[0].board) | \($l.pairwise) | \($l.value) | \($l.bounds) | \($l.domain) |")
' "$json" >results/bench_alldiff_solve.md
echo "wrote $json, results/bench_alldiff_solve.md, plots/bench_alldiff.png, plots/bench_alldiff.svg"
