#!/usr/bin/env bash
# report_golden.sh - every table in every format from the fixed result file
# golden/fixed.csv (with a partial timeout and a group that never ended; its
# time limit, 10 s, comes from golden/fixed.context.json) must match
# golden/TABLE.FORMAT byte for byte, with --metric search (the hand-worked
# values are of total_ns; the default metric, CPU time, is checked below).  The expected values (medians, PAR-2,
# bootstrap intervals, the signed-rank p) were worked out by hand: see
# golden/README.md.
. "$(dirname "$0")/lib.sh"
g=tests/harness/golden
for t in course compare scaling; do
  for f in md csv tex; do
    "$BIN" report $g/fixed.csv --metric search --table $t --format $f >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "report --table $t --format $f exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
    check "report --table $t --format $f says nothing on stderr: $(cat "$TMP/err")" [ ! -s "$TMP/err" ]
    check "report --table $t --format $f matches $g/$t.$f: $(diff $g/$t.$f "$TMP/out" | head -6)" \
      cmp -s $g/$t.$f "$TMP/out"
    # a partial timeout never reads as a plain timeout
    check "$t.$f: no 'timeout (1/3)'" bash -c "! grep -q 'timeout (1/3)' '$TMP/out'"
  done
  # CSV exactness: no number in exponent notation
  "$BIN" report $g/fixed.csv --metric search --table $t --format csv >"$TMP/out"
  check "$t.csv: no exponent notation: $(grep -E '[0-9][eE][-+]?[0-9]' "$TMP/out" | head -2)" \
    bash -c "! grep -qE '[0-9][eE][-+]?[0-9]' '$TMP/out'"
done
# --strategy picks and orders the columns; the ratio's interval is known by
# hand: fc / gac on instance a lies in [1000 / 2.6e6, 1200 / 2.4e6]
"$BIN" report $g/fixed.csv --metric search --table compare --strategy gac:queue=arc-fifo,var=dom --strategy fc \
  --format csv >"$TMP/out"
check "compare with the baseline given first: $(grep '^a,fc' "$TMP/out")" \
  grep -q '^a,fc,"gac:queue=arc-fifo,var=dom",3,3,1100,0.000001100,0.000440000,0.000384615,0.000500000,1,,$' "$TMP/out"
# --baseline only for a kind that declares a baseline (kind.h)
"$BIN" report $g/fixed.csv --metric search --table compare --baseline fc >/dev/null 2>"$TMP/err"
rc=$?
check "compare --baseline fc: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
"$BIN" report $g/fixed.csv --metric search --table course --baseline fc >/dev/null 2>"$TMP/err"
check "course --baseline fc: exit 2" [ $? -eq 2 ]
check "course --baseline fc: says why: $(cat "$TMP/err")" \
  grep -q -- '--baseline: --table course compares no columns with a baseline' "$TMP/err"
# the same seed gives the same intervals; --seed is checked
"$BIN" report $g/fixed.csv --metric search --table compare --seed 1 >"$TMP/s1"
check "--seed 1 is the default" cmp -s "$TMP/s1" $g/compare.md
"$BIN" report $g/fixed.csv --metric search --table compare --seed x >/dev/null 2>"$TMP/err"
check "--seed x exits 2" [ $? -eq 2 ]
check "--seed x names the flag: $(cat "$TMP/err")" grep -q -- '--seed' "$TMP/err"
# without a run context the limit is unknown: PAR-2 of unsolved groups is
# left out, and said so; --timeout gives it
cp $g/fixed.csv "$TMP/nolimit.csv"
"$BIN" report "$TMP/nolimit.csv" --metric search --format csv >"$TMP/out" 2>"$TMP/err"
check "no context: b,fc has no PAR-2: $(grep '^b,fc' "$TMP/out")" \
  grep -q '^b,fc,3,2,timeout,3600000000,100000000,,900000,339$' "$TMP/out"
check "no context: a,fc still has its PAR-2 (all solved)" grep -q '^a,fc,.*,0.000001100,' "$TMP/out"
"$BIN" report "$TMP/nolimit.csv" --metric search >"$TMP/out"
check "no context: the note says the limit is unknown" grep -q 'the limit is unknown' "$TMP/out"
"$BIN" report "$TMP/nolimit.csv" --metric search --timeout 10 >"$TMP/out"
check "--timeout 10 gives the golden table" cmp -s "$TMP/out" $g/course.md
"$BIN" report "$TMP/nolimit.csv" --metric search --timeout -1 >/dev/null 2>"$TMP/err"
check "--timeout -1 exits 2" [ $? -eq 2 ]
# PAR-2 by hand: b,fc = (3.5 + 3.7 + 2 x 5) / 3 s with --timeout 5
"$BIN" report "$TMP/nolimit.csv" --metric search --timeout 5 --format csv >"$TMP/out"
check "PAR-2 under --timeout 5: $(grep '^b,fc' "$TMP/out")" grep -q '^b,fc,.*,5.733333333,' "$TMP/out"
# runs under different limits (a merged context as `merge` wrote it before
# context.jsonl, the shards' contexts escaped inside): the largest is used,
# with a warning
printf '{"merged_by": "searchlab merge", "shards": [%s, %s]}\n' \
  '{"results": "s1.csv", "context": "{\"timeout_s\": 10}"}' \
  '{"results": "s2.csv", "context": "{\"timeout_s\": 4}"}' >"$TMP/nolimit.context.json"
"$BIN" report "$TMP/nolimit.csv" --metric search >"$TMP/out" 2>"$TMP/err"
check "mixed limits warn: $(cat "$TMP/err")" grep -q 'different time limits.*10 s' "$TMP/err"
check "mixed limits: the note names them" grep -q '^The rows were measured under 2 different settings (timeout_s 10 / 4)' "$TMP/out"
grep -v '^The rows were measured' "$TMP/out" >"$TMP/out.table"
check "mixed limits: the largest is used" cmp -s "$TMP/out.table" $g/course.md
# the default metric is CPU time, and the tables say so: a,fc's runs used
# 9 ms of CPU each (cpu_s), its search 1.1 us (total_ns)
"$BIN" report $g/fixed.csv >"$TMP/out"
check "course: the caption names CPU time: $(head -1 "$TMP/out")" grep -q '^Times are CPU time' "$TMP/out"
check "course: a,fc's median CPU time: $(grep '^| a ' "$TMP/out" | head -1)" grep -q '^| a .*| fc .*9.00 ms' "$TMP/out"
"$BIN" report $g/fixed.csv --table compare --metric wall --format csv >"$TMP/out"
check "compare --metric wall: its column: $(head -1 "$TMP/out")" grep -q '^instance,strategy,baseline,runs,solved,wall_ns,' "$TMP/out"
"$BIN" report $g/fixed.csv --metric speed >/dev/null 2>"$TMP/err"
check "--metric speed: exit 2 naming the metrics: $(cat "$TMP/err")" grep -q 'expected cpu, wall, search, nodes, inference' "$TMP/err"
"$BIN" report $g/fixed.csv --table course --table compare >/dev/null 2>"$TMP/err"
check "--table twice: exit 2: $(cat "$TMP/err")" grep -q -- '--table given twice' "$TMP/err"
# the writers escape what their format needs (issue 27): a test case named
# a|b$c\d_e%f (its instance file's name) stays one cell in Markdown, and
# TeX gets \$, \textbackslash{}, \_ and \%
sed 's#inst/a\.fut#inst/a|b$c\\d_e%f.fut#' $g/fixed.csv >"$TMP/esc.csv"
cp $g/fixed.context.json "$TMP/esc.context.json"
"$BIN" report "$TMP/esc.csv" --metric search >"$TMP/out" 2>"$TMP/err"
check "md: the name's | is escaped: $(grep 'a\\|b' "$TMP/out" | head -1)" grep -qF '| a\|b$c\d_e%f ' "$TMP/out"
check "md: every row has 7 cells" \
  [ -z "$(grep '^|' "$TMP/out" | sed 's/\\|//g' | awk -F'|' 'NF != 9')" ]
"$BIN" report "$TMP/esc.csv" --metric search --format tex >"$TMP/out"
check "tex: \\ \$ _ % escaped: $(grep 'textbackslash' "$TMP/out" | head -1)" \
  grep -qF 'a|b\$c\textbackslash{}d\_e\%f & ' "$TMP/out"
check "tex: no bare \$ or \\ from the name" bash -c "! grep -qF 'b\$c\\d' '$TMP/out'"
done_tests
