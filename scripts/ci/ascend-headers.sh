#!/usr/bin/env bash
# CI job: compiles the sources written against the ATB/ACL API against the
# in-tree emulator's headers with g++ 12 and clang++ 22, and checks that
# they fail without exceptions as they do against CANN's headers
# (scripts/check-cann-headers.sh, which takes a CANN install instead).
# Ends with `N passed, N failed`.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
missing=()
command -v g++-12 >/dev/null || missing+=(g++-12)
command -v clang++-22 >/dev/null || missing+=(clang-22)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi
emulator="$root/lib/Runtime/ATBEmulator"
exec "$root/scripts/check-cann-headers.sh" "$emulator" "$emulator"
