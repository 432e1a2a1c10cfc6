#!/usr/bin/env bash
# html_report.sh - `report --format html` writes one self-contained page
# (issue 26): nothing it needs comes from the network, and Debian's
# chromium, headless, shows what it should once the page's script ran:
# every run in the runs table, a sort (asked for by the address's
# fragment, as a link to a sorted view would), a filter, the table's
# rows, the run context and the figures.  Skipped (77) without chromium
# (scripts/test.sh installs it) or gnuplot.
. "$(dirname "$0")/lib.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ] || ! command -v gnuplot >/dev/null || ! command -v python3 >/dev/null; then
  echo "chromium, gnuplot or python3 missing (scripts/deps.sh chromium gnuplot-nox python3): skipped"
  exit 77
fi
g=tests/harness/golden
cp $g/fixed.csv "$TMP/r.csv"
cp $g/fixed.context.json "$TMP/r.context.json"
"$BIN" report "$TMP/r.csv" --format html --out "$TMP/r.html" >"$TMP/out" 2>"$TMP/err"
rc=$?
check "report --format html: exit 0: $(cat "$TMP/err")" [ $rc -eq 0 ]
check "nothing on stdout with --out" [ ! -s "$TMP/out" ]
check "self-contained: no external script, style, image or link" \
  bash -c "! grep -qiE '<script[^>]+src=|<link |<img |<iframe|(src|href)=\"(https?:)?//|@import|url\\((https?:)?//' '$TMP/r.html'"
# the browser: offline, a fresh profile, the page's script allowed to run
dom() { # dom FRAGMENT OUT
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$TMP/profile-$2" --virtual-time-budget=5000 \
    --dump-dom "file://$TMP/r.html#$1" >"$TMP/$2" 2>"$TMP/$2.err"
}
dom "sort=runs:4:desc" sorted
check "chromium dumped the page: $(tail -3 "$TMP/sorted.err")" grep -q '</html>' "$TMP/sorted"
check "the page's script ran" grep -q 'data-ready="1"' "$TMP/sorted"
# read the dumped DOM with Python's HTML parser: the cells of each section's table
cat >"$TMP/cells.py" <<'EOS'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.sec = None; self.rows = {}; self.row = None; self.cell = None
        self.hidden = False; self.svg = {}; self.sorted = {}; self.body = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'section': self.sec = a.get('id')
        if tag == 'tbody': self.body = True
        if tag == 'tfoot': self.body = False
        if tag == 'table' and 'data-sorted' in a: self.sorted[self.sec] = a['data-sorted']
        if tag == 'svg': self.svg[self.sec] = self.svg.get(self.sec, 0) + 1
        if tag == 'tr' and self.body:
            self.row = []; self.hidden = 'display: none' in (a.get('style') or '')
        if tag == 'td' and self.row is not None: self.cell = ''
    def handle_endtag(self, tag):
        if tag == 'td' and self.cell is not None: self.row.append(self.cell); self.cell = None
        if tag == 'tr' and self.row is not None:
            if not self.hidden: self.rows.setdefault(self.sec, []).append(self.row)
            self.row = None
        if tag == 'tbody': self.body = False
    def handle_data(self, d):
        if self.cell is not None: self.cell += d
p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read())
what = sys.argv[2]
if what == 'rows': print(len(p.rows.get(sys.argv[3], [])))
elif what == 'col':
    for r in p.rows.get(sys.argv[3], []): print(r[int(sys.argv[4])])
elif what == 'sorted': print(p.sorted.get(sys.argv[3], ''))
elif what == 'svg': print(p.svg.get(sys.argv[3], 0))
EOS
cells() { python3 "$TMP/cells.py" "$@"; }
check "every run is in the runs table: $(cells "$TMP/sorted" rows runs)" [ "$(cells "$TMP/sorted" rows runs)" -eq 18 ]
check "the runs table says it is sorted by CPU time, descending" [ "$(cells "$TMP/sorted" sorted runs)" = "4:desc" ]
# CPU times as the page shows them (9.00 ms, 500 us...), in ns: must not increase
cells "$TMP/sorted" col runs 4 | awk '{ u = $2 == "s" ? 1e9 : $2 == "ms" ? 1e6 : $2 == "us" ? 1e3 : 1; print $1 * u }' >"$TMP/cpu"
check "the rows are in that order: $(tr '\n' ' ' <"$TMP/cpu")" bash -c "sort -g -r -c '$TMP/cpu'"
check "and not all equal (the sort had work to do)" [ "$(sort -u "$TMP/cpu" | wc -l)" -gt 1 ]
check "the course table has its 6 rows" [ "$(cells "$TMP/sorted" rows table)" -eq 6 ]
check "the run context is shown" grep -q 'timeout_s' "$TMP/sorted"
for f in cactus bars scatter scaling; do
  check "the $f figure is in the page" [ "$(cells "$TMP/sorted" svg $f)" -eq 1 ]
done
# a filter: only the timeouts of the runs table
dom "filter=runs:timeout" filtered
n=$(cells "$TMP/filtered" rows runs)
want=$(grep -c ',timeout,' $g/fixed.csv)
check "filter: $n rows shown, the $want timeouts" [ "$n" -eq "$want" ]
done_tests
