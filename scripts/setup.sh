#!/usr/bin/env bash
# Installs what gather-mlir needs on Debian 12 (only when missing), then
# configures into build/ and builds the given targets (default: all).
#
#   scripts/setup.sh [ninja targets...]
#
# Idempotent and non-interactive. Reaches no network but Debian's package
# registry, and that only when a package is missing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22

"$root/scripts/install-packages.sh" setup cmake ninja-build ccache g++ \
  python3 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools \
  libomp-22-dev libgtest-dev libgmock-dev zlib1g-dev libzstd-dev \
  libcurl4-openssl-dev libedit-dev libxml2-dev libtcmalloc-minimal4 || exit 1

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  -DCMAKE_C_COMPILER_LAUNCHER=ccache)

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    "${launcher[@]}"
fi

cmake --build "$build" -- "$@"
