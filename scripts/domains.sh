#!/usr/bin/env bash
# domains.sh [--resume] - issue 23's experiment "domain representations":
# the same instances and search (gac, dom/wdeg, first solution) under each
# domain= value, scripts/experiments/domains_futoshiki.exp (Futoshiki and
# quasigroups with holes: domains of 9 to 25 values) and domains_xcsp.exp
# (XCSP3 instances whose largest domain holds 26 to 99,998 values,
# instances/xcsp/domains/).  Writes results/domains_{futoshiki,xcsp}.csv
# (and .jsonl), results/domains.md (per instance: its largest domain, the
# nodes, which must be the same under every representation, and per
# representation the median CPU time per node of the whole run and the
# search's wall-clock time per node) and plots/domains.{dat,gp,png,svg}
# (CPU time per node against the largest domain, one line per
# representation, log-log).
# A few minutes on 2 cores; not part of the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/searchlab
if [ "${1:-}" != "--resume" ]; then
  rm -f results/domains_futoshiki.* results/domains_xcsp.*
fi
for e in futoshiki xcsp; do
  "$bin" run "scripts/experiments/domains_$e.exp" 2>&1 | grep -v '^run: [0-9]' || true
done
kinds=(bits bitset sparse ranges auto)

# One line per (instance, domain): instance, largest domain, domain,
# nodes (distinct values over the runs), median CPU ns per node (the whole
# run: parsing, model, search), median search ns per node (wall clock),
# median CPU s.  Futoshiki's largest domain is its order (size); the XCSP3
# files' come from instances/xcsp/domains/largest.tsv.
largest=$(jq -R -s 'split("\n") | map(select(length > 0 and (startswith("file") | not)) | split("\t"))
                     | map({(.[0]): (.[1] | tonumber)}) | add' instances/xcsp/domains/largest.tsv)
jq -r -s --argjson largest "$largest" '
  def median: sort | if length % 2 == 1 then .[length / 2 | floor]
                     else (.[length / 2 - 1] + .[length / 2]) / 2 end;
  map(select(.status == "solved"))
  | group_by([.instance, .domain])[]
  | (.[0].instance | split("/") | last) as $name
  | [$name,
     (if .[0].puzzle == "xcsp" then $largest[$name] else .[0].size end),
     .[0].domain,
     (map(.nodes) | unique | map(tostring) | join("/")),
     (map(.cpu_s * 1e9 / ([.nodes, 1] | max)) | median),
     (map(.total_ns / ([.nodes, 1] | max)) | median),
     (map(.cpu_s) | median)] | @tsv' \
  results/domains_futoshiki.jsonl results/domains_xcsp.jsonl | sort -t$'\t' -k2,2n -k1,1 >"${TMPDIR:-/tmp}/domains.$$"
rows="${TMPDIR:-/tmp}/domains.$$"
trap 'rm -f "$rows"' EXIT

load=$(cut -d' ' -f1-3 /proc/loadavg)
{
  echo "Domain representations: gac:var=dom/wdeg, first solution, under each domain= value"
  echo "(scripts/domains.sh; medians of 3 runs).  Per representation: CPU time per node of"
  echo "the whole run (cpu_s / nodes: parsing and model included, so on the XCSP3 instances,"
  echo "which take 1 to 43 nodes, mostly the model and the root's propagation) and, in"
  echo "parentheses, the search's wall-clock time per node (total_ns / nodes, disturbed by"
  echo "the load).  nodes: the same under every representation (several values would be"
  echo "listed).  bits gives way to auto's choice for a variable of more than 64 values of"
  echo "span.  Load average at the end: $load (2 cores)."
  echo
  printf '| instance | largest domain | nodes |'
  for k in "${kinds[@]}"; do printf ' %s |' "$k"; done
  echo
  printf '| --- | ---: | ---: |'
  for k in "${kinds[@]}"; do printf ' ---: |'; done
  echo
  awk -F'\t' -v kinds="${kinds[*]}" '
    BEGIN { nk = split(kinds, K, " ") }
    { key = $1
      if (!(key in seen)) { seen[key] = 1; order[++n] = key; dom[key] = $2; nodes[key] = $4 }
      else if (nodes[key] != $4 && index(nodes[key], "; ") == 0) nodes[key] = nodes[key] "; " $4
      t[key, $3] = $5; w[key, $3] = $6 }
    function fmt(ns) { return ns >= 1e6 ? sprintf("%.2f ms", ns / 1e6) : ns >= 1e3 ? sprintf("%.1f us", ns / 1e3) : sprintf("%.0f ns", ns) }
    END { for (i = 1; i <= n; i++) { key = order[i]; line = sprintf("| %s | %d | %s |", key, dom[key], nodes[key])
            for (j = 1; j <= nk; j++) line = line (((key, K[j]) in t) ? sprintf(" %s (%s) |", fmt(t[key, K[j]]), fmt(w[key, K[j]])) : " - |")
            print line } }' "$rows"
} >results/domains.md

# plots/domains.dat: one block per representation (x = largest domain,
# y = CPU us per node of the whole run), in the order of kinds.
{
  for k in "${kinds[@]}"; do
    echo "\"$k\""
    awk -F'\t' -v k="$k" '$3 == k { printf "%d %.4f %s\n", $2, $5 / 1e3, $1 }' "$rows"
    printf '\n\n'
  done
} >plots/domains.dat
cat >plots/domains.gp <<'EOF'
# domains.gp - written by scripts/domains.sh: CPU time per node against
# the instance's largest domain, one line per domain= value.
set logscale xy
set xlabel "largest domain (values)"
set ylabel "CPU time per node, whole run (us)"
set title "domain representations (gac:var=dom/wdeg, first solution, medians of 3)"
set key top left
set grid
plot for [i=0:4] "plots/domains.dat" index i using 1:2 with linespoints title columnheader(1)
EOF
for fmt in png svg; do
  term="pngcairo size 900,600"
  [ "$fmt" = svg ] && term="svg size 900,600"
  gnuplot -e "set terminal $term; set output 'plots/domains.$fmt'" plots/domains.gp
done
cat results/domains.md
echo "wrote results/domains.md, plots/domains.png, plots/domains.svg"
