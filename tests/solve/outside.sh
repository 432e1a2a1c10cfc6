#!/usr/bin/env bash
# outside.sh - outside solvers declared in solver files (docs/driver.md):
# one experiment puts searchlab's gac and fc, searchlab run as an outside
# command, a liar, a busy loop and a silent program into one result file
# whose statuses are solved, solved, solved, wrong, timeout (the CPU limit,
# not the wall net) and crash; the outside command's node counts equal
# searchlab's own on the same seed; a rerun resumes (nothing to do); bad
# solver files are exit 2 with FILE:LINE:COL; an unset {env:NAME} skips the
# solver with one line; ACE's row where Java and its jar are present.
. "$(dirname "$0")/../harness/lib.sh"
out=$TMP/outside.csv
"$BIN" run tests/solve/outside.exp --out "$out" --quiet 2>"$TMP/err"
rc=$?
check "run exits 0 (got $rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "3 instances x 6 strategies = 18 rows (got $(rows "$out"))" [ "$(rows "$out")" -eq 18 ]
field() { # field STRATEGY COLUMN: the column's values over the strategy's rows, sorted, unique
  awk -F, -v s="$1" -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "strategy") c = i; if ($i == col) t = i }; next }
                     $c == s { print $t }' "$out" | sort -u
}
for s in gac fc searchlab-cmd; do
  check "$s solved everything: $(field $s status | tr '\n' ' ')" [ "$(field $s status)" = solved ]
done
check "liar is wrong: $(field liar status)" [ "$(field liar status)" = wrong ]
check "liar's rows say why (the verifier's domain check)" [ "$(grep -c ',liar,.*outside its domain' "$out")" -eq 3 ]
check "busy is timeout, not wall-timeout: $(field busy status)" [ "$(field busy status)" = timeout ]
# stopped by CPU time: its own RLIMIT_CPU (limit + 1 s) or, first on a busy
# machine, the run's (the child's limit, whose note says CPU-time limit)
check "busy stopped at the CPU limit" [ "$(grep -c ',busy,.*at the CPU\(-time\)\? limit' "$out")" -eq 3 ]
busy_cpu=$(field busy cpu_s | awk '$1 < 0.5 || $1 > 3 { bad++ } END { print bad + 0 }')
check "busy used about its CPU limit (1 s; each within 0.5..3 s): $(field busy cpu_s | tr '\n' ' ')" [ "$busy_cpu" -eq 0 ]
check "silent is crash: $(field silent status)" [ "$(field silent status)" = crash ]
check "silent's rows say no answer" [ "$(grep -c ',silent,.*gave no answer' "$out")" -eq 3 ]
# the protocol's counts: searchlab-cmd's nodes (its --stats, read by the
# stat.nodes extractor) are searchlab's own on the same seed
while IFS=, read -r inst seed nodes; do
  own=$("$BIN" solve xcsp "$inst" --seed "$seed" --stats 2>&1 >/dev/null | awk '$1 == "nodes" { print $2 }')
  check "searchlab-cmd on $inst: nodes $nodes = searchlab's own $own" [ "$nodes" = "$own" ]
  check "searchlab-cmd on $inst: nodes > 0" [ "$nodes" -gt 0 ]
done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                  $c["strategy"] == "searchlab-cmd" { print $c["instance"] "," $c["seed"] "," $c["nodes"] }' "$out")
check "searchlab-cmd counted one solution per run" [ "$(field searchlab-cmd solutions)" = 1 ]
# the report's table names the wrong, timed-out and crashed runs
"$BIN" report "$out" >"$TMP/report.md" 2>/dev/null
check "report exits 0" [ $? -eq 0 ]
check "report: liar rows say wrong" [ "$(grep -c '| liar .*| *wrong *|' "$TMP/report.md")" -eq 3 ]
check "report: silent rows say crash" [ "$(grep -c '| silent .*| *crash *|' "$TMP/report.md")" -eq 3 ]
# resume: the same command again has nothing to do, the file is unchanged
cp "$out" "$TMP/before.csv"
"$BIN" run tests/solve/outside.exp --out "$out" --quiet 2>"$TMP/err"
rc=$?
check "rerun exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "rerun added no row" cmp -s "$out" "$TMP/before.csv"
# a run killed in the middle of outside runs resumes to the same set of runs
"$BIN" run tests/solve/outside.exp --out "$TMP/killed.csv" --quiet 2>/dev/null &
pid=$!
wait_rows "$TMP/killed.csv" 4
kill -TERM "$pid" 2>/dev/null
wait "$pid"
"$BIN" run tests/solve/outside.exp --out "$TMP/killed.csv" --quiet 2>"$TMP/err"
rc=$?
check "resumed run exits 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "resumed: 18 rows, each run once" [ "$(rows "$TMP/killed.csv")" -eq 18 ]
check "resumed: each run once" once_each "$TMP/killed.csv"
# solve --solver: the liar's answer is wrong (exit 1), the silent one a crash (exit 3)
i=instances/xcsp/Ortholatin-003.xml
"$BIN" solve xcsp $i --solver tests/solve/solvers/liar.solver >/dev/null 2>"$TMP/err"
check "solve --solver liar: exit 1" [ $? -eq 1 ]
check "solve --solver liar: says wrong" grep -q "answer is wrong" "$TMP/err"
"$BIN" solve xcsp $i --solver solvers/searchlab.solver >"$TMP/sol" 2>"$TMP/err"
rc=$?
check "solve --solver searchlab.solver: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "solve --solver searchlab.solver: s SATISFIABLE" grep -q "^s SATISFIABLE" "$TMP/sol"
# the xcsp3 protocol as ACE writes it (arrays as x[][], a v block over
# several lines, d lines), '*' and VxK values; one value short is wrong
for m in plain stars; do
  "$BIN" solve xcsp $i --solver tests/solve/solvers/ortho-$m.solver --json >"$TMP/o.json" 2>"$TMP/err"
  rc=$?
  check "ortho-$m: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
  json_check "ortho-$m: solved, nodes 12 from its d line" \
    'r = json.load(open(sys.argv[1])); assert r["status"] == "solved" and r["stats"]["nodes"] == 12, r' "$TMP/o.json"
done
"$BIN" solve xcsp instances/xcsp/dev/csp/GracefulGraph-3-5.xml --solver tests/solve/solvers/ace_stars.solver >"$TMP/o.txt" 2>"$TMP/err"
check "ace-stars: '*' cells (dropped, in no constraint) take a value and verify: $(cat "$TMP/err")" grep -q "^s SATISFIABLE" "$TMP/o.txt"
"$BIN" solve xcsp $i --solver tests/solve/solvers/ortho-short.solver >/dev/null 2>"$TMP/err"
check "ortho-short: exit 1" [ $? -eq 1 ]
check "ortho-short: says the v line is short" grep -q "fewer values than names" "$TMP/err"
# every cell named on its own, in reverse order: each name is looked up
"$BIN" solve xcsp $i --solver tests/solve/solvers/ortho-scalars.solver >"$TMP/o.txt" 2>"$TMP/err"
rc=$?
check "ortho-scalars: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "ortho-scalars: solved" grep -q "^s SATISFIABLE" "$TMP/o.txt"
"$BIN" solve xcsp $i --solver tests/solve/solvers/ortho-unknown.solver >/dev/null 2>"$TMP/err"
check "ortho-unknown: exit 1" [ $? -eq 1 ]
check "ortho-unknown: names the unknown variable" grep -q "names 'w', no variable of the instance" "$TMP/err"
# the json protocol (what solve --json prints): a solution object of XCSP3
# names, and for futoshiki an array of rows; nodes from its "stats"
printf 'name = json-x\ncommand = {searchlab} solve xcsp {instance} --json --seed {seed}\naccepts = xcsp\noutput = json\n' >"$TMP/jx.solver"
printf 'name = json-f\ncommand = {searchlab} solve futoshiki {instance} --json --strategy fc\naccepts = futoshiki\noutput = json\n' >"$TMP/jf.solver"
"$BIN" run --puzzle xcsp --instances $i --solver "$TMP/jx.solver" --seed 3 --quiet --out "$TMP/jx.csv" 2>"$TMP/err"
rc=$?
check "json (xcsp): exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
out=$TMP/jx.csv
check "json (xcsp): solved: $(field json-x status) $(field json-x note)" [ "$(field json-x status)" = solved ]
own=$("$BIN" solve xcsp $i --seed "$(field json-x seed)" --stats 2>&1 >/dev/null | awk '$1 == "nodes" { print $2 }')
check "json (xcsp): nodes from its stats ($(field json-x nodes)) = searchlab's own ($own)" [ "$(field json-x nodes)" = "$own" ]
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --solver "$TMP/jf.solver" \
  --quiet --out "$TMP/jf.csv" 2>"$TMP/err"
rc=$?
check "json (futoshiki): exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
out=$TMP/jf.csv
check "json (futoshiki): solved" [ "$(field json-f status)" = solved ]
check "json (futoshiki): nodes = fc's" [ "$(field json-f nodes)" = "$(field fc nodes)" ]
# refused: s UNSUPPORTED, or the declared exit status
printf 'name = unsup\ncommand = sh -c "echo s UNSUPPORTED" {instance}\naccepts = xcsp\noutput = xcsp3\n' >"$TMP/unsup.solver"
printf 'name = exit9\ncommand = sh -c "exit 9" {instance}\naccepts = xcsp\noutput = xcsp3\nrefused_exit = 9\n' >"$TMP/exit9.solver"
"$BIN" run --puzzle xcsp --instances $i --strategy gac --solver "$TMP/unsup.solver" --solver "$TMP/exit9.solver" \
  --quiet --out "$TMP/ref.csv" 2>"$TMP/err"
rc=$?
check "refused: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
out=$TMP/ref.csv
check "s UNSUPPORTED is refused: $(field unsup status)" [ "$(field unsup status)" = refused ]
check "refused_exit 9 is refused: $(field exit9 status)" [ "$(field exit9 status)" = refused ]
check "gac solved beside them" [ "$(field gac status)" = solved ]
"$BIN" report "$TMP/ref.csv" >"$TMP/ref.md" 2>&1
check "report: refused named in the table" [ "$(grep -c '| *refused *|' "$TMP/ref.md")" -eq 2 ]
# an unset {env:NAME}: skipped with one line, the other strategies run
printf 'name = needs-env\ncommand = {env:SEARCHLAB_TEST_UNSET_VAR} {instance}\naccepts = xcsp\noutput = xcsp3\n' >"$TMP/env.solver"
env -u SEARCHLAB_TEST_UNSET_VAR "$BIN" run --puzzle xcsp --instances $i --strategy gac \
  --solver "$TMP/env.solver" --out "$TMP/env.csv" --quiet 2>"$TMP/err"
check "unset variable: exit 0" [ $? -eq 0 ]
check "unset variable: one line naming it: $(cat "$TMP/err")" \
  [ "$(grep -c 'SEARCHLAB_TEST_UNSET_VAR is not set; skipped' "$TMP/err")" -eq 1 ]
check "unset variable: gac ran alone" [ "$(column "$TMP/env.csv" strategy | sort -u)" = gac ]
# bad solver files: exit 2, one line FILE:LINE:COL
while read -r f where; do
  f=tests/solve/bad_solvers/$f
  "$BIN" solve xcsp $i --solver "$f" >/dev/null 2>"$TMP/err"
  rc=$?
  check "$f: exit 2 (got $rc)" [ $rc -eq 2 ]
  check "$f: names $f:$where: $(cat "$TMP/err")" grep -q "^searchlab solve: $f:$where: " "$TMP/err"
  check "$f: one line" [ "$(wc -l <"$TMP/err")" -eq 1 ]
  "$BIN" run --puzzle xcsp --instances $i --solver "$f" --out "$TMP/bad.csv" >/dev/null 2>"$TMP/err"
  check "run --solver $f: exit 2" [ $? -eq 2 ]
  check "run --solver $f: names it: $(cat "$TMP/err")" grep -q "$f:$where: " "$TMP/err"
done <<'LIST'
backref_regex.solver 5:14
bad_env_name.solver 2:15
bad_name.solver 1:8
bad_refused_exit.solver 5:16
compile_placeholder.solver 5:24
compile_unclosed_quote.solver 5:24
compile_without_fzn.solver 5:1
bad_regex.solver 5:14
duplicate_key.solver 3:1
duplicate_stat.solver 6:1
empty_value.solver 2:10
fzn_for_xcsp.solver 4:10
grid_for_xcsp.solver 4:10
huge_regex.solver 5:14
stacked_quantifiers.solver 5:14
missing_command.solver 4:1
missing_equals.solver 4:8
nul_byte.solver 2:15
taken_name.solver 2:8
two_groups.solver 5:14
unclosed_brace.solver 2:15
unclosed_quote.solver 2:15
unknown_column.solver 5:6
unknown_key.solver 5:1
unknown_output.solver 4:10
unknown_placeholder.solver 2:26
unknown_puzzle.solver 3:17
xcsp3_for_futoshiki.solver 4:10
LIST
# a claimed optimum worse than another run's verified solution: the report
# counts it wrong (each run alone passed: its solution and o value are true)
"$BIN" run --puzzle xcsp --instances instances/xcsp/dev/cop/DakotaFurniture.xml --strategy gac \
  --solver tests/solve/solvers/boaster.solver --timeout 10 --quiet --out "$TMP/cop.csv" 2>"$TMP/err"
rc=$?
check "cop run: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
out=$TMP/cop.csv
check "the boaster's row says optimal (alone it cannot be told)" [ "$(field boaster status)" = optimal ]
check "gac proved a better optimum than the boaster's" [ "$(field gac status)" = optimal ] && \
  [ "$(field gac objective)" -gt "$(field boaster objective)" ]
"$BIN" report "$TMP/cop.csv" >"$TMP/cop.md" 2>"$TMP/err"
check "report: the boaster is wrong" grep -q '| boaster .*| *wrong *|' "$TMP/cop.md"
check "report: says why on stderr" grep -q "1 run claimed an optimum worse" "$TMP/err"
check "report: gac stays proven" grep -q '| gac .*| *1/1 *|' "$TMP/cop.md"
check "every bad solver file is listed" [ "$(ls tests/solve/bad_solvers | wc -l)" -eq 28 ]
done_tests
