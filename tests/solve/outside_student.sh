#!/usr/bin/env bash
# outside_student.sh - a student's programs through `run` (docs/teachers.md):
# a Python forward-checking solver for Futoshiki (tests/solve/students) and
# its deliberately wrong twin beside bt, fc and gac on three course boards.
# The student's FC answers pass the verifier and its node counts (read
# from its standard error by stat.nodes) equal searchlab's fc's, as the
# same algorithm with the same variable order must; every answer of the
# wrong one is caught, and the course table marks it; `report A B` compares
# the student's file with searchlab's across different names.
. "$(dirname "$0")/../harness/lib.sh"
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }
out=$TMP/course.csv
boards="--instances instances/futoshiki/case1.fut --instances instances/futoshiki/case2.fut --instances instances/futoshiki/extra_2019_case1.fut"
"$BIN" run --puzzle futoshiki $boards --strategy bt --strategy fc --strategy gac \
  --solver tests/solve/students/fc_student.solver --solver tests/solve/students/wrong_student.solver \
  --timeout 20 --quiet --out "$out" 2>"$TMP/err"
rc=$?
check "run exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "15 rows" [ "$(rows "$out")" -eq 15 ]
get() { # get INSTANCE_PART STRATEGY COLUMN
  awk -F, -v i="$1" -v s="$2" -v col="$3" 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
    index($c["instance"], "/" i ".") && $c["strategy"] == s { print $c[col] }' "$out"
}
for i in case1 case2 extra_2019_case1; do
  check "student-fc solved $i: $(get $i student-fc status) $(get $i student-fc note)" [ "$(get $i student-fc status)" = solved ]
  check "student-fc's nodes on $i ($(get $i student-fc nodes)) = fc's ($(get $i fc nodes))" \
    [ "$(get $i student-fc nodes)" = "$(get $i fc nodes)" ]
  check "student-wrong is wrong on $i: $(get $i student-wrong status)" [ "$(get $i student-wrong status)" = wrong ]
done
"$BIN" report "$out" >"$TMP/course.md" 2>/dev/null
check "course table: exit 0" [ $? -eq 0 ]
check "course table: student-wrong marked wrong on each board" [ "$(grep -c '| student-wrong .*| *wrong *|' "$TMP/course.md")" -eq 3 ]
check "course table: student-fc solved on each board" [ "$(grep -c '| student-fc .*| *1/1 *|' "$TMP/course.md")" -eq 3 ]
check "course table: bt, fc and gac beside them" [ "$(grep -c '| \(bt\|fc\|gac\) ' "$TMP/course.md")" -eq 9 ]
# two files, two sets of names: the student's file against searchlab's fc
head -1 "$out" >"$TMP/ours.csv"; grep -E ',(bt|fc|gac),' "$out" >>"$TMP/ours.csv"
head -1 "$out" >"$TMP/theirs.csv"; grep ',student-' "$out" >>"$TMP/theirs.csv"
"$BIN" report "$TMP/ours.csv" "$TMP/theirs.csv" --baseline fc --format csv >"$TMP/files.csv" 2>"$TMP/err"
rc=$?
check "report A B --baseline fc: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "report A B --baseline fc: student-fc's rows name fc as their baseline" \
  grep -q 'theirs: student-fc,ours: fc' "$TMP/files.csv"
"$BIN" report "$TMP/ours.csv" "$TMP/theirs.csv" --baseline nothing >/dev/null 2>"$TMP/err"
check "report --baseline nothing: exit 2" [ $? -eq 2 ]
done_tests
