#!/bin/sh
# minizinc.sh SEARCHLAB - small MiniZinc models (tests/fzn/mzn/t_*.mzn, every
# global of our library, reified and arithmetic forms, sat, opt and unsat)
# compiled by `minizinc --solver searchlab` with our mznlib through the
# solver configuration the build wrote (BUILD/mzn), solved under the
# default strategy, fc and gac; answers must equal Gecode's, committed in
# tests/fzn/mzn/EXPECTED and EXPECTED_SETS (models with set variables).  Skipped (77) where minizinc is not installed.
bin=$1
command -v minizinc >/dev/null 2>&1 || { echo "minizinc not installed: skipped"; exit 77; }
MZN_SOLVER_PATH=$(cd "$(dirname "$bin")" && pwd)/mzn
export MZN_SOLVER_PATH
dir=tests/fzn/mzn
fail=0 n=0
while IFS='	' read -r model want; do
    case "$model" in ''|'#'*) continue ;; esac
    for s in default fc gac; do
        n=$((n + 1))
        if [ "$s" = default ]; then
            out=$(cd "$dir" && minizinc --solver searchlab -a "$model" 2>&1)
        else
            out=$(cd "$dir" && minizinc --solver searchlab --strategy "$s" -a "$model" 2>&1)
        fi
        if printf '%s\n' "$out" | grep -q '^=====UNSATISFIABLE'; then
            got=unsat
        elif printf '%s\n' "$out" | grep -q '^obj='; then
            got="optimum $(printf '%s\n' "$out" | grep '^obj=' | tail -1 | cut -d= -f2)"
            printf '%s\n' "$out" | grep -q '^==========$' || got="$got (not proven)"
        else
            got="solutions $(printf '%s\n' "$out" | grep -c -- '^----------$')"
            printf '%s\n' "$out" | grep -q '^==========$' || got="$got (search not complete)"
        fi
        if [ "$got" != "$want" ]; then
            echo "FAIL $model ($s): $got, Gecode: $want"
            printf '%s\n' "$out" | head -5
            fail=$((fail + 1))
        fi
    done
done <<EOF
$(cat "$dir/EXPECTED" "$dir/EXPECTED_SETS")
EOF
# The course's Futoshiki in MiniZinc (models/futoshiki_distinct_domain.mzn:
# all_different, our library's global) through MiniZinc and searchlab, by
# the minizinc strategy: every solution passes the futoshiki puzzle's own
# verifier, and the count equals searchlab's own gac model's.
for f in instances/futoshiki/*.fut; do
    n=$((n + 1))
    own=$("$bin" solve futoshiki "$f" --strategy gac --all | sed -n 's/^solutions: //p')
    got=$("$bin" solve futoshiki "$f" --all \
        --strategy "minizinc:solver=searchlab,model=models/futoshiki_distinct_domain.mzn" |
        sed -n 's/^solutions: //p')
    if [ -z "$own" ] || [ "$got" != "$own" ]; then
        echo "FAIL $f through MiniZinc: $got solutions, searchlab's own model: $own"
        fail=$((fail + 1))
    fi
done
echo "$n runs, $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
