#!/usr/bin/env bash
# plot.sh - every kind of figure renders to PNG and SVG from the fixed
# result file (time limit 10 s from its run context), its gnuplot script is
# kept beside it, and its .dat holds every instance: those not solved are
# drawn on the border at the time limit (scatter) or counted (cactus,
# scaling), never dropped.
. "$(dirname "$0")/lib.sh"
if ! command -v gnuplot >/dev/null; then
  echo "gnuplot is missing (scripts/deps.sh gnuplot-nox): skipped"; exit 77
fi
fixed=tests/harness/golden/fixed.csv
for k in scaling cactus scatter bars; do
  "$BIN" plot $fixed --kind $k --out "$TMP/plots" >"$TMP/out" 2>"$TMP/err"
  check "plot --kind $k exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
  for ext in gp dat png svg; do
    check "fixed_$k.$ext written" [ -s "$TMP/plots/fixed_$k.$ext" ]
  done
  check "fixed_$k.png is a PNG" [ "$(head -c 4 "$TMP/plots/fixed_$k.png" | tail -c 3)" = PNG ]
  check "fixed_$k.svg is SVG" grep -q '<svg' "$TMP/plots/fixed_$k.svg"
  check "no gnuplot warnings: $(cat "$TMP/err")" [ ! -s "$TMP/err" ]
  check "fixed_$k.dat: no exponent notation" \
    bash -c "! grep -v '^#' '$TMP/plots/fixed_$k.dat' | grep -qE '[0-9][eE][-+]?[0-9]'"
done
d=$TMP/plots
# scatter: every instance, c (fc never solved it) on the border at 10 s
rows() { grep -v '^#' "$1" | grep -v '^$'; }
check "scatter .dat holds a, b and c: $(rows $d/fixed_scatter.dat | cut -f1 | tr '\n' ' ')" \
  [ "$(rows $d/fixed_scatter.dat | cut -f1 | tr '\n' ' ')" = "a b c " ]
check "scatter: c is drawn at fc's time limit, marked unsolved: $(grep '^c' $d/fixed_scatter.dat)" \
  grep -qP '^c\t10\t0.001000000\t1\t0$' $d/fixed_scatter.dat
check "scatter: b at fc's median over all runs (3.7 s: one timeout ranks last)" \
  grep -qP '^b\t3.700000000\t0.041000000\t0\t0$' $d/fixed_scatter.dat
check "scatter: the unsolved have their own key entry" grep -q 'drawn on the border (time limit, 10 s)' $d/fixed_scatter.gp
"$BIN" plot $fixed --kind scatter --metric nodes --out "$TMP/plots" --name nodes >/dev/null 2>"$TMP/err"
check "scatter --metric nodes: c on the border at twice the most nodes solved (2 x 1234567)" \
  grep -qP '^c\t2469134\t700\t1\t0$' $d/nodes.dat
# bars: one row per instance in each block, ? where the median run was not solved
check "bars .dat: a b c twice" [ "$(rows $d/fixed_bars.dat | cut -f1 | tr '\n' ' ')" = "a b c a b c " ]
check "bars: c,fc is missing (?), not zero" grep -qP '^c\t\?\t0.001000000$' $d/fixed_bars.dat
check "bars: the time axis starts a decade below the fastest bar (1.1 us)" \
  grep -q 'set yrange \[0.000000100:\*\]' $d/fixed_bars.gp
# cactus: fc solved 2 of 3 (its line ends there), gac 3; the key counts the unsolved
check "cactus: fc's line has 2 points" [ "$(awk '/strategy fc/{f=1;next} /strategy/{f=0} f && /^[0-9]/' $d/fixed_cactus.dat | wc -l)" -eq 2 ]
check "cactus: key counts fc's unsolved" grep -q "fc (1 of 3 unsolved)" $d/fixed_cactus.gp
check "cactus: the time limit is drawn" grep -q "time limit (10 s)" $d/fixed_cactus.gp
# scaling: every size of every strategy, fc's unsolved size 5 on the limit,
# the unsolved runs per size in the key, the axis label in the ticks' unit
check "scaling: fc at size 5 drawn at the limit: $(grep -P '^5\t10\t' $d/fixed_scaling.dat)" \
  grep -qP '^5\t10\t10\t10\t4100000\t4100000\t4100000\t1\t2\t2\t6$' $d/fixed_scaling.dat
check "scaling: key counts the unsolved runs" grep -q "fc (unsolved runs: n=5 4/6)" $d/fixed_scaling.gp
check "scaling: the ylabel names no unit the ticks do not use" \
  bash -c "! grep -q \"ylabel 'search time (total_ns)'\" $d/fixed_scaling.gp"
done_tests
