#!/usr/bin/env bash
# minizinc_dev.sh [--resume] - the MiniZinc development set through the
# driver (bench/minizinc_dev.exp): our default strategy of the fzn puzzle
# and Gecode side by side in ONE run, 20 s of CPU each, one job; Gecode is
# solvers/gecode-compat.solver when GECODE_COMPAT is set (its own globals;
# docs/flatzinc.md, "Gecode", says what the checker must read), else
# solvers/gecode.solver (fzn-gecode on FlatZinc compiled with -G std).
# Writes results/minizinc_dev.csv and the tables results/minizinc_dev.md
# (the driver's summary per solver) and results/minizinc_dev_pairs.md (one
# row per pair, and the counts and the geometric mean that
# docs/benchmarks.md quotes).  The older script that ran both through
# `minizinc` (wall-time -t, compilation included) is
# bench/minizinc_dev_minizinc.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh @build minizinc flatzinc >/dev/null
cmake --preset release >/dev/null
cmake --build --preset release -j 2 >/dev/null
bin=build/release/searchlab
# with GECODE_COMPAT both Gecode rows: its own globals, and -G std (the
# one a fresh Debian machine has) for reference
solvers=(--solver solvers/gecode.solver)
if [ -n "${GECODE_COMPAT:-}" ]; then solvers=(--solver solvers/gecode-compat.solver "${solvers[@]}"); fi
if [ "${1:-}" != "--resume" ]; then
  rm -f results/minizinc_dev.csv results/minizinc_dev.jsonl results/minizinc_dev.context.json \
    results/minizinc_dev.context.jsonl
fi
"$bin" run bench/minizinc_dev.exp "${solvers[@]}" --quiet
"$bin" report results/minizinc_dev.csv --format md --out results/minizinc_dev.md
python3 bench/minizinc_dev_table.py results/minizinc_dev.csv bench/minizinc_dev.csv \
  >results/minizinc_dev_pairs.md
cat results/minizinc_dev_pairs.md
