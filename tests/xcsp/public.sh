#!/usr/bin/env bash
# public.sh BIN XCHECK - the public instances of results/public_check.md
# and issue 38 (instances/xcsp/public) against ACE's exact answers
# (answers.tsv there): under the default strategy each satisfaction instance
# counted with --all must give ACE's count and each optimisation instance
# must end with ACE's proven optimum, every solution passing the checker
# inside searchlab and, where it reads every constraint, the independent one
# (xcheck).  The CPU limit is wide (the slowest row run, MisteryShopper-04's
# 501,552 solutions, takes about 5 s in a release build, all the rows run
# about 15 s); a run that does not finish within it fails.
set -u
bin=$1 xcheck=$2
. "$(dirname "$0")/../check.sh"
dir=instances/xcsp/public
limit=${PUBLIC_LIMIT:-120}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# list NAME...: the names of a heredoc, one a line, "#" starting the reason
list() { printf ' %s ' "$(sed -e 's/#.*//' | tr '\n' ' ')"; }
# instances not run because the default does not answer them today
skip=$(list <<'EOF'
BinPacking-n1c1w4a  # finds the optimum 5 (3.7 to 20 s) but no proof within 30 s (docs/xcsp.md, "val=max and BinPacking"): what is left to do
EOF
)
# instances answered right but too slowly for CI (over 2 s of CPU in a
# release build): bench/ace_public.sh runs them beside ACE, the test does not
slow=$(list <<'EOF'
Rack-r2  # optimum 1100 proven in 5.3 s
Lits-Lits-example  # count 1,636 in 2.5 s
QuasiGroup-base-v3-8  # count 12,960 in 190 s (ACE 49 s of solving CPU)
EOF
)
skipped=0 slowed=0
awk -F'\t' 'NR > 1 && $6 == "complete" { print $1, $2, ($1 == "csp" ? $4 : $5) }' \
  "$dir/answers.tsv" >"$tmp/rows"
[ -s "$tmp/rows" ] || bad "no complete row in $dir/answers.tsv"
while read -r kind name want; do
  case "$skip" in *" $name "*) skipped=$((skipped + 1)); continue ;; esac
  case "$slow" in *" $name "*) slowed=$((slowed + 1)); continue ;; esac
  f=$dir/$kind/$name.xml
  flags=(--json --timeout "$limit")
  [ "$kind" = csp ] && flags+=(--all)
  json=$("$bin" solve xcsp "$f" "${flags[@]}" 2>"$tmp/err")
  if [ "$kind" = csp ]; then
    case "$json" in *'"status": "solved"'*) ok ;; *) bad "$name: no complete count within $limit s ($(head -c 200 "$tmp/err"))"; continue ;; esac
    got=$(printf '%s' "$json" | grep -o '"solutions": [0-9]*' | head -1 | cut -d' ' -f2)
  else
    case "$json" in *'"status": "optimal"'*) ok ;; *) bad "$name: no proven optimum within $limit s ($(head -c 200 "$tmp/err"))"; continue ;; esac
    got=$(printf '%s' "$json" | grep -o '"objective": -*[0-9]*' | head -1 | cut -d' ' -f2)
  fi
  [ "$got" = "$want" ] && ok || bad "$name: $got, ACE's exact answer is $want"
  if printf '%s' "$json" | "$xcheck" verify "$f" >/dev/null 2>"$tmp/err"; then
    ok
  else
    # the reference reads a subset (no objective, no symbolic value, the
    # older constraints): a file it cannot read is not a refused solution
    grep -q 'unsupported' "$tmp/err" || bad "$name: the solution is refused: $(cat "$tmp/err")"
  fi
done <"$tmp/rows"
echo "public: not run (listed in tests/xcsp/public.sh): $skipped unanswered by the default today, $slowed too slow for CI"
checks_done public
