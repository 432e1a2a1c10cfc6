#!/usr/bin/env bash
# run_pathbench.sh [BENCHMARK_ARGS...] - the path finder microbenchmarks
# (bench/bench_path.cpp: every finder of the build on every query mode it
# answers, planes of 10^3..10^6 marbles, fitted complexity; each benchmark
# first checks its finder's (variability, length) against the canonical
# finder's and fails otherwise) with JSON output into
# results/bench_path.json and plots/bench_path.png (and .svg): CPU time of
# one corner-to-corner query against the marbles of the plane, one panel
# per plane, one line per finder (log-log).  A few minutes on a shared
# 2-core machine; not part of the main job.
# --replot redraws the figure from the committed JSON without running.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/gbench_lib.sh
replot=0
if [ "${1:-}" = "--replot" ]; then replot=1; shift; fi
json=results/bench_path.json
if [ $replot = 0 ]; then
  gbench_build
  build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
    --benchmark_min_time=0.1 --benchmark_filter='^path/' "$@"
fi
if jq -e '[.benchmarks[] | select(.error_occurred)] | length > 0' "$json" >/dev/null; then
  echo "run_pathbench.sh: a finder disagreed with the canonical one (see $json)" >&2
  exit 1
fi

# panel = query mode + plane, series = finder; x: marbles, y: us per query
gbench_series "$json" '["\($p[1])/\($p[2])", $p[3], .marbles, ns / 1e3]' >plots/bench_path.dat
panels=()
for plane in random70 random85 full snake; do
  for mode in o c; do
    panels+=("$mode/$plane|$mode, $plane: one query corner to corner|marbles in the plane|us per query")
  done
done
gbench_loglog bench_path "path finders (Google Benchmark, CPU time; o: one colour, c: 4 colours)" 2 \
  "${panels[@]}"
echo "wrote $json, plots/bench_path.png, plots/bench_path.svg"
