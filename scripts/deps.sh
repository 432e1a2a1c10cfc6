#!/usr/bin/env bash
# deps.sh - install the Debian packages searchlab needs, only when missing.
# Usage: scripts/deps.sh PACKAGE...   (run by main.sh, test.sh and bench/)
# Two names stand for lists kept here once:
#   @libs   the libraries the build links: SQLite (CP-Profiler databases,
#           src/tree) and libxml2 (the XCSP3 reader, src/xcsp/xcsp*)
#   @build  what configuring and building needs: cmake, make, gcc and @libs
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
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
