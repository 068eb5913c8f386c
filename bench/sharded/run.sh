#!/usr/bin/env bash
# Scaling of a row-sharded lookup over MPI (not a test): a 1 GiB f32 table
# ([1048576, 256]) split over 1, 2 and 4 MPICH processes, batches of 4096
# ids, and the same lookup without annotations through gather-to-llvm on one
# process ("plain": the cost of the sharded form itself). The variants are
# interleaved over ROUNDS rounds; each line is one run: processes, MiB of table per process, median ms per batch (the
# slowest process), MiB of result per batch, MiB sent per process by the
# all-reduce (2 (N-1)/N of the result), and whether the result checked out.
#
#   bench/sharded/run.sh [ROUNDS] [ITERATIONS]
#
# glibc returns the freed 4 MiB temporaries of each call to the system and
# faults them in again on the next call, which on a virtual machine costs
# more than the lookup itself; the run keeps freed memory (MALLOC_* below,
# as a long-running process with a caching allocator would) unless
# SHARDED_BENCH_DEFAULT_MALLOC=1.
set -euo pipefail

if [ "${SHARDED_BENCH_DEFAULT_MALLOC:-0}" != 1 ]; then
  export MALLOC_TRIM_THRESHOLD_=4000000000 MALLOC_MMAP_THRESHOLD_=1000000000
  export MALLOC_TOP_PAD_=100000000
fi

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
rounds=${1:-2}
iterations=${2:-10}
here="$root/bench/sharded"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in 1 2 4; do
  sed -E "s/shard\.grid @grid\(shape = [0-9]+\)/shard.grid @grid(shape = $n)/" \
    "$here/lookup.mlir" >"$work/lookup.$n.mlir"
  "$build/bin/gather-opt" "$work/lookup.$n.mlir" --gather-to-mpi=entry-point= |
    "$llvm/bin/mlir-translate" --mlir-to-llvmir >"$work/lookup.$n.ll"
  clang-22 -O2 -Wno-override-module "$work/lookup.$n.ll" "$here/driver.c" \
    -I/usr/include/x86_64-linux-gnu/mpich -o "$work/bench.$n" -lmpich
done

# The unsharded lookup: annotations removed as run-sharded-example.sh 0 does.
sed -E -e '/^[[:space:]]*shard\.grid /d' -e '/= shard\.sharding /d' \
  -e 's/(%[A-Za-z0-9_]+) = shard\.shard (%[A-Za-z0-9_]+) to %[A-Za-z0-9_]+ : (tensor<[^>]*>)/\1 = tensor.cast \2 : \3 to \3/' \
  "$here/lookup.mlir" >"$work/lookup.plain.mlir"
"$build/bin/gather-opt" "$work/lookup.plain.mlir" --gather-to-llvm |
  "$llvm/bin/mlir-translate" --mlir-to-llvmir >"$work/lookup.plain.ll"
clang-22 -O2 -Wno-override-module "$work/lookup.plain.ll" "$here/driver.c" \
  -I/usr/include/x86_64-linux-gnu/mpich -o "$work/bench.plain" -lmpich

echo -e "procs\ttable MiB/proc\tms/batch\tresult MiB\tsent MiB/proc\tcheck"
for round in $(seq "$rounds"); do
  mpirun.mpich -np 1 "$work/bench.plain" "$iterations" plain
  for n in 1 2 4; do
    mpirun.mpich -np "$n" "$work/bench.$n" "$iterations"
  done
done
