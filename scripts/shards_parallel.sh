#!/usr/bin/env bash
# shards_parallel.sh - run an experiment as N shards under GNU parallel, on
# local cores or on other hosts (--sshlogin), then merge the shard files.
#
# Usage: scripts/shards_parallel.sh [-j JOBS] [--sshlogin HOSTS] N OUT.csv -- RUN_ARGS...
#   N         number of shards (shard K writes OUT-shardK.csv)
#   OUT.csv   the merged result file (and OUT.jsonl)
#   RUN_ARGS  what `searchlab run` gets: an experiment file and/or flags
#   -j JOBS   shards at once per host (default 1: timed runs should not share cores)
#   --sshlogin HOSTS  GNU parallel's host list (e.g. "2/alice@node1,2/node2"); each
#             host needs the repository, built, at the same path as here; shard
#             files are copied back (--return) before the merge.
# Environment: SEARCHLAB (the binary, default build/release/searchlab).
# Rerunning the same command resumes every shard (each shard file is
# resumable on its own), then merges again.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=1
ssh=()
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    --sshlogin) ssh=(--sshlogin "$2" --workdir "$PWD"); shift 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 3 ] || [ "$2" = -- ] || [ "$3" != -- ]; then
  sed -n '2,17p' "$0" >&2
  exit 2
fi
n=$1 out=$2
shift 3
bin=${SEARCHLAB:-build/release/searchlab}
command -v parallel >/dev/null || scripts/deps.sh parallel
base=${out%.csv}
ret=()
if [ ${#ssh[@]} -gt 0 ]; then ret=(--return "$base-shard{}.csv" --return "$base-shard{}.jsonl" --return "$base-shard{}.context.jsonl"); fi
echo "== $n shards of: searchlab run $*" >&2
# -q: arguments reach searchlab as given (spaces, quotes); --halt now,fail=1:
# a shard that fails (bad input) stops the others.
parallel --will-cite -q --halt now,fail=1 -j "$jobs" "${ssh[@]}" "${ret[@]}" \
  "$bin" run "$@" --shard "{}/$n" --out "$base-shard{}.csv" ::: $(seq 1 "$n")
shards=()
for k in $(seq 1 "$n"); do shards+=("$base-shard$k.csv"); done
"$bin" merge "${shards[@]}" --out "$out"
