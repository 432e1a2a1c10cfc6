#!/usr/bin/env bash
# plot.sh - every kind of figure renders to PNG and SVG from the fixed
# result file (time limit 10 s from its run context), its gnuplot script is
# kept beside it, and its .dat holds every instance: those not solved are
# drawn on the border at the time limit (scatter, hatched bars) or counted
# (cactus, scaling), never dropped.  The hand-worked values are of the
# search's time (--metric search); the default, CPU time, is checked
# apart.  Names from result files cannot run commands through the scripts
# (issue 27), and a file where no run was solved still gets its figures.
. "$(dirname "$0")/lib.sh"
if ! command -v gnuplot >/dev/null; then
  echo "gnuplot is missing (scripts/deps.sh gnuplot-nox): skipped"; exit 77
fi
fixed=tests/harness/golden/fixed.csv
for k in scaling cactus scatter bars; do
  "$BIN" plot $fixed --kind $k --metric search --out "$TMP/plots" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  check "plot --kind $k exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
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
check "scatter: the unsolved have their own key entry" grep -q "title 'unsolved by one or both (" $d/fixed_scatter.gp
"$BIN" plot $fixed --kind scatter --metric nodes --out "$TMP/plots" --name nodes >/dev/null 2>"$TMP/err"
check "scatter --metric nodes: c on the border at twice the most nodes solved (2 x 1234567)" \
  grep -qP '^c\t2469134\t700\t1\t0$' $d/nodes.dat
# bars: one row per (instance, strategy); where the median run was not
# solved, a hatched bar at the time limit (and at the most nodes reached)
check "bars .dat: a b c for each strategy" [ "$(rows $d/fixed_bars.dat | cut -f6 | tr '\n' ' ')" = "a b c a b c " ]
check "bars: c,fc drawn at the limit, not solved: $(grep -P '\tc$' $d/fixed_bars.dat | head -1)" \
  grep -qP '^1.800000\t4100000\t10\t0\t0\tc$' $d/fixed_bars.dat
check "bars: unsolved bars are hatched" grep -q 'fs pattern 4' $d/fixed_bars.gp
check "bars: the time axis starts a decade below the fastest bar (1.1 us)" \
  grep -q 'set yrange \[0.000000100:20.000000000\]' $d/fixed_bars.gp
# cactus: fc solved 2 of 3 (its line ends there), gac 3; the key counts the unsolved
check "cactus: fc's line has 2 points" [ "$(awk '/strategy fc/{f=1;next} /strategy/{f=0} f && /^[0-9]/' $d/fixed_cactus.dat | wc -l)" -eq 2 ]
check "cactus: key counts fc's unsolved" grep -q "fc (1 of 3 unsolved)" $d/fixed_cactus.gp
check "cactus: the time limit is drawn" grep -q "time limit (10 s)" $d/fixed_cactus.gp
# scaling: every size of every strategy, fc's unsolved size 5 on the limit,
# the unsolved runs per size in the key, the axis label in the ticks' unit
check "scaling: fc at size 5 drawn at the limit: $(grep -P '^5\t10\t' $d/fixed_scaling.dat)" \
  grep -qP '^5\t10\t10\t10\t4100000\t4100000\t4100000\t1\t2\t2\t6$' $d/fixed_scaling.dat
check "scaling: key counts the unsolved runs" grep -q "fc (4 of 9 runs unsolved)" $d/fixed_scaling.gp
check "scaling: the ylabel names no unit the ticks do not use" \
  bash -c "! grep -q \"ylabel 'search time (total_ns)'\" $d/fixed_scaling.gp"
# the default metric is CPU time, named on the axis
"$BIN" plot $fixed --kind cactus --out "$TMP/cpu" >/dev/null 2>"$TMP/err"
check "cactus: CPU time by default" grep -q "set ylabel 'CPU time'" "$TMP/cpu/fixed_cactus.gp"
# PDF for papers (pdfcairo)
"$BIN" plot $fixed --kind bars --format pdf --out "$TMP/pdf" >"$TMP/out" 2>"$TMP/err"
rc=$?
check "--format pdf: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "--format pdf: a PDF" [ "$(head -c 4 "$TMP/pdf/fixed_bars.pdf")" = "%PDF" ]
check "--format pdf: only the PDF" [ ! -e "$TMP/pdf/fixed_bars.png" ]
# no run solved: every figure still renders, the timeouts on the limit
sed 's/,solved,/,timeout,/' $fixed >"$TMP/none.csv"
cp tests/harness/golden/fixed.context.json "$TMP/none.context.json"
for k in scaling cactus scatter bars; do
  "$BIN" plot "$TMP/none.csv" --kind $k --out "$TMP/none" >/dev/null 2>"$TMP/err"
  rc=$?
  check "no run solved: --kind $k exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
done
check "no run solved: every bar is drawn at the limit" \
  [ "$(rows "$TMP/none/none_bars.dat" | awk -F'\t' '$3 == 10 && $4 == 0' | wc -l)" -eq 6 ]
# hostile names: a newline and a gnuplot shell escape in the result file's
# folder and name, and in --name; nothing runs, every script line is ours
evil=$'evil\n!touch PWNED\n'
mkdir -p "$TMP/$evil"
cp $fixed "$TMP/$evil/r$'\n'!touch PWNED2.csv"
cp $fixed "$TMP/$evil/x.csv"
(cd "$TMP" && "$BIN" plot "$evil/x.csv" --kind cactus --out out1 >/dev/null 2>"$TMP/err")
rc=$?
check "a folder with a newline: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
(cd "$TMP" && "$BIN" plot "$evil/r$'\n'!touch PWNED2.csv" --kind bars --out out2 >/dev/null 2>"$TMP/err")
rc=$?
check "a file name with a newline: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "nothing ran" [ ! -e "$TMP/PWNED" ] && [ ! -e "$TMP/out1/PWNED" ] && [ ! -e "$TMP/out2/PWNED2" ]
check "no script line starts with ! or holds a control character" \
  bash -c "! grep -qE '^!|[[:cntrl:]]' '$TMP'/out1/*.gp '$TMP'/out2/*.gp"
check "the file name's newline is not in the figure's name" [ "$(ls "$TMP/out2" | grep -c '!touch')" -eq 4 ] && \
  [ -z "$(ls "$TMP/out2" | grep -v '^r_!touch PWNED2_bars\.')" ]
"$BIN" plot $fixed --kind bars --name "$(printf 'a\nb')" --out "$TMP/out3" >/dev/null 2>"$TMP/err"
rc=$?
check "--name with a newline: exit 2" [ $rc -eq 2 ]
check "--name with a newline: says why: $(cat "$TMP/err")" grep -q 'control character' "$TMP/err"
done_tests
