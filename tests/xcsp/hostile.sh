#!/usr/bin/env bash
# hostile.sh BIN - XCSP3 files made to cost time, generated here (too big
# to commit): one 12 MB attribute, comment or CDATA section and 200,000
# attributes on one element are refused at once (libxml2 2.9 takes
# quadratic time on each: minutes); 40 MB of the longest markup allowed,
# with a '>' every byte (what makes libxml2 rescan), and a 20 MB table text
# are read.  Each solve runs under a CPU limit of 120 s, only a guard
# against a hang: the checks are on what the command says (issue 27, items
# 1 and 6; docs/xcsp.md, "Limits").
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import sys
d = sys.argv[1]
big = 12 * 1024 * 1024
head = '<instance format="XCSP3" type="CSP">\n'
vars_ = '<variables><var id="x"> 0..9 </var><var id="y"> 0..9 </var></variables>\n'
cons = '<constraints><intension> lt(x,y) </intension></constraints>\n</instance>\n'
def w(name, s): open(d + '/' + name, 'w').write(s)
w('long_attribute.xml', '<instance format="XCSP3" type="CSP" note="' + 'a' * big + '">\n' + vars_ + cons)
w('long_comment.xml', head + '<!--' + 'a' * big + '-->\n' + vars_ + cons)
w('long_cdata.xml', head + '<variables><var id="x"><![CDATA[ 0..9 ' + ' ' * big + ']]></var></variables>\n' + cons)
w('many_attributes.xml', '<instance format="XCSP3" type="CSP" '
  + ' '.join('a%d="1"' % i for i in range(200000)) + '>\n' + vars_ + cons)
c = '<!-- ' + '>' * 16000 + ' -->\n'
w('bounded_markup.xml', head + c * ((40 << 20) // len(c)) + vars_ + cons)
w('big_table.xml', head + vars_.replace('</variables>', '').replace('<variables>', '<variables>')
  + '</variables>\n<constraints><extension><list> x y </list><supports>'
  + '(0,1)' * (4 << 20) + '</supports></extension></constraints>\n</instance>\n')
PY
pass=0 fail=0
# expect FILE STATUS TEXT: exit status and a text on stdout+stderr
expect() {
  local out code=0
  (ulimit -t 120; "$bin" solve xcsp "$dir/$1") >"$dir/out" 2>&1 || code=$?
  out=$(head -c 2000 "$dir/out")
  if [ "$code" != "$2" ] || [[ "$out" != *"$3"* ]]; then
    echo "FAIL $1: exit $code (expected $2), output: ${out:0:300} (expected '$3')"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}
expect long_attribute.xml 2 "long_attribute.xml:1: a tag, comment or CDATA section of 12582"
expect long_comment.xml 2 "long_comment.xml:2: a tag, comment or CDATA section of 12582"
expect long_cdata.xml 2 "long_cdata.xml:2: a tag, comment or CDATA section of 12582"
expect many_attributes.xml 2 "many_attributes.xml:1: a tag, comment or CDATA section of"
expect bounded_markup.xml 0 "s SATISFIABLE"
expect big_table.xml 0 "s SATISFIABLE"
echo "$((pass + fail)) tests, $pass passed, $fail failed"
[ "$fail" -eq 0 ]
