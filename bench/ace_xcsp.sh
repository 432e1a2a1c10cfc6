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
ace=${ACE:-../shared/peers/ace/ace}
dev=../shared/data/xcsp-dev
[ ${#sets[@]} -gt 0 ] || sets=("$dev/csp" "$dev/cop")
if [ ! -x "$ace" ] || ! command -v java >/dev/null; then
  echo "ace_xcsp.sh: ACE ($ace) or java not found: nothing to compare (skipped)"; exit 0
fi
bin=build/release/searchlab
[ -x "$bin" ] || { echo "== build (release)"; cmake --preset release >/dev/null && cmake --build --preset release -j "$(nproc)" >/dev/null; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run LIMIT OUTFILE CMD...: runs CMD in a subshell under a CPU limit (ulimit
# -t) and a wall net of 3 x LIMIT + 30 s (timeout), prints "CPU_SECONDS EXIT":
# the subshell's children's user + system time (bash's times), that is the
# command's and timeout's (a few ms).
run() {
  local limit=$1 outfile=$2; shift 2
  (
    ulimit -t $((limit + 2))
    code=0
    timeout -s KILL $((3 * limit + 30)) "$@" >"$outfile" 2>&1 || code=$?
    times >"$outfile.times" # not in a pipe: a pipe's subshell has times of its own
    tail -1 "$outfile.times" | awk -v c=$code '{ for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.3f %d\n", t, c }'
  )
}

# The answer of a competition transcript: status and last objective.
answer() { # file -> "STATUS OBJECTIVE"
  awk '/^s /{ sub(/^s /, ""); s = $0 } /^o /{ o = $2 } END { gsub(/ /, "_", s); print (s ? s : "NONE"), (o != "" ? o : "-") }' "$1"
}

solved() { case $1 in SATISFIABLE|UNSATISFIABLE|OPTIMUM_FOUND) return 0 ;; esac; return 1; }

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
    ace_solve=$(awk '/^  constraints/{c = 1} c && /cpu:/ && !l { for (i = 1; i <= NF; i++) if ($i ~ /^cpu:/) { sub(/cpu:/, "", $i); l = $i } }
                     /^  global/{g = 1} g && /cpu:/ { for (i = 1; i <= NF; i++) if ($i ~ /^cpu:/) { sub(/cpu:/, "", $i); e = $i } }
                     END { if (l != "" && e != "") printf "%.3f", e - l; else print "-" }' "$tmp/ace")
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
