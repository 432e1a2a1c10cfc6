#!/usr/bin/env bash
# ace_public.sh [LIMIT] - searchlab's default strategy beside ACE on the
# public instances of results/public_check.md and issue 38
# (instances/xcsp/public, every row of answers.tsv): each CSP counted
# (ours --all, ACE -s=all), each COP to its proven optimum, one after the
# other under the same CPU limit (default 30 s; ulimit -t on both, ACE also
# told -t).  Writes results/ace_public.md: the answers, our process CPU
# (user + system, start and parsing included), ACE's solving CPU (its
# `d CPU` line: the JVM start and the parser excluded) and its process CPU,
# the ratio ours / ACE's solving CPU, and a summary under the table: how
# many each answered within the limit, how many answers differ from
# answers.tsv, and where both answered, how many ours is faster or slower.
# Needs Java 17 and ACE_JAR (ace.jar); without it the ACE columns are "-".
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-30}
dir=instances/xcsp/public
bin=build/release/searchlab
cmake --preset release >/dev/null
cmake --build --preset release -j 2 >/dev/null
out=results/ace_public.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu CMD...: runs CMD under the CPU limit, its stdout in $tmp/out; prints
# the process tree's user + system CPU seconds
cpu() {
  { /usr/bin/time -f "%U %S" -o "$tmp/time" bash -c "ulimit -t $((limit + 5)); exec \"\$@\"" _ "$@" \
      >"$tmp/out" 2>/dev/null || true; } 2>/dev/null
  awk 'END { printf "%.2f", $1 + $2 }' "$tmp/time"
}
{
  echo "# searchlab's default beside ACE on instances/xcsp/public"
  echo
  echo "CPU limit $limit s; $(nproc) cores; load at the start $(cut -d' ' -f1-3 /proc/loadavg);"
  echo "commit $(git rev-parse --short HEAD); ACE: ${ACE_JAR:-absent}."
  echo "A CSP is counted (ours \`--all\`, ACE \`-s=all\`), a COP solved to its proven optimum."
  echo "ours: process CPU s; ACE: solving CPU s (\`d CPU\`) and process CPU s (the JVM included);"
  echo "ratio = ours / ACE's solving CPU where both finished; expected: answers.tsv."
  echo
  echo "| kind | instance | expected | ours | CPU s | ACE | solve CPU s | process CPU s | ratio |"
  echo "| --- | --- | ---: | --- | ---: | --- | ---: | ---: | ---: |"
} >"$out"
awk -F'\t' 'NR > 1 { print $1, $2, ($1 == "csp" ? $4 : $5) }' "$dir/answers.tsv" |
while read -r kind name want; do
  f=$dir/$kind/$name.xml
  all=(); aall=()
  [ "$kind" = csp ] && all=(--all) && aall=(-s=all)
  c=$(cpu "$bin" solve xcsp "$f" --timeout "$limit" "${all[@]}")
  if [ "$kind" = csp ]; then
    ours=$(grep -q '^s SATISFIABLE\|^s UNSATISFIABLE' "$tmp/out" && grep -m1 '^c solutions' "$tmp/out" | awk '{print $3}' || echo "limit")
  else
    best=$(grep '^o ' "$tmp/out" | tail -1 | awk '{print $2}' || true)
    ours=$(grep -q '^s OPTIMUM FOUND' "$tmp/out" && echo "$best" || echo "${best:-none} (no proof)")
  fi
  ace=- as=- ap=- ratio=-
  if [ -n "${ACE_JAR:-}" ]; then
    ap=$(cpu java -jar "$ACE_JAR" "$f" -t="${limit}s" "${aall[@]}")
    sed -i 's/\x1b\[[0-9;]*m//g' "$tmp/out"
    done_=$(grep -c '^d COMPLETE EXPLORATION' "$tmp/out" || true)  # not INCOMPLETE
    if [ "$kind" = csp ]; then
      ace=$(grep 'FOUND SOLUTIONS' "$tmp/out" | awk '{print $NF}' | tr -d ,)
    else
      ace=$(grep '^o ' "$tmp/out" | tail -1 | awk '{print $2}')
    fi
    [ "$done_" -gt 0 ] || ace="${ace:-none} (limit)"
    as=$(grep '^d CPU' "$tmp/out" | awk '{print $NF}')
    case "$ours$ace" in *limit*|*proof*) ;; *) ratio=$(awk -v a="$c" -v b="$as" 'BEGIN { printf "%.3f", a / b }') ;; esac
  fi
  echo "| $kind | $name | $want | $ours | $c | $ace | ${as:--} | $ap | $ratio |" >>"$out"
done
# the summary: "limit" or "no proof" is an unanswered row; a wrong answer
# is an answer other than the expected one (ACE's complete answer)
awk -F'|' 'function t(x) { gsub(/^ +| +$/, "", x); return x }
  $2 ~ /csp|cop/ {
    n++; want = t($4); ours = t($5); ace = t($7); r = t($10)
    if (ours !~ /limit|proof/) { oa++; if (ours != want) ow++ }
    if (ace != "-" && ace !~ /limit/) { aa++; if (ace != want) aw++ }
    if (r != "-") { both++; if (r + 0 < 1) fast++; else slow++ }
  }
  END {
    printf "\nSummary: %d instances; answered within the limit: ours %d, ACE %d;", n, oa, aa
    printf " answers other than answers.tsv: ours %d, ACE %d;", ow, aw
    printf " where both answered (%d), ours faster than ACE'\''s solving CPU on %d, slower on %d.\n", both, fast, slow
  }' "$out" >>"$out.sum"
cat "$out.sum" >>"$out" && rm -f "$out.sum"
echo "wrote $out"
