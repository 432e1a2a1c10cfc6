#!/usr/bin/env bash
# cop_cli.sh BIN - optimisation answers of `solve` as the XCSP3 competition
# rules say (docs/cli.md): `o VALUE` for each better solution, strictly
# better each time; `s OPTIMUM FOUND` (exit 0) when proven; a limit
# mid-search exits 3 with `s SATISFIABLE` and the `v` lines of the best,
# whose objective is the last `o` (checked by solving the instance with
# that instantiation added: its one solution must have that value);
# `s UNSATISFIABLE` (exit 0) and `s UNKNOWN` (exit 3); the JSON's
# status, objective and anytime; the gallery puzzle's `o` lines against
# the walls of its printed solution.
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
dev=instances/xcsp/dev/cop
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# o lines strictly increasing (maximise), the last the optimum, then s
"$bin" solve xcsp $dev/DakotaFurniture.xml >"$tmp/out"; code=$?
[ $code -eq 0 ] && ok || bad "Dakota: exit $code, expected 0"
grep -qx 's OPTIMUM FOUND' "$tmp/out" && ok || bad "Dakota: no 's OPTIMUM FOUND'"
o=$(sed -n 's/^o //p' "$tmp/out")
[ "$(tail -n 1 <<<"$o")" = 280 ] && ok || bad "Dakota: last o is '$(tail -n 1 <<<"$o")', ACE proved 280"
sort -n -c -u <<<"$o" 2>/dev/null && ok || bad "Dakota: o lines not strictly increasing: $o"
# the s line comes after every o line, the v lines after the s line
[ "$(grep -n '^[osv]' "$tmp/out" | cut -d: -f2 | cut -c1 | uniq | tr -d '\n')" = osv ] && ok ||
  bad "Dakota: the lines are not o..., s, v...: $(cut -c1 "$tmp/out" | uniq | tr -d '\n')"

# JSON: optimal, the objective, the anytime points ending at it
js=$("$bin" solve xcsp $dev/DakotaFurniture.xml --json)
grep -q '"status": "optimal"' <<<"$js" && ok || bad "Dakota JSON status: $js"
grep -q '"objective": 280,' <<<"$js" && ok || bad "Dakota JSON objective"
grep -qE '"anytime": \[\[[0-9.]+, 0\].*, 280\]\]' <<<"$js" && ok || bad "Dakota JSON anytime"

# a limit mid-search: exit 3, s SATISFIABLE, and the v solution's
# objective is the last o (its instantiation added to the instance leaves
# one solution, whose o must be that value)
for n in 7 15 25; do
  "$bin" solve xcsp $dev/DakotaFurniture.xml --node-limit $n >"$tmp/lim" 2>/dev/null; code=$?
  [ $code -eq 3 ] && ok || bad "node limit $n: exit $code, expected 3"
  grep -qx 's SATISFIABLE' "$tmp/lim" && ok || bad "node limit $n: no 's SATISFIABLE'"
  last=$(sed -n 's/^o //p' "$tmp/lim" | tail -n 1)
  [ -n "$last" ] && ok || bad "node limit $n: no o line"
  inst=$(sed -n 's/^v //p' "$tmp/lim")
  awk -v inst="$inst" '/<\/constraints>/ { print inst } { print }' $dev/DakotaFurniture.xml \
    >"$tmp/fixed.xml"
  "$bin" solve xcsp "$tmp/fixed.xml" >"$tmp/fixed" 2>&1; code=$?
  [ $code -eq 0 ] && grep -qx 's OPTIMUM FOUND' "$tmp/fixed" && ok ||
    bad "node limit $n: the v solution is no solution of the instance: $(head -3 "$tmp/fixed")"
  [ "$(sed -n 's/^o //p' "$tmp/fixed")" = "$last" ] && ok ||
    bad "node limit $n: the v solution's objective is $(sed -n 's/^o //p' "$tmp/fixed"), the last o $last"
done

# unsat and unknown
cat >"$tmp/unsat.xml" <<'XML'
<instance format="XCSP3" type="COP">
  <variables> <var id="x"> 0..3 </var> <var id="y"> 0..3 </var> </variables>
  <constraints> <intension> gt(x,y) </intension> <intension> gt(y,x) </intension> </constraints>
  <objectives> <minimize> x </minimize> </objectives>
</instance>
XML
got=$("$bin" solve xcsp "$tmp/unsat.xml"); code=$?
[ $code -eq 0 ] && [ "$got" = "s UNSATISFIABLE" ] && ok || bad "unsat COP: exit $code, '$got'"
got=$("$bin" solve xcsp $dev/Vellino1-05.xml --node-limit 1 2>/dev/null); code=$?
[ $code -eq 3 ] && [ "$got" = "s UNKNOWN" ] && ok || bad "no solution by the limit: exit $code, '$got'"

# the gallery: each o line is the walls of a solution, the last the printed one
printf '4\n3 . . 2\n. 5 . .\n. . . .\n2 . 4 .\n' >"$tmp/g.gal"
for s in bt fc gac; do
  "$bin" solve gallery "$tmp/g.gal" --strategy $s >"$tmp/gal"; code=$?
  [ $code -eq 0 ] && ok || bad "gallery $s: exit $code"
  walls=$(grep -v '^o' "$tmp/gal" | tr -cd 1 | wc -c)
  [ "$(sed -n 's/^o //p' "$tmp/gal" | tail -n 1)" = "$walls" ] && ok ||
    bad "gallery $s: last o is not the $walls walls of the solution"
done
# bt with lex order finds 7 walls within 100 nodes, the optimum 6 later
"$bin" solve gallery "$tmp/g.gal" --strategy bt --var lex --node-limit 100 >"$tmp/gal" 2>/dev/null; code=$?
[ $code -eq 3 ] && ok || bad "gallery node limit: exit $code, expected 3"
walls=$(grep -v '^o' "$tmp/gal" | tr -cd 1 | wc -c)
last=$(sed -n 's/^o //p' "$tmp/gal" | tail -n 1)
[ -n "$last" ] && [ "$last" = "$walls" ] && ok ||
  bad "gallery node limit: last o '$last' is not the $walls walls of the solution printed"
# the driver: a COP run's row has status optimal, sense, objective and the
# anytime points (CSV and JSON line); a node limit leaves it solved;
# report shows Objective and Proven, plot writes the anytime figure's script
"$bin" run --puzzle gallery --instances "$tmp/g.gal" --strategy gac --strategy bt:var=lex \
  --timeout 20 --out "$tmp/r.csv" >/dev/null 2>&1; code=$?
[ $code -eq 0 ] && ok || bad "run gallery: exit $code"
head -n 1 "$tmp/r.csv" | grep -q ',sense,objective,anytime$' && ok || bad "run: no objective columns"
grep -q '^[^,]*,[^,]*g.gal,.*,gac,.*,optimal,.*,min,6,[0-9.]*:[0-9]' "$tmp/r.csv" && ok ||
  bad "run: gac's row is not optimal with objective 6 and its anytime points: $(grep ',gac,' "$tmp/r.csv")"
grep -q '"status": "optimal".*"sense": "min", "objective": 6, "anytime": \[\[[0-9.]*, [0-9]*\]' \
  "$tmp/r.jsonl" && ok || bad "run: the JSON line lacks the anytime list"
"$bin" run --puzzle gallery --instances "$tmp/g.gal" --strategy bt:var=lex --node-limit 100 \
  --timeout 20 --out "$tmp/lim.csv" >/dev/null 2>&1
grep -q ',solved,.*,min,7,' "$tmp/lim.csv" && ok || bad "run with a node limit: not solved with 7 walls"
rep=$("$bin" report "$tmp/r.csv" 2>/dev/null)
grep -q 'Objective' <<<"$rep" && grep -q '| *6 | *1/1 |' <<<"$rep" && ok ||
  bad "report: no Objective and Proven columns: $rep"
cmp=$("$bin" report "$tmp/r.csv" --table compare 2>/dev/null)
grep -q 'score (XCSP3 COP)' <<<"$cmp" && ok || bad "compare: no score row"
"$bin" plot "$tmp/r.csv" --kind anytime --out "$tmp/plots" --format svg >/dev/null 2>&1
grep -q 'with steps' "$tmp/plots/r_anytime.gp" && ok || bad "plot --kind anytime: no script"
checks_done cop_cli
