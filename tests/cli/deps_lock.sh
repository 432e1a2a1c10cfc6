#!/usr/bin/env bash
# deps_lock.sh - scripts/deps.sh beside another install (issue 26): while
# another apt/dpkg holds the package manager's lock, it says so and waits
# (bounded by SEARCHLAB_APT_WAIT), then installs; past the bound it gives
# up with apt's status.  apt-get and dpkg-query are stand-ins on PATH, so
# nothing is installed: the stand-in apt-get fails with apt's lock message
# while a lock file exists, and a background job removes it later.
. "$(dirname "$0")/../check.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
cat >"$tmp/bin/dpkg-query" <<'EOS'
#!/bin/sh
exit 1
EOS
cat >"$tmp/bin/apt-get" <<EOS
#!/bin/sh
echo "apt-get \$*" >>"$tmp/calls"
if [ -e "$tmp/locked" ]; then
  echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)" >&2
  exit 100
fi
exit 0
EOS
cat >"$tmp/bin/sudo" <<'EOS'
#!/bin/sh
exec "$@"
EOS
cat >"$tmp/bin/sleep" <<'EOS'
#!/bin/sh
exec /bin/sleep 0.2
EOS
chmod +x "$tmp/bin/"*
# held for a while: waits, says so once, then installs
touch "$tmp/locked"
(/bin/sleep 1; rm -f "$tmp/locked") &
out=$(PATH="$tmp/bin:$PATH" SEARCHLAB_APT_WAIT=60 bash "$root/scripts/deps.sh" somepkg 2>&1)
rc=$?
wait
[ $rc -eq 0 ] && ok || bad "a lock released later: exit $rc, expected 0: $out"
[ "$(grep -c 'waiting for it' <<<"$out")" -eq 1 ] && ok || bad "says once that it waits: $out"
grep -q 'apt-get .*install -y -q --no-install-recommends somepkg' "$tmp/calls" && ok || bad "then installs: $(cat "$tmp/calls")"
# held for good: gives up after the bound, with apt's status
: >"$tmp/calls"
touch "$tmp/locked"
out=$(PATH="$tmp/bin:$PATH" SEARCHLAB_APT_WAIT=0 bash "$root/scripts/deps.sh" somepkg 2>&1)
rc=$?
[ $rc -eq 100 ] && ok || bad "a lock held for good: exit $rc, expected 100: $out"
grep -q 'giving up' <<<"$out" && ok || bad "says it gives up: $out"
grep -q install "$tmp/calls" && bad "installed without the lock" || ok
# a bad bound is refused
out=$(PATH="$tmp/bin:$PATH" SEARCHLAB_APT_WAIT=soon bash "$root/scripts/deps.sh" somepkg 2>&1)
[ $? -eq 2 ] && grep -q SEARCHLAB_APT_WAIT <<<"$out" && ok || bad "SEARCHLAB_APT_WAIT=soon: $out"
checks_done deps_lock
