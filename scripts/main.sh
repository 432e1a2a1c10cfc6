#!/usr/bin/env bash
# main.sh - the README's main command: installs what it needs, builds the
# release preset and runs the default experiment (every strategy on the
# bundled Futoshiki set), printing the statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== searchlab main job"
scripts/deps.sh cmake make gcc g++ gnuplot-nox
echo "== configure and build (release)"
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
bin=build/release/searchlab
for f in instances/futoshiki/case*.fut; do
  for s in bt fc gac; do
    echo "== $f with $s"
    "$bin" solve futoshiki "$f" --strategy "$s" --stats
  done
done
