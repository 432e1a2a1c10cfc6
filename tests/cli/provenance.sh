#!/bin/sh
# provenance.sh - a run started outside the repository (a fresh folder under
# /tmp) records the commit the binary was built from: a commit of the
# source checkout, not null.
# usage: provenance.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d /tmp/searchlab-prov-XXXXXX); trap 'rm -rf "$T"' EXIT
fail=0; n=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
if ! git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
    echo "the sources are no git checkout: nothing to check"; echo "0 passed, 0 failed"; exit 0
fi
cd "$T"
check "the run folder is outside git" '! git rev-parse HEAD >/dev/null 2>&1'
"$B" run --puzzle futoshiki --instances "$SRC/instances/futoshiki/case1.fut" --quiet \
    --out out/p.csv 2>/dev/null
check "run exits 0" '[ -s out/p.context.jsonl ]'
c=$(sed -n 's/.*"git_commit": *"\([0-9a-f]*\)".*/\1/p' out/p.context.jsonl | head -1)
d=$(sed -n 's/.*"git_dirty": *\([a-z]*\).*/\1/p' out/p.context.jsonl | head -1)
check "a commit of 40 hex digits ($c)" '[ ${#c} -eq 40 ]'
check "a commit of the source checkout" 'git -C "$SRC" cat-file -e "$c^{commit}" 2>/dev/null'
check "a dirty flag ($d)" '[ "$d" = true ] || [ "$d" = false ]'
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
