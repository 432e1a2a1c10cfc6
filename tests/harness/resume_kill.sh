#!/usr/bin/env bash
# resume_kill.sh - SIGKILL the driver at random moments, rerun the same
# command until it finishes: every run is recorded exactly once, in the CSV
# and in its JSON-lines twin.
. "$(dirname "$0")/lib.sh"
out=$TMP/resume.csv
args=(run --puzzle futoshiki --instances instances/futoshiki/case1.fut
      --instances instances/futoshiki/case2.fut --instances instances/futoshiki/extra_2019_case1.fut
      --instances instances/futoshiki/case4.fut --strategy fc --strategy gac
      --strategy gac:queue=arc-fifo --reps 10 --seed 3 --out "$out")
expected=120
RANDOM=${SEARCHLAB_TEST_SEED:-12345}
kills=0
for round in 1 2 3 4 5 6; do
  "$BIN" "${args[@]}" 2>/dev/null &
  pid=$!
  sleep "0.$(printf %03d $((RANDOM % 200 + 20)))"
  if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2>/dev/null
  rows=$(($(wc -l <"$out" 2>/dev/null || echo 1) - 1))
  echo "round $round: killed=$kills rows so far: $rows"
done
"$BIN" "${args[@]}" 2>"$TMP/err"
rc=$?
check "final run exits 0 (got $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "some kills landed mid-experiment ($kills)" [ "$kills" -ge 1 ]
rows=$(($(wc -l <"$out") - 1))
check "$rows rows, expected $expected" [ "$rows" -eq "$expected" ]
unique=$(paste -d'|' <(column "$out" instance) <(column "$out" strategy) <(column "$out" rep) | sort -u | wc -l)
check "$unique distinct (instance, strategy, rep), expected $expected" [ "$unique" -eq "$expected" ]
check "jsonl has the same $expected rows" [ "$(wc -l <"$TMP/resume.jsonl")" -eq "$expected" ]
check "no torn line left" [ "$(tail -c 1 "$out" | od -An -c | tr -d ' ')" = '\n' ]
"$BIN" report "$out" >/dev/null 2>"$TMP/err"
rc=$?
check "report reads it (exit $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
# one more rerun does nothing
"$BIN" "${args[@]}" 2>/dev/null
check "rerun adds nothing" [ "$(($(wc -l <"$out") - 1))" -eq "$expected" ]
done_tests
