#!/usr/bin/env bash
# ace_xcsp.sh - searchlab's default strategy against ACE (the XCSP3 solver of
# the format's authors, ../shared/peers/ace) on the XCSP3 development set,
# side by side in one run: for each instance, ours then ACE's, each under the
# same CPU limit, the competition's task (a CSP: one solution or a proof that
# there is none; a COP: the optimum, proven).  Reports per instance the
# answers (which must agree), the CPU times and their ratio, ours / ACE's.
#
# CPU time, not wall: ours is the whole process (parse, build, search) from
# the kernel's rusage; ACE's "solving time" is its own cpu at the end of the
# search less its cpu once the instance was parsed and loaded (the JVM's
# start and the parser excluded, as issue 24 asks: a comparison that is
# generous to ACE), and its whole process's CPU is listed too.
#
# Usage: bench/ace_xcsp.sh [--limit S] [--set DIR ...] [--out PREFIX]
#   --limit S   CPU seconds per run and solver (default 30)
#   --set DIR   a folder of .xml instances (default: the dev set's csp/ and cop/)
#   --out P     writes P.tsv and P.md (default results/ace_xcsp)
# Needs ACE and Java 17; without them it says so and exits 0: the project
# never needs ACE (docs/xcsp.md).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=30 out=results/ace_xcsp sets=()
while [ $# -gt 0 ]; do
  case $1 in
    --limit) limit=$2; shift 2 ;;
    --set) sets+=("$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "ace_xcsp.sh: unknown argument '$1' (see the header)" >&2; exit 2 ;;
  esac
done
. bench/ace_lib.sh
[ ${#sets[@]} -gt 0 ] || sets=("$dev/csp" "$dev/cop")
ace_or_skip ace_xcsp.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf 'kind\tinstance\tours_status\tours_objective\tours_cpu_s\tace_status\tace_objective\tace_solve_cpu_s\tace_process_cpu_s\tratio\tagree\n' >"$tmp/t.tsv"
for d in "${sets[@]}"; do
  kind=$(basename "$d")
  for f in "$d"/*.xml; do
    name=$(basename "$f" .xml)
    read -r ours_cpu _ < <(run "$limit" "$tmp/ours" "$bin" solve xcsp "$f" --timeout "$limit")
    read -r ours_status ours_obj < <(answer "$tmp/ours")
    read -r ace_proc _ < <(run "$limit" "$tmp/ace" "$ace" "$f" -t="${limit}s")
    read -r ace_status ace_obj < <(answer "$tmp/ace")
    # ACE's cpu after loading (the "constraints" block) and at the end ("global")
    ace_solve=$(ace_solve_cpu "$tmp/ace")
    agree=yes
    if solved "$ours_status" && solved "$ace_status"; then
      { [ "$ours_status" = UNSATISFIABLE ] || [ "$ace_status" = UNSATISFIABLE ]; } && [ "$ours_status" != "$ace_status" ] && agree=NO
      [ "$ours_status" = OPTIMUM_FOUND ] && [ "$ace_status" = OPTIMUM_FOUND ] && [ "$ours_obj" != "$ace_obj" ] && agree=NO
    fi
    ratio=-
    if [ "$ours_status" != NONE ] && [ "$ours_status" != UNKNOWN ] && [ "$ace_solve" != - ] && solved "$ace_status"; then
      { [ "$kind" != cop ] || [ "$ours_status" = OPTIMUM_FOUND ]; } &&
        ratio=$(awk -v a="$ours_cpu" -v b="$ace_solve" 'BEGIN { printf "%.3f", a / (b > 0.001 ? b : 0.001) }')
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$name" "$ours_status" "$ours_obj" "$ours_cpu" \
      "$ace_status" "$ace_obj" "$ace_solve" "$ace_proc" "$ratio" "$agree" | tee -a "$tmp/t.tsv"
  done
done
mkdir -p "$(dirname "$out")"
cp "$tmp/t.tsv" "$out.tsv"
{
  echo "# searchlab's default against ACE on the XCSP3 development set"
  echo
  echo "CPU limit ${limit} s per run; $(nproc) cores; load at the end $(cut -d' ' -f1-3 /proc/loadavg);"
  echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'); ACE 318b8bf. Ours: the whole process's CPU;"
  echo "ACE: its solving CPU (end less the instance loaded; the JVM and the parser excluded)."
  echo "ratio = ours / ACE's (below 1: ours is faster), where both answered (a COP: both proved the optimum)."
  echo
  echo "| kind | instance | ours | CPU s | ACE | solve CPU s | process CPU s | ratio | agree |"
  echo "| --- | --- | --- | ---: | --- | ---: | ---: | ---: | --- |"
  tail -n +2 "$out.tsv" | awk -F'\t' '{ o = $3 ($4 != "-" ? " " $4 : ""); a = $6 ($7 != "-" ? " " $7 : "");
     printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, o, $5, a, $8, $9, $10, $11 }'
  echo
  tail -n +2 "$out.tsv" | awk -F'\t' '
    { n++ } $3 ~ /SATISFIABLE|OPTIMUM/ { ours++ } $6 ~ /SATISFIABLE|OPTIMUM/ { ace++ }
    $10 != "-" { r++; l += log($10); if ($10 <= 1) le++ } $11 == "NO" { bad++ }
    END { printf "Answered: ours %d of %d, ACE %d.  Both answered: %d, ours at most ACE'"'"'s time on %d of them", ours, n, ace, r, le;
          if (r) printf ", geometric mean of the ratios %.3f", exp(l / r);
          printf ".  Disagreements: %d.\n", bad }'
} >"$out.md"
echo "== wrote $out.tsv and $out.md"
