#!/usr/bin/env bash
# deps.sh - install the Debian packages searchlab needs, only when missing.
# Usage: scripts/deps.sh PACKAGE...   (run by main.sh, test.sh and bench/)
# Two names stand for lists kept here once:
#   @libs   the libraries the build links: SQLite (CP-Profiler databases,
#           src/tree) and libxml2 (the XCSP3 reader, src/xcsp/xcsp*)
#   @build  what configuring and building needs: cmake, make, gcc and @libs
# When another apt or dpkg holds the package manager's lock (an unattended
# upgrade, a second install beside this one), it waits for it, saying so,
# for at most SEARCHLAB_APT_WAIT seconds (default 600), then gives up.
set -euo pipefail
libs=(libsqlite3-dev libxml2-dev)
pkgs=()
for pkg in "$@"; do
  case $pkg in
    @libs) pkgs+=("${libs[@]}") ;;
    @build) pkgs+=(cmake make gcc "${libs[@]}") ;;
    *) pkgs+=("$pkg") ;;
  esac
done
missing=()
for pkg in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all present: ${pkgs[*]}"
  exit 0
fi
echo "deps: installing missing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
wait_s=${SEARCHLAB_APT_WAIT:-600}
case $wait_s in '' | *[!0-9]*) echo "deps: SEARCHLAB_APT_WAIT: expected whole seconds, found '$wait_s'" >&2; exit 2 ;; esac
# apt_locked CMD...: runs an apt-get command; while it fails because another
# process holds a lock of the package manager, waits and tries again
# (dpkg's own wait, DPkg::Lock::Timeout, does not cover the lists lock of
# `apt-get update`, so the retry loop covers both).
apt_locked() {
  local start=$SECONDS err rc said=0
  err=$(mktemp)
  while :; do
    rc=0
    # stderr to the file first, then shown: read through a process
    # substitution, the file could still be short when grep reads it
    $SUDO apt-get -o DPkg::Lock::Timeout=5 "$@" 2>"$err" || rc=$?
    cat "$err" >&2
    if [ $rc -eq 0 ] || ! grep -qiE 'could not (get|open) lock|unable to lock|is another process using it' "$err"; then
      rm -f "$err"
      return $rc
    fi
    if [ $((SECONDS - start)) -ge "$wait_s" ]; then
      echo "deps: another apt/dpkg still holds the package manager's lock after ${wait_s} s; giving up (SEARCHLAB_APT_WAIT=S waits longer)" >&2
      rm -f "$err"
      return $rc
    fi
    if [ $said -eq 0 ]; then
      echo "deps: another apt/dpkg holds the package manager's lock; waiting for it (at most ${wait_s} s)" >&2
      said=1
    fi
    sleep 5
  done
}
apt_locked update -q
apt_locked install -y -q --no-install-recommends "${missing[@]}"
