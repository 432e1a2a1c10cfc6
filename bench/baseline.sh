#!/usr/bin/env bash
# baseline.sh [--resume] - runs bench/baseline.exp (our gac against the
# `minizinc` strategy, Gecode) and writes results/bench_baseline.csv plus
# the comparison tables results/bench_baseline_{time,nodes,course}.md, the
# first strategy (gac:queue=dom) being the baseline of the ratios,
# results/bench_baseline_domain_time.md (alldiff=domain against Gecode's
# domain-consistent distinct, first solution), results/bench_baseline_tree.md
# (complete searches: 2 x our decisions + 1 against Gecode's nodes, our
# fails against its failures) and results/bench_baseline_domain_tree.md
# (the same at the domain level, with the time of each complete search:
# REPS interleaved runs each way, medians and their ratio).  Needs
# minizinc (scripts/deps.sh installs it).  Time is the search time:
# our total_ns, Gecode's solveTime (both without model building /
# flattening).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh @build minizinc jq >/dev/null
cmake --preset release >/dev/null
cmake --build --preset release -j 2 >/dev/null
bin=build/release/searchlab
tmp_o=$(mktemp) tmp_g=$(mktemp)
trap 'rm -f "$tmp_o" "$tmp_g"' EXIT
if [ "${1:-}" != "--resume" ]; then
  rm -f results/bench_baseline.csv results/bench_baseline.jsonl results/bench_baseline.context.json results/bench_baseline.context.jsonl
fi
"$bin" run bench/baseline.exp --out results/bench_baseline.csv --verbose 2>&1 | grep -v '^\[' || true
order=(--strategy gac:queue=dom --strategy gac --strategy minizinc)
for m in time nodes; do
  "$bin" report results/bench_baseline.csv --table compare --metric "$m" "${order[@]}" \
    >"results/bench_baseline_$m.md"
done
"$bin" report results/bench_baseline.csv --table course >results/bench_baseline_course.md
"$bin" report results/bench_baseline.csv --table compare --metric time \
  --strategy gac:queue=dom,alldiff=domain --strategy minizinc:model=futoshiki_distinct_domain \
  >results/bench_baseline_domain_time.md

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

# One level up, like for like: rows and columns as domain-consistent
# all-different on both sides, the same search, complete searches.  The
# tree columns as above; the time of each side is the median and the
# minimum of REPS runs (default 11), ours and Gecode's interleaved, so
# both see the same load (on a shared machine the minimum is the least
# disturbed run).  timing=off: Gecode does not time each propagator call
# either.
reps=${REPS:-11}
ours_spec=gac:queue=dom,var=dom,val=lex,alldiff=domain,timing=off
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
{
  echo "| instance | 2 x decisions + 1 | Gecode nodes | our fails | Gecode failures | same tree | ours: median, min of $reps | Gecode: median, min | ours / Gecode: medians, minima |"
  echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
  for f in instances/futoshiki/case5.fut instances/futoshiki/extra_E04_*_9x9.fut \
    instances/futoshiki/hard/*.fut; do
    : >"$tmp_o" && : >"$tmp_g"
    for r in $(seq "$reps"); do
      ours=$("$bin" solve futoshiki "$f" --strategy "$ours_spec" --all --json)
      gecode=$("$bin" solve futoshiki "$f" --strategy minizinc:model=futoshiki_distinct_domain --all --json)
      stat total_ns <<<"$ours" >>"$tmp_o"
      stat total_ns <<<"$gecode" >>"$tmp_g"
    done
    d=$(stat decisions <<<"$ours") of=$(stat fails <<<"$ours")
    gn=$(stat nodes <<<"$gecode") gf=$(stat fails <<<"$gecode")
    same=no
    [ $((2 * d + 1)) -eq "$gn" ] && [ "$of" -eq "$gf" ] && same=yes
    to=$(median <"$tmp_o") tg=$(median <"$tmp_g")
    mo=$(sort -n "$tmp_o" | head -n 1) mg=$(sort -n "$tmp_g" | head -n 1)
    awk -v n="$(basename "$f" .fut)" -v a=$((2 * d + 1)) -v gn="$gn" -v of="$of" -v gf="$gf" \
      -v s="$same" -v to="$to" -v tg="$tg" -v mo="$mo" -v mg="$mg" \
      'BEGIN { printf "| %s | %d | %d | %d | %d | %s | %.3f, %.3f ms | %.3f, %.3f ms | %.2f, %.2f |\n",
               n, a, gn, of, gf, s, to / 1e6, mo / 1e6, tg / 1e6, mg / 1e6, to / tg, mo / mg }'
  done
} >results/bench_baseline_domain_tree.md
cat results/bench_baseline_time.md results/bench_baseline_nodes.md results/bench_baseline_tree.md \
  results/bench_baseline_domain_time.md results/bench_baseline_domain_tree.md
