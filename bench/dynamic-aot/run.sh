#!/usr/bin/env bash
# W1 (gather-bench's embedding lookup) compiled ahead of time with static
# types, with every size dynamic and with every size but the row length
# dynamic, timed side by side from C at eight stack depths (harness.c).
# Separates the cost of the dynamic code from that of the JIT's placement.
#
#   bench/dynamic-aot/run.sh [runs] [gather-opt]   (default 2, build/bin/gather-opt)
#   GATHER_AOT_INDICES=random: uniformly random indices instead of gather-bench's
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-2}
opt_tool=${2:-$here/../../build/bin/gather-opt}
llvm=/usr/lib/llvm-22/bin
cc=$(command -v clang-22 || command -v clang || command -v cc)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
host=$("$llvm/llc" --version | sed -n 's/.*Host CPU: //p')
triple=$("$llvm/llc" --version | sed -n 's/.*Default target: //p')
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
grep -qw avx512f /proc/cpuinfo && isa=avx512f || isa="no avx512f"
cpu="$cpu, llvm host cpu=$host, $isa, nproc=$(nproc)"
variant() { # name table ids out
  sed -e "s/NAME/$1/" -e "s/TABLE/$2/g" -e "s/IDS/$3/g" -e "s/OUT/$4/g" \
    "$here/w1.mlir.in" >"$out/$1.mlir"
  "$opt_tool" --gather-to-llvm=bounds-check=none "$out/$1.mlir" |
    "$llvm/mlir-translate" --mlir-to-llvmir >"$out/$1.ll"
  # The JIT's target for the IR optimizations too (their costs depend on it).
  "$llvm/opt" -O3 -mtriple="$triple" -mcpu="$host" "$out/$1.ll" -o "$out/$1.bc"
  "$llvm/llc" -O3 -mtriple="$triple" -mcpu="$host" "$out/$1.bc" -o "$out/$1.s"
}
variant w1_static 100000x256xf32 262144xi64 262144x256xf32
variant w1_dynamic '?x?xf32' '?xi64' '?x?xf32'
variant w1_dynamic_rows '?x256xf32' '?xi64' '?x256xf32'
"$cc" -O2 "$here/harness.c" "$out"/w1_*.s -o "$out/harness"
for _ in $(seq "$runs"); do
  "$out/harness" "$cpu" "${GATHER_AOT_INDICES:-hashed}"
done
