#!/usr/bin/env bash
# make.sh - regenerates the derived instances of instances/xcsp/ (README.md):
# qwh-o030-h320.xml from the public clues in data/, and the generated
# quasigroups with holes of qwh/, with build/release/xcsp_gen (built with
# the tests: cmake --build --preset release --target xcsp_gen).
set -euo pipefail
cd "$(dirname "$0")"
gen=../../build/release/xcsp_gen
[ -x "$gen" ] || { echo "make.sh: build $gen first" >&2; exit 2; }
"$gen" latin data/qwh-o030-h320.txt >qwh-o030-h320.xml
mkdir -p qwh
for n in 10 15 20; do
  for seed in 1 2; do
    "$gen" qwh "$n" $((n * n * 42 / 100)) "$seed" >"qwh/qwh-o$n-h$((n * n * 42 / 100))-s$seed.xml"
  done
done
for n in 15 18; do
  "$gen" qwh "$n" $((n * n * 42 / 100)) 1 balanced >"qwh/bqwh-o$n-h$((n * n * 42 / 100))-s1.xml"
done
for n in 10 15; do
  "$gen" qwh "$n" $((n * n * 42 / 100)) 1 x2 >"qwh/qwh-o$n-h$((n * n * 42 / 100))-s1-x2.xml"
done
