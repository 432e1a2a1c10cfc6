#!/usr/bin/env bash
# run_domainbench.sh [BENCHMARK_ARGS...] - the domain representations
# (bench/bench_domain.cpp) with JSON output into results/bench_domain.json
# and plots/bench_domain.png (and .svg): one panel per operation (a hole,
# a bound moved, the search's decision, has, iterating every value, the
# 64-value word, min + max + size), one line per representation (and its
# variant with every third value missing), ns per operation against the
# domain's size.  About a minute; not part of the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/gbench_lib.sh
gbench_build
json=results/bench_domain.json
build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
  --benchmark_min_time=0.05 --benchmark_filter='^domain/' "$@"

# panel = operation, series = representation (+holes), x = size, y = ns
gbench_series "$json" 'select(.error_occurred | not)
  | [$p[1], ($p[2] + (if $p[4] then "+holes" else "" end)), ($p[3] | tonumber),
     ns]' \
  >plots/bench_domain.dat
gbench_loglog bench_domain "domain representations: one operation (Google Benchmark, CPU time)" 4 \
  "remove|a hole in the middle, undone|values|ns" \
  "remove_below|the min moved by half the span, undone|values|ns" \
  "keep|the search's decision, undone|values|ns" \
  "has|membership|values|ns" \
  "iterate|every value, smallest first|values|ns per pass" \
  "word|the 64-value window|values|ns" \
  "minmax|min + max + size|values|ns"
echo "wrote $json, plots/bench_domain.png, plots/bench_domain.svg"
