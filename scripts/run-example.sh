#!/usr/bin/env bash
# The main job: builds gather-opt (installing missing Debian packages first),
# lowers the bundled example through the CPU pipeline and runs it, printing
# the gathered tensors.
#
#   scripts/run-example.sh [example.mlir] [gather-to-llvm options]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
example=${1:-$root/examples/embedding_lookup.mlir}
options=${2:-}

"$root/scripts/setup.sh" gather-opt >/dev/null
pipeline="--gather-to-llvm"
[ -n "$options" ] && pipeline="--gather-to-llvm=$options"
"$build/bin/gather-opt" "$example" "$pipeline" |
  "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so"
