#!/usr/bin/env bash
# fuzz.sh - build the libFuzzer targets (preset `fuzz`: clang, ASan, UBSan)
# and fuzz one target or all of them for a given time (docs/fuzzing.md).
#
# Usage: scripts/fuzz.sh [-j JOBS] [--budget TOTAL] TARGET|all SECONDS
#   TARGET   a puzzle name (futoshiki, ...), experiment or results
#            (`scripts/fuzz.sh list` prints them)
#   SECONDS  fuzzing time per target
#   -j JOBS  targets fuzzed at once (default 1)
#   --budget TOTAL  cap the time per target so that all of them take at
#            most about TOTAL seconds (what scripts/test.sh uses)
#
# Each target keeps its growing corpus in build/fuzz/corpus/TARGET (seeded
# from tests/fuzz/corpus/TARGET and the instance/bad-input folders of the
# target), its log in build/fuzz/logs/TARGET.log, and a crash, leak or
# hang input in build/fuzz/crashes/TARGET/.  Every run is appended to
# build/fuzz/history.txt (date, target, seconds, runs, result), which is
# where the totals of docs/fuzzing.md come from.  Exit status: 0 when no
# target found anything, 1 otherwise, 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=1
budget=0
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
target=${1:-}
seconds=${2:-}
if [ -z "$target" ] || { [ "$target" != list ] && ! [[ "$seconds" =~ ^[0-9]+$ ]]; }; then
  echo "usage: scripts/fuzz.sh [-j JOBS] [--budget TOTAL] TARGET|all|list SECONDS" >&2
  exit 2
fi

# clang and the libFuzzer/sanitizer runtime of the same version.
scripts/deps.sh @libs clang >/dev/null
version=$(clang -dumpversion | cut -d. -f1)
scripts/deps.sh "libclang-rt-$version-dev" >/dev/null

echo "== fuzz: configure and build (preset fuzz, build/fuzz)"
cmake --preset fuzz >/dev/null
list=build/fuzz/fuzz_targets.txt # "NAME SEED_DIR..." per target, from tests/fuzz/CMakeLists.txt
mapfile -t names < <(cut -d' ' -f1 "$list")
if [ "$target" = list ]; then
  printf '%s\n' "${names[@]}"
  exit 0
fi
if [ "$target" != all ]; then
  if ! grep -q "^$target " "$list"; then
    echo "fuzz.sh: unknown target '$target' (one of: all ${names[*]})" >&2
    exit 2
  fi
  names=("$target")
fi
cmake --build --preset fuzz -j "$(nproc)" --target "${names[@]/#/fuzz_}" >/dev/null

n=${#names[@]}
if [ "$budget" -gt 0 ]; then
  cap=$(( budget * jobs / n ))
  [ "$cap" -ge 1 ] || cap=1
  [ "$seconds" -le "$cap" ] || seconds=$cap
fi
echo "== fuzz: ${names[*]}: $seconds s each, $jobs at once"

# Fuzzes one target; prints one summary line; returns 1 if it found something.
fuzz_one() {
  local name=$1 dirs work crashes log status runs
  dirs=$(grep "^$name " "$list" | cut -d' ' -f2-)
  work=build/fuzz/corpus/$name
  crashes=build/fuzz/crashes/$name
  log=build/fuzz/logs/$name.log
  mkdir -p "$work" "$crashes" build/fuzz/logs
  # -timeout: one input running 10 s is a hang; -rss_limit_mb: a memory blow-up.
  # shellcheck disable=SC2086 # dirs is a list of folders without spaces
  if "build/fuzz/fuzz_$name" "$work" $dirs -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1; then
    status=ok
  else
    status=FOUND
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "$(date -u +%FT%TZ) $name ${seconds}s ${runs:-?} runs $status" >>build/fuzz/history.txt
  if [ $status = ok ]; then
    echo "fuzz: $name: ${runs:-?} inputs in $seconds s, nothing found"
    return 0
  fi
  echo "fuzz: $name: FOUND A BUG (log: $log), input(s) in $crashes/:" >&2
  ls "$crashes" >&2
  grep -m3 -E "ERROR|SUMMARY|runtime error|fuzz: " "$log" >&2 || tail -20 "$log" >&2
  echo "  reproduce: build/fuzz/fuzz_$name $crashes/FILE" >&2
  echo "  minimise:  build/fuzz/fuzz_$name -minimize_crash=1 -max_total_time=60 $crashes/FILE" >&2
  echo "  then fix it and add the input as tests/fuzz/corpus/$name/WHAT_IT_IS" >&2
  return 1
}

failed=0
running=0
for name in "${names[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz_one "$name" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
