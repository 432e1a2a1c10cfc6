#!/bin/bash
# minizinc_dev_minizinc.sh SEARCHLAB DATA_DIR GECODE_MSC_DIR LIMIT_S OUT.tsv - every
# (model, data) pair of a MiniZinc development set (DATA_DIR/manifest.tsv:
# problem, model, data, kind, Gecode's recorded answer...) through
# `minizinc --solver searchlab` (our default strategy, the solver file the
# build wrote next to SEARCHLAB) and `minizinc --solver gecode-compat`
# (Gecode 6.2's fzn-gecode with a library MiniZinc 2.6.4 accepts:
# GECODE_MSC_DIR), one after the other, LIMIT_S seconds each (-t); writes
# one row per pair and solver: status (OPTIMAL, SATISFIED, UNSAT, UNKNOWN,
# ERROR), objective, CPU seconds of the whole minizinc process tree
# (compilation included).  docs/benchmarks.md has the table.
set -u
bin=$1 data=$2 gecode=$3 limit=$4 out=$5
ours=$(cd "$(dirname "$bin")" && pwd)/mzn
printf 'problem\tmodel\tdata\tkind\tsolver\tstatus\tobjective\tcpu_s\n' > "$out"
tail -n +2 "$data/manifest.tsv" | while IFS=$'\t' read -r problem model dzn kind rest; do
    for solver in searchlab gecode-compat; do
        tmp=$(mktemp)
        ( cd "$data/$problem" && MZN_SOLVER_PATH="$ours:$gecode" /usr/bin/time -f '%U %S' -o "$tmp.time" \
            timeout $((limit * 3 + 30)) minizinc --solver "$solver" -t $((limit * 1000)) \
            --output-objective --output-mode dzn "$model" "$dzn" > "$tmp" 2> "$tmp.err" )
        if grep -q '^=====UNSATISFIABLE' "$tmp"; then st=UNSAT
        elif grep -q '^==========' "$tmp"; then st=$([ "$kind" = sat ] && echo SATISFIED || echo OPTIMAL)
        elif grep -q '^----------' "$tmp"; then st=SATISFIED
        elif grep -qi 'error' "$tmp.err" "$tmp"; then st=ERROR
        else st=UNKNOWN; fi
        obj=$(sed -n 's/^_objective = \(-*[0-9]*\);$/\1/p' "$tmp" | tail -1)
        cpu=$(awk '{printf "%.2f", $1 + $2}' "$tmp.time" 2>/dev/null)
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$problem" "$model" "$dzn" "$kind" "$solver" "$st" "$obj" "$cpu" >> "$out"
        rm -f "$tmp" "$tmp.err" "$tmp.time"
    done
done
