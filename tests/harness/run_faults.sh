#!/usr/bin/env bash
# run_faults.sh - runs made to crash, hang or eat memory (the test-only
# test-fault option) are recorded as crash (with its signal), timeout and
# memout, and the experiment goes on to record every other run.
. "$(dirname "$0")/lib.sh"
out=$TMP/faults.csv
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut \
  --instances instances/futoshiki/case2.fut --strategy fc:test-fault=crash \
  --strategy gac:test-fault=hang --strategy fc:var=lex,test-fault=memhog --strategy gac \
  --timeout 0.5 --memory 96 --jobs 2 --out "$out" 2>"$TMP/err"
rc=$?
check "run exits 0 though runs failed (got $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "8 rows" [ "$(($(wc -l <"$out") - 1))" -eq 8 ]
status_of() { awk -F, -v s="$1" 'NR > 1 && index($0, "," s ",") { print $13 }' "$out" | sort -u; }
check "crash rows: $(status_of fc:test-fault=crash)" [ "$(status_of fc:test-fault=crash)" = crash ]
check "crash signal" [ "$(column "$out" signal | sort -u | grep -c SIGSEGV)" -eq 1 ]
check "hang rows: $(status_of gac:test-fault=hang)" [ "$(status_of gac:test-fault=hang)" = timeout ]
memhog=$(grep -c ',memout,' "$out")
check "memhog rows: $memhog memout" [ "$memhog" -eq 2 ]
check "gac rows solved" [ "$(grep -c ',gac,default,.*,solved,' "$out")" -eq 2 ]
check "jsonl twin has 8 lines" [ "$(wc -l <"$TMP/faults.jsonl")" -eq 8 ]
# an unknown fault is bad input, before any run
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut \
  --strategy fc:test-fault=explode --out "$TMP/x.csv" 2>"$TMP/err"
check "unknown fault: exit 2" [ $? -eq 2 ]
check "unknown fault: message names --strategy" grep -q -- '--strategy: strategy' "$TMP/err"
done_tests
