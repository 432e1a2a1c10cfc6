#!/usr/bin/env bash
# hyperfine_stores.sh [--runs N] [--paths] [GEN_FLAG...] - compares whole
# `searchlab samegame --store S < SCRIPT` runs (process start, loading the
# plane, every command, printing) with hyperfine, one command per store of
# the build, on one generated command script: `searchlab gen samegame`
# with --marbles 100000 --ops 2000 --seed 1 (a dense plane, the default
# o/c/m/n/b mix with 17x17 window bases; about 0.5 to 1.5 s per run), then
# GEN_FLAGs (e.g. --layout clusters --base strip).  --paths adds one command
# per path finder (--path P, default store).  Writes
# results/hyperfine_stores.md (Markdown, relative speeds) and
# results/hyperfine_stores.json.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/hyperfine_lib.sh
paths=
while [ $# -gt 0 ]; do
  case $1 in
    --runs) hyperfine_runs=(--runs "$2"); shift 2 ;;
    --paths) paths=1; shift ;;
    *) break ;;
  esac
done
hyperfine_build
bin=build/release/searchlab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
script=$tmp/script.sg
"$bin" gen samegame --marbles 100000 --ops 2000 --seed 1 "$@" --out "$script"
# the names of a `searchlab list` section (stores:, paths:)
section() { "$bin" list | awk -v s="$1:" '/^[a-z]+:$/ { in_s = $0 == s } in_s && /^  / { print $1 }'; }
cmds=()
for s in $(section stores); do
  cmds+=(-n "store $s" "$bin samegame --store $s <$script")
done
if [ -n "$paths" ]; then
  for p in $(section paths); do
    cmds+=(-n "path $p" "$bin samegame --path $p <$script")
  done
fi
# a shell is needed for the redirection; hyperfine subtracts its start-up
hyperfine_compare hyperfine_stores "${cmds[@]}"
