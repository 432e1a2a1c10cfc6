#!/usr/bin/env bash
# shards.sh - an experiment run as 2 shards under GNU parallel
# (scripts/shards_parallel.sh) and merged equals the same experiment run
# in one go, timing columns aside; merge refuses files of two experiments.
. "$(dirname "$0")/lib.sh"
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is missing (scripts/deps.sh parallel): skipped"; exit 77
fi
exp=$TMP/small.exp
cat >"$exp" <<EXP
experiment shardtest
puzzle futoshiki
instances instances/futoshiki/case1.fut instances/futoshiki/case2.fut
instances instances/futoshiki/extra_2019_case1.fut
strategy bt fc gac gac:queue=arc-fifo
reps 2
seed 11
EXP
SEARCHLAB=$BIN scripts/shards_parallel.sh -j 2 2 "$TMP/merged.csv" -- "$exp" >"$TMP/log" 2>&1
rc=$?
check "shards_parallel.sh exits 0: $(cat "$TMP/log")" [ $rc -eq 0 ]
"$BIN" run "$exp" --out "$TMP/single.csv" 2>/dev/null
check "single run exits 0" [ $? -eq 0 ]
check "24 merged rows" [ "$(($(wc -l <"$TMP/merged.csv") - 1))" -eq 24 ]
untimed "$TMP/merged.csv" >"$TMP/a"
untimed "$TMP/single.csv" >"$TMP/b"
check "merged rows equal the single run's: $(diff "$TMP/a" "$TMP/b" | head -5)" cmp -s "$TMP/a" "$TMP/b"
json_check "merged context: the shards' records, then the merge's; every row names one" '
import csv
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = list(csv.DictReader(open(sys.argv[2])))
runs = [r for r in recs if r.get("kind") != "merge"]
assert len(runs) == 2 and all(r["experiment"] == "shardtest" for r in runs), recs
assert sorted(r["shard"] for r in runs) == ["1/2", "2/2"], runs
m = recs[-1]
assert m["kind"] == "merge" and m["command"].startswith("searchlab merge"), m
assert [p.endswith("-shard%d.csv" % (i + 1)) for i, p in enumerate(m["inputs"])] == [True, True], m
assert {x["invocation"] for x in rows} == {r["id"] for r in runs}, rows' \
  "$TMP/merged.context.jsonl" "$TMP/merged.csv"
# a run found in two files is kept once, the first; a file without a
# context adds no record
cp "$TMP/merged-shard1.csv" "$TMP/copy.csv"
"$BIN" merge "$TMP/merged-shard1.csv" "$TMP/copy.csv" "$TMP/merged-shard2.csv" --out "$TMP/twice.csv" 2>"$TMP/err"
check "merge with a duplicate file: exit 0" [ $? -eq 0 ]
check "duplicates counted: $(cat "$TMP/err")" grep -q "$(($(wc -l <"$TMP/merged-shard1.csv") - 1)) runs found twice" "$TMP/err"
untimed "$TMP/twice.csv" >"$TMP/c"
check "duplicates kept once" cmp -s "$TMP/a" "$TMP/c"
json_check "a file without context adds no record" '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert len(recs) == 3 and recs[2]["kind"] == "merge" and len(recs[2]["inputs"]) == 3, recs' \
  "$TMP/twice.context.jsonl"
check "the shards are disjoint halves" [ "$(($(wc -l <"$TMP/merged-shard1.csv") + $(wc -l <"$TMP/merged-shard2.csv")))" -eq 26 ]
# a result file of another experiment is refused
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --experiment other \
  --out "$TMP/other.csv" 2>/dev/null
"$BIN" merge "$TMP/merged-shard1.csv" "$TMP/other.csv" --out "$TMP/bad.csv" 2>"$TMP/err"
check "merge of two experiments: exit 2" [ $? -eq 2 ]
check "merge says why" grep -q "different experiments" "$TMP/err"
check "nothing written" [ ! -e "$TMP/bad.csv" ]
done_tests
