#!/usr/bin/env bash
# bad_input.sh BIN PUZZLE DIR - every file of a bad-input corpus must make
# `searchlab solve PUZZLE FILE` exit 2 with exactly one line on standard
# error that starts with the file's path and contains the text that
# DIR/EXPECTED gives for it (file<TAB>text).  Every file in DIR must be
# listed, so a new corpus file cannot go unchecked.
set -u
bin=$1 puzzle=$2 dir=$3
pass=0 fail=0
declare -A expected
while IFS=$'\t' read -r file text; do
  case "$file" in ''|'#'*) continue ;; esac
  expected[$file]=$text
done < "$dir/EXPECTED"
for path in "$dir"/*; do
  file=$(basename "$path")
  [ "$file" = EXPECTED ] && continue
  if [ -z "${expected[$file]+x}" ]; then
    echo "FAIL $file: not listed in $dir/EXPECTED"; fail=$((fail + 1)); continue
  fi
  err=$(timeout 10 "$bin" solve "$puzzle" "$path" 2>&1 >/dev/null)
  code=$?
  lines=$(printf '%s\n' "$err" | wc -l)
  if [ "$code" -ne 2 ]; then
    echo "FAIL $file: exit status $code, expected 2 ($err)"; fail=$((fail + 1))
  elif [ "$lines" -ne 1 ]; then
    echo "FAIL $file: $lines lines on stderr, expected 1: $err"; fail=$((fail + 1))
  elif [[ "$err" != "$path"* ]]; then
    echo "FAIL $file: message does not start with the path: $err"; fail=$((fail + 1))
  elif [[ "$err" != *"${expected[$file]}"* ]]; then
    echo "FAIL $file: message '$err' lacks '${expected[$file]}'"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "$((pass + fail)) tests, $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
