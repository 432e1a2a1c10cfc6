#!/usr/bin/env bash
# progress.sh - progress without a terminal (issue 15, item 5): with
# stderr on a pipe or a file, `run` prints what it is to do, a line at
# 25, 50 and 75% and at least every --progress-every seconds (done/total,
# failed, elapsed, ETA), and a last line; --quiet prints none of it.
# Checks content and counts, not timing: each periodic line is only
# required to come while a run hangs for seconds.
. "$(dirname "$0")/lib.sh"
line='^run: [0-9]+/[0-9]+ runs done \([0-9]+%\), [0-9]+ timeouts?, [0-9]+ failed, [0-9]+:[0-9]{2} elapsed, ETA ([0-9]+:[0-9]{2}|[0-9]+h[0-9]{2}m|\?)$'
# 8 quick runs, one of them failing (a crash), stderr into a pipe
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --strategy gac \
  --strategy fc:test-fault=crash --reps 4 --seed 2 --out "$TMP/p.csv" 2>&1 >/dev/null | cat >"$TMP/err"
check "exit 0" [ "${PIPESTATUS[0]}" -eq 0 ]
check "the plan: $(cat "$TMP/err")" grep -qx "run: 12 runs to do" "$TMP/err"
for q in "3/12 runs done (25%)" "6/12 runs done (50%)" "9/12 runs done (75%)"; do
  check "a line at $q: $(cat "$TMP/err")" grep -q "^run: $q, 0 timeouts, [0-4] failed" "$TMP/err"
done
check "every progress line has done/total, failed, elapsed, ETA" \
  [ "$(grep -c '^run: [0-9]*/' "$TMP/err")" -eq "$(grep -cE "$line|^run: 12/12 runs done, 0 timeouts, 4 failed, [0-9]+:[0-9]{2} elapsed$" "$TMP/err")" ]
check "the last line counts the 4 failed runs" grep -qE '^run: 12/12 runs done, 0 timeouts, 4 failed, [0-9]+:[0-9]{2} elapsed$' "$TMP/err"
check "where the results are" grep -qx "run: results in $TMP/p.csv" "$TMP/err"
check "no terminal bar" [ -z "$(grep -F '[#' "$TMP/err")" ]
# periodic lines while a run hangs (2 s timeout: stopped at 3 s of CPU time)
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy gac:test-fault=hang \
  --timeout 2 --wall-timeout 600 --progress-every 0.5 --out "$TMP/h.csv" 2>"$TMP/err2"
check "hang: exit 0" [ $? -eq 0 ]
periodic=$(grep -cE '^run: 0/1 runs done \(0%\), 0 timeouts, 0 failed, [0-9]+:[0-9]{2} elapsed, ETA \?$' "$TMP/err2")
check "periodic lines while nothing ends ($periodic): $(cat "$TMP/err2")" [ "$periodic" -ge 1 ]
check "the last line counts the hang as a timeout, not a failure" grep -qE '^run: 1/1 runs done, 1 timeout, 0 failed' "$TMP/err2"
# --quiet: none of it
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --reps 8 \
  --out "$TMP/q.csv" --quiet 2>"$TMP/err3"
check "--quiet: exit 0" [ $? -eq 0 ]
check "--quiet: no progress line: $(cat "$TMP/err3")" [ -z "$(grep '^run:' "$TMP/err3")" ]
# --verbose and --quiet together are a usage error
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --out "$TMP/v.csv" \
  --verbose --quiet 2>"$TMP/err4"
check "--verbose --quiet: exit 2" [ $? -eq 2 ]
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --out "$TMP/v.csv" \
  --progress-every never 2>"$TMP/err5"
check "--progress-every never: exit 2, naming the flag: $(cat "$TMP/err5")" grep -q -- "--progress-every" "$TMP/err5"
done_tests
