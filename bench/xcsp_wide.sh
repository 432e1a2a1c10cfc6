#!/usr/bin/env bash
# xcsp_wide.sh [N] - issue 37's large models (bench/gen_wide.py): the
# parse and build times of a <regular> of N states, an <mdd> of N nodes, a
# <noOverlap> of N tasks and an nValues objective over N variables
# (default N = 100000), each the median of 3 runs of bench/xcsp_parse.c
# (CPU time of this process: the one to read on a shared machine); writes
# results/xcsp_wide.txt.  A benchmark, not a test: nothing here asserts on
# time (docs/benchmarks.md has the numbers, before and after the fix).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
scripts/deps.sh @build >/dev/null
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j 2 --target xcsp_parse >/dev/null
mkdir -p results
out=results/xcsp_wide.txt
: >"$out"
for kind in regular mdd nooverlap nvalues; do
  file=build/release/xcsp-wide-$kind-$n.xml
  python3 bench/gen_wide.py "$kind" "$n" >"$file"
  printf '== %s, N = %s (%s bytes)\n' "$kind" "$n" "$(wc -c <"$file")" | tee -a "$out"
  build/release/xcsp_parse "$file" 3 | tee -a "$out"
done
