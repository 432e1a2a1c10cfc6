#!/usr/bin/env bash
# xcsp_dev_cpu.sh BIN [BIN2] - the XCSP3 development set ($XCSP_DEV, default
# ../shared/data/xcsp-dev) under the default strategy with a CPU limit
# ($LIMIT, default 10 s): one TSV line per instance and binary with the
# status, nodes and CPU seconds (user + sys of the whole process, reading
# and building counted).  With two binaries the runs alternate instance by
# instance, so both see the same load on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
dev=${XCSP_DEV:-../shared/data/xcsp-dev}
limit=${LIMIT:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'instance\tbin\tstatus\tnodes\tcpu_s\n'
for f in "$dev"/csp/*.xml "$dev"/cop/*.xml; do
  for b in "$@"; do
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$b" solve xcsp "$f" --json --timeout "$limit" \
      >"$tmp/j" 2>/dev/null || true
    json=$(cat "$tmp/j")
    out=$(tail -n 1 "$tmp/t")
    st=$(printf '%s' "$json" | grep -o '"status": "[a-z-]*"' | head -1 | cut -d'"' -f4)
    nodes=$(printf '%s' "$json" | grep -o '"nodes": [0-9]*' | head -1 | cut -d' ' -f2)
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' <<<"$out")
    printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$f" .xml)" "$(basename "$b")" "$st" "$nodes" "$cpu"
  done
done
