#!/usr/bin/env bash
# ace_cop.sh [LIMIT_S] [FILE.xml...] - searchlab's default strategy side by
# side with ACE (the XCSP3 solver of the format's authors) on optimisation
# instances: by default the development set's COPs whose optimum ACE proved
# (tests/xcsp/dev/, provenance in its README), each under a CPU limit of
# LIMIT_S seconds (default 30), the two solvers interleaved (instance by
# instance, which goes first alternating), so that a change of load hits
# both alike.  Writes results/ace_cop.md: per instance each solver's answer
# (proven optimum, best bound, or none), its CPU time (searchlab: the
# process; ACE: its own `d CPU` figure and the process's, the JVM's start
# and threads included), and the ratio searchlab / ACE of the time to
# prove the optimum where both proved it.
# ACE is optional: the project never needs it.  Set ACE=/path/to/ace (a
# launcher taking FILE.xml, default ../shared/peers/ace/ace); without it
# (or without java) the script says so and exits 0.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-30}
shift || true
ace=${ACE:-$(cd .. && pwd)/shared/peers/ace/ace}
if [ ! -x "$ace" ] || ! command -v java >/dev/null 2>&1; then
  echo "ace_cop: ACE not found (ACE=$ace) or no java: skipped (searchlab never needs ACE)"
  exit 0
fi
bin=build/release/searchlab
[ -x "$bin" ] || { echo "ace_cop: build the release preset first"; exit 2; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/xcsp/dev/*.xml)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
net=$((limit * 10 + 60)) # a wall-clock safety net only: CPU time decides

# run WHO FILE: sets status best own_cpu proc_cpu
run() {
  local who=$1 f=$2 out=$tmp/out err=$tmp/err
  if [ "$who" = searchlab ]; then
    ( ulimit -t $((limit + 5)); /usr/bin/time -f '%U %S' -o "$tmp/time" \
        timeout "$net" "$bin" solve xcsp "$f" --timeout "$limit" ) >"$out" 2>"$err"
  else
    # ACE's -t is its own limit; ulimit holds the JVM (all its threads) to
    # the CPU limit as a whole
    ( ulimit -t $((limit + 5)); /usr/bin/time -f '%U %S' -o "$tmp/time" \
        timeout "$net" "$ace" "$f" -t="${limit}s" ) >"$out" 2>"$err"
  fi
  status=$(sed -n 's/^s //p' "$out" | head -n 1)
  [ -n "$status" ] || status="no answer"
  best=$(sed -n 's/^o \([-0-9]*\).*/\1/p' "$out" | tail -n 1)
  # time's last line (a first one says when the command exited non-zero)
  proc_cpu=$(tail -n 1 "$tmp/time" | awk '{ printf "%.2f", $1 + $2 }')
  own_cpu=$proc_cpu
  [ "$who" = ace ] && own_cpu=$(sed -n 's/^d CPU *\([0-9.]*\).*/\1/p' "$out" | tail -n 1)
  [ -n "$own_cpu" ] || own_cpu=$proc_cpu
}

md=results/ace_cop.md.tmp
{
  echo "# searchlab's default against ACE on optimisation instances"
  echo
  echo "$(date -u +%Y-%m-%dT%H:%MZ), $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg), CPU limit ${limit} s each;"
  echo "searchlab $(git rev-parse --short HEAD 2>/dev/null) \`$(sed -n 's/.*default_spec = "\(.*\)",/\1/p' src/xcsp/xcsp.c)\`, ACE: $ace."
  echo "CPU seconds: searchlab's process; ACE's own \`d CPU\` (in brackets its process, JVM start and threads included)."
  echo "Ratio: searchlab / ACE's own CPU time to prove the optimum, where both proved it (0.00: below time's 10 ms resolution)."
  echo "\\`no answer\\`: stopped by \\`ulimit -t\\` at the limit + 5 s of CPU before it printed a status (a search that looks at the clock"
  echo "between nodes only overran it in one node's propagation), or by the wall-clock net; best is its last \\`o\\`."
  echo "ACE's \\`-t\\` is wall time: on a loaded machine it may stop before the CPU limit."
  echo
  echo "| instance | searchlab | best | CPU s | ACE | best | CPU s | ratio |"
  echo "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |"
} >"$md"
i=0
for f in "${files[@]}"; do
  name=$(basename "$f" .xml)
  # interleaved: which solver goes first alternates
  if [ $((i % 2)) -eq 0 ]; then order="searchlab ace"; else order="ace searchlab"; fi
  for who in $order; do
    run "$who" "$f"
    eval "${who}_status=\"\$status\" ${who}_best=\"\$best\" ${who}_own=\"\$own_cpu\" ${who}_proc=\"\$proc_cpu\""
  done
  ratio="-"
  if [ "$searchlab_status" = "OPTIMUM FOUND" ] && [ "$ace_status" = "OPTIMUM FOUND" ]; then
    # a process time of 0.00 is below time's resolution (10 ms): a bound
    ratio=$(awk -v a="$searchlab_own" -v b="$ace_own" 'BEGIN {
      if (b <= 0) print "-"; else if (a == 0) printf "< %.2gx", 0.01 / b; else printf "%.3gx", a / b }')
    [ "$searchlab_best" = "$ace_best" ] || ratio="DIFFERENT OPTIMA"
  fi
  echo "| $name | $searchlab_status | ${searchlab_best:--} | $searchlab_own | $ace_status | ${ace_best:--} | $ace_own ($ace_proc) | $ratio |" >>"$md"
  echo "ace_cop: $name: searchlab $searchlab_status ${searchlab_best:-} ${searchlab_own}s, ACE $ace_status ${ace_best:-} ${ace_own}s"
  i=$((i + 1))
done
mv "$md" results/ace_cop.md
echo "ace_cop: results/ace_cop.md"
