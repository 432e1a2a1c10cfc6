#!/usr/bin/env bash
# interrupt.sh - signals and torn lines (issue 15, item 4): SIGINT and
# SIGTERM stop the run, keep every complete row (CSV and JSON lines alike),
# say "interrupted: K of N runs recorded; rerun the same command to
# resume" and exit 130 and 143; a run in flight is killed, not recorded;
# rerunning finishes with every run exactly once.  A torn last line (a
# power cut mid-row) is repaired on resume, with a message, and its run
# done again.
. "$(dirname "$0")/lib.sh"
out=$TMP/i.csv
args=(run --puzzle futoshiki --instances instances/futoshiki/case1.fut
      --instances instances/futoshiki/case2.fut --strategy fc --strategy gac
      --strategy gac:queue=arc-fifo --reps 40 --seed 9 --out "$out")
total=240
interrupt() { # interrupt SIGNAL CODE: start the run, signal it once it has recorded rows
  local sig=$1 code=$2 before
  before=$(rows "$out")
  "$BIN" "${args[@]}" 2>"$TMP/err" &
  local pid=$!
  wait_rows "$out" $((before + 5))
  kill -"$sig" $pid
  wait $pid
  local rc=$?
  check "SIG$sig: exit $code (got $rc): $(cat "$TMP/err")" [ $rc -eq "$code" ]
  local k
  k=$(rows "$out")
  check "SIG$sig: the message counts the rows ($k): $(cat "$TMP/err")" \
    grep -qx "interrupted: $k of $total runs recorded; rerun the same command to resume" "$TMP/err"
  check "SIG$sig: stopped before the end ($k of $total)" [ "$k" -lt $total ]
  check "SIG$sig: the JSON lines hold the same $k rows" [ "$(wc -l <"$TMP/i.jsonl")" -eq "$k" ]
  check "SIG$sig: no torn line" [ "$(tail -c 1 "$out" | od -An -c | tr -d ' ')" = '\n' ]
  check "SIG$sig: each run once" once_each "$out"
}
interrupt INT 130
interrupt TERM 143
json_check "the two interrupted invocations are recorded as such, with the rows they added" '
import csv
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["status"] for r in recs] == ["interrupted", "interrupted"], recs
for r in recs:
    assert r["runs_added"] == sum(1 for x in rows if x["invocation"] == r["id"]), r
    assert r["end"] is not None and r["load_avg_end"] is not None, r' "$TMP/i.context.jsonl" "$out"
# a run in flight when the signal comes is killed and not recorded
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy gac:test-fault=hang \
  --timeout 60 --out "$TMP/hang.csv" 2>"$TMP/err" &
pid=$!
for i in $(seq 1 500); do grep -q "runs to do" "$TMP/err" && break; sleep 0.02; done
sleep 0.3
start=$(date +%s)
kill -TERM $pid
wait $pid
rc=$?
check "a hanging run, SIGTERM: exit 143 (got $rc)" [ $rc -eq 143 ]
check "... well before its 60 s limit" [ $(($(date +%s) - start)) -lt 30 ]
check "... not recorded" [ "$(rows "$TMP/hang.csv")" -eq 0 ]
check "... 0 of 1: $(cat "$TMP/err")" grep -q "interrupted: 0 of 1 runs recorded" "$TMP/err"
# the same when SIGTERM reaches the whole process group, children too (a
# batch system stopping a job): the run it killed is no crash to record
set -m # the run gets its own process group
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy gac:test-fault=hang \
  --timeout 60 --out "$TMP/group.csv" 2>"$TMP/err" &
pid=$!
set +m
for i in $(seq 1 500); do grep -q "runs to do" "$TMP/err" && break; sleep 0.02; done
sleep 0.3
kill -TERM -- -"$pid"
wait $pid
rc=$?
check "SIGTERM to the process group: exit 143 (got $rc): $(cat "$TMP/err")" [ $rc -eq 143 ]
check "... the killed run is not recorded (as a crash or otherwise)" [ "$(rows "$TMP/group.csv")" -eq 0 ]
# a power cut in the middle of a row: the row is cut short
last=$(tail -n 1 "$out")
head -n -1 "$out" >"$TMP/cut" && cat "$TMP/cut" >"$out"
printf '%s' "${last:0:50}" >>"$out"
cut_rows=$(rows "$out")
"$BIN" "${args[@]}" 2>"$TMP/err"
rc=$?
check "resume after the interruptions: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "the torn line is reported: $(cat "$TMP/err")" grep -q "its last line was cut short (50 bytes" "$TMP/err"
check "... and the resume counted the rows without it: $(cat "$TMP/err")" \
  grep -q "already recorded" "$TMP/err"
check "all $total rows" [ "$(rows "$out")" -eq $total ]
check "each run once" once_each "$out"
check "the JSON lines too" [ "$(wc -l <"$TMP/i.jsonl")" -eq $total ]
check "no torn line left" [ "$(tail -c 1 "$out" | od -An -c | tr -d ' ')" = '\n' ]
check "the rerun recorded what the torn line had lost" [ "$cut_rows" -lt $total ]
"$BIN" report "$out" >/dev/null 2>"$TMP/err"
rc=$?
check "report reads it: $(cat "$TMP/err")" [ $rc -eq 0 ]
done_tests
