#!/bin/sh
# random.sh SEARCHLAB [DIR] - solves every tests/fzn/random/*.fzn (written
# by gen_random.py with brute-force answers in their first lines) under
# bt, fc, gac, gac with model=search and the puzzle's default strategy:
# satisfaction files must count exactly `% solutions: N` with --all;
# optimisation files must end optimal at `% optimum: V` (unsat for none).
# Every solution passes the independent checker (a wrong one exits 1).
bin=$1
dir=${2:-tests/fzn/random}
fail=0
n=0
for f in "$dir"/*.fzn; do
    want=$(sed -n 's/^% solutions: //p' "$f")
    opt=$(sed -n 's/^% optimum: //p' "$f")
    for s in bt fc gac gac:model=search default; do
        spec="--strategy $s"
        [ "$s" = default ] && spec=
        n=$((n + 1))
        if [ -z "$opt" ]; then
            got=$("$bin" solve fzn "$f" $spec --all 2>&1 | sed -n 's/^% solutions: //p')
            if [ "$got" != "$want" ]; then
                echo "FAIL $f ($s): $got solutions, brute force $want"
                fail=$((fail + 1))
            fi
        else
            out=$("$bin" solve fzn "$f" $spec --json 2>&1)
            st=$(printf '%s\n' "$out" | sed -n 's/.*"status": "\([a-z-]*\)".*/\1/p')
            val=$(printf '%s\n' "$out" | sed -n 's/.*"objective": \(-*[0-9]*\).*/\1/p')
            if [ "$opt" = none ]; then
                ok=$([ "$st" = unsat ] && echo 1)
            else
                ok=$([ "$st" = optimal ] && [ "$val" = "$opt" ] && echo 1)
            fi
            if [ -z "$ok" ]; then
                echo "FAIL $f ($s): $st $val, brute force optimum $opt"
                fail=$((fail + 1))
            fi
        fi
    done
done
echo "$n runs, $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
