# lib.sh - shared helpers of the harness's shell tests (sourced).
# $1 of each test is the searchlab binary; tests run from the repository root.
set -u
BIN=${1:?usage: $0 path/to/searchlab}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
TMP=$(mktemp -d "${TMPDIR:-/tmp}/searchlab-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
FAILED=0
CHECKS=0
fail() { echo "FAIL: $*" >&2; FAILED=$((FAILED + 1)); }
ok() { CHECKS=$((CHECKS + 1)); }
check() { # check DESCRIPTION COMMAND... : the command must succeed
  local what=$1; shift
  if "$@"; then ok; else fail "$what"; fi
}
done_tests() {
  echo "$CHECKS checks passed, $FAILED failed"
  [ "$FAILED" -eq 0 ]
}
# The value of column NAME in every data row of a result CSV (no quoted
# commas in the columns the tests read).
column() { # column FILE NAME
  awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } { print $c }' "$1"
}
# The rows of a result CSV without the timing columns (anything ending in
# _ns, wall_s, cpu_s, peak_rss_kib, note) and the invocation that recorded
# them, sorted: what must not depend on how or where the runs were done.
untimed() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) keep[i] = ($i !~ /_ns$/ && $i != "wall_s" && $i != "cpu_s" && $i != "peak_rss_kib" && $i != "note" && $i != "invocation"); next }
           { line = ""; for (i = 1; i <= NF; i++) if (keep[i]) line = line "," $i; print line }' "$1" | sort
}
# The number of data rows of a result CSV (0 when it does not exist).
rows() { # rows FILE
  if [ -e "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo 0; fi
}
# Waits (up to 60 s) until the result CSV has at least N rows; 1 if not.
wait_rows() { # wait_rows FILE N
  local i
  for i in $(seq 1 3000); do
    [ "$(rows "$1")" -ge "$2" ] && return 0
    sleep 0.02
  done
  return 1
}
# Each (instance, strategy, rep) of a result CSV once: the number of
# distinct run keys equals the number of rows.
once_each() { # once_each FILE
  [ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
               { print $c["instance"] "|" $c["strategy"] "|" $c["rep"] }' "$1" | sort -u | wc -l)" -eq "$(rows "$1")" ]
}
# A JSON check with python3: json_check DESCRIPTION PYTHON_CODE FILE...
# (the code sees the files as sys.argv[1:]).
json_check() {
  local what=$1 code=$2; shift 2
  check "$what" python3 -c "import json, sys
$code" "$@"
}
