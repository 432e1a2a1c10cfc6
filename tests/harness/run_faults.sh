#!/usr/bin/env bash
# run_faults.sh - runs made to crash, hang, eat memory or answer wrongly
# (the test-only test-fault option) are recorded as crash (with its
# signal), timeout, memout and wrong (with the verifier's reason), and the
# experiment goes on to record every other run.  All of it on a busy
# machine: four busy loops share the cores for the whole test (issue 26),
# and a run that needs 0.9 s of CPU (test-fault=slow) is solved under
# --timeout 1, though it takes seconds of wall time.  Set
# SEARCHLAB_TEST_QUIET_MACHINE=1 to leave them out.
. "$(dirname "$0")/lib.sh"
busy=()
if [ -z "${SEARCHLAB_TEST_QUIET_MACHINE:-}" ]; then
  for _ in 1 2 3 4; do (while :; do :; done) & busy+=($!); done
fi
stop_busy() { [ ${#busy[@]} -gt 0 ] && kill "${busy[@]}" 2>/dev/null; busy=(); }
trap 'stop_busy; rm -rf "$TMP"' EXIT
out=$TMP/faults.csv
# --wall-timeout 600: the hang is to meet its CPU limit (2 s) however
# little of a core it gets; a niced test on a machine loaded by other jobs
# got less than the default net (35 s) allows, which is what the net is
# for in an experiment, but not what this checks
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut \
  --instances instances/futoshiki/case2.fut --strategy fc:test-fault=crash \
  --strategy gac:test-fault=hang --strategy fc:var=lex,test-fault=memhog --strategy gac --strategy gac:test-fault=wrong \
  --timeout 0.5 --wall-timeout 600 --memory 96 --jobs 2 --out "$out" 2>"$TMP/err"
rc=$?
check "run exits 0 though runs failed (got $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "10 rows" [ "$(($(wc -l <"$out") - 1))" -eq 10 ]
status_of() { # the statuses of the rows of strategy $1
  awk -F, -v s="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "strategy") c = i; if ($i == "status") t = i }; next }
                     $c == s { print $t }' "$out" | sort -u
}
check "crash rows: $(status_of fc:test-fault=crash)" [ "$(status_of fc:test-fault=crash)" = crash ]
check "crash signal" [ "$(column "$out" signal | sort -u | grep -c SIGSEGV)" -eq 1 ]
check "hang rows: $(status_of gac:test-fault=hang)" [ "$(status_of gac:test-fault=hang)" = timeout ]
memhog=$(grep -c ',memout,' "$out")
check "memhog rows: $memhog memout" [ "$memhog" -eq 2 ]
check "gac rows solved" [ "$(grep -c ',gac,default,.*,solved,' "$out")" -eq 2 ]
check "wrong rows: $(status_of gac:test-fault=wrong)" [ "$(status_of gac:test-fault=wrong)" = wrong ]
check "wrong rows say why" [ "$(grep ',wrong,' "$out" | grep -c 'row\|column\|digit\|value\|range')" -eq 2 ]
check "jsonl twin has 10 lines" [ "$(wc -l <"$TMP/faults.jsonl")" -eq 10 ]
# an unknown fault is bad input, before any run
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut \
  --strategy fc:test-fault=explode --out "$TMP/x.csv" 2>"$TMP/err"
check "unknown fault: exit 2" [ $? -eq 2 ]
check "unknown fault: message names --strategy" grep -q -- '--strategy: strategy' "$TMP/err"
# CPU time decides: 0.9 s of CPU under a limit of 1 s (the old wall limit, 2.5 s, ended it), with the machine busy
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy gac:test-fault=slow \
  --strategy gac --reps 2 --timeout 1 --jobs 2 --out "$TMP/slow.csv" 2>"$TMP/err"
rc=$?
check "slow: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "slow: solved in every run under load: $(column "$TMP/slow.csv" status | tr '\n' ' ')" \
  [ "$(column "$TMP/slow.csv" status | sort -u)" = solved ]
slow_cpu=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "strategy") c = i; if ($i == "cpu_s") t = i }; next }
                    $c == "gac:test-fault=slow" { if ($t < 0.9) bad++ } END { print bad + 0 }' "$TMP/slow.csv")
check "slow: each slow run used at least 0.9 s of CPU" [ "$slow_cpu" -eq 0 ]
# the wall-clock net, when a run sleeps: wall-timeout names it
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy gac:test-fault=hang \
  --timeout 30 --wall-timeout 0.5 --out "$TMP/wall.csv" 2>"$TMP/err"
rc=$?
stop_busy
check "wall net: exit 0" [ $rc -eq 0 ]
# a spinner under --wall-timeout 0.5 s and 30 s of CPU: the net ends it
check "wall net: status wall-timeout" [ "$(column "$TMP/wall.csv" status)" = wall-timeout ]
check "wall net: the note names the safety net" grep -q 'wall-clock safety net' "$TMP/wall.csv"
check "hang: the note names the CPU limit" grep -q 'CPU-time limit' "$out"
check "the context records how runs were measured" grep -Eq '"measure": *"(cgroup2|rusage)"' "$TMP/slow.context.jsonl"
done_tests
