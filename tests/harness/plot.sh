#!/usr/bin/env bash
# plot.sh - every kind of figure renders to PNG and SVG from the fixed
# result file, and its gnuplot script is kept beside it.
. "$(dirname "$0")/lib.sh"
if ! command -v gnuplot >/dev/null; then
  echo "gnuplot is missing (scripts/deps.sh gnuplot-nox): skipped"; exit 77
fi
for k in scaling cactus scatter bars; do
  "$BIN" plot tests/harness/golden/fixed.csv --kind $k --out "$TMP/plots" >"$TMP/out" 2>"$TMP/err"
  check "plot --kind $k exits 0: $(cat "$TMP/err")" [ $? -eq 0 ]
  for ext in gp dat png svg; do
    check "fixed_$k.$ext written" [ -s "$TMP/plots/fixed_$k.$ext" ]
  done
  check "fixed_$k.png is a PNG" [ "$(head -c 4 "$TMP/plots/fixed_$k.png" | tail -c 3)" = PNG ]
  check "fixed_$k.svg is SVG" grep -q '<svg' "$TMP/plots/fixed_$k.svg"
  check "no gnuplot warnings: $(cat "$TMP/err")" [ ! -s "$TMP/err" ]
done
done_tests
