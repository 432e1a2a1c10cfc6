#!/usr/bin/env bash
# report_golden.sh - every table in every format from the fixed result file
# golden/fixed.csv must match golden/TABLE.FORMAT byte for byte.  The
# expected medians were checked by hand (see the comment in golden/README).
. "$(dirname "$0")/lib.sh"
g=tests/harness/golden
for t in course compare scaling; do
  for f in md csv tex; do
    "$BIN" report $g/fixed.csv --table $t --format $f >"$TMP/out" 2>"$TMP/err"
    check "report --table $t --format $f exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
    check "report --table $t --format $f matches $g/$t.$f: $(diff $g/$t.$f "$TMP/out" | head -6)" \
      cmp -s $g/$t.$f "$TMP/out"
  done
done
# --strategy picks and orders the columns
"$BIN" report $g/fixed.csv --table compare --strategy gac:queue=arc-fifo,var=dom --strategy fc \
  --format csv >"$TMP/out"
check "compare with the baseline given first" \
  grep -q '^a,2500000,1100,0.00044$' "$TMP/out"
done_tests
