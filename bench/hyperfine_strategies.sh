#!/usr/bin/env bash
# hyperfine_strategies.sh [-i INSTANCE] [--runs N] [STRATEGY...] - compares
# whole `searchlab solve futoshiki INSTANCE --strategy S` runs (process
# start, parse, build, search, verify, print) with hyperfine, one command per
# strategy, 2 warm-up runs each.  Defaults: the course's 9x9 case
# (instances/futoshiki/case5.fut); fc and gac with every queue policy (bt
# does not finish the 9x9 case in minutes), plus `minizinc` when the
# minizinc binary is installed.  Writes results/hyperfine_strategies.md
# (Markdown, relative speeds) and results/hyperfine_strategies.json.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/hyperfine_lib.sh
inst=instances/futoshiki/case5.fut
while [ $# -gt 0 ]; do
  case $1 in
    -i) inst=$2; shift 2 ;;
    --runs) hyperfine_runs=(--runs "$2"); shift 2 ;;
    *) break ;;
  esac
done
strategies=("$@")
if [ ${#strategies[@]} -eq 0 ]; then
  strategies=(fc gac gac:queue=constraint-lifo gac:queue=arc-fifo gac:queue=variable-fifo
              gac:queue=dom)
  if command -v minizinc >/dev/null; then strategies+=(minizinc); fi
fi
hyperfine_build
bin=build/release/searchlab
cmds=()
for s in "${strategies[@]}"; do
  cmds+=(-n "$s" "$bin solve futoshiki $inst --strategy $s")
done
hyperfine_compare hyperfine_strategies -N "${cmds[@]}"
