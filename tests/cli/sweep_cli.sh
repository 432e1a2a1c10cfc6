#!/bin/sh
# sweep_cli.sh - a strategy sweep through `run`: --strategy and an
# experiment file expand value sets to their product (one label each), and
# a bad or too large sweep exits 2 with a message.
# usage: sweep_cli.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0; n=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
INST=$SRC/instances/futoshiki/case1.fut
cd "$T"
"$B" run --puzzle futoshiki --instances "$INST" --timeout 30 --quiet \
    --strategy 'gac:queue={dom,arc-fifo},var={dom/wdeg,dom/deg}' --out out/a.csv 2>err; rc=$?
check "--strategy sweep runs" '[ $rc -eq 0 ]'
labels=$(tail -n +2 out/a.csv | awk -F'"' '{print $2}' | sort -u | tr '\n' ' ')
check "four labels ($labels)" '[ "$labels" = "gac:queue=arc-fifo,var=dom/deg gac:queue=arc-fifo,var=dom/wdeg gac:queue=dom,var=dom/deg gac:queue=dom,var=dom/wdeg " ]'
printf 'puzzle futoshiki\ninstances %s\nstrategy {fc,gac}:var=dom bt\nout out/e.csv\ntimeout 30\n' "$INST" > e.exp
"$B" run e.exp --quiet 2>err; rc=$?
check "file sweep runs" '[ $rc -eq 0 ]'
check "file sweep: 3 rows" '[ $(tail -n +2 out/e.csv | wc -l) -eq 3 ]'
check "file sweep: fc:var=dom" 'grep -q "^[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,fc:var=dom," out/e.csv'
# the digit-continuation rule still holds outside and inside a set
"$B" run --puzzle futoshiki --instances "$INST" --timeout 30 --quiet \
    --strategy 'gac:restart={geom:100,1.5,luby:50}' --out out/r.csv 2>err; rc=$?
check "restart sweep runs" '[ $rc -eq 0 ]'
check "restart sweep: geom:100,1.5 kept whole" 'grep -q "gac:restart=geom:100,1.5\"" out/r.csv'
check "restart sweep: luby:50" 'grep -q "gac:restart=luby:50," out/r.csv'
# refusals: exit 2, nothing run
S='{a,b,c,d,e,f,g,h,i,j}'
"$B" run --puzzle futoshiki --instances "$INST" --strategy "gac:w=$S,x=$S,y=$S,z={p,q}" --out out/big.csv 2>err; rc=$?
check "over 1000 refused: exit 2" '[ $rc -eq 2 ]'
check "over 1000 refused: message" 'grep -q "2000 strategies, more than 1000" err'
check "over 1000 refused: no file" '[ ! -e out/big.csv ]'
printf 'puzzle futoshiki\ninstances %s\nstrategy gac:var={dom,deg\n' "$INST" > bad.exp
"$B" run bad.exp --out out/bad.csv 2>err; rc=$?
check "unmatched brace: exit 2" '[ $rc -eq 2 ]'
check "unmatched brace: file:line:col" 'grep -q "bad.exp:3:10: strategy .*without its" err'
"$B" list > list.txt
check "list shows the sweep" 'grep -q "{a,b,...}" list.txt'
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
