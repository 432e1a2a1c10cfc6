#!/usr/bin/env bash
# test.sh - the README's test command: installs what the tests need,
# builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs every
# test with ctest (which replays the fuzz corpora), then fuzzes every fuzz
# target briefly with clang + libFuzzer (docs/fuzzing.md): 30 s each, less
# when that would pass 4 minutes in all.  FUZZ_SECONDS=N sets the time per
# target; FUZZ_SECONDS=0 skips the fuzzing.
# Usage: scripts/test.sh [--preset release|sanitize]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=sanitize
if [ "${1:-}" = "--preset" ]; then preset=$2; fi
echo "== searchlab tests: preset '$preset' (build/$preset)"
# python3: the shell tests check JSON output and the HTML report's DOM with it
# (not in a minimal Debian); chromium: the HTML report's test opens the page;
# slurm-wlm, munge: tests/harness/slurm.sh starts a one-node cluster (as root);
# minizinc: tests/fzn/minizinc.sh compiles its models with our mznlib;
# flatzinc: fzn-gecode, Gecode's row of run --puzzle mzn (tests/fzn/gecode_run.sh);
# poppler-utils: tests/report/figures.sh reads the words of a PDF figure (pdftotext -bbox)
scripts/deps.sh @build g++ gnuplot-nox parallel uthash-dev libbsd-dev graphviz sqlite3 python3 \
  chromium slurm-wlm munge minizinc flatzinc poppler-utils
echo "== configure and build"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
echo "== run the tests"
ctest --preset "$preset" -j "$(nproc)"
fuzz_seconds=${FUZZ_SECONDS:-30}
if [ "$fuzz_seconds" -gt 0 ]; then
  echo "== fuzz every target (scripts/fuzz.sh; FUZZ_SECONDS=0 skips)"
  scripts/fuzz.sh -j "$(nproc)" --budget 240 all "$fuzz_seconds"
fi
