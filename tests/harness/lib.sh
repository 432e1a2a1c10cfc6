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
# _ns, wall_s, cpu_s, peak_rss_kib, note), sorted: what must not depend on
# how or where the runs were done.
untimed() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) keep[i] = ($i !~ /_ns$/ && $i != "wall_s" && $i != "cpu_s" && $i != "peak_rss_kib" && $i != "note"); next }
           { line = ""; for (i = 1; i <= NF; i++) if (keep[i]) line = line "," $i; print line }' "$1" | sort
}
