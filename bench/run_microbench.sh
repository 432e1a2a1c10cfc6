#!/usr/bin/env bash
# run_microbench.sh [--quick] [BENCHMARK_ARGS...] - builds the Google
# Benchmark microbenchmarks (the release preset with SEARCHLAB_BENCH=ON),
# runs those of the CSP engine (the stores: bench/run_storebench.sh; the path
# finders: bench/run_pathbench.sh; all-different: bench/run_alldiffbench.sh;
# the domain representations: bench/run_domainbench.sh, whose ~100
# benchmarks made this figure's first panel unreadable),
# runs them with JSON output into results/bench_csp.json and renders
# plots/bench_csp.png (and .svg) with gnuplot: one panel per group (timer and
# revise in ns, propagation in us, whole solves in ms), CPU time per
# iteration (not wall time, which on a shared machine also counts other
# processes' time slices).  Extra arguments go to the benchmark binary, e.g.
#   bench/run_microbench.sh --benchmark_filter=propagate --benchmark_repetitions=5
# --quick (what the main job runs) gives each benchmark 0.05 s instead of 0.2 s.
# SEARCHLAB_RESULTS and SEARCHLAB_PLOTS name other folders than results/ and
# plots/ (scripts/main.sh writes into out/ unless asked to update them).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh @build g++ libbenchmark-dev gnuplot-nox jq >/dev/null
min_time=0.2
if [ "${1:-}" = "--quick" ]; then min_time=0.05; shift; fi
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j 2 --target searchlab_bench >/dev/null
res=${SEARCHLAB_RESULTS:-results}
plots=${SEARCHLAB_PLOTS:-plots}
mkdir -p "$res" "$plots"
json=$res/bench_csp.json
build/release/searchlab_bench --benchmark_out="$json" --benchmark_out_format=json \
  --benchmark_min_time="$min_time" --benchmark_filter='-^(store|path|alldiff|domain)/' "$@"

# one .dat per panel: index, name, real time in the panel's unit
dat=$plots/bench_csp.dat
# (domain/ rows of an older JSON are left to plots/bench_domain.png too)
jq -r '.benchmarks[] | select(.run_type == "iteration" or .aggregate_name == "median")
  | select(.name | startswith("domain/") | not)
  | [.name, (.cpu_time * ({"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[.time_unit]))] | @tsv' "$json" |
  awk -F'\t' '
    { g = ($1 ~ /^solve/) ? 2 : ($1 ~ /^propagate/) ? 1 : 0 }
    { name[g, n[g]++] = $1; ns[g, n[g] - 1] = $2 }
    END {
      split("1 1000 1000000", div, " ")
      for (g = 0; g < 3; g++) {
        printf "# panel %d\n", g
        for (i = 0; i < n[g]; i++) printf "%d\t\"%s\"\t%.6g\n", i, name[g, i], ns[g, i] / div[g + 1]
        printf "\n\n"
      }
    }' >"$dat"
cat >"$plots/bench_csp.gp" <<'GP'
# bench_csp.gp - Google Benchmark results of the CSP engine (written by
# bench/run_microbench.sh from results/bench_csp.json).
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,1100 dynamic; set output "bench_csp.svg" } \
else { set terminal pngcairo size 1000,1100; set output "bench_csp.png" }
set style fill solid 0.6 border -1
set boxwidth 0.7
set grid x
unset key
set yrange [*:*] reverse
set ytics scale 0
set offsets 0, graph 0.12, 0, 0
set rmargin 5  # the last tick label (100000) inside the canvas
set termoption noenhanced
set multiplot layout 3,1 title "searchlab microbenchmarks (Google Benchmark, CPU time per iteration, course case5 9x9)"
set title "timer read and one revise step (ns)"
set xlabel "ns"
plot "bench_csp.dat" index 0 using ($3/2):1:($3/2):(0.35):ytic(2) with boxxyerror, \
     "" index 0 using 3:1:(sprintf("%.1f", $3)) with labels left offset 0.5,0
set title "one GAC propagation from scratch, per queue policy (us)"
set xlabel "us"
plot "bench_csp.dat" index 1 using ($3/2):1:($3/2):(0.35):ytic(2) with boxxyerror, \
     "" index 1 using 3:1:(sprintf("%.1f", $3)) with labels left offset 0.5,0
set title "whole solve: build + search + verify (ms, log scale)"
set xrange [0.01:100000]
set xlabel "ms"
set logscale x
plot "bench_csp.dat" index 2 using (sqrt($3*0.01)):1:(0.01):($3):($1-0.35):($1+0.35):ytic(2) with boxxy, \
     "" index 2 using 3:1:(sprintf($3 >= 100 ? "%.0f" : "%.3g", $3)) with labels left offset 0.5,0
unset multiplot
GP
(cd "$plots" && gnuplot bench_csp.gp && gnuplot -e "fmt='svg'" bench_csp.gp)
echo "wrote $json, $plots/bench_csp.png, $plots/bench_csp.svg"
