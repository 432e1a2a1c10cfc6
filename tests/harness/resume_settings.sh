#!/usr/bin/env bash
# resume_settings.sh - a fingerprint of the settings (issue 15, item 2):
# resuming into a file whose rows were measured under other limits or by
# another binary exits 2 and writes nothing, the message naming each
# setting with both values and how to go on; more reps, instances and
# strategies only add runs; --resume-anyway accepts the change, the new
# rows carry another invocation and its record lists what changed; an old
# result file (no invocation column, a legacy .context.json) still loads
# and is converted.
. "$(dirname "$0")/lib.sh"
out=$TMP/s.csv
base=(run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --seed 3
      --out "$out" --quiet)
"$BIN" "${base[@]}" --reps 2 --timeout 10 --memory 1024 2>"$TMP/err"
rc=$?
check "first run: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "2 rows" [ "$(rows "$out")" -eq 2 ]
cp "$out" "$TMP/before.csv"
refused() { # refused WHAT EXPECTED_TEXT... : the last run exited 2, wrote nothing, said why
  local what=$1 rc=$2; shift 2
  check "$what: exit 2 (got $rc)" [ "$rc" -eq 2 ]
  check "$what: no row written" cmp -s "$out" "$TMP/before.csv"
  local text
  for text in "$@"; do check "$what: message has '$text': $(cat "$TMP/err")" grep -qF -- "$text" "$TMP/err"; done
  check "$what: says how to go on" grep -q -- "--resume-anyway" "$TMP/err"
}
"$BIN" "${base[@]}" --reps 3 --timeout 5 --memory 1024 2>"$TMP/err"
refused "other time limit" $? "timeout_s 10 (now 5)"
"$BIN" "${base[@]}" --reps 3 --timeout 10 --memory 512 2>"$TMP/err"
refused "other memory limit" $? "memory_mib 1024 (now 512)"
"$BIN" "${base[@]}" --reps 3 --timeout 10 --memory 1024 --node-limit 500 2>"$TMP/err"
refused "other node limit" $? "node_limit 0 (now 500)"
"$BIN" "${base[@]}" --reps 3 --timeout 5 --memory 512 2>"$TMP/err"
refused "two limits at once" $? "timeout_s 10 (now 5)" "memory_mib 1024 (now 512)"
# another binary: the same program with one more byte at its end
cp "$BIN" "$TMP/searchlab2"
printf 'x' >>"$TMP/searchlab2"
"$TMP/searchlab2" "${base[@]}" --reps 3 --timeout 10 --memory 1024 2>"$TMP/err"
refused "another binary" $? "binary_hash"
# more reps, instances, strategies: fine
"$BIN" "${base[@]}" --reps 3 --timeout 10 --memory 1024 --strategy gac \
  --instances instances/futoshiki/case2.fut 2>"$TMP/err"
rc=$?
check "more reps, instances and strategies: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "12 rows" [ "$(rows "$out")" -eq 12 ]
check "each run once" once_each "$out"
# --resume-anyway: accepted, the new rows carry a third invocation
"$BIN" "${base[@]}" --reps 4 --timeout 5 --memory 1024 --resume-anyway 2>"$TMP/err"
rc=$?
check "--resume-anyway: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "--resume-anyway says what it accepted: $(cat "$TMP/err")" grep -q "timeout_s 10 (now 5)" "$TMP/err"
check "13 rows" [ "$(rows "$out")" -eq 13 ]
check "3 invocations in the rows" [ "$(column "$out" invocation | sort -u | wc -l)" -eq 3 ]
"$BIN" report "$out" --timeout 10 >"$TMP/table" 2>"$TMP/err"
check "the table says its rows mix settings: $(tail -2 "$TMP/table")" grep -q "measured under 2 different settings (timeout_s" "$TMP/table"
json_check "the last record lists the accepted change and its limit" '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert len(recs) == 3, recs
assert "timeout_s 10 (now 5)" in recs[2]["resume_anyway"], recs[2]
assert recs[2]["timeout_s"] == 5 and recs[2]["runs_added"] == 1, recs[2]
assert all("resume_anyway" not in r for r in recs[:2])' "$TMP/s.context.jsonl"
# now the rows hold two time limits: either one is refused
"$BIN" "${base[@]}" --reps 5 --timeout 10 --memory 1024 2>"$TMP/err"
check "rows of two limits, resumed with one of them: exit 2" [ $? -eq 2 ]
check "... naming the other: $(cat "$TMP/err")" grep -qF "timeout_s 5 (now 10)" "$TMP/err"
# rows that no record describes: refused unless --resume-anyway
cp "$out" "$TMP/orphan.csv"
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --seed 3 \
  --out "$TMP/orphan.csv" --reps 5 --quiet 2>"$TMP/err"
check "rows without a context record: exit 2" [ $? -eq 2 ]
check "... says so: $(cat "$TMP/err")" grep -q "no context record describes" "$TMP/err"
# an old result file: no invocation column, a legacy .context.json
old=$TMP/old.csv
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "invocation") c = i }
                  { NF = c - 1; print }' "$TMP/before.csv" >"$old"
check "the old file has no invocation column" [ -z "$(head -1 "$old" | grep invocation)" ]
python3 -c '
import json, sys
rec = json.loads(open(sys.argv[1]).readline())
old = {k: rec[k] for k in ["experiment", "command", "git_commit", "git_dirty", "compiler",
       "build_flags", "cpu_model", "cores", "host", "kernel", "jobs", "reps", "timeout_s",
       "memory_mib", "seed", "shard"]}
old["date"] = rec["start"]
json.dump(old, open(sys.argv[2], "w"), indent=2)' "$TMP/s.context.jsonl" "$TMP/old.context.json"
"$BIN" report "$old" >/dev/null 2>"$TMP/err"
rc=$?
check "report reads the old file: $(cat "$TMP/err")" [ $rc -eq 0 ]
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --seed 3 \
  --out "$old" --reps 3 --timeout 5 --memory 1024 --quiet 2>"$TMP/err"
check "old file, other limit: exit 2" [ $? -eq 2 ]
check "... compared with the legacy context: $(cat "$TMP/err")" grep -qF "timeout_s 10 (now 5)" "$TMP/err"
check "... the legacy file is kept while refused" [ -e "$TMP/old.context.json" ]
"$BIN" run --puzzle futoshiki --instances instances/futoshiki/case1.fut --strategy fc --seed 3 \
  --out "$old" --reps 3 --timeout 10 --memory 1024 --quiet 2>"$TMP/err"
rc=$?
check "old file, same settings: exit 0 (same commit and flags: the binary is not compared, the legacy record has no hash): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "old file: 3 rows, now with the invocation column" [ "$(rows "$old")" -eq 3 -a -n "$(head -1 "$old" | grep ',invocation,')" ]
check "old file: the old rows have an empty invocation" [ "$(column "$old" invocation | grep -c '^$')" -eq 2 ]
check "old file: the legacy context was converted" [ ! -e "$TMP/old.context.json" -a -e "$TMP/old.context.jsonl" ]
json_check "old file: a legacy record, then the new one" '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert len(recs) == 2 and recs[0]["legacy"] is True and recs[0]["timeout_s"] == 10, recs
assert recs[0]["id"].startswith("legacy-") and recs[0]["start"] == recs[0]["date"], recs[0]
assert recs[1]["runs_added"] == 1 and recs[1]["status"] == "complete", recs[1]' "$TMP/old.context.jsonl"
"$BIN" report "$old" >/dev/null 2>"$TMP/err"
rc=$?
check "report reads the converted file: $(cat "$TMP/err")" [ $rc -eq 0 ]
done_tests
