#!/bin/sh
# html_order.sh - the HTML report's every-run table is in a stable order
# (instance, strategy, rep), whatever the order of the rows in the file:
# the same runs in reverse order give the same page.
# usage: html_order.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0; n=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
mkdir "$T/a" "$T/b"
cp "$SRC/results/course.csv" "$T/a/r.csv"
{ head -1 "$SRC/results/course.csv"; tail -n +2 "$SRC/results/course.csv" | tac; } > "$T/b/r.csv"
check "the copies differ in order" '! cmp -s "$T/a/r.csv" "$T/b/r.csv"'
(cd "$T/a" && "$B" report r.csv --format html --timeout 3 > r.html 2>/dev/null)
(cd "$T/b" && "$B" report r.csv --format html --timeout 3 > r.html 2>/dev/null)
check "a page was written" '[ -s "$T/a/r.html" ]'
check "the same page from either order" 'cmp -s "$T/a/r.html" "$T/b/r.html"'
# the runs section: instances in order
python3 - "$T/a/r.html" > "$T/order" <<'PY'
import re, sys
html = open(sys.argv[1]).read()
sec = html[html.index('id="runs"'):]
rows = re.findall(r"<tr>(.*?)</tr>", sec, re.S)
for r in rows:
    cells = re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)
    if len(cells) >= 3:
        print(cells[0] + "\t" + cells[1] + "\t" + cells[2])
PY
check "runs listed ($(wc -l < "$T/order"))" '[ $(wc -l < "$T/order") -eq $(( $(wc -l < "$T/a/r.csv") - 1 )) ]'
check "ordered by instance, strategy, rep" 'LC_ALL=C sort -t "$(printf "\t")" -k1,1 -k2,2 -k3,3n -c "$T/order"'
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
