#!/usr/bin/env bash
# test.sh - the README's test command: installs what the tests need,
# builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs every
# test with ctest.  Usage: scripts/test.sh [--preset release|sanitize]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=sanitize
if [ "${1:-}" = "--preset" ]; then preset=$2; fi
echo "== searchlab tests: preset '$preset' (build/$preset)"
scripts/deps.sh cmake make gcc g++ gnuplot-nox parallel uthash-dev libbsd-dev
echo "== configure and build"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
echo "== run the tests"
ctest --preset "$preset" -j "$(nproc)"
