#!/bin/sh
# mzn_run.sh SEARCHLAB - `run --puzzle mzn` (harness/mznset.h): the course's
# Futoshiki model (instances/mzn/futoshiki/futoshiki.mzn) with three of its
# boards, as a folder and as an instances.csv, compiled by minizinc into the
# generator cache and run under fc and gac.  Every run must be solved; each
# compiled .fzn, solved with --all, must have as many solutions as the
# futoshiki puzzle's own model has on the .fut board the .dzn came from,
# and the same answer; the second run compiles nothing (cache); a bad CSV,
# a CSV row naming a missing model, a folder with two models, a model
# MiniZinc refuses and a missing minizinc exit 2 with a message naming the
# model / what to install.  Skipped (77) where minizinc is not installed.
bin=$1
command -v minizinc >/dev/null 2>&1 || { echo "minizinc not installed: skipped"; exit 77; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
check() { # check WHAT COND-STATUS
    n=$((n + 1))
    if [ "$2" -ne 0 ]; then echo "FAIL $1"; fail=$((fail + 1)); fi
}
src=instances/mzn/futoshiki
mkdir "$tmp/set"
cp "$src/futoshiki.mzn" "$tmp/set/"
for c in case1 case2 case4; do scripts/fut2dzn.sh "instances/futoshiki/$c.fut" > "$tmp/set/$c.dzn"; done

"$bin" run --quiet --puzzle mzn --instances "$tmp/set" --strategy fc --strategy gac \
    --out "$tmp/r.csv" --gen-cache "$tmp/gen" --timeout 60 2> "$tmp/err1"
st=$?
check "folder run exits 0 (got $st): $(tail -2 "$tmp/err1")" $st
grep -c 'compiled (minizinc -c' "$tmp/err1" | grep -qx 3
check "three compilation notes" $?
rows=$(tail -n +2 "$tmp/r.csv" | wc -l)
[ "$rows" -eq 6 ]
check "6 rows (3 pairs x fc, gac), got $rows" $?
# every row: puzzle fzn, status solved, one solution
bad=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["puzzle"] != "fzn" || $col["status"] != "solved" || $col["solutions"] != 1' "$tmp/r.csv")
[ -z "$bad" ]
check "rows not solved: $bad" $?

for c in case1 case2 case4; do
    fzn=$(ls "$tmp/gen/mzn/futoshiki-$c-"*.fzn 2>/dev/null)
    [ -f "$fzn" ]
    check "$c: compiled file in the cache" $?
    [ -f "$fzn" ] || continue
    for s in fc gac; do
        got=$("$bin" solve fzn "$fzn" --all --strategy "$s" | sed -n 's/^% solutions: //p')
        own=$("$bin" solve futoshiki "instances/futoshiki/$c.fut" --all --strategy gac |
            sed -n 's/^solutions: //p')
        [ -n "$own" ] && [ "$got" = "$own" ]
        check "$c ($s): $got solutions through MiniZinc, the futoshiki puzzle: $own" $?
        ans=$("$bin" solve fzn "$fzn" --strategy "$s" | sed -n 's/^x = array2d([^[]*\[\(.*\)\]);$/\1/p' |
            tr -d ' ' | tr ',' ' ')
        want=$("$bin" solve futoshiki "instances/futoshiki/$c.fut" --strategy gac | tr '\n' ' ' |
            tr -s ' ' | sed 's/ $//')
        [ -n "$want" ] && [ "$ans" = "$want" ]
        check "$c ($s): answer '$ans', the futoshiki puzzle's '$want'" $?
    done
done

# the same pairs through an instances.csv (paths relative to it): nothing
# compiled anew, so the .fzn files (and their hashes) are the same
printf 'problem,model,data_file\nfutoshiki,set/futoshiki.mzn,set/case1.dzn\nfutoshiki,set/futoshiki.mzn,set/case2.dzn\n' \
    > "$tmp/instances.csv"
before=$(ls -l --time-style=+%s.%N "$tmp/gen/mzn" | md5sum)
"$bin" run --quiet --puzzle mzn --instances "$tmp/instances.csv" --strategy gac \
    --out "$tmp/c.csv" --gen-cache "$tmp/gen" --timeout 60 2> "$tmp/err2"
st=$?
check "csv run exits 0 (got $st): $(tail -2 "$tmp/err2")" $st
after=$(ls -l --time-style=+%s.%N "$tmp/gen/mzn" | md5sum)
[ "$before" = "$after" ]
check "the csv run compiled nothing anew" $?
rows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["status"] == "solved"' "$tmp/c.csv" | wc -l)
[ "$rows" -eq 2 ]
check "csv: 2 solved rows, got $rows" $?

# a CSV without the header
printf 'model,data\nx.mzn,y.dzn\n' > "$tmp/bad.csv"
"$bin" run --quiet --puzzle mzn --instances "$tmp/bad.csv" --out "$tmp/b.csv" \
    --gen-cache "$tmp/gen" 2> "$tmp/err3"
rc=$?
[ "$rc" -eq 2 ] && grep -q "bad.csv:1:1: expected a header" "$tmp/err3"
st=$?
check "csv without its header: exit 2 (got $rc) with FILE:1:1: $(cat "$tmp/err3")" $st

# a CSV row naming a missing model: FILE:LINE:1
printf 'problem,model,data_file\nf,set/futoshiki.mzn,set/case1.dzn\nf,set/nothere.mzn,\n' \
    > "$tmp/missing.csv"
"$bin" run --quiet --puzzle mzn --instances "$tmp/missing.csv" --out "$tmp/b.csv" \
    --gen-cache "$tmp/gen" 2> "$tmp/err6"
rc=$?
[ "$rc" -eq 2 ] && grep -q "missing.csv:3:1: .*nothere.mzn: no such model file" "$tmp/err6"
st=$?
check "csv row with a missing model: exit 2 (got $rc) with FILE:3:1: $(cat "$tmp/err6")" $st

# a folder with two models
mkdir "$tmp/two"
cp "$tmp/set/futoshiki.mzn" "$tmp/two/a.mzn"
cp "$tmp/set/futoshiki.mzn" "$tmp/two/b.mzn"
"$bin" run --quiet --puzzle mzn --instances "$tmp/two" --out "$tmp/b.csv" \
    --gen-cache "$tmp/gen" 2> "$tmp/err7"
rc=$?
[ "$rc" -eq 2 ] && grep -q "expected one .mzn model in the folder, found 2" "$tmp/err7"
st=$?
check "folder with two models: exit 2 (got $rc): $(cat "$tmp/err7")" $st

# a model MiniZinc refuses
"$bin" run --quiet --puzzle mzn --instances tests/fzn/mzn_bad/bad.mzn --out "$tmp/b.csv" \
    --gen-cache "$tmp/gen" 2> "$tmp/err4"
rc=$?
[ "$rc" -eq 2 ] && grep -q "tests/fzn/mzn_bad/bad.mzn: minizinc -c .*could not compile it" "$tmp/err4"
st=$?
check "bad model: exit 2 (got $rc) naming the model: $(cat "$tmp/err4")" $st
[ ! -e "$tmp/b.csv" ] || [ "$(wc -l < "$tmp/b.csv")" -le 1 ]
check "bad model: no run recorded" $?

# minizinc missing (a PATH without it)
PATH=/nonexistent "$bin" run --quiet --puzzle mzn --instances "$tmp/set" --out "$tmp/m.csv" \
    --gen-cache "$tmp/gen2" 2> "$tmp/err5"
rc=$?
[ "$rc" -eq 2 ] && grep -q "apt-get install minizinc" "$tmp/err5"
st=$?
check "minizinc missing: exit 2 (got $rc) naming what to install: $(cat "$tmp/err5")" $st

echo "$n checks, $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
