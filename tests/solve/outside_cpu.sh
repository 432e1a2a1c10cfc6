#!/usr/bin/env bash
# outside_cpu.sh - the CPU limit of outside solvers (docs/driver.md,
# "Outside solvers": same limits, same truth), with the test solvers of
# tests/solve/solvers/cpu-burner.sh under a CPU limit of 1 s.  A FlatZinc
# solver of two busy processes that prints nothing is stopped by the
# driver's watch of its process group's exact CPU time: `timeout`, its
# note's CPU time (the group's) at or over the limit, and the row's (the
# run's tree) too; under RLIMIT_CPU alone each process burnt its own
# limit, stopped by ticks that run ahead, and the shell exited with no
# answer (`crash`).  A solver that dies of a SIGXCPU of its own long before
# the limit is `crash` with a note saying so (cpulimit_signal, the
# driver's rule), not `timeout`.  No wall-time asserts: the machine may be
# loaded.
. "$(dirname "$0")/../harness/lib.sh"
model=tests/solve/fzn_answers/model.fzn
out=$TMP/cpu.csv
"$BIN" run --puzzle fzn --instances $model --strategy gac \
  --solver tests/solve/solvers/fzn-burn-pair.solver --solver tests/solve/solvers/fzn-early-xcpu.solver \
  --timeout 1 --reps 2 --out "$out" --quiet 2>"$TMP/err"
rc=$?
check "run exits 0 (got $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "1 instance x 3 strategies x 2 reps = 6 rows (got $(rows "$out"))" [ "$(rows "$out")" -eq 6 ]
# STRATEGY's rows as "status|cpu_s|note" lines
runs() {
  python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["strategy"] == sys.argv[2]: print(r["status"] + "|" + r["cpu_s"] + "|" + r["note"])' "$out" "$1"
}
n=0
while IFS='|' read -r status cpu note; do
  n=$((n + 1))
  check "burn-pair: timeout (got $status: $note)" [ "$status" = timeout ]
  check "burn-pair: stopped by the limit, not the driver's bound ($note)" \
    grep -q "^fzn-burn-pair stopped at the CPU limit" <<<"$note"
  # the group's CPU time at the stop, as the note gives it
  group=$(sed -n 's/.*(\([0-9.]*\) s of CPU).*/\1/p' <<<"$note")
  check "burn-pair: the group's CPU time at the stop >= 1 s (got '$group')" \
    awk -v t="$group" 'BEGIN { exit !(t != "" && t >= 1) }'
  check "burn-pair: the run's CPU time >= 1 s and below the driver's 2 s bound (got $cpu)" \
    awk -v t="$cpu" 'BEGIN { exit !(t >= 1 && t < 2) }'
done < <(runs fzn-burn-pair)
check "burn-pair: 2 runs (got $n)" [ "$n" -eq 2 ]
n=0
while IFS='|' read -r status cpu note; do
  n=$((n + 1))
  check "early-xcpu: crash (got $status: $note)" [ "$status" = crash ]
  check "early-xcpu: the note says SIGXCPU before the limit ($note)" \
    grep -q "^fzn-early-xcpu died of SIGXCPU at .* s of CPU, before the 1 s limit" <<<"$note"
done < <(runs fzn-early-xcpu)
check "early-xcpu: 2 runs (got $n)" [ "$n" -eq 2 ]
# the same through solve --solver (no driver around it): crash, exit 3
"$BIN" solve fzn $model --solver tests/solve/solvers/fzn-early-xcpu.solver --timeout 1 \
  >/dev/null 2>"$TMP/err"
rc=$?
check "solve early-xcpu: exit 3 (got $rc)" [ $rc -eq 3 ]
check "solve early-xcpu: crash: $(cat "$TMP/err")" grep -q "crash: fzn-early-xcpu died of SIGXCPU" "$TMP/err"
done_tests
