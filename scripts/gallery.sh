#!/usr/bin/env bash
# gallery.sh - the optimisation experiment (scripts/experiments/gallery.exp:
# fc, gac, gac with dom/wdeg, and with Luby restarts, proving the fewest
# walls of 9 generated galleries of sizes 6 to 8); about 3 minutes on 2
# cores.  Writes
#   results/gallery.csv (.jsonl, .context.jsonl)  the runs (objective, anytime)
#   results/gallery.md          the course table: solved (= proven), time to
#                               the proof, best objective, time to the best
#   results/gallery_compare.md  per instance against fc, with the proven runs,
#                               the time to the best and the XCSP3 COP score
#   plots/gallery_anytime.png   the best objective over CPU time, per board
# Usage: scripts/gallery.sh [--resume]   (after a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/searchlab
[ -x "$bin" ] || { echo "build the release preset first (scripts/main.sh does)"; exit 2; }
scripts/deps.sh gnuplot-nox
if [ "${1:-}" != "--resume" ]; then
  rm -f results/gallery.csv results/gallery.jsonl results/gallery.context.jsonl
fi
"$bin" run scripts/experiments/gallery.exp
"$bin" report results/gallery.csv --table course >results/gallery.md
"$bin" report results/gallery.csv --table compare >results/gallery_compare.md
"$bin" plot results/gallery.csv --kind anytime --name gallery_anytime >/dev/null
echo "gallery: results/gallery.md, results/gallery_compare.md, plots/gallery_anytime.png"
