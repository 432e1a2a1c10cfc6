#!/usr/bin/env bash
# bad_input.sh - bad experiment files, bad result files and bad flags give
# exit status 2 and a one-line message naming the file and line (or the
# flag); none crashes.
. "$(dirname "$0")/lib.sh"
for f in tests/harness/bad_experiments/*; do
  "$BIN" run "$f" --out "$TMP/x.csv" >/dev/null 2>"$TMP/err"
  rc=$?
  check "run $f: exit 2 (got $rc)" [ $rc -eq 2 ]
  check "run $f: one line naming $f:LINE: $(cat "$TMP/err")" \
    grep -q "^searchlab run: $f:[0-9]" "$TMP/err"
  check "run $f: one line" [ "$(wc -l <"$TMP/err")" -eq 1 ]
done
for f in tests/harness/bad_results/*; do
  for cmd in report plot; do
    if [ $cmd = report ]; then
      "$BIN" report "$f" >/dev/null 2>"$TMP/err"
    else
      "$BIN" plot "$f" --kind bars --out "$TMP/p" >/dev/null 2>"$TMP/err"
    fi
    rc=$?
    check "$cmd $f: exit 2 (got $rc)" [ $rc -eq 2 ]
    check "$cmd $f: names $f:LINE: $(cat "$TMP/err")" grep -q "^searchlab $cmd: $f:[0-9]" "$TMP/err"
  done
  # resuming onto a bad result file is refused too, before any run
  cp "$f" "$TMP/resume.csv"
  "$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --out "$TMP/resume.csv" \
    2>"$TMP/err"
  check "run onto $f: exit 2" [ $? -eq 2 ]
done
# flags and references
expect2() { # expect2 PATTERN ARGS...
  local pat=$1; shift
  "$BIN" "$@" >/dev/null 2>"$TMP/err"
  local rc=$?
  check "$* : exit 2 (got $rc)" [ $rc -eq 2 ]
  check "$* : message matches '$pat': $(cat "$TMP/err")" grep -q -- "$pat" "$TMP/err"
}
i=instances/futoshiki/case1.fut
expect2 "--reps: expected an integer from 1 to 100000" run --puzzle futoshiki --instances $i --reps x
expect2 "--shard: shard" run --puzzle futoshiki --instances $i --shard 0/2
expect2 "unknown puzzle 'nope'" run --puzzle nope --instances $i
expect2 "no instances" run --puzzle futoshiki
expect2 "no such file" run --puzzle futoshiki --instances "$TMP/none.fut"
expect2 "matches no file" run --puzzle futoshiki --instances "$TMP/*.fut"
expect2 "generator spec" run --puzzle futoshiki --instances gen:size=4..x
expect2 "bad value .minimal=yes.: expected 0 or 1" run --puzzle futoshiki --instances gen:size=4,minimal=yes
expect2 "no minimal option" run --puzzle museum --instances gen:size=4,minimal=1
expect2 "no minimal option" gen convict --size 4 --minimal --out "$TMP/nomin"
# an item over 127 characters was cut and its tail read as another item
expect2 "item too long" run --puzzle futoshiki --instances "gen:seed=$(printf '0%.0s' {1..122})Xsize=4"
expect2 "--strategy: strategy 'nope'" run --puzzle futoshiki --instances $i --strategy nope
expect2 "unknown option" run --bogus
"$BIN" run --instances x 2>"$TMP/err"
check "run without a puzzle: one prefix: $(cat "$TMP/err")" [ "$(cat "$TMP/err")" = 'searchlab run: no puzzle: expected `puzzle NAME` or --puzzle' ]
printf 'puzzle futoshiki\ninstances %s\nstrategy gac:queue=nope\n' $i >"$TMP/s.exp"
expect2 "$TMP/s.exp:3:10: strategy" run "$TMP/s.exp" --out "$TMP/s.csv"
printf 'puzzle nope\ninstances %s\n' $i >"$TMP/p.exp"
expect2 "$TMP/p.exp:1:8: unknown puzzle" run "$TMP/p.exp" --out "$TMP/p.csv"
expect2 "no such file\|cannot" report "$TMP/missing.csv"
expect2 "--table" report tests/harness/golden/fixed.csv --table nope
expect2 "--format" report tests/harness/golden/fixed.csv --format pdf
expect2 "--table files: expected two result files" report tests/harness/golden/fixed.csv --table files
expect2 "--label: 2 labels for 1 result files" report tests/harness/golden/fixed.csv --label a --label b
expect2 "no file matches" report "$TMP/none*.csv"
expect2 "--format" plot tests/harness/golden/fixed.csv --kind bars --format gif
expect2 "--kind: required" plot tests/harness/golden/fixed.csv
expect2 "--metric" plot tests/harness/golden/fixed.csv --kind bars --metric nodes
expect2 "no run of this strategy" report tests/harness/golden/fixed.csv --strategy nope
expect2 "--kind" plot tests/harness/golden/fixed.csv --kind pie
expect2 "--size" gen futoshiki --size 0
expect2 "unknown puzzle" gen nope --size 4
done_tests
