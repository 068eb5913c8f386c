#!/usr/bin/env bash
# W1 (gather-bench's embedding lookup), W4 (its small gather) or W5 (W1's
# shape with i32 indices, a quarter negative, and the bounds check that
# stops the program) compiled ahead of time with static types, with every
# size dynamic and with every size but the row length dynamic, timed side
# by side from C at 32 stack depths (harness.c). Separates the cost of the
# dynamic code from that of the JIT's placement.
#
#   bench/dynamic-aot/run.sh [runs] [gather-opt]   (default 2, build/bin/gather-opt)
#   GATHER_AOT_WORKLOAD=W4 or W5: W4 or W5 instead of W1
#   GATHER_AOT_SHAPE="rows cols ids calls": the workload's gather on
#     another shape (table rows, row length, indices, calls per sample)
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
    "$here/gather.mlir.in" >"$out/$1.mlir"
  "$opt_tool" --gather-to-llvm=bounds-check=$check "$out/$1.mlir" |
    "$llvm/mlir-translate" --mlir-to-llvmir >"$out/$1.ll"
  # The JIT's target for the IR optimizations too (their costs depend on it).
  "$llvm/opt" -O3 -mtriple="$triple" -mcpu="$host" "$out/$1.ll" -o "$out/$1.bc"
  "$llvm/llc" -O3 -mtriple="$triple" -mcpu="$host" "$out/$1.bc" -o "$out/$1.s"
}
# Rows of the table, row length, indices, and calls per timed sample; the
# index type, whether a quarter of the indices count from the end, and the
# bounds check.
bits=64 negative=0 check=none
case "${GATHER_AOT_WORKLOAD:-W1}" in
W1) shape=(100000 256 262144 1) ;;
W4) shape=(1000 64 32 8192) ;;
W5)
  shape=(100000 256 262144 1)
  bits=32 negative=1 check=assert
  ;;
*)
  echo "run.sh: GATHER_AOT_WORKLOAD is W1, W4 or W5" >&2
  exit 2
  ;;
esac
if [ -n "${GATHER_AOT_SHAPE:-}" ]; then
  read -r -a shape <<<"$GATHER_AOT_SHAPE"
  if [ "${#shape[@]}" -ne 4 ]; then
    echo "run.sh: GATHER_AOT_SHAPE is \"rows cols ids calls\"" >&2
    exit 2
  fi
fi
read -r rows cols ids calls <<<"${shape[*]}"
variant static_types "${rows}x${cols}xf32" "${ids}xi$bits" "${ids}x${cols}xf32"
variant dynamic_types '?x?xf32' "?xi$bits" '?x?xf32'
variant dynamic_rows "?x${cols}xf32" "?xi$bits" "?x${cols}xf32"
# -no-pie: llc's default relocation model addresses the bounds check's
# message with 32-bit absolute addresses, which a position-independent
# executable cannot hold.
"$cc" -O2 -no-pie -DROWS="$rows" -DCOLS="$cols" -DIDS="$ids" -DCALLS="$calls" \
  -DINDEX_BITS="$bits" -DNEGATIVE_QUARTER="$negative" \
  "$here/harness.c" "$out"/static_types.s "$out"/dynamic_types.s \
  "$out"/dynamic_rows.s -o "$out/harness"
echo "workload: ${GATHER_AOT_WORKLOAD:-W1} ($ids rows of $cols f32 from $rows," \
  "i$bits indices, bounds-check=$check)"
for _ in $(seq "$runs"); do
  "$out/harness" "$cpu" "${GATHER_AOT_INDICES:-hashed}"
done
