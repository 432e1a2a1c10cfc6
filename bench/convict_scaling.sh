#!/usr/bin/env bash
# convict_scaling.sh [SEARCHLAB] [MAX_SIDE] [TIMEOUT_S] - the convict's
# escape scaling experiment without the driver: square prisons of side 3
# to MAX_SIDE (default 10; no walls, rule return, start north-west, exit
# south-east), every route-search strategy, first route only, one run
# each with a time limit (default 5 s).  Writes results/convict_scaling.csv
# (side, strategy, status, nodes, fails, max_depth, checks, total_ns) and
# draws plots/convict_scaling.png with plots/convict_scaling.gp.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/release/searchlab}
max=${2:-10}
limit=${3:-5}
scripts/deps.sh @build gnuplot-nox >/dev/null
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 >/dev/null; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=results/convict_scaling.csv
echo "side,strategy,status,nodes,fails,max_depth,checks,total_ns" > "$out"
field() { grep -o "\"$1\": [0-9]*" <<<"$2" | head -1 | grep -o '[0-9]*$'; }
for n in $(seq 3 "$max"); do
  printf '# %d x %d prison, no walls, rule return\n%d %d\n' "$n" "$n" "$n" "$n" > "$tmp/square$n.cvt"
  for s in dfs parity connect warnsdorff smart; do
    json=$("$bin" solve convict "$tmp/square$n.cvt" --strategy "$s" --timeout "$limit" --json \
           2>/dev/null || true)
    status=$(grep -o '"status": "[a-z-]*"' <<<"$json" | cut -d'"' -f4)
    echo "$n,$s,$status,$(field nodes "$json"),$(field fails "$json"),$(field max_depth "$json"),$(field checks "$json"),$(field total_ns "$json")" >> "$out"
    echo "side $n $s: $status"
  done
done
# one block per strategy (sides in order) so gnuplot joins its points
{ head -1 "$out"; tail -n +2 "$out" | sort -t, -k2,2 -k1,1n; } > "$tmp/sorted.csv"
cp "$tmp/sorted.csv" "$out"
gnuplot plots/convict_scaling.gp
echo "wrote $out and plots/convict_scaling.png"
