#!/usr/bin/env bash
# gen.sh - `searchlab gen` writes instances with exactly one solution, and
# a gen: instance set of `searchlab run` makes the very same files.
. "$(dirname "$0")/lib.sh"
"$BIN" gen futoshiki --size 5 --count 3 --seed 7 --out "$TMP/g" >"$TMP/list" 2>"$TMP/err"
check "gen exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
check "3 files listed" [ "$(wc -l <"$TMP/list")" -eq 3 ]
while read -r f; do
  check "$f: exactly one solution" [ "$("$BIN" solve futoshiki "$f" --all | tail -1)" = "solutions: 1" ]
done <"$TMP/list"
"$BIN" run --puzzle futoshiki --instances gen:size=5,count=3,seed=7 --gen-cache "$TMP/cache" \
  --strategy fc --out "$TMP/r.csv" 2>"$TMP/err"
check "run on gen: exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
for f in "$TMP"/g/*.fut; do
  check "$(basename "$f") is the same file in the run's cache" cmp -s "$f" "$TMP/cache/futoshiki/$(basename "$f")"
done
check "3 rows, all solved" [ "$(grep -c ',solved,' "$TMP/r.csv")" -eq 3 ]
check "size column is 5" [ "$(column "$TMP/r.csv" size | sort -u)" = 5 ]
# --minimal: unique still, and a gen: set with minimal=1 makes the same files
"$BIN" gen futoshiki --size 5 --count 2 --seed 7 --minimal --out "$TMP/m" >"$TMP/list" 2>"$TMP/err"
check "gen --minimal exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
check "minimal files are named -min-" [ "$(grep -c -- '-s7-min-' "$TMP/list")" -eq 2 ]
while read -r f; do
  check "$f: exactly one solution" [ "$("$BIN" solve futoshiki "$f" --all | tail -1)" = "solutions: 1" ]
  check "$f: says --minimal" grep -q -- '--minimal' "$f"
done <"$TMP/list"
"$BIN" run --puzzle futoshiki --instances gen:size=5,count=2,seed=7,minimal=1 \
  --gen-cache "$TMP/mcache" --strategy gac --out "$TMP/m.csv" 2>"$TMP/err"
check "run on gen:...,minimal=1 exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
for f in "$TMP"/m/*.fut; do
  check "$(basename "$f") is the same file in the run's cache" cmp -s "$f" "$TMP/mcache/futoshiki/$(basename "$f")"
done
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
