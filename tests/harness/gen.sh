#!/usr/bin/env bash
# gen.sh - `searchlab gen` writes instances with exactly one solution, and
# a gen: instance set of `searchlab run` makes the very same files; the
# same for `gen qwh` and gen:qwh sets (solvable, holes counted).
. "$(dirname "$0")/lib.sh"
"$BIN" gen futoshiki --size 5 --count 3 --seed 7 --out "$TMP/g" >"$TMP/list" 2>"$TMP/err"
rc=$?
check "gen exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "3 files listed" [ "$(wc -l <"$TMP/list")" -eq 3 ]
while read -r f; do
  check "$f: exactly one solution" [ "$("$BIN" solve futoshiki "$f" --all | tail -1)" = "solutions: 1" ]
done <"$TMP/list"
"$BIN" run --puzzle futoshiki --instances gen:size=5,count=3,seed=7 --gen-cache "$TMP/cache" \
  --strategy fc --out "$TMP/r.csv" 2>"$TMP/err"
rc=$?
check "run on gen: exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
for f in "$TMP"/g/*.fut; do
  check "$(basename "$f") is the same file in the run's cache" cmp -s "$f" "$TMP/cache/futoshiki/$(basename "$f")"
done
check "3 rows, all solved" [ "$(grep -c ',solved,' "$TMP/r.csv")" -eq 3 ]
check "size column is 5" [ "$(column "$TMP/r.csv" size | sort -u)" = 5 ]
# --minimal: unique still, and a gen: set with minimal=1 makes the same files
"$BIN" gen futoshiki --size 5 --count 2 --seed 7 --minimal --out "$TMP/m" >"$TMP/list" 2>"$TMP/err"
rc=$?
check "gen --minimal exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "minimal files are named -min-" [ "$(grep -c -- '-s7-min-' "$TMP/list")" -eq 2 ]
while read -r f; do
  check "$f: exactly one solution" [ "$("$BIN" solve futoshiki "$f" --all | tail -1)" = "solutions: 1" ]
  check "$f: says --minimal" grep -q -- '--minimal' "$f"
done <"$TMP/list"
"$BIN" run --puzzle futoshiki --instances gen:size=5,count=2,seed=7,minimal=1 \
  --gen-cache "$TMP/mcache" --strategy gac --out "$TMP/m.csv" 2>"$TMP/err"
rc=$?
check "run on gen:...,minimal=1 exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
for f in "$TMP"/m/*.fut; do
  check "$(basename "$f") is the same file in the run's cache" cmp -s "$f" "$TMP/mcache/futoshiki/$(basename "$f")"
done
# gen qwh: Futoshiki files with holes, the same as a gen:qwh set's
"$BIN" gen qwh --order 7 --holes 0.42 --count 3 --seed 5 --out "$TMP/q" >"$TMP/list" 2>"$TMP/err"
rc=$?
check "gen qwh exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "3 qwh files listed" [ "$(wc -l <"$TMP/list")" -eq 3 ]
check "qwh files are named qwh-n7-s5-h0.42-KKK.fut" \
  [ "$(grep -c 'qwh-n7-s5-h0.42-00[0-2].fut$' "$TMP/list")" -eq 3 ]
k=0
while read -r f; do
  check "$f: the command with its own seed" grep -q "^# generated: searchlab gen qwh --order 7 --holes 0.42 --seed $((5 + k))\$" "$f"
  check "$f: round(0.42 * 49) = 21 holes" [ "$(grep -v '^#' "$f" | sed -n '2,8p' | tr ' ' '\n' | grep -c '^0$')" -eq 21 ]
  check "$f: solved" [ "$("$BIN" solve futoshiki "$f" --strategy gac:restart=luby:10 --json | grep -c '"status": "solved"')" -eq 1 ]
  k=$((k + 1))
done <"$TMP/list"
"$BIN" gen qwh --order 7 --holes 0.42 --count 3 --seed 5 --out "$TMP/q2" >/dev/null 2>&1
check "gen qwh: the same seed makes the same files" diff -r "$TMP/q" "$TMP/q2"
"$BIN" gen qwh --order 8 --holes 0.5 --balanced --seed 2 --out "$TMP/qb" >"$TMP/list" 2>"$TMP/err"
rc=$?
check "gen qwh --balanced exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "balanced files are named -bal-" grep -q 'qwh-n8-s2-h0.5-bal-000.fut$' "$TMP/list"
check "balanced: 4 holes in every row" \
  [ "$(grep -v '^#' "$TMP/qb/qwh-n8-s2-h0.5-bal-000.fut" | sed -n '2,9p' | awk '{ z = 0; for (i = 1; i <= NF; i++) z += $i == 0; print z }' | sort -u)" = 4 ]
"$BIN" run --puzzle futoshiki --instances gen:qwh,order=7,holes=0.42,count=3,seed=5 \
  --gen-cache "$TMP/qcache" --strategy gac:restart=luby:4 --strategy gac \
  --out "$TMP/q.csv" 2>"$TMP/err"
rc=$?
check "run on gen:qwh exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
for f in "$TMP"/q/*.fut; do
  check "$(basename "$f") is the same file in the run's cache" cmp -s "$f" "$TMP/qcache/futoshiki/$(basename "$f")"
done
check "6 rows, all solved" [ "$(grep -c ',solved,' "$TMP/q.csv")" -eq 6 ]
check "restart column" [ "$(column "$TMP/q.csv" restart | sort -u | tr '\n' ' ')" = "luby:4 none " ]
check "restarts column" grep -q ',restarts,' "$TMP/q.csv"
bad_run() { # WHAT-IN-MESSAGE SPEC
  "$BIN" run --puzzle "${3:-futoshiki}" --instances "$2" --gen-cache "$TMP/bad" --out "$TMP/bad.csv" >/dev/null 2>"$TMP/err"
  check "run --instances $2: exits 2" [ $? -eq 2 ]
  check "run --instances $2: says $1: $(cat "$TMP/err")" grep -q -- "$1" "$TMP/err"
}
bad_run "expected order=N" gen:qwh,holes=0.4
bad_run "expected holes=F" gen:qwh,order=5
bad_run "bad value 'holes=1.5'" gen:qwh,order=5,holes=1.5
bad_run "bad value 'order=65'" gen:qwh,order=65,holes=0.4
bad_run "bad value 'order=1'" gen:qwh,order=1,holes=0.4
bad_run "bad value 'balanced=2'" gen:qwh,order=5,holes=0.4,balanced=2
bad_run "unknown key 'size'" gen:qwh,size=5,holes=0.4
bad_run "expected KEY=VALUE" gen:qwh,order=5,holes=0.4,oops
bad_run "found 'qwhx'" gen:qwhx,order=5
bad_run "makes futoshiki files, not museum" gen:qwh,order=5,holes=0.4 museum
bad_qwh() { # FLAG-NAMED ARGS...
  local flag=$1
  shift
  "$BIN" gen qwh "$@" --out "$TMP/badq" >/dev/null 2>"$TMP/err"
  check "gen qwh $*: exits 2" [ $? -eq 2 ]
  check "gen qwh $*: names $flag: $(cat "$TMP/err")" grep -q -- "$flag" "$TMP/err"
}
bad_qwh --order --holes 0.4
bad_qwh --order --order 1 --holes 0.4
bad_qwh --order --order 65 --holes 0.4
bad_qwh --order --order x --holes 0.4
bad_qwh --holes --order 5
bad_qwh --holes --order 5 --holes 1.01
bad_qwh --holes --order 5 --holes -0.1
bad_qwh --holes --order 5 --holes nan
bad_qwh --count --order 5 --holes 0.4 --count 0
bad_qwh --seed --order 5 --holes 0.4 --seed -1
bad_qwh --size --order 5 --holes 0.4 --size 5
bad_qwh --holes --order 5 --holes
check "no file made by bad flags" [ ! -e "$TMP/badq" ]
# gen samegame: bad flags exit 2 with a message naming the flag
bad_gen() { # FLAG-NAMED ARGS...
  local flag=$1
  shift
  "$BIN" gen samegame "$@" >/dev/null 2>"$TMP/err"
  check "gen samegame $*: exits 2" [ $? -eq 2 ]
  check "gen samegame $*: names $flag: $(cat "$TMP/err")" grep -q -- "$flag" "$TMP/err"
}
bad_gen --layout --layout round
bad_gen --mix --mix q=1
bad_gen --table --layout spread --table "$TMP/t"
done_tests
