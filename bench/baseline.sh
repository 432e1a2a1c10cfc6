#!/usr/bin/env bash
# baseline.sh [--resume] - runs bench/baseline.exp (our gac against the
# `minizinc` strategy, Gecode) and writes results/bench_baseline.csv plus
# the comparison tables results/bench_baseline_{time,nodes,fails}.md, the
# first strategy (gac:queue=dom) being the baseline of the ratios.  Needs
# minizinc (scripts/deps.sh installs it).  Time is the search time:
# our total_ns, Gecode's solveTime (both without model building /
# flattening).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh cmake make gcc minizinc >/dev/null
cmake --preset release >/dev/null
cmake --build --preset release -j 2 >/dev/null
bin=build/release/searchlab
if [ "${1:-}" != "--resume" ]; then
  rm -f results/bench_baseline.csv results/bench_baseline.jsonl results/bench_baseline.context.json
fi
"$bin" run bench/baseline.exp --out results/bench_baseline.csv --verbose 2>&1 | grep -v '^\[' || true
order=(--strategy gac:queue=dom --strategy gac --strategy minizinc)
for m in time nodes; do
  "$bin" report results/bench_baseline.csv --table compare --metric "$m" "${order[@]}" \
    >"results/bench_baseline_$m.md"
done
"$bin" report results/bench_baseline.csv --table course >results/bench_baseline_course.md
cat results/bench_baseline_time.md results/bench_baseline_nodes.md
