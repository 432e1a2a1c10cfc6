#!/usr/bin/env bash
# tree_cli.sh BIN - `searchlab tree` end to end (docs/tree.md): the DOT
# renders with Graphviz's dot; svg, png and sqlite files are whole; the
# database's node count equals --stats' nodes + 1 (the root); a tree over
# --max-nodes exits 3 and leaves no file (nor a temporary one); bad flags
# exit 2 naming the flag; with restarts, every run is drawn.
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
nodes_of() { # PUZZLE FILE SPEC [--all]: --stats' nodes
  "$bin" solve "$@" --json | grep -o '"nodes": [0-9]*' | grep -o '[0-9]*$'
}
fut=instances/futoshiki
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
have_dot=0; command -v dot >/dev/null && have_dot=1
have_sqlite=0; command -v sqlite3 >/dev/null && have_sqlite=1

for s in bt fc gac; do
  for all in "" --all; do
    # dot: one "tN" node per tree node, and it renders
    "$bin" tree futoshiki $fut/case1.fut --strategy $s $all --format dot --out "$tmp/t.dot" >/dev/null
    n=$(nodes_of futoshiki $fut/case1.fut --strategy $s $all)
    got=$(grep -cE '^  t0n[0-9]+ \[' "$tmp/t.dot")
    [ "$got" -eq $((n + 1)) ] && ok || bad "$s$all: $got DOT nodes, --stats says $n + the root"
    if [ $have_dot = 1 ] && [ "$n" -le 1000 ]; then # bt --all's 3375 nodes take dot seconds
      dot -Tsvg "$tmp/t.dot" -o "$tmp/t.svg" && [ -s "$tmp/t.svg" ] && ok || bad "$s$all: dot failed"
    fi
    # sqlite: rows = nodes + 1, one root, every other row's parent exists
    "$bin" tree futoshiki $fut/case1.fut --strategy $s $all --format sqlite --out "$tmp/t.db" >/dev/null
    [ "$(head -c 15 "$tmp/t.db")" = "SQLite format 3" ] && ok || bad "$s$all: no SQLite file"
    if [ $have_sqlite = 1 ]; then
      got=$(sqlite3 "$tmp/t.db" "select count(*) from Nodes")
      [ "$got" -eq $((n + 1)) ] && ok || bad "$s$all: $got rows, --stats says $n + the root"
      got=$(sqlite3 "$tmp/t.db" "select count(*) from Nodes where ParentID = -1")
      [ "$got" -eq 1 ] && ok || bad "$s$all: $got roots"
      got=$(sqlite3 "$tmp/t.db" "select count(*) from Nodes c where ParentID <> -1 and not exists (select 1 from Nodes p where p.NodeID = c.ParentID)")
      [ "$got" -eq 0 ] && ok || bad "$s$all: $got rows without their parent"
      got=$(sqlite3 "$tmp/t.db" "select count(*) from Nodes p where NKids <> (select count(*) from Nodes c where c.ParentID = p.NodeID)")
      [ "$got" -eq 0 ] && ok || bad "$s$all: $got rows whose NKids is wrong"
    fi
  done
done

# restarts: every run drawn under a virtual root, one labelled dashed edge per
# run; nodes + runs + 1 DOT nodes and database rows; --seed makes the tree
spec=fc:var=dom/wdeg,restart=luby:2
out=$("$bin" tree futoshiki $fut/case1.fut --strategy $spec --seed 3 --format dot --out "$tmp/r.dot")
n=$(nodes_of futoshiki $fut/case1.fut --strategy $spec --seed 3)
runs=$(( $("$bin" solve futoshiki $fut/case1.fut --strategy $spec --seed 3 --json | grep -o '"restarts": [0-9]*' | grep -o '[0-9]*$') + 1 ))
[ "$runs" -ge 3 ] && ok || bad "restarts: only $runs runs"
grep -q "$runs runs)" <<<"$out" && ok || bad "restarts: the summary does not count $runs runs: $out"
got=$(grep -cE '^  t0n[0-9]+ \[' "$tmp/r.dot")
[ "$got" -eq $((n + runs + 1)) ] && ok || bad "restarts: $got DOT nodes for $n nodes and $runs runs"
got=$(grep -c 'style=dashed, color="#999999", label="run [0-9]*: cutoff' "$tmp/r.dot")
[ "$got" -eq "$runs" ] && ok || bad "restarts: $got labelled run edges for $runs runs"
"$bin" tree futoshiki $fut/case1.fut --strategy $spec --seed 3 --format dot --out "$tmp/r2.dot" >/dev/null
cmp -s "$tmp/r.dot" "$tmp/r2.dot" && ok || bad "restarts: the same seed drew another tree"
if [ $have_dot = 1 ]; then
  dot -Tsvg "$tmp/r.dot" -o "$tmp/r.svg" && [ -s "$tmp/r.svg" ] && ok || bad "restarts: dot failed"
fi
if [ $have_sqlite = 1 ]; then
  "$bin" tree futoshiki $fut/case1.fut --strategy $spec --seed 3 --format sqlite --out "$tmp/r.db" >/dev/null
  got=$(sqlite3 "$tmp/r.db" "select count(*) from Nodes")
  [ "$got" -eq $((n + runs + 1)) ] && ok || bad "restarts: $got rows for $n nodes and $runs runs"
  got=$(sqlite3 "$tmp/r.db" "select count(*) from Nodes where ParentID = 0 and Label like 'run %'")
  [ "$got" -eq "$runs" ] && ok || bad "restarts: $got run roots under node 0"
fi

if [ $have_dot = 1 ]; then
  # svg and png through dot; several strategies side by side; the binary view
  "$bin" tree futoshiki $fut/case1.fut --strategy fc --format svg --out "$tmp/t.svg" >/dev/null
  grep -q '<svg' "$tmp/t.svg" && ok || bad "svg output"
  "$bin" tree futoshiki $fut/case1.fut --strategy fc --strategy gac --binary --pruned \
    --layout right --format png --out "$tmp/t.png" >/dev/null
  [ "$(head -c 4 "$tmp/t.png" | tail -c 3)" = "PNG" ] && ok || bad "png output"
fi
"$bin" tree futoshiki $fut/case1.fut --strategy fc --strategy gac --format dot --out "$tmp/two.dot" >/dev/null
[ "$(grep -c '^  subgraph cluster_' "$tmp/two.dot")" -eq 2 ] && ok || bad "two trees, two clusters"
# the convict's own search
"$bin" tree convict instances/convict/classic_4x4.cvt --strategy smart --all --format dot \
  --out "$tmp/c.dot" >/dev/null && ok || bad "convict tree"
n=$(nodes_of convict instances/convict/classic_4x4.cvt --strategy smart --all)
[ "$(grep -cE '^  t0n[0-9]+ \[' "$tmp/c.dot")" -eq $((n + 1)) ] && ok || bad "convict: DOT nodes"

# limits: exit 3, the size in the message, no file, no temporary file
rm -f "$tmp"/*
err=$("$bin" tree futoshiki $fut/case1.fut --strategy bt --format png --out "$tmp/big.png" --max-nodes 100 2>&1)
[ $? -eq 3 ] && ok || bad "--max-nodes: exit status"
n=$(nodes_of futoshiki $fut/case1.fut --strategy bt)
grep -q "has $n nodes" <<<"$err" && ok || bad "--max-nodes: message lacks the size $n: $err"
err=$("$bin" tree futoshiki $fut/case1.fut --strategy bt --format sqlite --out "$tmp/big.db" --max-nodes 5 2>&1)
[ $? -eq 3 ] && ok || bad "--max-nodes 5: exit status"
grep -q "at least 500 nodes" <<<"$err" && ok || bad "--max-nodes 5: message: $err"
expect_code 3 "--timeout" "$bin" tree futoshiki $fut/case5.fut --strategy bt --format dot \
  --out "$tmp/slow.dot" --max-nodes 10000000 --timeout 0.05
[ -z "$(ls -A "$tmp")" ] && ok || bad "a limit left files behind: $(ls -A "$tmp")"
# an existing file is replaced whole, or kept when the new tree is refused
echo old > "$tmp/keep.dot"
expect_code 3 "refused over an old file" "$bin" tree futoshiki $fut/case1.fut --strategy bt \
  --format dot --out "$tmp/keep.dot" --max-nodes 10
[ "$(cat "$tmp/keep.dot")" = old ] && ok || bad "a refused tree touched the old file"

# bad usage: exit 2, one line naming the flag
f=$fut/case1.fut
expect_error --format "no format" "$bin" tree futoshiki $f --out "$tmp/x"
expect_error --format "unknown format" "$bin" tree futoshiki $f --format jpg --out "$tmp/x"
expect_error --out "no --out" "$bin" tree futoshiki $f --format dot
# a missing folder is made (out/x.png in a fresh clone); a path through a
# regular file cannot be
: > "$tmp/plainfile"
expect_error --out "unwritable --out" "$bin" tree futoshiki $f --format dot --out "$tmp/plainfile/dir.dot"
"$bin" tree futoshiki $f --format dot --out "$tmp/made/here/t.dot" >/dev/null 2>&1 && [ -s "$tmp/made/here/t.dot" ] && ok || bad "--out in a missing folder: not made"
expect_error --max-nodes "zero --max-nodes" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --max-nodes 0
expect_error --max-nodes "bad --max-nodes" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --max-nodes ten
expect_error --labels "bad --labels" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --labels maybe
expect_error --layout "bad --layout" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --layout up
expect_error --layout "--layout with sqlite" "$bin" tree futoshiki $f --format sqlite --out "$tmp/x" --layout right
expect_error --binary "--binary with sqlite" "$bin" tree futoshiki $f --format sqlite --out "$tmp/x" --binary
expect_error --strategy "two trees in sqlite" "$bin" tree futoshiki $f --format sqlite --out "$tmp/x" \
  --strategy fc --strategy gac
expect_error --strategy "unknown strategy" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --strategy nope
expect_error --strategy "outside solver" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --strategy minizinc
expect_error --timeout "bad --timeout" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --timeout soon
expect_error --bogus "unknown flag" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --bogus
expect_error --seed "bad --seed" "$bin" tree futoshiki $f --format dot --out "$tmp/x" --seed x
expect_code 2 "missing file" "$bin" tree futoshiki "$tmp/none.fut" --format dot --out "$tmp/x"
[ ! -e "$tmp/x" ] && ok || bad "a refused command wrote --out"
"$bin" tree --help | grep -q -- '--max-nodes' && ok || bad "--help lacks --max-nodes"

checks_done tree_cli
