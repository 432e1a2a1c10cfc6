#!/usr/bin/env bash
# minizinc.sh BIN - the `minizinc` strategy (src/solve/minizinc.c).
# Always: with the executable absent (SEARCHLAB_MINIZINC pointing nowhere),
# `solve` and `run` refuse it with a clear message and exit status 2, no
# crash.  When minizinc is installed: differential checks against gac (the
# course cases' solutions, the 576 solutions of the empty 4x4 board, an
# unsat board), the node limit, a `run` experiment, and the same search
# trees as Gecode like for like (pairwise != against models/futoshiki.mzn,
# alldiff=domain under every queue against Gecode's domain-consistent
# distinct, models/futoshiki_distinct_domain.mzn, whose FlatZinc is checked
# to hold the global).  Without minizinc the second part is skipped (exit
# 77, ctest's SKIP_RETURN_CODE).
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
fut=instances/futoshiki
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# ---- absent: refused with a message, exit 2
msg=$(SEARCHLAB_MINIZINC=/nonexistent/minizinc "$bin" solve futoshiki $fut/case1.fut --strategy minizinc 2>&1)
code=$?
[ $code -eq 2 ] && ok || bad "absent minizinc: exit $code, expected 2"
grep -q "minizinc executable is not installed" <<<"$msg" && ok || bad "absent minizinc said '$msg'"
msg=$(SEARCHLAB_MINIZINC=/nonexistent/minizinc "$bin" run --puzzle futoshiki --instances $fut/case1.fut \
      --strategy minizinc --out "$tmp/absent.csv" 2>&1)
code=$?
[ $code -eq 2 ] && ok || bad "run with absent minizinc: exit $code, expected 2"
grep -q "not installed" <<<"$msg" && ok || bad "run with absent minizinc said '$msg'"
msg=$("$bin" solve futoshiki $fut/case1.fut --strategy minizinc:colour=red 2>&1)
[ $? -eq 2 ] && grep -q "'colour' is not a key of 'minizinc'; minizinc takes solver, model" <<<"$msg" && ok || bad "bad option said '$msg'"

if [ -z "${SEARCHLAB_MINIZINC:-}" ] && ! command -v minizinc >/dev/null; then
  echo "minizinc not installed: $pass checks passed, the rest skipped"
  [ $fail -eq 0 ] && exit 77 || exit 1
fi

# ---- present: the same answers as our own gac
for f in $fut/case*.fut; do
  want=$("$bin" solve futoshiki "$f" --strategy gac)
  got=$("$bin" solve futoshiki "$f" --strategy minizinc)
  [ "$got" = "$want" ] && ok || bad "$f: minizinc printed '$got'"
done
printf '4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n' >"$tmp/empty4.fut"
for s in gac minizinc minizinc:solver=gecode; do
  got=$("$bin" solve futoshiki "$tmp/empty4.fut" --strategy $s --all | tail -n 1)
  [ "$got" = "solutions: 576" ] && ok || bad "--all on the empty 4x4 with $s printed '$got'"
done
printf '2\n0 0\n0 0\n2\n0 0 0 1\n0 1 0 0\n' >"$tmp/none.fut"
got=$("$bin" solve futoshiki "$tmp/none.fut" --strategy minizinc)
[ "$got" = "no solution" ] && ok || bad "unsat with minizinc printed '$got'"
# statistics land in our columns: Gecode's nodes, failures, solve time
json=$("$bin" solve futoshiki $fut/case3.fut --strategy minizinc --json)
for k in nodes fails total_ns build_ns; do
  grep -qE "\"$k\": [1-9]" <<<"$json" && ok || bad "minizinc --json has no $k > 0: $json"
done
"$bin" solve futoshiki $fut/case5.fut --strategy minizinc --node-limit 5 >/dev/null 2>&1
code=$?
[ $code -eq 3 ] && ok || bad "node limit: exit $code, expected 3"
# the driver needs no special case
if "$bin" run --puzzle futoshiki --instances $fut/case1.fut --instances $fut/case2.fut --strategy minizinc \
     --strategy gac --out "$tmp/r.csv" >/dev/null 2>&1; then
  n=$(grep -c ',minizinc,.*,solved,' "$tmp/r.csv")
  [ "$n" -eq 2 ] && ok || bad "run: $n minizinc rows solved, expected 2: $(cat "$tmp/r.csv")"
else
  bad "run with minizinc failed"
fi

# the same tree as Gecode, like for like (var=dom,val=lex against
# first_fail,indomain_min), on complete searches: Gecode's nodes = 2 x our
# decisions + 1 and its failures = our fails; pairwise != against
# models/futoshiki.mzn, alldiff=domain (every queue) against Gecode's
# domain-consistent distinct (models/futoshiki_distinct_domain.mzn)
tree() { # SPEC FILE: "decisions fails" or "nodes fails"
  "$bin" solve futoshiki "$2" --strategy "$1" --all --json | jq -r '"\(.stats.decisions) \(.stats.nodes) \(.stats.fails)"'
}
if command -v jq >/dev/null; then
  for f in $fut/case5.fut instances/futoshiki/hard/futoshiki-n9-s901-d0.05-e0.5-min-000.fut \
           instances/futoshiki/hard/futoshiki-n11-s1101-d0.05-e0.5-min-001.fut \
           instances/futoshiki/hard/futoshiki-n12-s1201-d0.05-e0.5-min-000.fut; do
    for pair in "pairwise default" "domain futoshiki_distinct_domain"; do
      set -- $pair
      read -r _ gn gf <<<"$(tree "minizinc:model=$2" "$f")"
      queues="dom"; [ "$1" = domain ] && queues="constraint-fifo constraint-lifo arc-fifo variable-fifo dom"
      for q in $queues; do
        read -r d _ of <<<"$(tree "gac:queue=$q,var=dom,val=lex,alldiff=$1" "$f")"
        [ $((2 * d + 1)) -eq "$gn" ] && [ "$of" -eq "$gf" ] && [ "$d" -gt 0 ] && ok \
          || bad "$f alldiff=$1 queue=$q: 2 x $d + 1 decisions, $of fails; Gecode ($2): $gn nodes, $gf failures"
      done
    done
  done
else
  echo "jq not installed: the tree comparison with Gecode is skipped"
fi
# the model reaches Gecode as its distinct propagator at domain consistency,
# not the pairwise decomposition a plain alldifferent becomes
printf 'n = 3;\ngiven = array2d(1..3, 1..3, [1, 0, 0, 0, 0, 0, 0, 0, 0]);\nm = 1;\nlt = array2d(1..1, 1..4, [0, 1, 0, 2]);\n' >"$tmp/d.dzn"
if minizinc --solver gecode -c models/futoshiki_distinct_domain.mzn "$tmp/d.dzn" -o "$tmp/dd.fzn" 2>/dev/null; then
  k=$(grep -c 'constraint all_different_int(.*):: domain;' "$tmp/dd.fzn")
  [ "$k" -eq 6 ] && ! grep -q 'int_lin_ne\|int_ne' "$tmp/dd.fzn" && ok || bad "futoshiki_distinct_domain.fzn: $k distinct lines: $(cat "$tmp/dd.fzn")"
else
  bad "minizinc -c models/futoshiki_distinct_domain.mzn failed"
fi

checks_done minizinc
