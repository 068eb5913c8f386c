#!/usr/bin/env bash
# Builds and runs row_length.c (see its header) for this machine's CPU.
#
#   bench/premise/run.sh [runs]   (default 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cc=$(command -v clang-22 || command -v clang || command -v cc)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cc" -O2 -march=native "$here/row_length.c" -o "$out/row_length"
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
llc=/usr/lib/llvm-22/bin/llc
if [ -x "$llc" ]; then
  cpu="$cpu, llvm host cpu=$("$llc" --version | sed -n 's/.*Host CPU: //p')"
fi
grep -qw avx512f /proc/cpuinfo && cpu="$cpu, avx512f" || cpu="$cpu, no avx512f"
for _ in $(seq "${1:-3}"); do
  "$out/row_length" "$cpu"
done
