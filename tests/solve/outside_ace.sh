#!/usr/bin/env bash
# outside_ace.sh - ACE (solvers/ace.solver) through `run`, beside searchlab's
# gac, where Java and ACE's jar are present (exit 77, skipped, otherwise):
# ACE's answers pass searchlab's checker (solved), and on two COPs its
# proven optimum equals searchlab's and the dev set's recorded answer
# (instances/xcsp/dev/answers.tsv).  The jar: $ACE_JAR, else
# ../shared/peers/ace/ace.jar when present.
. "$(dirname "$0")/../harness/lib.sh"
jar=${ACE_JAR:-../shared/peers/ace/ace.jar}
if ! command -v java >/dev/null || [ ! -r "$jar" ]; then
  echo "java or ACE's jar ($jar) not found: skipped"
  exit 77
fi
export ACE_JAR=$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")
out=$TMP/ace.csv
"$BIN" run --puzzle xcsp --instances instances/xcsp/Ortholatin-003.xml \
  --instances instances/xcsp/qwh/bqwh-o15-h94-s1.xml --instances instances/xcsp/dev/cop/DakotaFurniture.xml \
  --instances instances/xcsp/dev/cop/AircraftLanding-airland01.xml \
  --strategy gac --solver solvers/ace.solver --timeout 20 --quiet --out "$out" 2>"$TMP/err"
rc=$?
check "run exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "8 rows" [ "$(rows "$out")" -eq 8 ]
get() { # get INSTANCE_PART STRATEGY COLUMN
  awk -F, -v i="$1" -v s="$2" -v col="$3" 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
    index($c["instance"], "/" i ".") && $c["strategy"] == s { print $c[col] }' "$out"
}
for i in Ortholatin-003 bqwh-o15-h94-s1; do
  check "ace solved $i: $(get $i ace status) $(get $i ace note)" [ "$(get $i ace status)" = solved ]
done
for i in DakotaFurniture AircraftLanding-airland01; do
  want=$(awk -F'\t' -v n="$i" '$2 == n { print $5 }' instances/xcsp/dev/answers.tsv)
  check "ace proved $i optimal: $(get $i ace status) $(get $i ace note)" [ "$(get $i ace status)" = optimal ]
  check "ace's optimum of $i ($(get $i ace objective)) is the recorded one ($want)" [ "$(get $i ace objective)" = "$want" ]
  if [ "$(get $i gac status)" = optimal ]; then
    check "gac's optimum of $i equals ace's" [ "$(get $i gac objective)" = "$(get $i ace objective)" ]
  fi
done
# the report compares the two names: ratios to ace's column
"$BIN" report "$out" --table compare --baseline ace >"$TMP/r.md" 2>&1
rc=$?
check "report --baseline ace: exit 0: $(head -3 "$TMP/r.md")" [ $rc -eq 0 ]
check "report --baseline ace: says so" grep -q "ratio to ace (--baseline)" "$TMP/r.md"
done_tests
