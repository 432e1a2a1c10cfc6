# check.sh - the shell tests' counterpart of check.h (sourced): ok and bad
# count checks, checks_done prints the totals and is the script's status.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect_code() { # CODE DESCRIPTION CMD...
  local want=$1 what=$2; shift 2
  "$@" >/dev/null 2>&1; local got=$?
  [ "$got" -eq "$want" ] && ok || bad "$what: exit $got, expected $want"
}
expect_error() { # FLAG DESCRIPTION CMD...: exit 2, one line naming FLAG
  local flag=$1 what=$2; shift 2
  local err; err=$("$@" 2>&1 >/dev/null); local got=$?
  [ "$got" -eq 2 ] && ok || bad "$what: exit $got, expected 2"
  grep -qF -- "$flag" <<<"$err" && ok || bad "$what: message does not name $flag: $err"
  [ "$(wc -l <<<"$err")" -eq 1 ] && ok || bad "$what: more than one line: $err"
}
checks_done() { # NAME: prints the totals; 0 when nothing failed
  echo "$1: $((pass + fail)) checks, $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
