#!/usr/bin/env bash
# baseline.sh [--resume] - runs bench/baseline.exp (our gac against the
# `minizinc` strategy, Gecode) and writes results/bench_baseline.csv plus
# the comparison tables results/bench_baseline_{time,nodes,course}.md, the
# first strategy (gac:queue=dom) being the baseline of the ratios, and
# results/bench_baseline_tree.md (complete searches: 2 x our decisions + 1
# against Gecode's nodes, our fails against its failures).  Needs
# minizinc (scripts/deps.sh installs it).  Time is the search time:
# our total_ns, Gecode's solveTime (both without model building /
# flattening).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh cmake make gcc minizinc jq libxml2-dev >/dev/null
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

# The tree, like for like: one complete search (--all) per instance, where
# Gecode's node count (root + both children of every choice) equals
# 2 x our decisions + 1 exactly when both explore the same tree
# (docs/benchmarks.md "Counting nodes").
stat() { jq -r ".stats.$1"; }
{
  echo "| instance | our decisions | 2 x decisions + 1 | Gecode nodes | our fails | Gecode failures | same tree |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
  for f in instances/futoshiki/case5.fut instances/futoshiki/extra_E04_*_9x9.fut \
    instances/futoshiki/hard/*.fut; do
    ours=$("$bin" solve futoshiki "$f" --strategy gac:queue=dom --all --json)
    gecode=$("$bin" solve futoshiki "$f" --strategy minizinc --all --json)
    d=$(stat decisions <<<"$ours") of=$(stat fails <<<"$ours")
    gn=$(stat nodes <<<"$gecode") gf=$(stat fails <<<"$gecode")
    same=no
    [ $((2 * d + 1)) -eq "$gn" ] && [ "$of" -eq "$gf" ] && same=yes
    echo "| $(basename "$f" .fut) | $d | $((2 * d + 1)) | $gn | $of | $gf | $same |"
  done
} >results/bench_baseline_tree.md
cat results/bench_baseline_time.md results/bench_baseline_nodes.md results/bench_baseline_tree.md
