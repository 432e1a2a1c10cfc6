#!/usr/bin/env bash
# data_loss.sh - what issue 27's reliability probe found, one check each:
# no command loses or replaces a user's file, runs a command it finds in a
# folder, or stops reading on input it should survive.
#  item 2: merge --out takes the writer lock, and extends an existing file
#          (never replaces it; another experiment's file or a non-result
#          file is refused, left as it was)
#  item 3: run --out F on a file that is not a result file: exit 2, F as
#          it was
#  item 7: names with control characters resume (no run recorded twice)
#  item 8: a second name (symbolic or hard link) of the file being written
#          is refused; report flags duplicate rows
#  item 4: planning (generators, reading the instances) stops at SIGTERM,
#          and reads each instance in a child under the run's limits
#  item 9: a trailing blank line, report /dev/zero, invalid UTF-8 in JSON
#          lines, a hostile core.fsmonitor, stale temporaries, --memory 2^44,
#          the Same Game `i` command quoting a file's first word
. "$(dirname "$0")/lib.sh"
fut=$PWD/instances/futoshiki/case1.fut
quick=(--puzzle futoshiki --instances "$fut" --strategy fc --strategy gac --seed 3 --quiet)

# ---- item 3: run --out on something that is not a result file ----------------
printf '{"minified":"json","no":"newline"}' >"$TMP/data.json"
cp "$TMP/data.json" "$TMP/data.orig"
"$BIN" run "${quick[@]}" --out "$TMP/data.json" 2>"$TMP/err"
rc=$?
check "run --out a one-line JSON file: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
check "... says it is not a result file: $(cat "$TMP/err")" grep -q "not a result file" "$TMP/err"
check "... and leaves it as it was" cmp -s "$TMP/data.json" "$TMP/data.orig"
head -c 3000 /bin/sh | tr -d '\n' >"$TMP/blob.csv"
cp "$TMP/blob.csv" "$TMP/blob.orig"
"$BIN" run "${quick[@]}" --out "$TMP/blob.csv" 2>"$TMP/err"
rc=$?
check "run --out a binary without a newline: exit 2 (got $rc)" [ $rc -eq 2 ]
check "... left as it was" cmp -s "$TMP/blob.csv" "$TMP/blob.orig"
# a torn header (a prefix of it) is still repaired
"$BIN" run --columns >/dev/null
"$BIN" run "${quick[@]}" --out "$TMP/full.csv" 2>/dev/null
head -c 40 "$TMP/full.csv" >"$TMP/torn.csv"
"$BIN" run "${quick[@]}" --out "$TMP/torn.csv" 2>"$TMP/err"
rc=$?
check "a torn header is repaired: exit 0 ($(cat "$TMP/err"))" [ $rc -eq 0 ]
check "... and the runs recorded" [ "$(rows "$TMP/torn.csv")" -eq 2 ]

# ---- item 2: merge --out ----------------------------------------------------------
"$BIN" run "${quick[@]}" --out "$TMP/a.csv" --shard 1/2 2>/dev/null
"$BIN" run "${quick[@]}" --out "$TMP/b.csv" --shard 2/2 2>/dev/null
"$BIN" run --puzzle futoshiki --instances "$fut" --strategy fc --experiment other --quiet --out "$TMP/other.csv" 2>/dev/null
cp "$TMP/other.csv" "$TMP/other.orig"
"$BIN" merge "$TMP/a.csv" "$TMP/b.csv" --out "$TMP/other.csv" 2>"$TMP/err"
rc=$?
check "merge --out another experiment's file: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
check "... left as it was" cmp -s "$TMP/other.csv" "$TMP/other.orig"
"$BIN" merge "$TMP/a.csv" "$TMP/b.csv" --out "$TMP/data.json" 2>"$TMP/err"
rc=$?
check "merge --out a file that is not a result file: exit 2 (got $rc)" [ $rc -eq 2 ]
check "... left as it was" cmp -s "$TMP/data.json" "$TMP/data.orig"
# extending: the rows of --out stay
cp "$TMP/a.csv" "$TMP/ext.csv"
"$BIN" merge "$TMP/b.csv" --out "$TMP/ext.csv" 2>"$TMP/err"
rc=$?
check "merge into a shard's own file extends it: exit 0 ($(cat "$TMP/err"))" [ $rc -eq 0 ]
check "... with the rows of both" [ "$(rows "$TMP/ext.csv")" -eq 2 ]
check "... each once" once_each "$TMP/ext.csv"
# a run writing the file: merge is refused and the run's rows stay
hang=(run --puzzle futoshiki --instances "$fut" --strategy fc --strategy gac:test-fault=hang
      --timeout 2 --seed 5 --quiet)
"$BIN" "${hang[@]}" --out "$TMP/live.csv" 2>"$TMP/err_live" &
pid=$!
for i in $(seq 1 500); do grep -q "^pid $pid started" "$TMP/live.lock" 2>/dev/null && break; sleep 0.02; done
"$BIN" merge "$TMP/a.csv" --out "$TMP/live.csv" 2>"$TMP/err"
rc=$?
check "merge --out a file a run is writing: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
check "... naming the run: $(cat "$TMP/err")" grep -q "being written by pid $pid" "$TMP/err"

# ---- item 8: a second name of the file being written ------------------------
ln -s live.csv "$TMP/symlink.csv"
ln "$TMP/live.csv" "$TMP/hardlink.csv"
"$BIN" "${hang[@]}" --out "$TMP/symlink.csv" 2>"$TMP/err"
rc=$?
check "run --out a symbolic link to the file being written: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
check "... naming the writer: $(cat "$TMP/err")" grep -q "being written by pid $pid" "$TMP/err"
"$BIN" "${hang[@]}" --out "$TMP/hardlink.csv" 2>"$TMP/err"
rc=$?
check "run --out a hard link to the file being written: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
check "... refused as being written: $(cat "$TMP/err")" grep -q "is being written by" "$TMP/err"
wait $pid
rc=$?
check "the first run ends well ($(cat "$TMP/err_live"))" [ $rc -eq 0 ]
check "its 2 rows are there" [ "$(rows "$TMP/live.csv")" -eq 2 ]
# report and plot flag duplicate rows (two writers of one file in an older version)
{ cat "$TMP/full.csv"; tail -n 1 "$TMP/full.csv"; } >"$TMP/dup.csv"
"$BIN" report "$TMP/dup.csv" >"$TMP/out" 2>&1
check "report flags a duplicate row: $(cat "$TMP/out")" grep -q "1 duplicate row" "$TMP/out"
"$BIN" plot "$TMP/dup.csv" --kind cactus --format svg --out "$TMP/plots" >/dev/null 2>"$TMP/err"
check "plot flags it too: $(cat "$TMP/err")" grep -q "1 duplicate row" "$TMP/err"

# ---- item 7: names with control characters resume ------------------------------
mkdir -p "$TMP/ctl"
cp "$fut" "$TMP/ctl/new"$'\n'"line.fut"
cp "$fut" "$TMP/ctl/a"$'\t'"tab.fut"
ctl=(run --puzzle futoshiki --instances "$TMP/ctl" --strategy fc --strategy gac --seed 3 --quiet
     --out "$TMP/ctl.csv")
"$BIN" "${ctl[@]}" 2>/dev/null
"$BIN" "${ctl[@]}" 2>/dev/null
"$BIN" "${ctl[@]}" 2>/dev/null
check "control characters in names: 4 rows after 3 invocations (got $(rows "$TMP/ctl.csv"))" \
  [ "$(rows "$TMP/ctl.csv")" -eq 4 ]

# ---- item 9 -------------------------------------------------------------------------
# one trailing blank line
cp "$TMP/full.csv" "$TMP/blank.csv"
cp "$TMP/full.context.jsonl" "$TMP/blank.context.jsonl" # its rows' settings, for the resume
echo >>"$TMP/blank.csv"
"$BIN" report "$TMP/blank.csv" --format csv >/dev/null 2>"$TMP/err"
rc=$?
check "report: a trailing blank line is fine ($(cat "$TMP/err"))" [ $rc -eq 0 ]
"$BIN" run "${quick[@]}" --strategy bt --out "$TMP/blank.csv" 2>"$TMP/err"
rc=$?
check "run resumes a file with a trailing blank line ($(cat "$TMP/err"))" [ $rc -eq 0 ]
check "... and the file reads back: 3 rows" [ "$(rows "$TMP/blank.csv")" -eq 3 ]
"$BIN" report "$TMP/blank.csv" --format csv >/dev/null 2>&1
check "... report reads it" [ $? -eq 0 ]
# a reader given something endless
timeout 60 "$BIN" report /dev/zero >/dev/null 2>"$TMP/err"
rc=$?
check "report /dev/zero: exit 2 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 2 ]
# JSON lines are valid UTF-8 whatever the names hold
mkdir -p "$TMP/latin1"
cp "$fut" "$TMP/latin1/caf"$'\xe9'".fut"
"$BIN" run --puzzle futoshiki --instances "$TMP/latin1" --strategy fc --quiet --out "$TMP/l1.csv" 2>/dev/null
json_check "JSON lines decode as UTF-8 (a Latin-1 file name)" \
  "rows = [json.loads(l) for l in open(sys.argv[1], encoding='utf-8', errors='strict')]
assert len(rows) == 1 and rows[0]['instance'].endswith('caf\ufffd.fut'), rows" "$TMP/l1.jsonl"
# a repository's core.fsmonitor is not run
if command -v git >/dev/null; then
  mkdir -p "$TMP/repo"
  (cd "$TMP/repo" && git init -q . && cp "$fut" case.fut && git add case.fut &&
   git -c user.name=t -c user.email=t@t commit -qm x &&
   git config core.fsmonitor "touch $TMP/pwned; false")
  (cd "$TMP/repo" && "$BIN" run --puzzle futoshiki --instances case.fut --strategy fc --quiet --out r.csv) 2>/dev/null
  check "run in a repository with a hostile core.fsmonitor: nothing run" [ ! -e "$TMP/pwned" ]
  check "... and the commit still recorded" grep -q '"git_commit": "[0-9a-f]\{40\}"' "$TMP/repo/r.context.jsonl"
fi
# temporaries that a killed writer left are removed by the next writer
touch "$TMP/full.context.jsonl.tmp99999" "$TMP/full.csv.tmp88888" "$TMP/full.jsonl.tmp77777"
"$BIN" run "${quick[@]}" --out "$TMP/full.csv" 2>/dev/null
check "stale temporaries removed: $(ls "$TMP" | grep tmp | tr '\n' ' ')" \
  [ -z "$(ls "$TMP" | grep '^full\..*tmp[0-9]')" ]
# --memory is bounded (no wrap to 0)
"$BIN" run "${quick[@]}" --memory 17592186044416 --out "$TMP/mem.csv" 2>"$TMP/err"
check "--memory 2^44 MiB: exit 2 (got $?)" grep -q "expected an integer from 0 to" "$TMP/err"
check "... and no result file" [ ! -e "$TMP/mem.csv" ]
# the Same Game `i` command does not quote a file it cannot read as a table
printf 'SECRET_WORD_42 rest\n' >"$TMP/secret"
printf 'i 1 1 0 0 %s\nn\n' "$TMP/secret" | "$BIN" samegame >/dev/null 2>"$TMP/err"
check "samegame i: a file that is no table is refused" grep -q "expected a colour" "$TMP/err"
check "... without its words: $(cat "$TMP/err")" [ -z "$(grep SECRET_WORD "$TMP/err")" ]
# ---- item 4: planning obeys signals and the run's limits ------------------------
# a generator that takes minutes: SIGTERM once planning is under way (the
# lock is taken just before it) ends the run at once
"$BIN" run --puzzle futoshiki --instances gen:size=64,count=1,seed=1 --gen-cache "$TMP/gen" \
  --strategy fc --quiet --out "$TMP/plan.csv" 2>"$TMP/err" &
pid=$!
for i in $(seq 1 500); do [ -s "$TMP/plan.lock" ] && break; sleep 0.02; done
sleep 0.5
kill -TERM $pid
for i in $(seq 1 200); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null; then
  fail "SIGTERM while planning: still running 20 s later"
  kill -KILL $pid
fi
wait $pid
rc=$?
check "SIGTERM while planning: exit 143 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 143 ]
# an instance whose reading needs more than --memory: read in a child,
# which goes over the limit (the driver does not grow); its runs record it
python3 -c "
import sys
t = '(0,1)' * (4 << 20)
open(sys.argv[1], 'w').write('<instance format=\"XCSP3\" type=\"CSP\"><variables><var id=\"x\"> 0..9 </var>'
  '<var id=\"y\"> 0..9 </var></variables><constraints><extension><list> x y </list><supports>'
  + t + '</supports></extension></constraints></instance>')" "$TMP/big.xml"
"$BIN" run --puzzle xcsp --instances "$TMP/big.xml" --instances tests/xcsp/forms/encoding_latin1.xml \
  --strategy gac --memory 40 --out "$TMP/big.csv" 2>"$TMP/err"
rc=$?
check "an instance over --memory when read: exit 0 (got $rc: $(cat "$TMP/err"))" [ $rc -eq 0 ]
check "... planning says so: $(cat "$TMP/err")" grep -q "big.xml: planning the runs, reading it went over the memory limit" "$TMP/err"
check "... its run is a memout: $(column "$TMP/big.csv" status | tr '\n' ' ')" \
  [ "$(column "$TMP/big.csv" status | sort | tr '\n' ' ')" = "memout solved " ]
done_tests
