#!/usr/bin/env bash
# Runs a module with `shard` annotations (default: the sharded embedding
# example) on N MPI processes, or without MPI for N = 0.
#
#   scripts/run-sharded-example.sh N [module.mlir] [gather-to-mpi options]
#
# N >= 1: sets the shape of every 1-D `shard.grid` to N, lowers the module
# with `gather-opt --gather-to-mpi`, translates it to LLVM IR, compiles it
# with clang-22 against libmpich and the runner-utils libraries, and runs it
# under `mpirun.mpich -np N` (with the extra arguments of $GATHER_MPIRUN_ARGS,
# e.g. a hostfile: scripts/run-netns-example.sh).
# N = 0: removes the sharding annotations (grids and shardings deleted,
# `shard.shard` replaced by a no-op cast, the process index replaced by 0)
# and runs the module through `gather-opt --gather-to-llvm` and mlir-runner.
# GATHER_MPI=openmpi: the module names Open MPI and runs under Debian's Open
# MPI (mpirun.openmpi; libopenmpi-dev and openmpi-bin must be installed).
# Installs mpich, libmpich-dev and clang-22 when missing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
n=${1:?usage: run-sharded-example.sh N [module.mlir] [gather-to-mpi options]}
example=${2:-$root/examples/sharded_embedding.mlir}
options=${3:-}
case $n in
'' | *[!0-9]*)
  echo "run-sharded-example: N must be a number, not '$n'" >&2
  exit 2
  ;;
esac

"$root/scripts/install-packages.sh" run-sharded-example mpich libmpich-dev \
  clang-22 || exit 1
[ -x "$build/bin/gather-opt" ] || "$root/scripts/setup.sh" gather-opt >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so"

if [ "$n" -eq 0 ]; then
  # One line per annotation in the module: see examples/sharded_embedding.mlir.
  sed -E \
    -e '/^[[:space:]]*shard\.grid /d' \
    -e '/= shard\.sharding /d' \
    -e 's/(%[A-Za-z0-9_]+) = shard\.shard (%[A-Za-z0-9_]+) to %[A-Za-z0-9_]+( annotate_for_users)? : (tensor<[^>]*>)/\1 = tensor.cast \2 : \4 to \4/' \
    -e 's/(%[A-Za-z0-9_]+) = shard\.process_linear_index on @[A-Za-z0-9_]+ : index/\1 = arith.constant 0 : index/' \
    "$example" >"$work/unsharded.mlir"
  pipeline="--gather-to-llvm"
  [ -n "$options" ] && pipeline="--gather-to-llvm=$options"
  "$build/bin/gather-opt" "$work/unsharded.mlir" "$pipeline" >"$work/module.mlir"
  exec "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$libs" "$work/module.mlir"
fi

# With GATHER_MPI=openmpi the module names Open MPI (its ABI) and the
# program runs with Debian's Open MPI.
impl=${GATHER_MPI:-mpich}
sed -E "s/^([[:space:]]*shard\.grid @[A-Za-z0-9_]+)\(shape = [0-9?]+\)/\1(shape = $n)/" \
  "$example" >"$work/sharded.mlir"
if [ "$impl" = openmpi ]; then
  sed -i -E 's/^module \{/module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {/' \
    "$work/sharded.mlir"
  mpilib=(-L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi)
  mpirun=(mpirun.openmpi --allow-run-as-root --oversubscribe)
else
  mpilib=(-lmpich)
  mpirun=(mpirun.mpich)
fi
pipeline="--gather-to-mpi"
[ -n "$options" ] && pipeline="--gather-to-mpi=$options"
"$build/bin/gather-opt" "$work/sharded.mlir" "$pipeline" >"$work/module.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$work/module.mlir" >"$work/module.ll"
clang-22 -O2 -Wno-override-module "$work/module.ll" -o "$work/program" \
  -L"$llvm/lib" -lmlir_runner_utils -lmlir_c_runner_utils "${mpilib[@]}" \
  -Wl,-rpath,"$llvm/lib"
# shellcheck disable=SC2086 # GATHER_MPIRUN_ARGS holds several arguments
"${mpirun[@]}" ${GATHER_MPIRUN_ARGS:-} -np "$n" "$work/program"
