#!/usr/bin/env bash
# samegame_run.sh - Same Game through the driver (docs/samegame.md, "Through
# the driver"): every store x every path finder on generated scripts through
# `run`, all answers equal (each run's output digest against the script's
# reference, and the outputs of `searchlab samegame` compared byte for
# byte); a store that drops one marble (the test-only switch
# SEARCHLAB_SAMEGAME_TEST_DROP) recorded as `wrong` while every other run
# stays solved, with and without a reference line in the script; the
# counters in the rows; resume after SIGKILL.
. "$(dirname "$0")/lib.sh"
# The strategies hold quoted commas: read the CSV as CSV (lib.sh's column
# splits on every comma).
column() { # column FILE NAME
  python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])): print(r[sys.argv[2]])' "$1" "$2"
}
stores=$("$BIN" list | awk '/^[a-z]+:$/{s=$0} s=="stores:" && /^  /{print $1}')
paths=$("$BIN" list | awk '/^[a-z]+:$/{s=$0} s=="paths:" && /^  /{print $1}')
nstores=$(echo $stores | wc -w)
npaths=$(echo $paths | wc -w)
check "at least the two stores written here ($stores) and four finders ($paths)" \
  [ "$nstores" -ge 2 ] && [ "$npaths" -eq 4 ]
strategies=()
for s in $stores; do
  for p in $paths; do strategies+=(--strategy "samegame:store=$s,path=$p"); done
done
nstrat=${#strategies[@]}
nstrat=$((nstrat / 2))

# Instances: two generated families through gen: (with their reference
# line), one script of `gen samegame` without one (the verifier computes
# the reference) and one that loads its plane from an i table.
"$BIN" gen samegame --marbles 150 --colours 3 --ops 150 --seed 11 --out "$TMP/plain.sg"
"$BIN" gen samegame --marbles 200 --colours 4 --ops 120 --seed 12 --table "$TMP/plane.tab" \
  --out "$TMP/table.sg"
check "the table script loads its plane with i" grep -q '^i ' "$TMP/table.sg"
common=(--puzzle samegame --instances gen:size=8..12,step=4,count=2,seed=5
        --instances "$TMP/plain.sg" --instances "$TMP/table.sg" --gen-cache "$TMP/gen"
        --timeout 20 --quiet)
ninst=6
out=$TMP/all.csv
"$BIN" run "${common[@]}" "${strategies[@]}" --out "$out" 2>"$TMP/err"
rc=$?
check "run exits 0 ($rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "$(rows "$out") rows, expected $((ninst * nstrat))" [ "$(rows "$out")" -eq $((ninst * nstrat)) ]
check "every run solved: $(column "$out" status | sort | uniq -c | tr '\n' ' ')" \
  [ "$(column "$out" status | sort -u)" = solved ]
check "the store and path labels are columns" \
  [ "$(column "$out" store | sort -u | wc -l)" -eq "$nstores" ] && \
  [ "$(column "$out" path | sort -u | wc -l)" -eq "$npaths" ]
for c in commands queries store_ops expanded total_ns path_ns count_visits plane_ns ops_ns; do
  check "column $c is positive in every row" \
    [ "$(column "$out" "$c" | awk '$1 <= 0' | wc -l)" -eq 0 ]
done
sizes=$(paste -d' ' <(column "$out" instance) <(column "$out" size) | awk '$1 ~ /-n8-/ {print $2}' | sort -un)
check "size is the marbles of the opening plane (size=8: about 0.8 x 64): $(echo $sizes)" \
  [ "$(echo "$sizes" | head -1)" -ge 45 ] && [ "$(echo "$sizes" | tail -1)" -le 70 ]

# The digest is honest: each generated reference line is the FNV-1a 64 of
# `searchlab samegame`'s output, and every store x path prints the same bytes.
fnv() { python3 -c 'import sys
h = 0xcbf29ce484222325
for b in sys.stdin.buffer.read(): h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print("%016x" % h)'; }
for f in "$TMP"/gen/samegame/*.sg "$TMP/plain.sg" "$TMP/table.sg"; do
  "$BIN" samegame <"$f" >"$TMP/ref.out" 2>/dev/null
  if grep -q '^reference ' "$f"; then
    want=$(sed -n 's/^reference fnv1a64=\([0-9a-f]*\) bytes=\([0-9]*\)$/\1 \2/p' "$f")
    check "$(basename "$f"): reference line = digest of the output" \
      [ "$want" = "$(fnv <"$TMP/ref.out") $(wc -c <"$TMP/ref.out")" ]
  fi
  check "$(basename "$f"): a non-empty output" [ -s "$TMP/ref.out" ]
  for s in $stores; do
    for p in $paths; do
      "$BIN" samegame --store "$s" --path "$p" <"$f" >"$TMP/one.out" 2>/dev/null
      check "$(basename "$f"): $s x $p prints the same bytes" cmp -s "$TMP/ref.out" "$TMP/one.out"
    done
  done
done

# count=full through run: the same answers.
"$BIN" run "${common[@]}" --strategy samegame:count=full --strategy samegame:store=tree,count=full \
  --out "$TMP/full.csv" 2>"$TMP/err"
check "count=full runs solved: $(column "$TMP/full.csv" status | sort | uniq -c | tr '\n' ' ')" \
  [ "$(column "$TMP/full.csv" status | sort -u)" = solved ]

# The planted fault: the tree store drops one marble.  Its runs are wrong on
# every instance (gen: scripts check against their reference line, the
# others against the reference store's own run), the others stay solved.
SEARCHLAB_SAMEGAME_TEST_DROP=tree "$BIN" run "${common[@]}" "${strategies[@]}" \
  --out "$TMP/fault.csv" 2>"$TMP/err"
rc=$?
check "fault run exits 0 ($rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
wrong=$(paste -d' ' <(column "$TMP/fault.csv" status) <(column "$TMP/fault.csv" store) |
        awk '$1 == "wrong" {print $2}' | sort | uniq -c)
check "the tree store's $((ninst * npaths)) runs are wrong and no other: $wrong" \
  [ "$(echo $wrong)" = "$((ninst * npaths)) tree" ]
check "every other run solved" \
  [ "$(column "$TMP/fault.csv" status | grep -c '^solved$')" -eq $((ninst * (nstrat - npaths))) ]
check "the notes say the output differs from the reference" \
  grep -q 'output differs from the reference' "$TMP/fault.csv"
check "both references caught it (line and reference run)" \
  grep -q "the script's reference line" "$TMP/fault.csv" && \
  grep -q 'reference store, canonical paths' "$TMP/fault.csv"
"$BIN" report "$TMP/fault.csv" --table scaling --metric per-command >"$TMP/report" 2>&1
rc=$?
check "report reads it ($rc): $(head -3 "$TMP/report")" [ $rc -eq 0 ]

# Resume after SIGKILL: the same command until it finishes, each run once.
args=(run --puzzle samegame --instances gen:size=6..14,step=4,count=2,seed=9
      --gen-cache "$TMP/gen2" --strategy samegame:store=hash --strategy samegame:store=tree,path=astar
      --strategy samegame:path=01bfs,count=full --reps 4 --seed 3 --out "$TMP/resume.csv")
expected=$((6 * 3 * 4))
RANDOM=${SEARCHLAB_TEST_SEED:-4242}
kills=0
for round in 1 2 3 4 5; do
  "$BIN" "${args[@]}" 2>/dev/null &
  pid=$!
  sleep "0.$(printf %03d $((RANDOM % 300 + 50)))"
  if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2>/dev/null
done
# A run child of the last killed driver may still be exiting with the
# lock's descriptor (between fork and its close, writelock.h): its writer
# lock goes with it a moment later, so a refused writer tries again.
for try in 1 2 3 4 5; do
  "$BIN" "${args[@]}" 2>"$TMP/err"
  rc=$?
  grep -q 'is being written by' "$TMP/err" || break
  sleep 0.5
done
check "final run exits 0 ($rc): $(cat "$TMP/err")" [ $rc -eq 0 ]
check "some kills landed ($kills)" [ "$kills" -ge 1 ]
check "$(rows "$TMP/resume.csv") rows, expected $expected" [ "$(rows "$TMP/resume.csv")" -eq "$expected" ]
check "each run once" [ "$(paste -d'|' <(column "$TMP/resume.csv" instance) \
  <(column "$TMP/resume.csv" strategy) <(column "$TMP/resume.csv" rep) | sort -u | wc -l)" -eq "$expected" ]
check "all solved" [ "$(column "$TMP/resume.csv" status | sort -u)" = solved ]
done_tests
