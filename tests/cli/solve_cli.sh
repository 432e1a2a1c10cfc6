#!/usr/bin/env bash
# solve_cli.sh BIN - the `solve` and `list` contract of docs/cli.md: outputs,
# exit statuses, JSON fields, flag errors.
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
fut=instances/futoshiki
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# list: headings end in ':' and name every strategy and queue
out=$("$bin" list)
for h in puzzles: strategies: queues: var: val:; do
  grep -qx "$h" <<<"$out" && ok || bad "list lacks heading $h"
done
for n in futoshiki bt fc gac constraint-fifo constraint-lifo arc-fifo variable-fifo dom dom/wdeg dom/deg lex; do
  grep -qE "^  $n( |$)" <<<"$out" && ok || bad "list lacks $n"
done

# the course case 1 solution, printed as digits separated by single spaces
want=$(sed -n 's/^#   //p' $fut/case1.fut)
for s in bt fc gac gac:queue=arc-fifo,var=dom/wdeg; do
  got=$("$bin" solve futoshiki $fut/case1.fut --strategy "$s")
  [ "$got" = "$want" ] && ok || bad "case1 with $s printed '$got'"
done

# --all counts; a puzzle with none says 'no solution'
printf '2\n0 0\n0 0\n' > "$tmp/two.fut"
got=$("$bin" solve futoshiki "$tmp/two.fut" --all | tail -n 1)
[ "$got" = "solutions: 2" ] && ok || bad "--all on 2x2 printed '$got'"
printf '2\n1 0\n0 0\n1\n0 0 0 1\n0 1 0 0\n' > "$tmp/none.fut" || true
printf '2\n0 0\n0 0\n2\n0 0 0 1\n0 1 0 0\n' > "$tmp/none.fut"
got=$("$bin" solve futoshiki "$tmp/none.fut")
[ "$got" = "no solution" ] && ok || bad "unsat printed '$got'"
expect_code 0 "unsat exits 0" "$bin" solve futoshiki "$tmp/none.fut"

# limits stop with exit 3 and the JSON status says which
expect_code 3 "node limit" "$bin" solve futoshiki $fut/case5.fut --strategy bt --node-limit 100
st=$("$bin" solve futoshiki $fut/case5.fut --strategy bt --node-limit 100 --json 2>/dev/null | grep -o '"status": "[a-z-]*"')
[ "$st" = '"status": "node-limit"' ] && ok || bad "node-limit JSON status: $st"
expect_code 3 "timeout" "$bin" solve futoshiki $fut/case5.fut --strategy bt --var lex --timeout 0.05

# JSON: the fields of docs/cli.md, every counter, parseable by python
json=$("$bin" solve futoshiki $fut/case5.fut --json --queue arc-fifo)
for k in puzzle instance strategy queue var val status solutions solution stats nodes fails max_depth \
         revisions checks prunings inference_calls inference_ns total_ns queue_pushes; do
  grep -q "\"$k\":" <<<"$json" && ok || bad "JSON lacks $k"
done
python3 -c 'import json,sys; j=json.loads(sys.stdin.read()); assert j["queue"]=="arc-fifo" and j["status"]=="solved" and len(j["solution"])==9 and j["stats"]["nodes"]>0' <<<"$json" \
  && ok || bad "JSON does not parse or lacks values: $json"

# --stats goes to stderr only
out=$("$bin" solve futoshiki $fut/case1.fut --stats 2>/dev/null)
[ "$out" = "$want" ] && ok || bad "--stats leaked into stdout"
err=$("$bin" solve futoshiki $fut/case1.fut --stats 2>&1 >/dev/null)
grep -q "avg_inference_ns" <<<"$err" && grep -q "^  nodes " <<<"$err" && ok || bad "--stats table missing"

# a puzzle's default strategy (aquarium: gac:var=dom/wdeg), also under a
# shorthand flag; an own-search puzzle's default is its first search
aq=$(ls instances/aquarium/*.aq | head -n 1)
j=$("$bin" solve aquarium "$aq" --json)
grep -q '"var": "dom/wdeg"' <<<"$j" && grep -q '"strategy": "gac"' <<<"$j" && ok || bad "aquarium default: $j"
j=$("$bin" solve aquarium "$aq" --json --queue dom)
grep -q '"var": "dom/wdeg"' <<<"$j" && grep -q '"queue": "dom"' <<<"$j" && ok || bad "aquarium --queue dom: $j"
j=$("$bin" solve futoshiki $fut/case1.fut --json)
grep -q '"var": "dom/wdeg",' <<<"$j" && grep -q '"queue": "variable-fifo"' <<<"$j" && grep -q '"alldiff": "domain"' <<<"$j" \
  && ok || bad "futoshiki default: $j"
"$bin" list | grep -q "^  futoshiki .*(default strategy gac:queue=variable-fifo,var=dom/wdeg,alldiff=domain;" && ok \
  || bad "list does not name the futoshiki default"
j=$("$bin" solve convict instances/convict/classic_4x4.cvt --json)
grep -q '"strategy": "smart"' <<<"$j" && ok || bad "convict default: $j"
"$bin" list | grep -q "^  aquarium .*(default strategy gac:var=dom/wdeg[;)]" && ok || bad "list does not name the default"

# flag errors name the flag; exit 2
for args in "--strategy nope" "--strategy gac:queue=nope" "--strategy gac:var" "--node-limit -3" \
            "--timeout abc" "--bogus" "--strategy fc:model=nope"; do
  err=$("$bin" solve futoshiki $fut/case1.fut $args 2>&1 >/dev/null); code=$?
  [ $code -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && ok || bad "'$args': exit $code: $err"
done
# the spec's one home: every kind of wrong spec names the key and what is allowed
spec_err() { # WANT ARGS...: exit 2 and a message containing WANT
  local want=$1; shift
  local err; err=$("$bin" solve futoshiki $fut/case1.fut "$@" 2>&1 >/dev/null); local code=$?
  [ $code -eq 2 ] && grep -qF -- "$want" <<<"$err" && ok || bad "$*: exit $code: $err (want: $want)"
}
spec_err "'queue' is not a key of 'fc'; fc takes var, val, support, timing, restart, lc, phase, nogood, domain, model" --strategy fc:queue=dom
spec_err "'queue' is given twice" --strategy gac:queue=dom,queue=arc-fifo
spec_err "'queue' is given twice (in --strategy and as --queue)" --strategy gac:queue=dom --queue arc-fifo
spec_err "--queue given twice (it takes one value)" --queue dom --queue arc-fifo
spec_err "unknown support 'fast' (one of: bits, scan, rm)" --support fast
spec_err "'queue' is not a key of 'bt'" --strategy bt --queue dom
# restart=: bad values name the key and the form; --seed wants a number
form="(expected none, luby:N or geom:N,F (N an integer >= 1, F a number > 1))"
spec_err "restart 'luby:0': N must be an integer from 1 to 1000000000 $form" --strategy gac:restart=luby:0
spec_err "restart 'geom:100,1': F must be a number above 1 and at most 1000 $form" --restart geom:100,1
spec_err "restart 'geom:100': geom needs a cutoff and a factor, N,F $form" --strategy fc:restart=geom:100
spec_err "restart 'fast': unknown restart policy $form" --restart fast
spec_err "unknown lc 'yes' (one of: off, on)" --lc yes
spec_err "--seed: expected an integer from 0 up (a seed), found '-3'" --strategy gac:restart=luby:4 --seed -3
# restarts: the counter, the labels, the same seed the same search, --trace
j=$("$bin" solve futoshiki $fut/case2.fut --strategy gac:var=dom/wdeg,restart=geom:1,1.5,lc=on --seed 5 --json)
grep -q '"restart": "geom:1,1.5"' <<<"$j" && grep -q '"lc": "on"' <<<"$j" && grep -q '"status": "solved"' <<<"$j" \
  && ok || bad "restart labels: $j"
python3 -c 'import json,sys; j=json.loads(sys.stdin.read()); assert j["stats"]["restarts"] > 0' <<<"$j" \
  && ok || bad "no restart counted: $j"
j2=$("$bin" solve futoshiki $fut/case2.fut --strategy gac:var=dom/wdeg,restart=geom:1,1.5,lc=on --seed 5 --json)
[ "$(grep -o '"stats": .*' <<<"$j" | sed 's/"[a-z_]*_ns": [0-9]*//g')" = "$(grep -o '"stats": .*' <<<"$j2" | sed 's/"[a-z_]*_ns": [0-9]*//g')" ] \
  && ok || bad "the same seed gave another search"
# phase saving changes nothing without an objective: the same search, node for node
j=$("$bin" solve futoshiki $fut/case2.fut --strategy gac:var=dom/wdeg,restart=luby:1,phase=on --seed 5 --json)
j2=$("$bin" solve futoshiki $fut/case2.fut --strategy gac:var=dom/wdeg,restart=luby:1 --seed 5 --json)
grep -q '"phase": "on"' <<<"$j" && [ "$(grep -o '"stats": .*' <<<"$j" | sed 's/"[a-z_]*_ns": [0-9]*//g')" = "$(grep -o '"stats": .*' <<<"$j2" | sed 's/"[a-z_]*_ns": [0-9]*//g')" ] \
  && ok || bad "phase=on changed a search without an objective: $j"
j=$("$bin" solve futoshiki $fut/case1.fut --json)
grep -q '"restart": "none"' <<<"$j" && grep -q '"lc": "off"' <<<"$j" && grep -q '"phase": "off"' <<<"$j" && grep -q '"restarts": 0' <<<"$j" \
  && ok || bad "default restart labels: $j"
"$bin" solve futoshiki $fut/case2.fut --strategy gac:restart=luby:1 --trace 2>&1 >/dev/null | grep -q '^restart: run 2, cutoff 1 failures$' \
  && ok || bad "--trace does not show the restarts"
# shorthands amend the default spec, any key of the table; labels in JSON
j=$("$bin" solve futoshiki $fut/case1.fut --queue dom --support=rm --timing off --json)
grep -q '"queue": "dom"' <<<"$j" && grep -q '"support": "rm"' <<<"$j" && grep -q '"timing": "off"' <<<"$j" \
  && ok || bad "shorthands: $j"
j=$("$bin" solve futoshiki $fut/case1.fut --strategy fc --json)
grep -q '"queue": null' <<<"$j" && grep -q '"support": "bits"' <<<"$j" && ok || bad "fc labels: $j"
# alldiff: a label in JSON (the key's default when not given); list says
# which puzzles it applies to; a puzzle without all-different groups
# refuses any level, naming the key and its values; an unknown level is
# refused like any unknown value
j=$("$bin" solve futoshiki $fut/case5.fut --strategy gac:queue=dom,alldiff=bounds --all --json)
grep -q '"alldiff": "bounds"' <<<"$j" && grep -q '"solutions": 1' <<<"$j" && ok || bad "alldiff=bounds: $j"
j=$("$bin" solve futoshiki $fut/case1.fut --strategy fc --json)
grep -q '"alldiff": "pairwise"' <<<"$j" && ok || bad "alldiff default label: $j"
j=$("$bin" solve museum instances/museum/$(ls instances/museum | grep -m1 '\.mus$') --json)
# museum has no all-different groups: the level means nothing there, no label
grep -q '"alldiff": null' <<<"$j" && ok || bad "museum alldiff label: $j"
out=$("$bin" list)
grep -qE "^  futoshiki .*all-different groups: rows and columns" <<<"$out" && ok || bad "list: futoshiki's groups"
grep -E "^  (museum|aquarium|convict) " <<<"$out" | grep -q "all-different" && bad "list: groups on a puzzle without" || ok
grep -qE "^  alldiff  *\(bt fc gac\) pairwise\|value\|bounds\|domain \[default pairwise\]" <<<"$out" && ok || bad "list: the alldiff key"
adl_err() { # PUZZLE FILE ARGS...: exit 2, one line naming the key, the values and where it applies
  local p=$1 f=$2; shift 2
  local err; err=$("$bin" solve "$p" "$f" "$@" 2>&1 >/dev/null); local code=$?
  [ $code -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "alldiff" <<<"$err" \
    && grep -qF "pairwise, value, bounds, domain" <<<"$err" && ok || bad "$p $*: exit $code: $err"
}
mus=instances/museum/$(ls instances/museum | grep -m1 '\.mus$')
aq=$(ls instances/aquarium/*.aq | head -n 1)
adl_err museum "$mus" --alldiff domain
adl_err museum "$mus" --strategy gac:model=rooms,alldiff=pairwise
adl_err museum "$mus" --strategy bt:alldiff=value
adl_err aquarium "$aq" --strategy fc:alldiff=bounds
adl_err aquarium "$aq" --alldiff domain
adl_err futoshiki $fut/case1.fut --alldiff everything
err=$("$bin" solve futoshiki $fut/case1.fut --strategy gac:alldiff=everything 2>&1 >/dev/null)
grep -qF "unknown alldiff 'everything' (one of: pairwise, value, bounds, domain)" <<<"$err" && ok || bad "unknown level: $err"
err=$("$bin" solve museum "$mus" --alldiff domain 2>&1 >/dev/null)
grep -qF "museum has no all-different groups" <<<"$err" && grep -q "applies to puzzles with groups: futoshiki" <<<"$err" \
  && ok || bad "museum alldiff: $err"
err=$("$bin" solve convict instances/convict/classic_4x4.cvt --strategy smart:alldiff=domain 2>&1 >/dev/null); code=$?
[ $code -eq 2 ] && grep -qF "'alldiff' is not a key of 'smart'; smart takes order, cut" <<<"$err" && ok || bad "convict alldiff: exit $code: $err"
err=$("$bin" solve convict instances/convict/classic_4x4.cvt --alldiff domain 2>&1 >/dev/null); code=$?
[ $code -eq 2 ] && grep -q "alldiff" <<<"$err" && ok || bad "convict --alldiff: exit $code: $err"
# run refuses it before the first run (exit 2)
err=$("$bin" run --puzzle museum --instances "$mus" --strategy gac:alldiff=domain --out "$tmp/adl.csv" 2>&1); code=$?
[ $code -eq 2 ] && grep -q "has no all-different groups" <<<"$err" && [ ! -s "$tmp/adl.csv" ] && ok || bad "run museum alldiff: exit $code: $err"

# list names every family's strategies with their keys and values, installed or not
out=$("$bin" list)
for want in "^  minizinc  *\[outside: futoshiki; (not )?installed\]" "^  support  *\(fc gac\) bits\|scan\|rm" \
            "^  model  *\(bt fc gac\)" "^  museum .*models index, rooms" "^  cut  *\(smart dfs"; do
  grep -qE "$want" <<<"$out" && ok || bad "list lacks $want"
done
"$bin" solve --help | grep -qE "^  queue  *\(gac\)" && ok || bad "solve --help does not list the keys"
expect_code 2 "unknown puzzle" "$bin" solve nopuzzle $fut/case1.fut
expect_code 2 "missing file" "$bin" solve futoshiki /nonexistent.fut
expect_code 2 "unknown command" "$bin" frobnicate
expect_code 0 "help" "$bin" solve --help
# --stats shows the counters of the puzzle's search, not Same Game's
err=$("$bin" solve futoshiki $fut/case1.fut --stats 2>&1 >/dev/null)
grep -qE "^  nodes  " <<<"$err" && grep -qE "^  revisions  " <<<"$err" && ok || bad "--stats lacks the search's counters: $err"
grep -qE "^  (expanded|store_ops|path_ns|count_visits) " <<<"$err" && bad "--stats shows Same Game's counters: $err" || ok

checks_done solve_cli
