#!/usr/bin/env bash
# run_storebench.sh [BENCHMARK_ARGS...] - the sparse store microbenchmarks
# (bench/bench_store.cpp: every store of the build, 10^3..10^6 marbles,
# fitted complexity) with JSON output into results/bench_store.json and
# plots/bench_store.png (and .svg): CPU ns per insert, lookup hit, lookup
# miss and erase + put back against the number of marbles, and scan time
# against the marbles inside the rectangle (log-log).  About 4 minutes on a
# shared 2-core machine; not part of the main job.
# --replot redraws the figure from the committed JSON without running.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/gbench_lib.sh
replot=0
if [ "${1:-}" = "--replot" ]; then replot=1; shift; fi
json=results/bench_store.json
if [ $replot = 0 ]; then
  gbench_build uthash-dev libbsd-dev
  build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
    --benchmark_min_time=0.1 --benchmark_filter='^store/' "$@"
fi

# panel = operation, series = store; x: marbles (scan: marbles inside the
# rectangle), y: CPU ns per operation (insert: per marble; scan: per scan)
gbench_series "$json" '[$p[2], $p[1], (if $p[2] == "scan" then .marbles else ($p[3] | tonumber) end),
  ns / (if $p[2] == "insert" then ($p[3] | tonumber) else 1 end)]' >plots/bench_store.dat
per_op="marbles in the store|ns"
gbench_loglog bench_store \
  "sparse stores (Google Benchmark, CPU time; marbles at density 1/2 on a square)" 2 \
  "insert|insert: ns per marble|$per_op" "lookup_hit|lookup_hit: ns per operation|$per_op" \
  "lookup_miss|lookup_miss: ns per operation|$per_op" \
  "erase_put|erase_put: ns per operation|$per_op" \
  "scan|scan: one w x w rectangle of a 10^6-marble store|marbles inside the rectangle|ns per scan"
echo "wrote $json, plots/bench_store.png, plots/bench_store.svg"
