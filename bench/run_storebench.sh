#!/usr/bin/env bash
# run_storebench.sh [BENCHMARK_ARGS...] - the sparse store microbenchmarks
# (bench/bench_store.cpp: every store of the build, 10^3..10^6 marbles,
# fitted complexity) with JSON output into results/bench_store.json and
# plots/bench_store.png (and .svg): CPU ns per insert, lookup hit, lookup
# miss and erase + put back against the number of marbles, and scan time
# against the marbles inside the rectangle (log-log).  About 2 minutes on a
# quiet 2-core machine; not part of the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh cmake make gcc g++ libbenchmark-dev uthash-dev libbsd-dev gnuplot-nox jq >/dev/null
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j 2 --target searchlab_bench >/dev/null
mkdir -p results plots
json=results/bench_store.json
build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
  --benchmark_min_time=0.1 --benchmark_filter='^store/' "$@"

# plots/bench_store.dat: one block per (operation, store): N, CPU ns per op
# (insert: per marble; scan: per scan, N = marbles inside)
jq -r '.benchmarks[] | select(.run_type == "iteration")
  | (.name | split("/")) as $p
  | [$p[2], $p[1], (if $p[2] == "scan" then .marbles else ($p[3] | tonumber) end),
     (.cpu_time * ({"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[.time_unit])
      / (if $p[2] == "insert" then ($p[3] | tonumber) else 1 end))] | @tsv' "$json" |
  LC_ALL=C sort -s -t$'\t' -k1,1 -k2,2 |
  awk -F'\t' 'NR > 1 && ($1 != op || $2 != st) { printf "\n\n" }
              { if ($1 != op || $2 != st) printf "# %s %s\n", $1, $2; op = $1; st = $2
                printf "%s\t%s\n", $3, $4 }' >plots/bench_store.dat
stores=$(jq -r '[.benchmarks[].name | split("/")[1]] | unique | join(" ")' "$json")
cat >plots/bench_store.gp <<GP
# bench_store.gp - Google Benchmark results of the sparse stores (written by
# bench/run_storebench.sh from results/bench_store.json).
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,1000 dynamic; set output "bench_store.svg" } \\
else { set terminal pngcairo size 1000,1000; set output "bench_store.png" }
set termoption noenhanced
set logscale xy
set grid
set key top left
stores = "$stores"
ops = "insert lookup_hit lookup_miss erase_put scan"
set multiplot layout 3,2 title "sparse stores (Google Benchmark, CPU time; marbles at density 1/2 on a square)"
do for [o = 1:5] {
  op = word(ops, o)
  set title op . (op eq "scan" ? ": one w x w rectangle of a 10^6-marble store" : ": ns per operation")
  set xlabel (op eq "scan" ? "marbles inside the rectangle" : "marbles in the store")
  set ylabel (op eq "scan" ? "ns per scan" : "ns")
  # block of (op, store): the .dat is sorted by op (erase_put insert lookup_hit
  # lookup_miss scan), then store; a filtered run misses blocks
  plot for [s = 1:words(stores)] "bench_store.dat" index ((o == 4 ? 0 : o == 5 ? 4 : o) * words(stores) + s - 1) \\
       using 1:2 with linespoints title word(stores, s)
}
unset multiplot
GP
(cd plots && gnuplot bench_store.gp && gnuplot -e "fmt='svg'" bench_store.gp)
echo "wrote $json, plots/bench_store.png, plots/bench_store.svg"
