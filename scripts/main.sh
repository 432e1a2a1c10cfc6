#!/usr/bin/env bash
# main.sh - the README's main command: installs what it needs, builds the
# release preset, runs the default experiment and renders its figures:
#   1. scripts/experiments/course.exp: every strategy and GAC queue policy on
#      the bundled Futoshiki set (instances/futoshiki/), 3 repetitions
#   2. scripts/experiments/scaling.exp: bt, fc, gac and gac:alldiff=domain on
#      hard (minimal) generated boards of size 5 to 10 (6 per size, cached in
#      results/gen/), 1 s limit: bt's curve stops where most of its runs time out
# writes results/ (CSV, JSON lines, run context, the tables as Markdown),
# prints the course table and renders the figures into plots/; then runs the
# Google Benchmark microbenchmarks (bench/run_microbench.sh --quick:
# results/bench_csp.json, plots/bench_csp.png); and draws the search-tree
# figures of docs/tree.md (scripts/tree_figures.sh: docs/figures/).
# Usage: scripts/main.sh [--resume]   (default: start the experiments afresh;
# --resume keeps results/course.csv and results/scaling.csv and finishes them;
# `run` refuses that, exit 2, when their rows were measured by another binary,
# under other limits or on another machine: then start afresh)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
echo "== searchlab main job"
# uthash-dev and libbsd-dev: the library baselines among the stores
# (`searchlab list`), as in scripts/test.sh; graphviz and SQLite: the tree figures
scripts/deps.sh @build g++ gnuplot-nox libbenchmark-dev jq uthash-dev libbsd-dev graphviz
echo "== configure and build (release)"
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j "$(nproc)" >/dev/null
bin=build/release/searchlab
if [ "${1:-}" != "--resume" ]; then
  for e in course scaling; do
    rm -f "results/$e.csv" "results/$e.jsonl" "results/$e.context.json" "results/$e.context.jsonl"
  done
fi
mkdir -p results plots
for e in course scaling; do
  echo "== experiment $e: $bin run scripts/experiments/$e.exp"
  # a bar on a terminal; in a log, a line every 10 s and at 25/50/75%
  "$bin" run "scripts/experiments/$e.exp"
done
echo "== reports (results/*.md)"
"$bin" report results/course.csv --table course >results/course.md
# fc first: the baseline of the ratios (how much does GAC save over FC?)
order=(--strategy fc --strategy gac --strategy gac:queue=constraint-lifo --strategy gac:queue=arc-fifo
       --strategy gac:queue=arc-fifo,support=rm --strategy gac:queue=variable-fifo
       --strategy gac:queue=dom --strategy bt)
"$bin" report results/course.csv --table compare "${order[@]}" >results/course_compare.md
"$bin" report results/course.csv --table compare --metric nodes "${order[@]}" \
  >results/course_compare_nodes.md
"$bin" report results/course.csv --table course --format tex >results/course.tex
"$bin" report results/scaling.csv --table scaling >results/scaling.md
echo "== figures (plots/)"
"$bin" plot results/course.csv --kind bars --name course_bars >/dev/null
"$bin" plot results/course.csv --kind cactus --name course_cactus >/dev/null
"$bin" plot results/course.csv --kind scatter --strategy fc --strategy gac --name course_scatter_fc_gac >/dev/null
"$bin" plot results/scaling.csv --kind scaling --name scaling >/dev/null
"$bin" plot results/scaling.csv --kind cactus --name scaling_cactus >/dev/null
echo "== search-tree figures (scripts/tree_figures.sh: docs/figures/tree_case1*.png)"
scripts/tree_figures.sh >/dev/null
echo "== microbenchmarks (bench/run_microbench.sh --quick)"
bench/run_microbench.sh --quick >/dev/null 2>&1 || { echo "microbenchmarks failed: run bench/run_microbench.sh to see why" >&2; exit 1; }
ls plots/*.png
echo
echo "== the course table (results/course.md): Solved = runs that ended of 3; time ="
echo "   median search time (total_ns), ±x% = median absolute deviation; PAR-2 = mean"
echo "   time, an unsolved run counted as 2 x the limit; inference per node ="
echo "   inference_ns / inference_calls"
echo
cat results/course.md
echo
echo "== scaling (results/scaling.md)"
cat results/scaling.md
echo
echo "== done in $(( $(date +%s) - start )) s"
