#!/bin/sh
# readme.sh - the README's command lines run as written in a fresh copy of
# the repository (its tracked files, as they are now) after the set-up (the
# binary built: build/release/searchlab), in order, each exiting 0, and
# leave every tracked file as it was (results go to out/).  The expensive
# ones (the main job and test suite, benchmarks, experiments of minutes,
# Slurm, outside solvers) are skipped, each listed below by the start of
# its line; a README line that matches none of them runs.
# usage: readme.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0; n=0; skipped=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
if ! git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
    echo "the sources are no git checkout: no list of tracked files"; echo "0 passed, 0 failed"
    exit 0
fi
C=$T/clone
mkdir -p "$C"
(cd "$SRC" && git ls-files -z | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$C"
mkdir -p "$C/build/release"
ln -s "$B" "$C/build/release/searchlab"
(cd "$C" && find . -path ./build -prune -o -type f -print0 | sort -z | xargs -0 sha256sum) > "$T/before"
# the expensive lines: minutes each, a cluster, or an outside solver
SKIP='scripts/main.sh
scripts/test.sh
bench/
scripts/alldiff.sh
scripts/gallery.sh
scripts/shards_parallel.sh
sbatch
build/release/searchlab run scripts/experiments/
build/release/searchlab gen futoshiki --size 12 --minimal
build/release/searchlab solve futoshiki instances/futoshiki/case1.fut --strategy minizinc'
python3 "$SRC/tests/cli/readme_commands.py" "$C/README.md" > "$T/commands"
check "the README has command lines" '[ $(wc -l < "$T/commands") -gt 30 ]'
i=0
while IFS= read -r json; do
    i=$((i + 1))
    cmd=$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin))')
    skip=0
    while IFS= read -r pre; do
        case "$cmd" in "$pre"*) skip=1 ;; esac
    done <<SK
$SKIP
SK
    if [ $skip -eq 1 ]; then skipped=$((skipped + 1)); continue; fi
    (cd "$C" && timeout 300 bash -c "$cmd" >"$T/out.$i" 2>"$T/err.$i" </dev/null)
    rc=$?
    first=$(printf '%s' "$cmd" | head -1 | cut -c1-110)
    check "README line $i exits 0 (got $rc): $first $(head -c 300 "$T/err.$i")" '[ $rc -eq 0 ]'
done < "$T/commands"
(cd "$C" && find . -path ./build -prune -o -path ./out -prune -o -type f -print0 | sort -z | xargs -0 sha256sum) > "$T/after"
grep -v "^[0-9a-f]*  ./out/" "$T/before" > "$T/before.kept"
check "no tracked file changed, no file written outside out/: $(diff "$T/before.kept" "$T/after" | head -5 | tr '\n' ' ')" 'cmp -s "$T/before.kept" "$T/after"'
# instances/xcsp/README.md says no constraint this build reads is refused
"$B" list > "$T/list"
python3 - "$T/list" "$SRC/instances/xcsp/README.md" > "$T/stale" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
i = lines.index("xcsp constraints:")
names = []
for l in lines[i + 1:]:
    if not l.startswith("  "):
        break
    names.append(l.split()[0])
text = re.sub(r"\s+", " ", open(sys.argv[2]).read())
for sentence in re.split(r"(?<=[.!?]) ", text):
    if "refused" in sentence:
        for n in names:
            if re.search(r"\b%s\b" % re.escape(n), sentence):
                print(f"'{n}' in: {sentence[:160]}")
PY
check "instances/xcsp/README.md refuses nothing the build reads: $(head -3 "$T/stale")" '[ ! -s "$T/stale" ] && grep -q "^  sum " "$T/list"'
echo "skipped (expensive): $skipped"
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
