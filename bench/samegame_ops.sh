#!/usr/bin/env bash
# samegame_ops.sh - Same Game per-command-letter benchmark: the store
# experiments that need a command's own counters (one row per command
# letter, from `searchlab samegame --stats-summary`), which a driver row
# (one per script) does not give: put cost and memory per marble, column
# strips over a huge plane, the block count's upkeep.  Planes of N = 10^3
# .. 10^5 marbles (10^6 with --full), into results/samegame_ops.csv, then
# the figure plots/samegame_ops.png (gnuplot plots/samegame_ops.gp).
#
# The store x path finder comparison on whole scripts runs through the
# driver: scripts/experiments/samegame_scaling.exp (docs/samegame.md).
#
# Usage: bench/samegame_ops.sh [--full] [--sizes "N ..."] [--ops M]
#   --full        add N = 10^6 (1 to 2 minutes more on 2 cores)
#   --sizes LIST  the plane sizes, e.g. --sizes "1000 10000"
#   --ops M       operations per run after the plane (default 2000)
# Environment: SAMEGAME_GEN overrides the generator command (default
# "build/release/searchlab gen samegame").
#
# Three experiments (column `experiment`):
#   load   b lines only (clustered plane, block count off until an n): the
#          store's put cost and its memory (peak counted bytes / N);
#   strip  clusters of 16x16 over [-1e9,1e9]^2, moves only, each base a
#          5-column strip over every row: a column-range scan, which the
#          trees do natively and the hash stores cannot (they probe the
#          area or walk their whole table);
#   count  dense plane, b/m/n mix, block count kept incrementally or
#          recounted in full after each change (`count` column); the
#          plane is one i table and op `n_steady` is the mean n after the
#          first (the full count both modes pay once).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes="1000 10000 100000"
ops=2000
while [ $# -gt 0 ]; do
  case "$1" in
    --full) sizes="$sizes 1000000" ;;
    --sizes) sizes="$2"; shift ;;
    --ops) ops="$2"; shift ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "samegame_ops.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

scripts/deps.sh @build gnuplot-nox time >/dev/null
echo "== build (release)"
cmake --preset release >/dev/null
cmake --build --preset release -j2 >/dev/null
bin=build/release/searchlab
gen=${SAMEGAME_GEN:-"$bin gen samegame"}
if [ "$($gen --marbles 2 --ops 0 2>/dev/null | tail -1)" != "f" ]; then
  echo "samegame_ops.sh: '$gen' does not write Same Game scripts (until the gen command" \
       "dispatches 'samegame' to cmd_gen_samegame, set SAMEGAME_GEN to a generator)" >&2
  exit 2
fi
stores=$("$bin" list | awk '/^[a-z]+:$/{s=$0} s=="stores:" && /^  /{print $1}')

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=results/samegame_ops.csv
mkdir -p results
echo "experiment,store,path,count,layout,base,n,op,ops,mean_ns,path_ns_per_op,expanded_per_op,store_ops_per_op,count_visits_per_op,peak_bytes,peak_rss_kib,wall_s" >"$csv"

# run EXPERIMENT STORE PATH COUNT LAYOUT BASE N SCRIPT: one run, one CSV row
# per command letter (from --stats-summary).
run() {
  local exp=$1 store=$2 path=$3 count=$4 layout=$5 base=$6 n=$7 script=$8 per=${9:-}
  local t0 t1 flag=--stats-summary
  [ -n "$per" ] && flag=--stats
  t0=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$tmp/rss" "$bin" samegame --store "$store" --path "$path" \
    --count "$count" "$flag" <"$script" >/dev/null 2>"$tmp/stats"
  t1=$(date +%s.%N)
  # --stats-summary gives one line per letter with "count"; --stats one line
  # per command, summed here, and the n after the first also as n_steady
  awk -v pre="$exp,$store,$path,$count,$layout,$base,$n" -v rss="$(tail -1 "$tmp/rss")" \
       -v wall="$(echo "$t1 $t0" | awk '{printf "%.3f", $1 - $2}')" '
    function num(key,   s) {
      if (!match($0, "\"" key "\": [0-9]+")) return 0
      s = substr($0, RSTART, RLENGTH); sub(/.*: /, "", s); return s + 0 }
    function add(k, c) {
      if (!(k in cnt)) order[++nk] = k
      cnt[k] += c; ns[k] += num("total_ns"); pns[k] += num("path_ns")
      ex[k] += num("expanded"); so[k] += num("store_ops"); cv[k] += num("count_visits") }
    /"summary"/ { peak = num("peak_bytes"); next }
    /"cmd"/ { match($0, /"cmd": "."/); k = substr($0, RSTART + 8, 1)
              c = /"count"/ ? num("count") : 1
              add(k, c)
              if (k == "n" && c == 1 && seen_n++) add("n_steady", 1) }
    END { for (i = 1; i <= nk; i++) { k = order[i]; c = cnt[k]
            printf "%s,%s,%d,%.0f,%.0f,%.2f,%.2f,%.2f,%d,%d,%s\n", pre, k, c, ns[k] / c,
                   pns[k] / c, ex[k] / c, so[k] / c, cv[k] / c, peak, rss, wall } }
  ' "$tmp/stats" >>"$csv"
}

for n in $sizes; do
  echo "== N = $n"
  $gen --marbles "$n" --colours 4 --layout clusters --ops 0 --seed 2 --out "$tmp/load.txt"
  for store in $stores; do
    run load "$store" dijkstra full clusters none "$n" "$tmp/load.txt"
  done
  $gen --marbles "$n" --colours 4 --layout clusters --ops 200 --base strip --mix m=1 \
       --seed 2 --out "$tmp/strip.txt"
  for store in $stores; do
    run strip "$store" dijkstra incremental clusters strip "$n" "$tmp/strip.txt"
  done
  # a full recount costs O(N) per n: fewer operations on big planes
  count_ops=$((20000000 / n)); [ "$count_ops" -gt "$ops" ] && count_ops=$ops
  [ "$count_ops" -lt 50 ] && count_ops=50
  # the plane is one i table, then one n (the full count every mode pays
  # once), then the operations; per-command stats give n_steady, the mean
  # n after that first one
  $gen --marbles "$n" --colours 4 --layout dense --ops "$count_ops" --base window \
       --mix b=4,m=1,n=5 --seed 3 --table "$tmp/plane.tab" --out "$tmp/ops.txt"
  { head -n 1 "$tmp/ops.txt"; echo n; tail -n +2 "$tmp/ops.txt"; } >"$tmp/count.txt"
  for store in hash tree; do
    for count in incremental full; do
      run count "$store" dijkstra "$count" dense window "$n" "$tmp/count.txt" per-command
    done
  done
done
echo "== wrote $csv ($(($(wc -l <"$csv") - 1)) rows)"
gnuplot plots/samegame_ops.gp
echo "== wrote plots/samegame_ops.png"
