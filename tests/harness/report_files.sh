#!/usr/bin/env bash
# report_files.sh - result files side by side (issue 26): `report A.csv
# B.csv` (or a quoted glob) puts each file's runs in its own columns,
# labelled by file or --label, with per-instance ratios and the paired
# statistics between the files; a row repeated within one file is
# reported, not counted; a machine loaded above its cores is said.
. "$(dirname "$0")/lib.sh"
g=tests/harness/golden
mkdir "$TMP/f"
cp $g/fixed.csv "$TMP/f/A.csv"
cp $g/fixed.context.json "$TMP/f/A.context.json"
# B: the same runs, each using twice the CPU time
python3 - "$g/fixed.csv" "$TMP/f/B.csv" <<'EOS'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
c = rows[0].index('cpu_s')
for r in rows[1:]:
    r[c] = '%.6f' % (2 * float(r[c]))
csv.writer(open(sys.argv[2], 'w', newline=''), lineterminator='\n').writerows(rows)
EOS
cp $g/fixed.context.json "$TMP/f/B.context.json"
"$BIN" report "$TMP/f/A.csv" "$TMP/f/B.csv" --format csv >"$TMP/out" 2>"$TMP/err"
rc=$?
check "two files: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "the columns are labelled by file: $(cut -d, -f2 "$TMP/out" | sort -u | tr '\n' ' ')" \
  grep -q '^a,B: fc,A: fc,3,3,18000000,' "$TMP/out"
check "B against A: ratio 2 on a, interval [2, 2]" grep -q '^a,B: fc,A: fc,.*,2.00000,2.00000,2.00000,1,,$' "$TMP/out"
check "A is the baseline: no ratio" grep -q '^a,A: fc,A: fc,3,3,9000000,[0-9.]*,,,,,,$' "$TMP/out"
check "the footer: ratio of geometric means 2 and Wilcoxon's p between the files" \
  grep -qE '^all,B: fc,A: fc,9,5,18000000,[0-9.]+,2.00000,2.00000,2.00000,1,0.500000,2$' "$TMP/out"
"$BIN" report "$TMP/f/A.csv" "$TMP/f/B.csv" >"$TMP/md"
check "md: the files table by default, CPU time: $(head -1 "$TMP/md")" grep -q '^metric: CPU time' "$TMP/md"
check "md: B's cell holds its ratio" grep -qF '18.0 ms (2.00x [2.00, 2.00])' "$TMP/md"
# labels and a quoted glob
"$BIN" report "$TMP/f/*.csv" --label old --label new --format csv >"$TMP/glob" 2>"$TMP/err"
rc=$?
check "a quoted glob and --label: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "--label names the columns" grep -q '^a,new: fc,old: fc,' "$TMP/glob"
check "the glob gives what the two paths give" cmp -s <(sed 's/new: /B: /g; s/old: /A: /g' "$TMP/glob") "$TMP/out"
# a duplicate row within one file: reported, not counted
sed -n 2p $g/fixed.csv >>"$TMP/f/A.csv"
"$BIN" report "$TMP/f/A.csv" >"$TMP/dup" 2>"$TMP/err"
check "a duplicate: the note says so: $(grep -i duplicate "$TMP/dup")" \
  grep -q 'A.csv: 1 duplicate row (an instance, strategy and rep already there) not counted' "$TMP/dup"
check "a duplicate: a,fc still has 3 runs" grep -qE '^\| a +\| fc +\| +3/3 ' "$TMP/dup"
# a loaded machine: its load average above its cores, said under the table
printf '{"timeout_s": 10, "cores": 2, "load_avg_start": [5.50, 3.00, 1.00], "load_avg_end": [1.00, 1.00, 1.00]}\n' \
  >"$TMP/f/L.context.json"
cp $g/fixed.csv "$TMP/f/L.csv"
"$BIN" report "$TMP/f/L.csv" >"$TMP/load" 2>"$TMP/err"
check "a loaded machine is said: $(cat "$TMP/err")" grep -q 'loaded while these runs were measured (load average up to 5.50 on 2 cores)' "$TMP/load"
"$BIN" report "$TMP/f/A.csv" >"$TMP/quiet" 2>"$TMP/err"
check "an unloaded one is not" bash -c "! grep -q 'was loaded' '$TMP/quiet'"
done_tests
