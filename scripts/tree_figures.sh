#!/usr/bin/env bash
# tree_figures.sh - the search-tree figures of docs/tree.md and the README
# (searchlab tree, drawn by Graphviz's dot; a few seconds):
#   docs/figures/tree_case1.png             bt, fc and gac on the course's
#                                           case 1, side by side, same scale
#   docs/figures/tree_case1_fc_gac.png      fc and gac with their decisions
#   docs/figures/tree_case1_fc_binary.png   fc in Gist's binary view
#   docs/figures/tree_case1_gac_pruned.png  gac with the values pruned per node
#   docs/figures/tree_case1_restarts.png    fc with dom/wdeg and restarts: one
#                                           tree per run
# Usage: scripts/tree_figures.sh [DIR]   (after a release build; scripts/main.sh
# runs it; DIR: another folder than docs/figures)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/searchlab
[ -x "$bin" ] || { echo "build the release preset first (scripts/main.sh does)"; exit 2; }
command -v dot >/dev/null || { echo "needs Graphviz's dot: scripts/deps.sh graphviz"; exit 2; }
case1=instances/futoshiki/case1.fut
out=${1:-docs/figures}
mkdir -p "$out"
"$bin" tree futoshiki $case1 --strategy bt --strategy fc --strategy gac --format png \
  --out $out/tree_case1.png
"$bin" tree futoshiki $case1 --strategy fc --strategy gac --format png --out $out/tree_case1_fc_gac.png
"$bin" tree futoshiki $case1 --strategy fc --binary --format png --out $out/tree_case1_fc_binary.png
"$bin" tree futoshiki $case1 --strategy gac --pruned --format png --out $out/tree_case1_gac_pruned.png
"$bin" tree futoshiki $case1 --strategy fc:var=dom/wdeg,restart=luby:2 --format png \
  --out $out/tree_case1_restarts.png
