#!/bin/sh
# small_sample.sh - the compare table gives no interval on fewer than 2
# repetitions ("[-]" and a note), an interval from 2 on, and says how many
# runs each cell rests on.
# usage: small_sample.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0; n=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
cd "$T"
I=$SRC/instances/futoshiki
"$B" run --puzzle futoshiki --instances "$I/case1.fut" --instances "$I/case2.fut" \
    --strategy fc --strategy gac --timeout 30 --quiet --out one.csv 2>/dev/null
"$B" report one.csv --table compare > one.md 2>/dev/null
check "1 rep: no numeric interval in any row" '! grep "^| case" one.md | grep -q "x \[[0-9]"'
check "1 rep: [-] in the rows" '[ $(grep -c "x \[-\]" one.md) -ge 2 ]'
check "1 rep: the note" 'grep -q "^\[-\]: no interval: it needs at least 2 repetitions" one.md'
check "1 rep: the caption says 1 run" 'grep -q "each cell rests on 1 run" one.md'
"$B" report one.csv --table compare --format csv > one.csv.out 2>/dev/null
check "1 rep: CSV interval cells empty" 'grep -q "^case1,gac,fc,1,1,[0-9]*,[0-9.]*,[0-9.]*,,," one.csv.out'
"$B" run --puzzle futoshiki --instances "$I/case1.fut" --instances "$I/case2.fut" \
    --strategy fc --strategy gac --reps 3 --timeout 30 --quiet --out three.csv 2>/dev/null
"$B" report three.csv --table compare > three.md 2>/dev/null
check "3 reps: intervals" '[ $(grep -c "x \[[0-9.]*, [0-9.]*\]" three.md) -ge 2 ]'
check "3 reps: no [-]" '! grep -q "\[-\]" three.md'
check "3 reps: the caption says 3 runs" 'grep -q "each cell rests on 3 runs" three.md'
# cells resting on different numbers of runs each say theirs
"$B" run --puzzle futoshiki --instances "$I/case1.fut" --strategy fc --reps 4 --timeout 30 \
    --quiet --out three.csv 2>/dev/null
"$B" report three.csv --table compare > mixed.md 2>/dev/null
check "mixed: n=4 in a cell" 'grep -q "n=4" mixed.md'
check "mixed: n=3 in a cell" 'grep -q "n=3" mixed.md'
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
