#!/usr/bin/env bash
# make_corpus.sh - regenerates tests/xcsp/corpus/ (40 random instances of
# tests/xcsp/gen.c, seeds 1 to 40) with build/release/xcsp_gen. The tests
# count their solutions with the independent reference each time they
# run, so no count is stored.
set -euo pipefail
cd "$(dirname "$0")/../.."
gen=build/release/xcsp_gen
[ -x "$gen" ] || { echo "make_corpus.sh: build $gen first" >&2; exit 2; }
rm -f tests/xcsp/corpus/gen-*.xml
"$gen" tests/xcsp/corpus 1 40
