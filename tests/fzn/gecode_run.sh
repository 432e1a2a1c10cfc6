#!/usr/bin/env bash
# gecode_run.sh SEARCHLAB - Gecode as a row of the driver's MiniZinc
# experiments: solvers/gecode.solver (fzn-gecode on FlatZinc compiled with
# -G std) beside gac under `run --puzzle mzn` on the models of
# tests/fzn/mzn (sat, opt, unsat; every global of our library).  Each pair
# is compiled twice (ours and -G std); both solvers' answers pass the
# checker; the statuses are equal (solved, optimal or unsat, as
# tests/fzn/mzn/EXPECTED says) and so are the optima (EXPECTED's).
# Where the gecode-compat peer is present (GECODE_COMPAT, else
# ../shared/peers/gecode-compat), solvers/gecode-compat.solver too: the
# same answers, checked on FlatZinc with Gecode's own constraints.
# Skipped (77) only without minizinc; without fzn-gecode it fails (Debian:
# apt-get install flatzinc, which scripts/test.sh installs).
. "$(dirname "$0")/../harness/lib.sh"
command -v minizinc >/dev/null 2>&1 || { echo "minizinc not installed: skipped"; exit 77; }
if ! command -v fzn-gecode >/dev/null 2>&1; then
  fail "fzn-gecode is not installed (Debian: apt-get install flatzinc)"
  done_tests
  exit 1
fi
m=$PWD/tests/fzn/mzn
printf 'problem,model,data_file\n' >"$TMP/i.csv"
npairs=0
while IFS=$'\t' read -r model answer; do
  case $model in '#'* | '') continue ;; esac
  printf '%s,%s/%s,\n' "${model%.mzn}" "$m" "$model" >>"$TMP/i.csv"
  npairs=$((npairs + 1))
done <"$m/EXPECTED"
out=$TMP/r.csv
"$BIN" run --puzzle mzn --instances "$TMP/i.csv" --strategy gac --solver solvers/gecode.solver \
  --out "$out" --gen-cache "$TMP/gen" --timeout 60 --quiet 2>"$TMP/err"
rc=$?
check "run exits 0 (got $rc): $(grep -v "compiled (" "$TMP/err")" [ $rc -eq 0 ]
check "$npairs pairs x 2 = $((2 * npairs)) rows (got $(rows "$out"))" [ "$(rows "$out")" -eq $((2 * npairs)) ]
check "each pair compiled with -G std for gecode ($npairs notes)" \
  [ "$(grep -c 'compiled (minizinc -c --solver org.gecode.gecode -G std' "$TMP/err")" -eq "$npairs" ]
get() { # get STRATEGY MODEL COLUMN
  awk -F, -v s="$1" -v p="/$2-" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "strategy") c = i; if ($i == "instance") f = i; if ($i == col) t = i }; next }
                     $c == s && index($f, p) { print $t }' "$out"
}
while IFS=$'\t' read -r model answer; do
  case $model in '#'* | '') continue ;; esac
  t=${model%.mzn}
  case $answer in
  solutions*) want=solved ;;
  optimum*) want=optimal ;;
  unsat) want=unsat ;;
  esac
  for s in gac gecode; do
    check "$t $s: status $(get $s "$t" status), expected $want ($(get $s "$t" note))" \
      [ "$(get $s "$t" status)" = "$want" ]
  done
  if [ "$want" = optimal ]; then
    check "$t: gecode's optimum $(get gecode "$t" objective) = gac's $(get gac "$t" objective) = ${answer#optimum }" \
      [ "$(get gecode "$t" objective)" = "${answer#optimum }" ] && [ "$(get gac "$t" objective)" = "${answer#optimum }" ]
  fi
done <"$m/EXPECTED"
# the row of a solver with its own compilation names the pair (our .fzn),
# so that report puts it beside ours
check "gecode's rows name the same instances as gac's" \
  [ "$(get gecode t_ instance | sort)" = "$(get gac t_ instance | sort)" ]
check "gecode's counters come from its %%%mzn-stat lines" \
  [ "$(get gecode t_queens nodes)" -gt 0 ]
# gecode-compat (Gecode's own globals; its FlatZinc holds gecode_* that the
# checker evaluates) where the peer is present: the same answers
compat=${GECODE_COMPAT:-$PWD/../shared/peers/gecode-compat}
if [ -f "$compat/gecode-compat.msc" ]; then
  out=$TMP/c.csv
  GECODE_COMPAT=$compat "$BIN" run --puzzle mzn --instances "$TMP/i.csv" --strategy gac \
    --solver solvers/gecode-compat.solver --out "$out" --gen-cache "$TMP/gen" --timeout 60 \
    --quiet 2>"$TMP/err"
  rc=$?
  check "compat run exits 0 (got $rc): $(grep -v "compiled (" "$TMP/err")" [ $rc -eq 0 ]
  check "compat: gecode_* constraints in its FlatZinc" grep -q '^constraint gecode_' "$TMP"/gen/mzn/*.fzn
  while IFS=$'\t' read -r model answer; do
    case $model in '#'* | '') continue ;; esac
    t=${model%.mzn}
    check "$t gecode-compat: status $(get gecode-compat "$t" status) = gac's $(get gac "$t" status) ($(get gecode-compat "$t" note))" \
      [ "$(get gecode-compat "$t" status)" = "$(get gac "$t" status)" ]
    check "$t gecode-compat: objective $(get gecode-compat "$t" objective) = gac's" \
      [ "$(get gecode-compat "$t" objective)" = "$(get gac "$t" objective)" ]
  done <"$m/EXPECTED"
else
  echo "no gecode-compat peer ($compat): that part skipped"
fi
done_tests
