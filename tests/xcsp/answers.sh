#!/usr/bin/env bash
# answers.sh BIN XCHECK GEN - the xcsp puzzle through the command line, every
# answer checked by the independent checker (tests/xcsp/xcheck.c):
# - each file of tests/xcsp/corpus/ under bt, fc and gac with --all: the
#   count equals the checker's own count over the variables that occur in
#   some constraint (the free ones at their least value, as ACE counts), the
#   JSON's free_variables and free_factor equal the checker's (absent
#   without free variables), the text answer is in the
#   competition's form (s/v lines, "c solutions: K"), and its <instantiation>
#   as well as the --json "solution" are accepted by the checker;
# - the public and hand-made instances of instances/xcsp/: fc and gac agree
#   on the count (complete searches), their answers are accepted;
# - Latin squares (quasigroups with holes from GEN, tests/xcsp/gen.c, in
#   the allDifferent and the binary-conflicts encodings): exact counts under
#   fc and gac, equal to the checker's;
# - limits: a cut search prints "s UNKNOWN" and exits 3;
# - export: futoshiki, museum and aquarium files exported to XCSP3 have the
#   same number of solutions as the originals, and xcsp's answer is checked.
set -u
bin=$1 xcheck=$2 gen=$3
. "$(dirname "$0")/../check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The <instantiation> of the text answer as the JSON object xcheck reads.
text_to_json() {
  awk '/^v/ { sub(/^v */, ""); s = s " " $0 } END {
         if (!match(s, /<list>[^<]*<\/list>/)) exit 1; l = substr(s, RSTART + 6, RLENGTH - 13)
         if (!match(s, /<values>[^<]*<\/values>/)) exit 1; v = substr(s, RSTART + 8, RLENGTH - 17)
         n = split(l, names, " "); m = split(v, vals, " "); if (n != m) exit 1
         printf "{\"solution\": {"; for (i = 1; i <= n; i++) printf "%s\"%s\": %s", (i > 1 ? ", " : ""), names[i], vals[i]
         print "}}" }'
}

check_file() { # file strategy expected-count [free-variables factor]
  local f=$1 s=$2 want=$3 nfree=${4:-0} factor=${5:-1} out code json
  out=$("$bin" solve xcsp "$f" --all --strategy "$s" 2>"$tmp/err"); code=$?
  if [ $code -ne 0 ]; then bad "$f $s: exit $code ($(cat "$tmp/err"))"; return; fi
  if [ "$want" -gt 0 ]; then
    [ "$(printf '%s\n' "$out" | head -1)" = "s SATISFIABLE" ] && ok || bad "$f $s: first line $(printf '%s\n' "$out" | head -1)"
    if printf '%s\n' "$out" | text_to_json >"$tmp/t.json"; then
      "$xcheck" verify "$f" <"$tmp/t.json" >/dev/null 2>"$tmp/err" && ok || bad "$f $s: text answer: $(cat "$tmp/err")"
    else
      bad "$f $s: no <instantiation> in the v lines"
    fi
  else
    [ "$(printf '%s\n' "$out" | head -1)" = "s UNSATISFIABLE" ] && ok || bad "$f $s: expected s UNSATISFIABLE"
  fi
  [ "$(printf '%s\n' "$out" | tail -1)" = "c solutions: $want" ] && ok || bad "$f $s: last line '$(printf '%s\n' "$out" | tail -1)', want $want"
  json=$("$bin" solve xcsp "$f" --all --json --strategy "$s")
  case "$json" in *"\"solutions\": $want,"*) ok ;; *) bad "$f $s: json count, want $want" ;; esac
  if [ "$nfree" -gt 0 ]; then
    case "$json" in *"\"free_variables\": $nfree, \"free_factor\": \"$factor\","*) ok ;;
      *) bad "$f $s: json free_variables $nfree, free_factor $factor expected" ;; esac
    printf '%s\n' "$out" | grep -q "^c free variables: $nfree (.* stands for $factor assignments" && ok ||
      bad "$f $s: no 'c free variables: $nfree' line with the factor $factor"
  else
    case "$json" in *free_variables*) bad "$f $s: free_variables without free variables" ;; *) ok ;; esac
  fi
  if [ "$want" -gt 0 ]; then
    printf '%s' "$json" | "$xcheck" verify "$f" >/dev/null 2>"$tmp/err" && ok || bad "$f $s: json answer: $(cat "$tmp/err")"
  fi
}

for f in tests/xcsp/corpus/*.xml; do
  read -r want factor nfree < <("$xcheck" count-used "$f") && [ -n "$nfree" ] && [ "$factor" != big ] ||
    { bad "$f: the checker cannot count it"; continue; }
  for s in bt fc gac gac:queue=dom; do check_file "$f" "$s" "$want" "$nfree" "$factor"; done
done

# instances/xcsp (public instances, some hard): fc and gac within 3 s
# each; an answer is checked, a proof of no solution must agree
for f in instances/xcsp/*.xml; do
  [ -e "$f" ] || continue
  for s in fc gac; do
    json=$("$bin" solve xcsp "$f" --json --timeout 3 --strategy "$s" 2>/dev/null)
    case "$json" in
      *'"status": "solved"'*)
        printf '%s' "$json" | "$xcheck" verify "$f" >/dev/null 2>"$tmp/err" && ok || bad "$f $s: $(cat "$tmp/err")" ;;
      *'"status": "unsat"'*|*'"status": "timeout"'*) ok ;;
      *) bad "$f $s: no status in '$json'" ;;
    esac
    printf '%s\n' "$json" | grep -o '"status": "[a-z-]*"' >>"$tmp/status-$(basename "$f")"
  done
  if grep -q solved "$tmp/status-$(basename "$f")" && grep -q unsat "$tmp/status-$(basename "$f")"; then
    bad "$f: fc and gac disagree"
  fi
done

# Latin squares: exact counts under fc and gac in both encodings
for spec in "5 10" "5 15" "6 21" "7 20" "7 29" "8 38"; do
  set -- $spec
  for enc in "" x2; do
    "$gen" qwh "$1" "$2" 3 $enc >"$tmp/q.xml"
    want=$("$xcheck" count-used "$tmp/q.xml" | cut -d' ' -f1)
    for s in fc gac gac:queue=arc-fifo; do
      got=$("$bin" solve xcsp "$tmp/q.xml" --all --strategy "$s" | tail -1)
      [ "$got" = "c solutions: $want" ] && ok || bad "qwh $1 $2 $enc $s: '$got', the checker $want"
    done
  done
done

# cliques of binary != (xcsp_cliques.c): the binary-conflicts encoding of a
# Latin square is recognised as rows and columns of all-different, so at
# alldiff=domain it explores exactly the allDifferent encoding's tree
# (nodes and counts equal), and at pairwise exactly the same tree too
nodes_of() { "$bin" solve xcsp "$1" --all --stats --strategy "$2" 2>&1 >/dev/null | awk '$1 == "nodes" { print $2 }'; }
for spec in "7 20" "8 38" "10 42"; do
  set -- $spec
  "$gen" qwh "$1" "$2" 5 >"$tmp/q.xml"
  "$gen" qwh "$1" "$2" 5 x2 >"$tmp/q2.xml"
  for l in domain pairwise; do
    a=$(nodes_of "$tmp/q.xml" "gac:alldiff=$l") b=$(nodes_of "$tmp/q2.xml" "gac:alldiff=$l")
    [ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "qwh $1 $2 alldiff=$l: $a nodes, x2 encoding $b"
  done
done

# <decision> annotations: model=decision branches on them first (a tier of
# their own), the default model as on the other variables (as ACE's
# default): bt in lex order finds x0 x1 x2 = 0 0 2 by default, x2 first
# 2 0 0
cat >"$tmp/dec.xml" <<'EOF'
<instance format="XCSP3" type="CSP"><variables><array id="x" size="[3]"> 0..2 </array></variables>
<constraints><intension> ge(add(x[0],x[2]),2) </intension><intension> le(x[1],x[0]) </intension></constraints>
<annotations><decision> x[2] </decision></annotations></instance>
EOF
first_of() { "$bin" solve xcsp "$tmp/dec.xml" --json --strategy "$1" | sed 's/.*"solution": {"x\[0\]": \([0-9]*\), "x\[1\]": \([0-9]*\), "x\[2\]": \([0-9]*\)}.*/\1 \2 \3/'; }
[ "$(first_of bt:var=lex)" = "0 0 2" ] && ok || bad "decision, default model: '$(first_of bt:var=lex)'"
[ "$(first_of bt:var=lex,model=decision)" = "2 0 0" ] && ok || bad "decision, model=decision: '$(first_of bt:var=lex,model=decision)'"

# a search cut short: s UNKNOWN, exit 3
cat >"$tmp/big.xml" <<'EOF'
<instance format="XCSP3" type="CSP"><variables><array id="x" size="[8]"> 0..7 </array></variables>
<constraints><allDifferent> x[] </allDifferent></constraints></instance>
EOF
out=$("$bin" solve xcsp "$tmp/big.xml" --all --node-limit 5 2>/dev/null); code=$?
[ $code -eq 3 ] && ok || bad "node limit: exit $code"
case "$out" in "s SATISFIABLE"*|"s UNKNOWN"*) ok ;; *) bad "node limit: output '$out'" ;; esac
out=$("$bin" solve xcsp "$tmp/big.xml" --node-limit 3 2>/dev/null); code=$?
[ "$out" = "s UNKNOWN" ] && [ $code -eq 3 ] && ok || bad "node limit 3: '$out' exit $code"

# exports through the command line
for spec in futoshiki:instances/futoshiki/case1.fut museum:instances/museum/several_3x3.mus \
            museum:instances/museum/museum-n5-s1-000.mus aquarium:instances/aquarium/blog_681742_6x6.aq \
            aquarium:instances/aquarium/aquarium-n6-s1-000.aq; do
  pz=${spec%%:*} f=${spec#*:}
  "$bin" export "$pz" "$f" --format xcsp3 --out "$tmp/e.xml" || { bad "export $f"; continue; }
  a=$("$bin" solve "$pz" "$f" --all | tail -1)
  b=$("$bin" solve xcsp "$tmp/e.xml" --all | tail -1)
  [ "c $a" = "$b" ] && ok || bad "export $f: '$a' vs '$b'"
  "$bin" solve xcsp "$tmp/e.xml" --json | "$xcheck" verify "$tmp/e.xml" >/dev/null 2>"$tmp/err" && ok || bad "export $f: $(cat "$tmp/err")"
done
"$bin" export convict instances/convict/classic_4x4.cvt --format xcsp3 >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "export convict: expected exit 2"
"$bin" export futoshiki instances/futoshiki/case1.fut --format json >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "export --format json: expected exit 2"

checks_done answers
