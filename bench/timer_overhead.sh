#!/usr/bin/env bash
# timer_overhead.sh [RUNS] - the cost of measuring inference time: the
# same GAC search on the course's 9x9 case with the inference timer on and
# off (timing=on|off), interleaved in one run, RUNS times each (default 31).
# Prints the median search time of each and their ratio, and writes
# results/timer_overhead.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-31}
bin=build/release/searchlab
inst=instances/futoshiki/case5.fut
[ -x "$bin" ] || { echo "build the release preset first (scripts/main.sh does)"; exit 2; }
out=results/timer_overhead.csv
echo "run,timing,queue,total_ns,inference_calls" > "$out"
for ((i = 0; i < runs; i++)); do
  for q in constraint-fifo dom; do
    for t in on off; do
      json=$("$bin" solve futoshiki "$inst" --strategy "gac:queue=$q,timing=$t" --json)
      ns=$(grep -o '"total_ns": [0-9]*' <<<"$json" | grep -o '[0-9]*$')
      calls=$(grep -o '"inference_calls": [0-9]*' <<<"$json" | grep -o '[0-9]*$')
      echo "$i,$t,$q,$ns,$calls" >> "$out"
    done
  done
done
for q in constraint-fifo dom; do
  on=$(awk -F, -v q=$q '$2=="on" && $3==q {print $4}' "$out" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  off=$(awk -F, -v q=$q '$2=="off" && $3==q {print $4}' "$out" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  awk -v q=$q -v on="$on" -v off="$off" 'BEGIN {printf "gac:queue=%-16s timing on %.2f ms, off %.2f ms: overhead %+.1f%%\n", q, on/1e6, off/1e6, (on/off-1)*100}'
done
