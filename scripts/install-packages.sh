#!/usr/bin/env bash
# Installs the Debian packages among PACKAGE... that are not installed yet
# (apt-get, as root or with sudo); prints what it installs, prefixed with
# LABEL, on standard error. Exit status 1 when apt-get fails.
#
#   scripts/install-packages.sh LABEL PACKAGE...
set -uo pipefail

label=$1
shift
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "$label: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
  --no-install-recommends "${missing[@]}" >/dev/null
