#!/usr/bin/env bash
# xcsp_parse.sh [MB] - the XCSP3 front end on a generated instance of MB
# megabytes (default 10; tests/xcsp/gen.c gen_big: arrays, groups of
# intension and extension templates with many <args>, big tables,
# allDifferent rows): the median time to read and parse it (the streaming
# XML reader into the instance) and to build the CSP model, as wall and
# CPU time, and the peak memory; writes results/xcsp_parse.txt.
# The target (issue 14): parsing a 10 MB instance in under one second.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-10}
scripts/deps.sh @build >/dev/null
cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
cmake --build --preset release -j 2 --target xcsp_parse xcsp_gen >/dev/null
mkdir -p results
file=build/release/xcsp-big-${mb}mb.xml
[ -s "$file" ] || build/release/xcsp_gen big "$mb" 1 >"$file"
build/release/xcsp_parse "$file" 7 | tee results/xcsp_parse.txt
