#!/usr/bin/env bash
# run_faults.sh - runs made to crash, hang, eat memory or answer wrongly
# (the test-only test-fault option) are recorded as crash (with its
# signal), timeout, memout and wrong (with the verifier's reason), and the
# experiment goes on to record every other run.
. "$(dirname "$0")/lib.sh"
out=$TMP/faults.csv
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut \
  --instances instances/futoshiki/case2.fut --strategy fc:test-fault=crash \
  --strategy gac:test-fault=hang --strategy fc:var=lex,test-fault=memhog --strategy gac --strategy gac:test-fault=wrong \
  --timeout 0.5 --memory 96 --jobs 2 --out "$out" 2>"$TMP/err"
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
done_tests
