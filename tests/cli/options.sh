#!/usr/bin/env bash
# options.sh BIN ROOT - walks every flag table (`searchlab list --options`,
# the rows that gen, gen qwh, gen samegame, samegame, tree, run, fzn,
# merge, export, solve, report and plot read): each
# flag is shown by its command's --help (with its default) and by `list`;
# accepted with its default and with each of its names; refused, exit 2
# with one line naming it, below its minimum, above its maximum, with a
# name it does not have, with a value when it is a switch, and when a
# required one is left out.  Then the corpus tests/cli/bad_flags.tsv.
set -u
bin=$(realpath "$1")
cd "$2" || exit 1
. tests/check.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$PWD
# the commands run in a folder of their own: a default such as gen's
# --out . writes there, never into the checkout
mkdir "$tmp/w"

# The arguments that make each command valid besides the flag under test
# (pairs FLAG VALUE after the positional ones; a pair whose flag is the
# one under test is left out).
declare -A pos pairs
pos[gen]="futoshiki" pairs[gen]="--size 4 --out $tmp/g"
pos[gen qwh]="" pairs[gen qwh]="--order 5 --holes 0.4 --out $tmp/q"
pos[gen samegame]="" pairs[gen samegame]="--marbles 20 --ops 2 --out $tmp/s.txt"
pos[samegame]="" pairs[samegame]=""
pos[tree]="futoshiki $root/instances/futoshiki/case1.fut" pairs[tree]="--format dot --out $tmp/t.dot"
pos[run]="" pairs[run]="--puzzle futoshiki --instances $root/instances/futoshiki/case1.fut --out $tmp/r.csv"
printf 'var 1..3: x :: output_var;\nsolve satisfy;\n' >"$tmp/s.fzn"
pos[fzn]="$tmp/s.fzn" pairs[fzn]=""
pos[solve]="futoshiki $root/instances/futoshiki/case1.fut" pairs[solve]=""
fixed=$root/tests/harness/golden/fixed.csv # two files: --table files takes them
pos[report]="$fixed $fixed" pairs[report]=""
pos[plot]="$fixed" pairs[plot]="--kind cactus --out $tmp/p --format svg"
pos[merge]="$tmp/none.csv" pairs[merge]="--out $tmp/m.csv"
pos[export]="futoshiki $root/instances/futoshiki/case1.fut" pairs[export]="--format xcsp3"

# run CMD FLAG ARG...: the command with its base arguments (less FLAG's
# pair) and ARG..., standard input empty; stderr in $tmp/err, status in rc.
run() {
  local cmd=$1 flag=$2; shift 2
  local -a args=() base
  read -ra base <<<"${pairs[$cmd]}"
  local i
  for ((i = 0; i < ${#base[@]}; i += 2)); do
    [ "${base[i]}" = "--$flag" ] || args+=("${base[i]}" "${base[i + 1]}")
  done
  # shellcheck disable=SC2086 # the command and positional words split on purpose
  (cd "$tmp/w" && "$bin" $cmd ${pos[$cmd]} "${args[@]}" "$@" </dev/null >/dev/null 2>"$tmp/err")
  rc=$?
}
accepted() { # CMD FLAG ARG... : exit 0
  local cmd=$1 flag=$2; shift 2
  run "$cmd" "$flag" "$@"
  [ "$rc" -eq 0 ] && ok || bad "$cmd $*: exit $rc, expected 0: $(cat "$tmp/err")"
}
refused() { # CMD FLAG ARG... : exit 2, one line naming --FLAG
  local cmd=$1 flag=$2; shift 2
  run "$cmd" "$flag" "$@"
  [ "$rc" -eq 2 ] && ok || bad "$cmd $*: exit $rc, expected 2"
  grep -qF -- "--$flag" "$tmp/err" && ok || bad "$cmd $*: the message does not name --$flag: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "$cmd $*: not one line: $(cat "$tmp/err")"
}

"$bin" list --options >"$tmp/rows" || bad "list --options failed"
"$bin" list >"$tmp/list" || bad "list failed"
[ "$(wc -l <"$tmp/rows")" -ge 30 ] && ok || bad "list --options: fewer rows than the tables have"
n=0
while IFS=$'\t' read -r cmd flag kind min max def req names; do
  n=$((n + 1))
  # --help shows the flag and its default, from the same row
  # shellcheck disable=SC2086
  "$bin" $cmd --help >"$tmp/help" 2>&1 || bad "$cmd --help failed"
  # (a flag with a letter is shown as "-L, --FLAG")
  block=$(awk -v f="--$flag" '{ s = $0; sub(/^  -[a-zA-Z], /, "  ", s) }
    index(s, "  " f) == 1 && (length(s) == length(f) + 2 || substr(s, length(f) + 3, 1) ~ /[ ,]/) { on = 1; print; next }
    on && /^  -/ { on = 0 } on { print }' "$tmp/help" | tr -s ' \n' '  ')
  [ -n "$block" ] && ok || bad "$cmd --help does not show --$flag"
  if [ "$def" != - ]; then
    grep -qF -- "default $def" <<<"$block" && ok || bad "$cmd --help: --$flag lacks 'default $def': $block"
  fi
  if [ "$req" = 1 ]; then
    grep -qF -- "required" <<<"$block" && ok || bad "$cmd --help: --$flag does not say required"
    refused "$cmd" "$flag"
  fi
  grep -qE "^  ${cmd// /-}:--$flag " "$tmp/list" && ok || bad "list does not show $cmd --$flag"
  case $kind in
    int|u64|real)
      if [ "$def" != - ]; then accepted "$cmd" "$flag" "--$flag=$def"; fi
      low=$(awk -v m="$min" 'BEGIN { printf "%.15g", m - 1 }')
      refused "$cmd" "$flag" "--$flag=$low"
      if [ "$max" != 0 ] || [ "$kind" != u64 ]; then
        high=$(awk -v m="$max" 'BEGIN { printf "%.15g", m + 1 }')
        refused "$cmd" "$flag" "--$flag" "$high"
      fi
      refused "$cmd" "$flag" "--$flag" "x" ;;
    names)
      IFS='|' read -ra all <<<"$names"
      for v in "${all[@]}"; do
        # an anytime figure needs an optimisation's results (cop_cli.sh draws one)
        [ "$cmd $flag $v" = "plot kind anytime" ] && continue
        accepted "$cmd" "$flag" "--$flag=$v"
      done
      refused "$cmd" "$flag" "--$flag=no-such-$flag" ;;
    switch)
      accepted "$cmd" "$flag" "--$flag"
      if [ "$names" != - ]; then # --minimal=0|1 too
        IFS='|' read -ra all <<<"$names"
        for v in "${all[@]}"; do accepted "$cmd" "$flag" "--$flag=$v"; done
      fi
      refused "$cmd" "$flag" "--$flag=x" ;;
    text)
      if [ "$def" != - ]; then accepted "$cmd" "$flag" "--$flag=$def"; fi ;;
    list)
      if [ "$max" != 0 ]; then
        many=()
        for ((i = 0; i <= ${max%.*}; i++)); do many+=("--$flag" gac); done
        refused "$cmd" "$flag" "${many[@]}"
      fi ;;
  esac
  # a flag given twice (a list may repeat; run takes the last, so that a
  # script may append a flag to override one)
  if [ "$kind" != list ] && [ "$kind" != switch ] && [ "$def" != - ]; then
    if [ "$cmd" = run ]; then
      accepted "$cmd" "$flag" "--$flag=$def" "--$flag=$def"
    else
      refused "$cmd" "$flag" "--$flag=$def" "--$flag=$def"
    fi
  fi
done <"$tmp/rows"
# the one count limit: gen, gen qwh and the gen: specs share it
max_count=$(awk -F'\t' '$1 ~ /^gen/ && $2 == "count" { print $5 }' "$tmp/rows" | sort -u)
[ "$(wc -l <<<"$max_count")" -eq 1 ] && ok || bad "two --count maxima: $max_count"
"$bin" run --puzzle futoshiki --instances "gen:size=4,count=$((max_count + 1))" --gen-cache "$tmp/c" \
  --out "$tmp/c.csv" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -qF "bad value 'count=$((max_count + 1))'" "$tmp/err" && ok \
  || bad "gen:count past --count's maximum: $(cat "$tmp/err")"
[ "$n" -ge 30 ] && ok || bad "only $n rows walked"
# the corpus of bad flags and specs: exit 2, one line holding the text
corpus=0
while IFS=$'\t' read -r want args; do
  case "$want" in ''|'#'*) continue ;; esac
  corpus=$((corpus + 1))
  read -ra words <<<"${args//@TMP@/$tmp}"
  "$bin" "${words[@]}" </dev/null >/dev/null 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] && ok || bad "$args: exit $rc, expected 2: $(cat "$tmp/err")"
  grep -qF -- "$want" "$tmp/err" && ok || bad "$args: message lacks '$want': $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "$args: not one line: $(cat "$tmp/err")"
done <tests/cli/bad_flags.tsv
[ "$corpus" -ge 40 ] && ok || bad "bad_flags.tsv: only $corpus lines read"
checks_done options
