#!/usr/bin/env bash
# hyperfine_hard12.sh [--runs N] [STRATEGY] - the hard 12x12 Futoshiki target
# (issue 13): each minimal 12x12 board solved with every solution counted
# (--all, so its uniqueness is proven), whole process included (start,
# parse, build, search, verify, print), by STRATEGY (default: the
# puzzle's default strategy).  The boards: the three of
# instances/futoshiki/hard/ and 20 more made by
#   searchlab gen futoshiki --size 12 --count 20 --seed 1210 --density 0.05
#     --density2 0.5 --minimal --out results/gen/futoshiki-hard12
# (cached there: generating them takes about 5 CPU minutes).  hyperfine
# runs each board (2 warm-up runs, N runs, default 20) and this writes
# results/hyperfine_hard12.json and results/hyperfine_hard12.md (mean,
# min and max wall time per board, and the slowest mean).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/hyperfine_lib.sh
runs=20
if [ "${1:-}" = --runs ]; then runs=$2; shift 2; fi
hyperfine_build
bin=build/release/searchlab
gen=results/gen/futoshiki-hard12
"$bin" gen futoshiki --size 12 --count 20 --seed 1210 --density 0.05 --density2 0.5 --minimal \
  --out "$gen" >/dev/null
spec=()
[ $# -gt 0 ] && spec=(--strategy "$1")
cmds=()
for f in instances/futoshiki/hard/futoshiki-n12-*.fut "$gen"/*.fut; do
  [ "$("$bin" solve futoshiki "$f" --all "${spec[@]}" | tail -n 1)" = "solutions: 1" ] || {
    echo "hyperfine_hard12.sh: $f has not exactly one solution" >&2
    exit 1
  }
  cmds+=(-n "$(basename "$f" .fut)" "$bin solve futoshiki $f --all ${spec[*]}")
done
hyperfine -N --warmup 2 --runs "$runs" --export-json results/hyperfine_hard12.json "${cmds[@]}" \
  >/dev/null
jq -r --arg spec "${1:-the default strategy}" '
  (["| board (--all, " + $spec + ") | mean | min | max |", "| --- | ---: | ---: | ---: |"] | .[]),
  (.results[] | "| \(.command) | \(.mean * 1000 | . * 100 | round / 100) ms | \(.min * 1000 | . * 100 | round / 100) ms | \(.max * 1000 | . * 100 | round / 100) ms |"),
  "", "slowest mean: \([.results[].mean] | max * 1000 | . * 100 | round / 100) ms; slowest run: \([.results[].max] | max * 1000 | . * 100 | round / 100) ms"
' results/hyperfine_hard12.json >results/hyperfine_hard12.md
cat results/hyperfine_hard12.md
