#!/usr/bin/env bash
# The two forms of a row-sharded lookup over MPI (not a test): a 1 GiB f32
# table ([1048576, 256]) split over 1, 2 and 4 MPICH processes, batches of
# 4096 ids, in the all-reduce form (ids replicated) and the exchange form
# (ids split like the rows), beside the same lookup without annotations
# through gather-to-llvm on one process ("plain"). The variants run
# interleaved over ROUNDS rounds. Each line: form, processes, MiB of table
# per process, median ms per batch (the slowest process), KiB per process
# handed to MPI per batch (counted at the MPI calls by the PMPI wrapper
# mpi_count.c, the largest over the processes), for the exchange form the
# KiB it needs (ids out, rows answered, counts) and the ratio of the two,
# the calls per batch (MPI_Allreduce/MPI_Alltoall/MPI_Alltoallv/
# MPI_Allgather), the MPI_Comm_split calls of the whole run, and whether
# the result checked out. Prints the CPU first.
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

model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
width=AVX2
grep -qw avx512f /proc/cpuinfo && width=AVX-512
echo "CPU: $model ($width), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"

mpi=(-I/usr/include/x86_64-linux-gnu/mpich -lmpich)
for n in 1 2 4; do
  sed -E "s/shard\.grid @grid\(shape = [0-9]+\)/shard.grid @grid(shape = $n)/" \
    "$here/lookup.mlir" >"$work/lookup.$n.mlir"
  "$build/bin/gather-opt" "$work/lookup.$n.mlir" --gather-to-mpi=entry-point= |
    "$llvm/bin/mlir-translate" --mlir-to-llvmir >"$work/lookup.$n.ll"
  clang-22 -O2 -Wno-override-module "$work/lookup.$n.ll" "$here/driver.c" \
    "$here/mpi_count.c" -o "$work/bench.$n" "${mpi[@]}"
done

# The unsharded lookup: annotations removed as run-sharded-example.sh 0 does.
sed -E -e '/^[[:space:]]*shard\.grid /d' -e '/= shard\.sharding /d' \
  -e 's/(%[A-Za-z0-9_]+) = shard\.shard (%[A-Za-z0-9_]+) to %[A-Za-z0-9_]+ : (tensor<[^>]*>)/\1 = tensor.cast \2 : \3 to \3/' \
  "$here/lookup.mlir" >"$work/lookup.plain.mlir"
"$build/bin/gather-opt" "$work/lookup.plain.mlir" --gather-to-llvm |
  "$llvm/bin/mlir-translate" --mlir-to-llvmir >"$work/lookup.plain.ll"
clang-22 -O2 -Wno-override-module "$work/lookup.plain.ll" "$here/driver.c" \
  "$here/mpi_count.c" -o "$work/bench.plain" "${mpi[@]}"

echo -e "form\tprocs\ttable MiB/proc\tms/batch\tsent KiB/proc\tneed KiB/proc\tsent/need\tcalls ar/a2a/a2av/ag\tsplits\tcheck"
for round in $(seq "$rounds"); do
  mpirun.mpich -np 1 "$work/bench.plain" "$iterations" plain
  for n in 1 2 4; do
    for form in allreduce exchange; do
      mpirun.mpich -np "$n" "$work/bench.$n" "$iterations" "$form"
    done
  done
done
