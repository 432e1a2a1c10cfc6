#!/usr/bin/env bash
# driver_overhead.sh [N] - the experiment driver's own cost per run (fork,
# limits, measurement, the row's write and fsync), against hyperfine on the
# same work as a command: `searchlab solve` of the course's case1 (a search
# of microseconds, so the cost per run is all overhead).  hyperfine times
# (a) the solve command, (b) `run` of N repetitions of it with cgroup
# measurement, (c) the same with rusage only (SEARCHLAB_NO_CGROUP=1); per
# run, (b)/N - (a) is what the driver adds to an exec'd process, and
# ((b) - (c))/N what the cgroup adds.  Writes results/driver_overhead.md and
# .json; prints the per-run numbers and the load average.  Wall times: run
# it on a quiet machine, and read the load it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/hyperfine_lib.sh
hyperfine_build
n=${1:-200}
bin=build/release/searchlab
fut=instances/futoshiki/case1.fut
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run="$bin run --puzzle futoshiki --instances $fut --strategy gac --reps $n --quiet"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine_runs=(--runs 10)
hyperfine_compare driver_overhead \
  --prepare "rm -f $tmp/r* $tmp/s*" \
  -n "solve (one process)" "$bin solve futoshiki $fut --strategy gac" \
  -n "run, $n reps, cgroup" "$run --out $tmp/r.csv" \
  -n "run, $n reps, rusage" "SEARCHLAB_NO_CGROUP=1 $run --out $tmp/s.csv"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# per run: wall (mean) and CPU (user + system, children included), in ms
jq -r --argjson n "$n" '
  def ms(x): (x * 1e3 * 100 | round) / 100;
  .results as $r
  | "per run, wall: solve \(ms($r[0].mean)) ms; run \(ms($r[1].mean / $n)) ms (cgroup), \(ms($r[2].mean / $n)) ms (rusage)",
    "per run, CPU:  solve \(ms($r[0].user + $r[0].system)) ms; run \(ms(($r[1].user + $r[1].system) / $n)) ms (cgroup), \(ms(($r[2].user + $r[2].system) / $n)) ms (rusage)"' \
  results/driver_overhead.json
