#!/usr/bin/env bash
# dev.sh BIN XCHECK - the XCSP3 development set (instances/xcsp/dev, public
# instances written by PyCSP3) against ACE's exact answers (answers.tsv
# there, the rows whose exploration is complete): each satisfaction
# instance counted with --all under bt, fc and gac must give ACE's count,
# every solution passing the independent checker (xcheck), and an
# unsatisfiable one must be proven so.  Runs have a CPU limit with a wide
# margin (the slowest counted instance takes under 5 s of CPU in a
# release build); the pairs (instance, strategy) that do not finish within
# it today are listed below with the reason and are not run, so the list
# is what is left to do, and a pair that should finish and does not fails.
set -u
bin=$1 xcheck=$2
. "$(dirname "$0")/../check.sh"
dir=instances/xcsp/dev
limit=${DEV_LIMIT:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# instance:strategy pairs not run (too slow today), with the reason
slow=" $(sed -e 's/#.*//' <<'EOF' | tr '\n' ' '
DeBruijn-2-5:bt                                   # fc 0.8 s, gac 1.4 s
Dudeney:bt                                        # a sum of cubes over 0..9999, checked when complete
PropStress-20:bt PropStress-20:fc                 # gac: 6 ms (the chains are sums)
Queens-10:bt                                      # allDifferent of expressions, checked only when complete
Spiral:bt Spiral:fc                               # gac: 0.05 s
Square:bt                                         # sums over 0..200 checked only when complete
EOF
) "
skipped=0
# (tab is white space to read: awk keeps the empty columns apart)
awk -F'\t' '$1 == "csp" && $6 == "complete" { print $2, $4, $3 }' "$dir/answers.tsv" >"$tmp/rows"
[ -s "$tmp/rows" ] || bad "no complete satisfaction row in $dir/answers.tsv"
# ACE's count where it is wrong, with the evidence: the count that replaces it
# Grocery: ACE counts 97, but its 97th solution (85 157 191 278) has the product
# 708592810, not 711000000; a brute force over x0 <= x1 <= x2 <= x3 among the
# divisors of 711000000 with the sum 711 finds one: 120 125 150 316
fixed_count() { case $1 in Grocery) echo 1 ;; *) echo "$2" ;; esac; }
while read -r name count status; do
  count=$(fixed_count "$name" "$count")
  f=$dir/csp/$name.xml
  for s in bt fc gac; do
    case "$slow" in *" $name:$s "*) skipped=$((skipped + 1)); continue ;; esac
    json=$("$bin" solve xcsp "$f" --all --json --timeout "$limit" --strategy "$s" 2>"$tmp/err")
    got=$(printf '%s' "$json" | grep -o '"solutions": [0-9]*' | head -1 | cut -d' ' -f2)
    case "$json" in
      *'"status": "solved"'*|*'"status": "unsat"'*) ;;
      *) bad "$name $s: did not finish within $limit s of CPU ($(head -c 200 "$tmp/err"))"; continue ;;
    esac
    [ "$got" = "$count" ] && ok || bad "$name $s: $got solutions, ACE counts $count ($status)"
    # the last solution, checked by the reference outside the engine where
    # it reads the instance (the older subset: intension, extension,
    # allDifferent, instantiation); solve's own verifier (the families'
    # checks) has checked every solution in any case ("wrong-answer")
    if [ "$count" -gt 0 ]; then
      if printf '%s' "$json" | "$xcheck" verify "$f" >/dev/null 2>"$tmp/err"; then
        ok
      else
        grep -q 'unsupported element' "$tmp/err" || bad "$name $s: the solution is refused: $(cat "$tmp/err")"
      fi
    fi
  done
done <"$tmp/rows"
echo "dev: $skipped (instance, strategy) pairs not run: too slow today (listed in tests/xcsp/dev.sh)"
checks_done dev
