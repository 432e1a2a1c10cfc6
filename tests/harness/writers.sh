#!/usr/bin/env bash
# writers.sh - one writer per result file (issue 15, item 1): while a run
# writes results/x.csv, a second run on the same file exits 2 at once,
# naming the first one's pid, and writes nothing; report reads the rows
# written so far; a shard with its own file runs at the same time; the
# file ends with every run exactly once.
. "$(dirname "$0")/lib.sh"
out=$TMP/x.csv
# the first writer: a run that hangs until its CPU limit (timeout 2 s:
# killed at 3 s of CPU time), then two quick ones
args=(run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --strategy gac
      --strategy gac:test-fault=hang --timeout 2 --seed 5 --out "$out")
"$BIN" "${args[@]}" --quiet 2>"$TMP/err1" &
pid=$!
for i in $(seq 1 500); do grep -q "^pid $pid started" "$TMP/x.lock" 2>/dev/null && break; sleep 0.02; done
check "the first writer holds the lock file: $(cat "$TMP/x.lock" 2>&1)" grep -q "^pid $pid started" "$TMP/x.lock"
# the second writer, same command: refused at once
"$BIN" "${args[@]}" 2>"$TMP/err2"
rc=$?
check "second writer: exit 2 (got $rc)" [ $rc -eq 2 ]
check "second writer names the first: $(cat "$TMP/err2")" \
  grep -q "x.csv is being written by pid $pid (started 20[0-9-]*T[0-9:]*Z)" "$TMP/err2"
check "the first writer is still running (the refusal did not wait for it)" kill -0 $pid
# another command on the same file is refused too, even with --resume-anyway
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case2.fut --out "$out" --resume-anyway 2>"$TMP/err3"
check "another command on the same file: exit 2" [ $? -eq 2 ]
check "... with the same message" grep -q "is being written by pid $pid" "$TMP/err3"
# a shard with its own file runs meanwhile
"$BIN" "${args[@]/$out/$TMP/x-shard2.csv}" --shard 2/2 --timeout 2 --quiet 2>"$TMP/err4"
rc=$?
check "a shard with its own file runs meanwhile: $(cat "$TMP/err4")" [ $rc -eq 0 ]
# a reader sees only complete rows while the writer writes
"$BIN" report "$out" --format csv >"$TMP/report" 2>"$TMP/err5"
rc=$?
check "report while the run writes: exit 0, or 2 for a file without rows yet ($rc: $(cat "$TMP/err5"))" \
  [ $rc -eq 0 -o \( $rc -eq 2 -a "$(rows "$out")" -eq 0 \) ]
wait $pid
rc=$?
check "first writer: exit 0 (got $rc): $(cat "$TMP/err1")" [ $rc -eq 0 ]
check "3 rows, each run once" [ "$(rows "$out")" -eq 3 ]
check "each run once" once_each "$out"
check "the lock file is gone" [ ! -e "$TMP/x.lock" ]
# a lock file left by a killed writer does not block the next one
"$BIN" "${args[@]}" --reps 2 --quiet 2>/dev/null &
pid=$!
for i in $(seq 1 500); do grep -q "^pid $pid started" "$TMP/x.lock" 2>/dev/null && break; sleep 0.02; done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
check "a killed writer leaves its lock file" grep -q "^pid $pid started" "$TMP/x.lock"
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --strategy gac \
  --seed 5 --out "$out" --timeout 2 --reps 2 --quiet 2>"$TMP/err6"
rc=$?
check "after a killed writer, the next one runs: $(cat "$TMP/err6")" [ $rc -eq 0 ]
# a torn last line (a row being written) is not read as a row (the same limit
# for both tables: the copy has no context file to read it from)
cp "$out" "$TMP/torn.csv"
tail -n 1 "$out" | head -c 40 >>"$TMP/torn.csv"
"$BIN" report "$TMP/torn.csv" --format csv --timeout 2 >"$TMP/r2" 2>"$TMP/err7"
rc=$?
check "report of a file with a torn last line: exit 0: $(cat "$TMP/err7")" [ $rc -eq 0 ]
"$BIN" report "$out" --format csv --timeout 2 >"$TMP/r1" 2>/dev/null
check "... the same table as without the torn line" cmp -s "$TMP/r1" "$TMP/r2"
done_tests
