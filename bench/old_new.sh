#!/usr/bin/env bash
# old_new.sh OLD_BIN NEW_BIN - no regression, side by side in one run: two
# builds of searchlab (e.g. the engine before issue 23's domains of any
# size, and after) and Gecode (through MiniZinc), interleaved run by run
# so that all three see the same load on a shared machine.  Writes
#   results/old_new_domain.md    the domain level like for like (as
#       bench/baseline.sh's domain tree): complete searches, alldiff=domain
#       against Gecode's domain-consistent distinct, the same search;
#   results/old_new_pairwise.md  the pairwise model (gac:queue=dom against
#       Gecode's pairwise !=), first solution;
#   results/old_new_course.md    a subset of the course experiment (fc,
#       gac, gac:queue=dom, arc-fifo with AC3rm on the course and SYSU
#       boards), old against new;
#   results/old_new_qwh.md       QWH boards of order 12 to 18 (fc, gac),
#       old against new;
#   results/old_new_xcsp.md      the XCSP3 development set
#       ($XCSP_DEV, default ../shared/data/xcsp-dev, skipped when absent)
#       under the default strategy, old against new;
# each cell the median and the minimum of REPS runs (default 7) of the
# search time (our total_ns, Gecode's solveTime), ratios of medians and of
# minima; nodes must be equal old and new (the same tree), checked.
# SECTIONS="qwh xcsp" measures only those tables (default: all five).
# Needs minizinc and jq (scripts/deps.sh minizinc jq).
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: old_new.sh OLD_BIN NEW_BIN}
new=${2:?usage: old_new.sh OLD_BIN NEW_BIN}
reps=${REPS:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stat() { jq -r ".stats.$1"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minimum() { sort -n | head -n 1; }
boards=(instances/futoshiki/case5.fut instances/futoshiki/extra_E04_*_9x9.fut
  instances/futoshiki/hard/*.fut)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# side_by_side TITLE OURS_SPEC GECODE_MODEL FLAGS OUT: one table of the
# three sides, interleaved per repetition.
side_by_side() {
  local title=$1 spec=$2 gmodel=$3 flags=$4 out=$5
  {
    echo "$title"
    echo
    echo "| instance | nodes old = new | old: median, min of $reps | new: median, min | Gecode: median, min | old / Gecode: medians, minima | new / Gecode: medians, minima | new / old: medians, minima |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    for f in "${boards[@]}"; do
      : >"$tmp/o" && : >"$tmp/n" && : >"$tmp/g"
      for _ in $(seq "$reps"); do
        # shellcheck disable=SC2086 # flags is a word list
        jo=$("$old" solve futoshiki "$f" --strategy "$spec" $flags --json)
        # shellcheck disable=SC2086
        jn=$("$new" solve futoshiki "$f" --strategy "$spec" $flags --json)
        # shellcheck disable=SC2086
        jg=$("$new" solve futoshiki "$f" --strategy "minizinc:model=$gmodel" $flags --json)
        stat total_ns <<<"$jo" >>"$tmp/o"
        stat total_ns <<<"$jn" >>"$tmp/n"
        stat total_ns <<<"$jg" >>"$tmp/g"
      done
      no=$(stat nodes <<<"$jo") nn=$(stat nodes <<<"$jn")
      same="no ($no, $nn)"
      [ "$no" = "$nn" ] && same="yes ($nn)"
      awk -v n="$(basename "$f" .fut)" -v s="$same" \
        -v to="$(median <"$tmp/o")" -v mo="$(minimum <"$tmp/o")" \
        -v tn="$(median <"$tmp/n")" -v mn="$(minimum <"$tmp/n")" \
        -v tg="$(median <"$tmp/g")" -v mg="$(minimum <"$tmp/g")" \
        'BEGIN { printf "| %s | %s | %.3f, %.3f ms | %.3f, %.3f ms | %.3f, %.3f ms | %.2f, %.2f | %.2f, %.2f | %.2f, %.2f |\n",
                 n, s, to / 1e6, mo / 1e6, tn / 1e6, mn / 1e6, tg / 1e6, mg / 1e6,
                 to / tg, mo / mg, tn / tg, mn / mg, tn / to, mn / mo }'
    done
  } >"$out"
  echo "load after $(basename "$out"): $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

# SECTIONS (default all five) picks the tables to measure again.
only() { [[ " ${SECTIONS:-domain pairwise course qwh xcsp} " == *" $1 "* ]]; }

only domain && side_by_side "Domain level, complete searches (--all): gac:queue=dom,var=dom,val=lex,alldiff=domain,timing=off against Gecode's distinct at domain consistency." \
  gac:queue=dom,var=dom,val=lex,alldiff=domain,timing=off futoshiki_distinct_domain --all \
  results/old_new_domain.md
only pairwise && side_by_side "Pairwise, first solution: gac:queue=dom against Gecode's pairwise model (models/futoshiki.mzn)." \
  gac:queue=dom futoshiki "" results/old_new_pairwise.md

# old_against_new TITLE OUT TIMEOUT: old against new only, interleaved,
# on the rows "PUZZLE FILE SPEC" of standard input (SPEC "-": the
# puzzle's default strategy); the search time (total_ns), nodes and status.
old_against_new() {
  local title=$1 out=$2 timeout=$3 puzzle f spec
  {
    echo "$title"
    echo
    echo "| instance | strategy | status old, new | nodes old = new | old: median, min | new: median, min | new / old: medians, minima |"
    echo "| --- | --- | --- | --- | ---: | ---: | ---: |"
    while read -r puzzle f spec; do
      local args=(--timeout "$timeout" --json)
      [ "$spec" = - ] || args+=(--strategy "$spec")
      : >"$tmp/o" && : >"$tmp/n"
      for _ in $(seq "$reps"); do
        jo=$("$old" solve "$puzzle" "$f" "${args[@]}" </dev/null || true)
        jn=$("$new" solve "$puzzle" "$f" "${args[@]}" </dev/null || true)
        stat total_ns <<<"$jo" >>"$tmp/o"
        stat total_ns <<<"$jn" >>"$tmp/n"
      done
      no=$(stat nodes <<<"$jo") nn=$(stat nodes <<<"$jn")
      same="no ($no, $nn)"
      [ "$no" = "$nn" ] && same="yes ($nn)"
      awk -v n="$(basename "$f" | sed 's/\.[a-z]*$//')" -v sp="$spec" -v s="$same" \
        -v st="$(jq -r .status <<<"$jo"), $(jq -r .status <<<"$jn")" \
        -v to="$(median <"$tmp/o")" -v mo="$(minimum <"$tmp/o")" \
        -v tn="$(median <"$tmp/n")" -v mn="$(minimum <"$tmp/n")" \
        'BEGIN { printf "| %s | %s | %s | %s | %.3f, %.3f ms | %.3f, %.3f ms | %.2f, %.2f |\n",
                 n, sp, st, s, to / 1e6, mo / 1e6, tn / 1e6, mn / 1e6, tn / to, mn / mo }'
    done
  } >"$out"
  echo "load after $(basename "$out"): $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

# The course subset, first solution.
only course && for f in instances/futoshiki/case[1-5].fut instances/futoshiki/extra_*.fut; do
  # fc only where it finishes in well under a second (case3, case5 and
  # the SYSU 9x9 boards take it seconds to minutes)
  case $(basename "$f") in case[124].fut | extra_2019_case1.fut) echo "futoshiki $f fc" ;; esac
  for spec in gac gac:queue=dom "gac:queue=arc-fifo,support=rm"; do echo "futoshiki $f $spec"; done
done | old_against_new "Course subset, first solution: old against new (search time, median and minimum of $reps interleaved runs)." \
  results/old_new_course.md 3

# QWH boards (order 12 to 18 at 42% holes, where fc and gac still finish
# in 10 s: from order 20 every run hits the limit; written by the new
# binary, read by both), first solution.
only qwh && "$new" gen qwh --order 12..18 --step 3 --holes 0.42 --count 2 --seed 1 --out "$tmp/qwh" >"$tmp/qwh.list"
only qwh && while read -r f; do
  for spec in fc gac; do echo "futoshiki $f $spec"; done
done <"$tmp/qwh.list" | old_against_new "QWH boards (gen qwh --order 12..18 --step 3 --holes 0.42 --count 2 --seed 1), first solution, 10 s limit: old against new (search time, median and minimum of $reps interleaved runs)." \
  results/old_new_qwh.md 10

# The XCSP3 development set (../shared/data/xcsp-dev, when present) under
# the default strategy, 10 s of CPU: satisfaction to the first solution,
# optimisation to the proof or the limit.
dev=${XCSP_DEV:-../shared/data/xcsp-dev}
if only xcsp && [ -d "$dev" ]; then
  for f in "$dev"/csp/*.xml "$dev"/cop/*.xml; do echo "xcsp $f -"; done |
    old_against_new "The XCSP3 development set ($dev), the default strategy, 10 s of CPU: old against new (whole solve time, median and minimum of $reps interleaved runs; an instance where either hits the limit compares limits)." \
      results/old_new_xcsp.md 10
fi
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for t in domain pairwise course qwh xcsp; do
  if [ -f "results/old_new_$t.md" ]; then cat "results/old_new_$t.md"; fi
done
