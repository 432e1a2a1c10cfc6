#!/bin/sh
# figures.sh - every plot kind rendered to PDF and PNG at the default page
# (one column) and at two columns: no word outside the page, no text below
# 7 pt (figure_text.py), no SI milli on a count axis; the PNG is the same
# page at 200 dpi.  The scaling kind refuses instances without a common
# size (exit 2, suggesting cactus or scatter); bad --size, --font-size and
# --pair exit 2.
# usage: figures.sh SEARCHLAB SOURCE_DIR
set -u
B=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0; n=0
check() { n=$((n + 1)); if ! eval "$2"; then echo "FAIL: $1"; fail=$((fail + 1)); fi; }
R=$SRC/results
CHECK="python3 $SRC/tests/report/figure_text.py"
cd "$T"
# kind, result file, checker options (anytime's axis is seconds: 1m is a time)
for spec in "cactus course --no-milli" "bars course --no-milli" "scatter course --no-milli" \
            "scaling scaling --no-milli" "scaling xcsp_public --no-milli" "anytime gallery"; do
    set -- $spec
    kind=$1; res=$2; shift 2
    for size in default 17cm,10cm; do
        name=${res}_${kind}_$(echo "$size" | tr -d ,.)
        if [ "$size" = default ]; then
            "$B" plot "$R/$res.csv" --kind "$kind" --out . --name "$name" --format pdf,png >/dev/null 2>err
            rc=$?; want=8.5
        else
            "$B" plot "$R/$res.csv" --kind "$kind" --out . --name "$name" --format pdf,png \
                --size "$size" >/dev/null 2>err
            rc=$?; want=17
        fi
        check "$name: plot exits 0 ($(head -c 300 err))" '[ $rc -eq 0 ]'
        check "$name: the PDF's text on the page, >= 7 pt" "$CHECK $name.pdf --width-cm $want $* >out 2>&1 || { cat out; false; }"
        # the PNG: the same page at 200 dpi (width in pixels)
        pw=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(struct.unpack('>I', d[16:20])[0])" "$name.png")
        check "$name: PNG $pw px wide = $want cm at 200 dpi" "[ \$(( pw - $(python3 -c "print(round($want / 2.54 * 200))") )) -le 2 ] && [ \$(( $(python3 -c "print(round($want / 2.54 * 200))") - pw )) -le 2 ]"
    done
done
# the checker can fail: 6 pt text is refused
"$B" plot "$R/course.csv" --kind cactus --out . --name small --format pdf --font-size 6 >/dev/null 2>&1
check "6 pt text is caught" "! $CHECK small.pdf >out 2>&1 && grep -q 'below 7' out"
# a page too narrow for its text is caught
"$B" plot "$R/course.csv" --kind scatter --out . --name narrow --format pdf --size 4cm,6cm >/dev/null 2>&1
check "text off a narrow page is caught" "! $CHECK narrow.pdf >out 2>&1 && grep -q 'outside the page' out"
# --size in inches, --font-size
"$B" plot "$R/course.csv" --kind cactus --out . --name inch --format pdf --size 3.5in,3in --font-size 9 >/dev/null 2>&1
check "3.5in wide, 9 pt" "$CHECK inch.pdf --width-cm 8.89 --min-pt 9 >out 2>&1 || { cat out; false; }"
# bad options
for bad in "--size 8.5" "--size 8.5cm" "--size 8.5px,6cm" "--size 1cm,1cm" "--size 8.5cm,6cm,1cm" \
           "--font-size 0" "--font-size x"; do
    "$B" plot "$R/course.csv" --kind cactus --out . --format pdf $bad >/dev/null 2>err
    rc=$?
    check "$bad: exit 2 naming the flag" '[ $rc -eq 2 ] && grep -q -- "${bad%% *}" err'
done
# scaling without a common size: futoshiki (board size) and xcsp (variables)
python3 - "$R/course.csv" "$R/xcsp_public.csv" > mixed.csv <<'PY'
import csv, sys
a = list(csv.DictReader(open(sys.argv[1])))
b = list(csv.DictReader(open(sys.argv[2])))
w = csv.DictWriter(sys.stdout, fieldnames=list(a[0].keys()), extrasaction="ignore",
                   lineterminator="\n")
w.writeheader()
for r in a + b:
    r["strategy"] = "fc"; r["experiment"] = "mixed"
    # a column the older file lacks: 0 where the other file holds numbers
    w.writerow({k: r[k] if k in r else ("0" if a[0][k].isdigit() else "") for k in a[0]})
PY
"$B" plot mixed.csv --kind scaling --out . --timeout 30 >/dev/null 2>err; rc=$?
check "no common size: exit 2" '[ $rc -eq 2 ]'
check "no common size: says so, suggests cactus or scatter ($(cat err))" 'grep -q "no common size" err && grep -q "cactus" err && grep -q "scatter" err'
check "no common size: no figure" '[ ! -e mixed_scaling.gp ]'
"$B" plot mixed.csv --kind cactus --out . --timeout 30 --format pdf >/dev/null 2>&1
check "cactus draws them" '[ -s mixed_cactus.pdf ]'
# the xcsp scaling figure names its measure and does not join families
"$B" plot "$R/xcsp_public.csv" --kind scaling --out . --name xs --format pdf >/dev/null 2>&1
check "xcsp scaling: axis 'variables'" "grep -q \"set xlabel 'variables'\" xs.gp"
check "xcsp scaling: one block pair per family and strategy" '[ $(grep -c "^# strategy .*, family .*: median solved" xs.dat) -gt $(tail -n +2 "$R/xcsp_public.csv" | cut -d, -f6 | sort -u | wc -l) ]'
# --pair: the scatter's two strategies in that order
"$B" plot "$R/course.csv" --kind scatter --out . --name pair --format pdf --pair gac,fc >/dev/null 2>&1
check "--pair gac,fc: x is gac, y is fc" "grep -q \"set xlabel 'gac'\" pair.gp && grep -q \"set ylabel 'fc'\" pair.gp"
"$B" plot "$R/course.csv" --kind scatter --out . --format pdf --pair gac >/dev/null 2>err; rc=$?
check "--pair gac: exit 2" '[ $rc -eq 2 ] && grep -q -- "--pair" err'
"$B" plot "$R/course.csv" --kind scatter --out . --format pdf --pair gac,nosuch >/dev/null 2>err; rc=$?
check "--pair gac,nosuch: exit 2" '[ $rc -eq 2 ] && grep -q "nosuch" err'
"$B" plot "$R/course.csv" --kind cactus --out . --format pdf --pair gac,fc >/dev/null 2>err; rc=$?
check "--kind cactus --pair gac,fc: exit 2 (no pair kind)" '[ $rc -eq 2 ] && grep -q -- "--pair: --kind cactus" err'
# the default pair: the experiment's first two strategies, in its order
I=$SRC/instances/futoshiki
"$B" run --puzzle futoshiki --instances "$I/case1.fut" --instances "$I/case2.fut" \
    --strategy gac --strategy fc --strategy bt --timeout 30 --quiet --out exp.csv 2>/dev/null
check "the context lists the strategies in order" 'grep -q "\"strategies\": \[\"gac\", \"fc\", \"bt\"\]" exp.context.jsonl'
"$B" plot exp.csv --kind scatter --out . --name dflt --format pdf >/dev/null 2>&1
check "default pair: x gac, y fc (not bt, fc alphabetically)" "grep -q \"set xlabel 'gac'\" dflt.gp && grep -q \"set ylabel 'fc'\" dflt.gp"
"$B" report exp.csv --format html > exp.html 2>/dev/null
check "the HTML scatter compares gac and fc" 'grep -q ">gac<" exp.html && python3 -c "
import re,sys; h=open(\"exp.html\").read(); s=h[h.index(\"id=\\\"scatter\\\"\"):]; s=s[:s.index(\"</svg>\")]
sys.exit(0 if \">gac<\" in s and \">fc<\" in s and \">bt<\" not in s else 1)"'
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
