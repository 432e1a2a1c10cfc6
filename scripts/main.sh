#!/usr/bin/env bash
# main.sh - the README's main command: installs what it needs, builds the
# release preset, runs the default experiment and renders its figures:
#   1. scripts/experiments/course.exp: every strategy and GAC queue policy on
#      the bundled Futoshiki set (instances/futoshiki/), 3 repetitions
#   2. scripts/experiments/scaling.exp: bt, fc, gac and gac:alldiff=domain on
#      hard (minimal) generated boards of size 5 to 10 (6 per size, cached in
#      results/gen/), 1 s of CPU per run: bt's curve stops where most of its
#      runs time out
# writes the results (CSV, JSON lines, run context, the tables as Markdown and
# LaTeX, the HTML report), prints the course table and renders the figures;
# then runs the Google Benchmark microbenchmarks (bench/run_microbench.sh
# --quick) and draws the search-tree figures of docs/tree.md
# (scripts/tree_figures.sh).  Each phase says how long it took.
#
# Where: out/results, out/plots and out/figures (not tracked), so that a run
# leaves every tracked file as it was; --update writes into results/, plots/
# and docs/figures/ instead, replacing the measurements the docs show.
# Usage: scripts/main.sh [--resume] [--update]   (default: start the
# experiments afresh; --resume keeps the result files and finishes them;
# `run` refuses that, exit 2, when their rows were measured by another binary,
# under other limits or on another machine: then start afresh)
set -euo pipefail
cd "$(dirname "$0")/.."
resume=0 update=0
for a in "$@"; do
  case $a in
    --resume) resume=1 ;;
    --update) update=1 ;;
    *) echo "usage: scripts/main.sh [--resume] [--update]" >&2; exit 2 ;;
  esac
done
if [ $update -eq 1 ]; then res=results plots=plots figs=docs/figures; else res=out/results plots=out/plots figs=out/figures; fi
start=$SECONDS phase_name="" phase_start=$SECONDS times=()
phase() { # phase NAME: ends the phase before (its time noted), starts NAME
  if [ -n "$phase_name" ]; then times+=("$(printf '%5d s  %s' $((SECONDS - phase_start)) "$phase_name")"); fi
  phase_name=$1 phase_start=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}
phase "install missing Debian packages (scripts/deps.sh)"
# uthash-dev and libbsd-dev: the library baselines among the stores
# (`searchlab list`), as in scripts/test.sh; graphviz and SQLite: the tree figures
scripts/deps.sh @build g++ gnuplot-nox libbenchmark-dev jq uthash-dev libbsd-dev graphviz
phase "configure and build (release)"
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j "$(nproc)" >/dev/null
bin=build/release/searchlab
if [ $resume -eq 0 ]; then
  for e in course scaling; do
    rm -f "$res/$e.csv" "$res/$e.jsonl" "$res/$e.context.json" "$res/$e.context.jsonl"
  done
fi
mkdir -p "$res" "$plots" "$figs"
for e in course scaling; do
  phase "experiment $e: $bin run scripts/experiments/$e.exp --out $res/$e.csv"
  # a bar on a terminal; in a log, a line every 10 s and at 25/50/75%
  "$bin" run "scripts/experiments/$e.exp" --out "$res/$e.csv"
done
phase "reports ($res/*.md, .tex, .html)"
"$bin" report "$res/course.csv" --table course >"$res/course.md"
# fc first: the baseline of the ratios (how much does GAC save over FC?)
order=(--strategy fc --strategy gac --strategy gac:queue=constraint-lifo --strategy gac:queue=arc-fifo
       --strategy gac:queue=arc-fifo,support=rm --strategy gac:queue=variable-fifo
       --strategy gac:queue=dom --strategy bt)
"$bin" report "$res/course.csv" --table compare "${order[@]}" >"$res/course_compare.md"
"$bin" report "$res/course.csv" --table compare --metric nodes "${order[@]}" \
  >"$res/course_compare_nodes.md"
"$bin" report "$res/course.csv" --table course --format tex >"$res/course.tex"
"$bin" report "$res/course.csv" --format html --out "$res/course.html"
"$bin" report "$res/scaling.csv" --table scaling >"$res/scaling.md"
phase "figures ($plots/)"
"$bin" plot "$res/course.csv" --kind bars --out "$plots" --name course_bars >/dev/null
"$bin" plot "$res/course.csv" --kind cactus --out "$plots" --name course_cactus >/dev/null
"$bin" plot "$res/course.csv" --kind scatter --strategy fc --strategy gac --out "$plots" \
  --name course_scatter_fc_gac >/dev/null
"$bin" plot "$res/scaling.csv" --kind scaling --out "$plots" --name scaling >/dev/null
"$bin" plot "$res/scaling.csv" --kind cactus --out "$plots" --name scaling_cactus >/dev/null
phase "search-tree figures (scripts/tree_figures.sh $figs)"
scripts/tree_figures.sh "$figs" >/dev/null
phase "microbenchmarks (bench/run_microbench.sh --quick)"
SEARCHLAB_RESULTS=$res SEARCHLAB_PLOTS=$plots bench/run_microbench.sh --quick >/dev/null 2>&1 ||
  { echo "microbenchmarks failed: run bench/run_microbench.sh to see why" >&2; exit 1; }
phase ""
ls "$plots"/*.png
echo
echo "== the course table ($res/course.md): Solved = runs that ended of 3; time ="
echo "   median CPU time of the run, ±x% = median absolute deviation; PAR-2 = mean"
echo "   time, an unsolved run counted as 2 x the limit; inference per node ="
echo "   inference_ns / inference_calls.  All of it, sortable: $res/course.html"
echo
cat "$res/course.md"
echo
echo "== scaling ($res/scaling.md)"
cat "$res/scaling.md"
echo
echo "== time per phase"
printf '%s\n' "${times[@]}"
echo "== done in $((SECONDS - start)) s"
