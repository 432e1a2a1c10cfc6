#!/usr/bin/env bash
# ace_cop.sh - searchlab's default strategy and ACE side by side on the
# development set's optimisation instances (COPs), in one run: for each
# instance, ours then ACE's under the same CPU limit, every `o` line (a better
# solution) recorded with the CPU time at which it appeared.  Reports per
# instance the time each solver took to prove the optimum and their ratio
# (where both proved it) and, for the instances neither proved within the
# limit, the anytime curves of both in one figure per instance (the best
# objective over log CPU time, the best known value dashed).
#
# How the two clocks are made comparable: both solvers' `o` lines are
# stamped from outside (bench/ace_lib.sh, run_stamped) with the process's CPU
# time (user + system, all threads, /proc/PID/stat) when the line was read.
# Ours: CPU since the process started (the parse included: milliseconds).
# ACE: CPU since its " ...Building solver" line, stamped the same way, that is
# with the JVM's start, the parse and the loading excluded, as
# bench/ace_xcsp.sh does (generous to ACE).  ACE's own time on an `o` line
# (its second field) is wall-clock seconds since that same point (the
# solver's construction: it matches its "global" block's wck and boundWck);
# it is kept in the anytime table beside the CPU stamp.  Wall time would be
# skewed by the other jobs on a shared machine; CPU time is not (much).
# Time to the proof: ours, the whole process's CPU; ACE, its own solving CPU
# (as in results/ace_xcsp.md) and its process CPU since loaded (stamped).
#
# The limits are CPU limits for both: ours --timeout S (CPU) under ulimit -t
# S + 2; ACE's own -t is wall-clock time, which a loaded machine would cut
# short, so ACE gets a far -t (the wall net) and a CPU limit of S s after
# its instance is loaded (run_stamped's LOADED_LIMIT: its JVM's start, parse
# and loading take 1.5-6 s of CPU, under ulimit -t S + 30 until then); a
# run past its limit is killed without an `s` line (status NONE: not
# proven).  ACE's points after S s of CPU since loaded (the limit is whole
# seconds of process CPU) are left out and it counts as proving only
# within S.  The wall net (the kill if a run hangs) is 20 x S + 30 s here.
#
# Usage: bench/ace_cop.sh [--limit S] [--set DIR] [--out PREFIX] [--plots DIR]
#   --limit S   CPU seconds per run and solver (default 30)
#   --set DIR   a folder of COP .xml instances (default: the dev set's cop/)
#   --out P     writes P.tsv, P_anytime.tsv and P.md (default results/ace_cop)
#   --plots D   the figures' folder (default plots): D/NAME_INSTANCE.{gp,dat,png},
#               NAME the basename of P; gnuplot -e "fmt='pdf'" FILE.gp for a PDF
# SEARCHLAB=PATH runs another binary (e.g. a copy kept while rebuilding).
# Needs ACE and Java 17; without them it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
export WALL_FACTOR=${WALL_FACTOR:-20}
limit=30 out=results/ace_cop set='' plots=plots
while [ $# -gt 0 ]; do
  case $1 in
    --limit) limit=$2; shift 2 ;;
    --set) set=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --plots) plots=$2; shift 2 ;;
    *) echo "ace_cop.sh: unknown argument '$1' (see the header)" >&2; exit 2 ;;
  esac
done
. bench/ace_lib.sh
[ -n "$set" ] || set=$dev/cop
ace_or_skip ace_cop.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
name=$(basename "$out")

# best_known INSTANCE: the objective in the dev set's answers.tsv ("-" if none)
best_known() {
  awk -F'\t' -v n="$1" '$1 == "cop" && $2 == n && $5 != "" { b = $5 } END { print (b != "" ? b : "-") }' "$dev/answers.tsv"
}

# points SOLVER STAMPS OFFSET END LAST: the anytime rows "solver cpu own value"
# of a stamped transcript, CPU less OFFSET; own is ACE's time field ("-" for ours)
points() {
  awk -v s="$1" -v off="$3" '$2 == "o" { t = $1 - off; own = (s == "ace" ? $4 : "-"); printf "%s\t%.3f\t%s\t%s\n", s, (t > 0 ? t : 0), own, $3 }' "$2"
}

# plot INSTANCE BEST LIMIT: one figure from $tmp/pts (this instance's points)
plot() {
  local base=$plots/${name}_$1
  local dat=$base.dat
  {
    echo "# cpu_s	objective	(one block per solver: ours, then ACE; the last row is the run's end)"
    for s in ours ace; do
      echo "# $s"
      awk -F'\t' -v s="$s" '$1 == s { printf "%s\t%s\n", ($2 > 0.01 ? $2 : 0.01), $4; v = $4 } END { if (v != "") printf "%s\t%s\n", e, v }' e="$(cat "$tmp/end_$s")" "$tmp/pts"
      printf '\n\n'
    done
  } >"$dat"
  local b=$2 mark=''
  [ "$b" = - ] || mark="set arrow 1 from graph 0, first $b to graph 1, first $b nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best known: $b' at graph 0.01, first $b left offset 0, 0.6 textcolor rgb '#555555' front"
  cat >"$base.gp" <<GP
# '$(basename "$base").gp' - written by bench/ace_cop.sh; edit freely, then run in this
# folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') { set terminal svg size 800,500 dynamic font 'Sans,13' background rgb 'white'; set output '$(basename "$base").svg' } else {
  if (fmt eq 'pdf') { set terminal pdfcairo size 8in,5in font 'Sans,9' background rgb 'white'; set output '$(basename "$base").pdf' } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 800,500 font 'Sans,11' background rgb 'white' } else { set terminal png size 800,500 }
    set output '$(basename "$base").png' } }
set termoption noenhanced
set datafile separator '\t'
set grid lc rgb '#dddddd'
set key below horizontal
set title '$1: the best objective found (CPU limit $3 s)'
set logscale x
set xrange [0.01:$3]
set xlabel 'CPU seconds (ACE: from its instance loaded)'
set ylabel 'objective'
set offsets 0, 0, graph 0.05, graph 0.05
$mark
plot '$(basename "$dat")' index 0 using 1:2 with steps lc rgb '#0072b2' lw 2 title 'searchlab (default)', \\
     '' index 0 using 1:2 with points lc rgb '#0072b2' pt 7 ps 0.8 notitle, \\
     '' index 1 using 1:2 with steps lc rgb '#d55e00' lw 2 title 'ACE', \\
     '' index 1 using 1:2 with points lc rgb '#d55e00' pt 5 ps 0.8 notitle
GP
  (cd "$plots" && gnuplot "$(basename "$base").gp") || echo "ace_cop.sh: gnuplot failed on $base.gp" >&2
}

printf 'instance\tbest_known\tours_status\tours_objective\tours_cpu_s\tace_status\tace_objective\tace_solve_cpu_s\tace_cpu_since_load_s\tace_process_cpu_s\tratio\tagree\n' >"$tmp/t.tsv"
printf 'instance\tsolver\tcpu_s\tace_own_wall_s\tobjective\n' >"$tmp/a.tsv"
mkdir -p "$plots" "$(dirname "$out")"
for f in "$set"/*.xml; do
  inst=$(basename "$f" .xml)
  best=$(best_known "$inst")
  read -r ours_cpu _ < <(run_stamped "$limit" "$tmp/ours" "$bin" solve xcsp "$f" --timeout "$limit")
  read -r ours_status ours_obj < <(answer "$tmp/ours")
  read -r ace_proc _ < <(LOADED_LIMIT=$limit run_stamped $((limit + 28)) "$tmp/ace" "$ace" "$f" -t="$(wall_net "$limit")s")
  read -r ace_status ace_obj < <(answer "$tmp/ace")
  ace_solve=$(ace_solve_cpu "$tmp/ace")
  load=$(awk '$2 == "...Building" { print $1; exit }' "$tmp/ace.stamps"); load=${load:-0}
  ace_since=$(awk -v a="$ace_proc" -v l="$load" 'BEGIN { printf "%.3f", a - l }')
  # past the limit (CPU since loaded): not proven within it
  [ "$ace_status" = OPTIMUM_FOUND ] && awk -v a="$ace_since" -v s="$limit" 'BEGIN { exit !(a > s) }' && ace_status=LATE_OPTIMUM
  agree=yes
  [ "$ours_status" = OPTIMUM_FOUND ] && [ "$ace_status" = OPTIMUM_FOUND ] && [ "$ours_obj" != "$ace_obj" ] && agree=NO
  ratio=-
  [ "$ours_status" = OPTIMUM_FOUND ] && [ "$ace_status" = OPTIMUM_FOUND ] && [ "$ace_solve" != - ] &&
    ratio=$(awk -v a="$ours_cpu" -v b="$ace_solve" 'BEGIN { printf "%.3f", a / (b > 0.001 ? b : 0.001) }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$inst" "$best" "$ours_status" "$ours_obj" "$ours_cpu" \
    "$ace_status" "$ace_obj" "$ace_solve" "$ace_since" "$ace_proc" "$ratio" "$agree" | tee -a "$tmp/t.tsv"
  { points ours "$tmp/ours.stamps" 0; points ace "$tmp/ace.stamps" "$load" | awk -F'\t' -v s="$limit" '$2 <= s'; } >"$tmp/pts"
  awk -v i="$inst" '{ print i "\t" $0 }' "$tmp/pts" >>"$tmp/a.tsv"
  # a figure where neither proved it and one of them found a solution
  if [ "$ours_status" != OPTIMUM_FOUND ] && [ "$ace_status" != OPTIMUM_FOUND ] && [ -s "$tmp/pts" ]; then
    echo "$ours_cpu" >"$tmp/end_ours"; awk -v a="$ace_since" -v s="$limit" 'BEGIN { print (a < s ? a : s) }' >"$tmp/end_ace"
    plot "$inst" "$best" "$limit"
  fi
done
cp "$tmp/t.tsv" "$out.tsv"
cp "$tmp/a.tsv" "${out}_anytime.tsv"
{
  echo "# searchlab's default and ACE on the XCSP3 development set's COPs: proofs and anytime curves"
  echo
  echo "CPU limit ${limit} s per run; $(nproc) cores shared with other jobs (load at the end $(cut -d' ' -f1-3 /proc/loadavg): CPU times, not wall);"
  echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'); ACE 318b8bf.  Written by bench/ace_cop.sh (its header: how the clocks compare)."
  echo "Ours: the whole process's CPU.  ACE: its own solving CPU (from the instance loaded to the end), and its process CPU"
  echo "(all the JVM's threads) since the instance was loaded.  ratio = ours / ACE's solving CPU where both proved the optimum."
  echo "best known: the dev set's answers.tsv (ACE, longer runs).  Every o line with its CPU time: ${name}_anytime.tsv."
  echo "ACE's status NONE: killed at its CPU limit (no s line); LATE_OPTIMUM: proved after the limit (whole seconds of CPU)."
  echo
  echo "| instance | best known | ours | CPU s | ACE | solve CPU s | CPU since loaded s | ratio | agree |"
  echo "| --- | ---: | --- | ---: | --- | ---: | ---: | ---: | --- |"
  tail -n +2 "$out.tsv" | awk -F'\t' '{ o = $3 ($4 != "-" ? " " $4 : ""); a = $6 ($7 != "-" ? " " $7 : "");
     printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, o, $5, a, $8, $9, $11, $12 }'
  echo
  tail -n +2 "$out.tsv" | awk -F'\t' '
    { n++ } $3 == "OPTIMUM_FOUND" { ours++ } $6 == "OPTIMUM_FOUND" { ace++ }
    $11 != "-" { r++; l += log($11); if ($11 <= 1) le++ } $12 == "NO" { bad++ }
    $3 != "OPTIMUM_FOUND" && $6 != "OPTIMUM_FOUND" { open = open " " $1 ($4 == "-" && $7 == "-" ? " (no solution: no figure)" : "") }
    END { printf "Proven optimal: ours %d of %d, ACE %d.  Both proved: %d, ours at most ACE'"'"'s time on %d of them", ours, n, ace, r, le;
          if (r) printf ", geometric mean of the ratios %.3f", exp(l / r);
          printf ".  Disagreements: %d.\n\nNeither proved within the limit (anytime figures '"$plots/${name}"'_INSTANCE.png):%s.\n", bad, open }'
} >"$out.md"
echo "== wrote $out.tsv, ${out}_anytime.tsv, $out.md and the figures in $plots"
