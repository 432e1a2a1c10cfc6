#!/usr/bin/env bash
# alldiff.sh - the all-different experiment (scripts/experiments/alldiff.exp:
# pairwise, value, bounds and domain, without and with restarts, and Gecode
# through MiniZinc, on hard 12x12 Futoshiki and QWH orders 20 to 35); about
# 20 minutes on 2 cores, so not part of the main job.  Writes
#   results/alldiff.csv (.jsonl, .context.jsonl)  the runs
#   results/alldiff.md          per board size and strategy: solved, PAR-2,
#                               medians of time and nodes
#   results/alldiff_compare.md  per instance, each strategy against
#                               alldiff=domain (the default's level)
#   plots/alldiff_cactus.png    solved instances against the time limit
#   results/alldiff_qwh30.md    40 more order-30 QWH boards, 30 s each: the
#                               default strategy against Gecode
#                               (scripts/experiments/alldiff_qwh30.exp)
#   results/alldiff_xcsp.md     the order-30 boards through the XCSP3 front end
# Usage: scripts/alldiff.sh [--resume]   (after a release build; --resume
# finishes an interrupted run instead of starting afresh)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/searchlab
[ -x "$bin" ] || { echo "build the release preset first (scripts/main.sh does)"; exit 2; }
# MiniZinc with Gecode: the outside reference row
scripts/deps.sh minizinc gnuplot-nox
if [ "${1:-}" != "--resume" ]; then
  for e in alldiff alldiff_qwh30; do
    rm -f results/$e.csv results/$e.jsonl results/$e.context.jsonl
  done
fi
"$bin" run scripts/experiments/alldiff.exp
"$bin" run scripts/experiments/alldiff_qwh30.exp
g=gac:queue=variable-fifo,var=dom/wdeg,alldiff
order=()   # the default's level first: the baseline of the ratios
for l in domain bounds value pairwise; do order+=(--strategy $g=$l --strategy $g=$l,restart=luby:100); done
order+=(--strategy minizinc:model=futoshiki_distinct_afc)
"$bin" report results/alldiff.csv --table scaling "${order[@]}" >results/alldiff.md
"$bin" report results/alldiff.csv --table compare "${order[@]}" >results/alldiff_compare.md
"$bin" plot results/alldiff.csv --kind cactus --name alldiff_cactus >/dev/null
"$bin" report results/alldiff_qwh30.csv --table scaling >results/alldiff_qwh30.md
# The same order-30 boards through the XCSP3 front end (issue 14's target:
# each solved by the xcsp default strategy within 60 s): exported, then
# solved by `run` with the verifier re-reading each answer.
mkdir -p results/gen/xcsp
for f in results/gen/futoshiki/qwh-n30-s30*-h0.42-bal-*.fut; do
  x=results/gen/xcsp/$(basename "$f" .fut).xml
  [ -e "$x" ] || "$bin" export futoshiki "$f" --format xcsp3 --out "$x"
done
rm -f results/alldiff_xcsp.csv results/alldiff_xcsp.jsonl results/alldiff_xcsp.context.jsonl
"$bin" run --puzzle xcsp --instances results/gen/xcsp/ --timeout 60 --seed 13 --quiet \
  --out results/alldiff_xcsp.csv
"$bin" report results/alldiff_xcsp.csv --table course >results/alldiff_xcsp.md
cat results/alldiff.md results/alldiff_qwh30.md results/alldiff_xcsp.md
