#!/usr/bin/env bash
# hook_overhead.sh [--base REV] [RUNS] - what the search hook (issue 17:
# search trees) costs when it is off: the same solves with this build
# (hook compiled in, off) and with a build of REV (default: the commit
# before the hook came in).
# 1. Time: interleaved in one run, RUNS times each (default 11), the order
#    of the two binaries alternating run by run, on the course's case5
#    with gac and fc (2.7 M nodes) and case3 with bt (9.7 M nodes);
#    timing=off, so that the inference timer does not blur a per-node
#    cost.  Prints the median search time (total_ns) of each and their
#    ratio; writes results/hook_overhead.csv.
# 2. Instructions (when valgrind is installed): callgrind's exact count of
#    each build on smaller cases, less the count of a solve with no node
#    (the program's start: the new build loads libsqlite3), per node.
#    Deterministic, so it shows a cost far below the noise of (1).
set -euo pipefail
cd "$(dirname "$0")/.."
base=""
if [ "${1:-}" = "--base" ]; then base=$2; shift 2; fi
runs=${1:-11}
bin=build/release/searchlab
[ -x "$bin" ] || { echo "build the release preset first (scripts/main.sh does)"; exit 2; }
if [ -z "$base" ]; then
  hook=$(git rev-list -n 1 --grep='^search hook: csp_limits.hook' HEAD)
  [ -n "$hook" ] || { echo "cannot find the hook's commit: give --base REV"; exit 2; }
  base="$hook^"
fi
rev=$(git rev-parse --short "$base")
src=build/base-$rev
if [ ! -x "$src/build/searchlab" ]; then
  echo "== building $rev (the baseline) in $src"
  rm -rf "$src" && mkdir -p "$src"
  git archive "$rev" | tar -x -C "$src"
  cmake -S "$src" -B "$src/build" -DCMAKE_BUILD_TYPE=Release -DSEARCHLAB_TESTS=OFF >/dev/null
  cmake --build "$src/build" -j "$(nproc)" >/dev/null
fi
basebin=$src/build/searchlab
out=results/hook_overhead.csv
mkdir -p results
echo "run,build,case,strategy,total_ns,nodes" > "$out"
cases=("case5 gac:timing=off" "case5 fc:timing=off" "case3 bt:timing=off")
solve() { # BIN CASE SPEC -> "total_ns nodes"
  local json
  json=$("$1" solve futoshiki "instances/futoshiki/$2.fut" --strategy "$3" --json)
  echo "$(grep -o '"total_ns": [0-9]*' <<<"$json" | grep -o '[0-9]*$') $(grep -o '"nodes": [0-9]*' <<<"$json" | grep -o '[0-9]*$')"
}
for ((i = 0; i < runs; i++)); do
  for c in "${cases[@]}"; do
    read -r inst spec <<<"$c"
    if ((i % 2)); then order="hook base"; else order="base hook"; fi
    for b in $order; do
      if [ $b = hook ]; then exe=$bin; else exe=$basebin; fi
      read -r ns nodes <<<"$(solve "$exe" "$inst" "$spec")"
      echo "$i,$b,$inst,$spec,$ns,$nodes" >> "$out"
    done
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "hook compiled in and off ($(git rev-parse --short HEAD)) vs $rev, median of $runs interleaved runs:"
for c in "${cases[@]}"; do
  read -r inst spec <<<"$c"
  h=$(awk -F, -v c="$inst" -v s="$spec" '$2=="hook" && $3==c && $4==s {print $5}' "$out" | median)
  b=$(awk -F, -v c="$inst" -v s="$spec" '$2=="base" && $3==c && $4==s {print $5}' "$out" | median)
  hn=$(awk -F, -v c="$inst" -v s="$spec" '$2=="hook" && $3==c && $4==s {print $6; exit}' "$out")
  bn=$(awk -F, -v c="$inst" -v s="$spec" '$2=="base" && $3==c && $4==s {print $6; exit}' "$out")
  [ "$hn" = "$bn" ] || echo "  warning: $inst $spec: $hn nodes with the hook, $bn without"
  awk -v c="$inst" -v s="$spec" -v h="$h" -v b="$b" -v n="$hn" 'BEGIN {
    printf "  %-6s %-14s %9d nodes  base %9.2f ms  hook off %9.2f ms  ratio %.3f\n", c, s, n, b/1e6, h/1e6, h/b }'
done

command -v valgrind >/dev/null || { echo "(valgrind not installed: no instruction counts)"; exit 0; }
ir() { # BIN ARGS... -> instructions of the whole run
  local b=$1; shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" "$@" 2>&1 >/dev/null |
    grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'
}
given=$(mktemp); trap 'rm -f "$given"' EXIT
printf '2\n1 2\n2 1\n0\n' > "$given" # every cell given: the search has no node
start_h=$(ir "$bin" solve futoshiki "$given" --json)
start_b=$(ir "$basebin" solve futoshiki "$given" --json)
echo "instructions (valgrind callgrind); the start of the program: base $start_b, hook $start_h"
for c in "case5 gac:timing=off" "case4 fc:timing=off" "case2 bt:timing=off --all"; do
  read -r inst spec all <<<"$c"
  args=(solve futoshiki "instances/futoshiki/$inst.fut" --strategy "$spec" ${all:+$all} --json)
  n=$("$bin" "${args[@]}" | grep -o '"nodes": [0-9]*' | grep -o '[0-9]*$')
  h=$(ir "$bin" "${args[@]}")
  b=$(ir "$basebin" "${args[@]}")
  awk -v c="$inst $spec ${all:-}" -v n="$n" -v h="$h" -v b="$b" -v sh="$start_h" -v sb="$start_b" 'BEGIN {
    d = (h - sh) - (b - sb)
    printf "  %-26s %7d nodes  base %11d  hook off %11d  %+.1f per node (of %.0f), ratio %.5f\n",
           c, n, b - sb, h - sh, d / n, (b - sb) / n, (h - sh) / (b - sb) }'
done
