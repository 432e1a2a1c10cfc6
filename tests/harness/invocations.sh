#!/usr/bin/env bash
# invocations.sh - a context record per invocation (issue 15, item 3; issue
# 16, item 3): after three invocations RESULTS.context.jsonl holds three
# records with every member the docs promise, distinct ids, the runs each
# added; every row (CSV and JSON lines) names its invocation; a killed
# invocation is marked "killed" by the next one, with the rows it added.
. "$(dirname "$0")/lib.sh"
out=$TMP/c.csv
args=(run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --strategy gac
      --timeout 7 --memory 900 --node-limit 100000 --seed 4 --out "$out" --quiet)
"$BIN" "${args[@]}" --reps 1 --warmup 1 2>"$TMP/err"
rc=$?
check "invocation 1: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
"$BIN" "${args[@]}" --reps 3 2>"$TMP/err"
rc=$?
check "invocation 2: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
"$BIN" "${args[@]}" --reps 3 2>"$TMP/err"
rc=$?
check "invocation 3 (nothing to do): exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
# warm-ups are per strategy: 2 strategies x --warmup 1 = 2 unrecorded runs
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --instances instances/futoshiki/case2.fut \
  --strategy fc --strategy gac --reps 2 --warmup 1 --out "$TMP/w.csv" 2>"$TMP/err" </dev/null
check "warm-up per strategy: $(head -1 "$TMP/err")" grep -q "8 runs to do, after 2 warm-up runs" "$TMP/err"
check "warm-ups are not recorded" [ "$(rows "$TMP/w.csv")" -eq 8 ]
ctx=$TMP/c.context.jsonl
check "three lines" [ "$(wc -l <"$ctx")" -eq 3 ]
json_check "three records with every member" '
import csv, re
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = list(csv.DictReader(open(sys.argv[2])))
jrows = [json.loads(l) for l in open(sys.argv[3])]
assert len(recs) == 3 and len({r["id"] for r in recs}) == 3, recs
keys = ["id", "status", "experiment", "command", "start", "end", "git_commit", "git_dirty",
        "binary_hash", "compiler", "build_flags", "gbench_library_build_type", "host",
        "cpu_model", "cores", "cpu_mhz", "cpu_governor", "kernel", "load_avg_start",
        "load_avg_end", "timeout_s", "memory_mib", "node_limit", "jobs", "reps", "warmup",
        "seed", "shard", "runs_planned", "runs_skipped", "runs_added", "wall_timeout_s",
        "measure", "pin"]
for r in recs:
    missing = [k for k in keys if k not in r]
    assert not missing, missing
    assert re.fullmatch(r"\d{8}T\d{6}Z-[0-9a-f]{8}", r["id"]), r["id"]
    assert r["status"] == "complete" and r["experiment"] == "cli", r
    assert r["command"].startswith("searchlab run --puzzle futoshiki"), r["command"]
    assert r["start"] <= r["end"], r
    assert (r["timeout_s"], r["memory_mib"], r["node_limit"]) == (7, 900, 100000), r
    assert isinstance(r["git_dirty"], bool) and re.fullmatch(r"[0-9a-f]{16}", r["binary_hash"])
    assert r["measure"] in ("cgroup2", "rusage") and r["pin"] is False, r
    assert r["wall_timeout_s"] == 100, r  # the safety net: 10 x 7 s + 30 s
    assert r["cores"] >= 1 and (r["cpu_mhz"] is None or r["cpu_mhz"] > 0), r
    assert isinstance(r["cpu_governor"], str) and r["cpu_governor"], r
    assert r["gbench_library_build_type"] in ("debug", "release", "unknown", "not found"), r
    for la in ("load_avg_start", "load_avg_end"):
        assert len(r[la]) == 3 and all(x >= 0 for x in r[la]), r[la]
assert [r["runs_added"] for r in recs] == [2, 4, 0], recs
assert [r["runs_skipped"] for r in recs] == [0, 2, 6], recs
assert [r["reps"] for r in recs] == [1, 3, 3] and [r["warmup"] for r in recs] == [1, 0, 0], recs
assert len(rows) == 6 and len(jrows) == 6
for r in recs:
    assert sum(1 for x in rows if x["invocation"] == r["id"]) == r["runs_added"], r
    assert sum(1 for x in jrows if x["invocation"] == r["id"]) == r["runs_added"], r' \
  "$ctx" "$out" "$TMP/c.jsonl"
# a killed invocation: its record stays "running" until the next writer
"$BIN" "${args[@]}" --reps 200 2>/dev/null &
pid=$!
wait_rows "$out" 10
kill -9 $pid
wait $pid 2>/dev/null
json_check "the killed invocation left its record running" '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert len(recs) == 4 and recs[3]["status"] == "running" and recs[3]["end"] is None, recs[3]' "$ctx"
"$BIN" "${args[@]}" --reps 3 2>"$TMP/err"
rc=$?
check "the next invocation: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "... says it marked the killed one: $(cat "$TMP/err")" grep -q 'marked "killed"' "$TMP/err"
json_check "the killed record is marked, with the rows it added" '
import csv
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(recs) == 5 and recs[3]["status"] == "killed", recs[3]
assert recs[3]["runs_added"] == sum(1 for x in rows if x["invocation"] == recs[3]["id"]) >= 4, recs[3]
assert recs[4]["status"] == "complete" and recs[4]["runs_added"] == 0, recs[4]' "$ctx" "$out"
# a malformed context file is bad input, naming file:line:col
printf '{"id": "a"}\n{"id": "b", "x": tru}\n' >"$TMP/bad.context.jsonl"
cp "$out" "$TMP/bad.csv"
"$BIN" "${args[@]/$out/$TMP/bad.csv}" --reps 3 2>"$TMP/err"
check "malformed context: exit 2" [ $? -eq 2 ]
check "... naming file:line:col: $(cat "$TMP/err")" grep -q "bad.context.jsonl:2:18: expected a JSON value" "$TMP/err"
# outside a git checkout: the commit the binary was built from (the build
# embeds it, docs/driver.md), or, for a binary built outside git, none (not
# "" and "clean")
mkdir "$TMP/nogit"
cp instances/futoshiki/case1.fut "$TMP/nogit/"
(cd "$TMP/nogit" && GIT_CEILING_DIRECTORIES="$TMP" "$BIN" run --puzzle futoshiki --instances case1.fut \
  --out r.csv 2>/dev/null)
if git rev-parse HEAD >/dev/null 2>&1; then
json_check "outside git: the build's commit" 'import re
r = json.loads(open(sys.argv[1]).readline())
assert re.fullmatch(r"[0-9a-f]{40}", r["git_commit"]) and isinstance(r["git_dirty"], bool), r' "$TMP/nogit/r.context.jsonl"
else
json_check "outside git, built outside git: git_commit and git_dirty are null" '
r = json.loads(open(sys.argv[1]).readline())
assert r["git_commit"] is None and r["git_dirty"] is None, r' "$TMP/nogit/r.context.jsonl"
fi
done_tests
