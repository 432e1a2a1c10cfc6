#!/usr/bin/env bash
# wide_limits.sh BIN - issue 37's small wide models under a 2 GiB address
# space (prlimit --as when present): element, minimum and maximum with an
# index and a condition, channel and regular over variables of up to
# 2^31 values.  Each wide model counted by gac (--all) equals its narrow
# twin (the same constraint, the domains cut to the few values that can
# matter) counted by bt, plain DFS; the element and maximum forms with a
# condition (two values per variable, but the condition's auxiliary
# variable spans 2^31 values, too many for bt) are counted by gac and by
# fc, which branches on the given variables only; each ends
# with exit 0 (a generous --timeout is a guard, not a measured limit).
# And the memory budget: --memory 1 on a model that needs more stops with
# exit 3 and one memout line, never an abort.
set -u
bin=$1
. "$(dirname "$0")/../check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lim=()
# (not under AddressSanitizer, whose shadow memory alone reserves terabytes
# of address space)
if command -v prlimit >/dev/null && ! grep -aq __asan_init "$bin"; then
  lim=(prlimit --as=2147483648)
fi

inst() { # NAME VARIABLES CONSTRAINT
  printf '<instance format="XCSP3" type="CSP">\n<variables>\n%s\n</variables>\n<constraints>\n%s\n</constraints>\n</instance>\n' "$2" "$3" >"$tmp/$1.xml"
}
count() { # FILE STRATEGY: the solution count, or "exit N"
  local out code
  out=$("${lim[@]}" "$bin" solve xcsp "$1" --all --strategy "$2" --timeout 60 2>"$tmp/err"); code=$?
  [ $code -eq 0 ] || { echo "exit $code: $(head -c 200 "$tmp/err")"; return; }
  printf '%s\n' "$out" | sed -n 's/^c solutions: //p'
}
twins() { # WIDE NARROW
  local w n
  w=$(count "$tmp/$1.xml" gac) n=$(count "$tmp/$2.xml" bt)
  [ -n "$n" ] && [ "$w" = "$n" ] && ok || bad "$1: gac counts '$w', its twin under bt '$n'"
}

Y='<var id="i"> 0 1 </var> <var id="y"> -2147483647 255 </var> <var id="z"> -2147483647 255 </var>'
for c in "(lt,1)" "(le,255)" "(ne,-1)" "(notin,-5..300)" "(gt,0)"; do
  inst el "$Y" "<element> <list> 0 y </list> <index> i </index> <condition> $c </condition> </element>"
  w=$(count "$tmp/el.xml" gac) n=$(count "$tmp/el.xml" fc)
  [ -n "$n" ] && [ "$w" = "$n" ] && ok || bad "element $c: gac '$w', fc '$n'"
  inst mx "$Y" "<maximum> <list> z y </list> <index> i </index> <condition> $c </condition> </maximum>"
  w=$(count "$tmp/mx.xml" gac) n=$(count "$tmp/mx.xml" fc)
  [ -n "$n" ] && [ "$w" = "$n" ] && ok || bad "maximum $c: gac '$w', fc '$n'"
done

W='0..2147483646'
N='2147483640..2147483646'
for d in W N; do
  dom=${!d}
  inst "min_$d" "<array id=\"x\" size=\"[2]\"> $dom </array> <var id=\"i\"> 0 1 </var>" \
    "<minimum> <list> x[] </list> <index> i </index> <condition> (gt,2147483644) </condition> </minimum>"
  inst "el_$d" "<array id=\"x\" size=\"[2]\"> $dom </array> <var id=\"i\"> 0..9 </var> <var id=\"v\"> $dom </var>" \
    "<element> <list> x[] </list> <index> i </index> <value> v </value> </element> <intension> ge(x[0],2147483645) </intension> <intension> ge(x[1],2147483644) </intension>"
done
twins min_W min_N
twins el_W el_N

inst ch_W "<array id=\"x\" size=\"[4]\"> 0..2147483646 </array>" "<channel> x[] </channel>"
inst ch_N "<array id=\"x\" size=\"[4]\"> 0..3 </array>" "<channel> x[] </channel>"
twins ch_W ch_N
inst ch2_W "<array id=\"x\" size=\"[3]\"> 0..2147483646 </array> <array id=\"y\" size=\"[3]\"> -5..2147483646 </array>" "<channel> <list> x[] </list> <list> y[] </list> </channel>"
inst ch2_N "<array id=\"x\" size=\"[3]\"> 0..2 </array> <array id=\"y\" size=\"[3]\"> 0..2 </array>" "<channel> <list> x[] </list> <list> y[] </list> </channel>"
twins ch2_W ch2_N

T='<transitions> (a,0,b)(a,2147483646,b)(b,0,c)(b,7,c)(b,2147483646,c) </transitions> <start> a </start> <final> c </final>'
inst re_W '<array id="x" size="[2]"> 0..2147483646 </array>' "<regular> <list> x[] </list> $T </regular>"
inst re_N '<array id="x" size="[2]"> 0 1 7 2147483646 </array>' "<regular> <list> x[] </list> $T </regular>"
twins re_W re_N
M='<transitions> (r,0,s)(r,2147483646,t)(s,5,f)(t,0,f)(t,2147483646,f) </transitions>'
inst md_W '<array id="x" size="[2]"> -2147483647..2147483646 </array>' "<mdd> <list> x[] </list> $M </mdd>"
inst md_N '<array id="x" size="[2]"> -1 0 5 2147483646 </array>' "<mdd> <list> x[] </list> $M </mdd>"
twins md_W md_N

# the memory budget: an exit 3 and one line, never an abort
inst big '<array id="x" size="[20000]"> 0..9 </array>' '<allDifferent> x[] </allDifferent>'
err=$("$bin" solve xcsp "$tmp/big.xml" --memory 1 2>&1 >/dev/null); code=$?
[ $code -eq 3 ] && ok || bad "--memory 1: exit $code, expected 3 ($err)"
grep -q "memout: .*memory budget of 1 MiB.*(out of memory)" <<<"$err" && ok || bad "--memory 1: message '$err'"
[ "$(wc -l <<<"$err")" -eq 1 ] && ok || bad "--memory 1: more than one line: $err"
expect_error "--memory" "--memory 0" "$bin" solve xcsp "$tmp/big.xml" --memory 0
checks_done wide_limits
