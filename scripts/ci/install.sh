#!/usr/bin/env bash
# CI job: install gather-mlir into a fresh prefix and build and run two outside
# projects against the installed package only: examples/consumers/cpp (C++,
# GatherMLIR::GatherMLIR, gather-mlir/InitGather.h) and examples/consumers/c
# (C, GatherMLIR::CAPI). Each prints a module lowered by gather-to-llvm, which
# FileCheck checks against the consumer's output.check.
#
#   scripts/ci/install.sh
#
# Builds the main build (build/, or $GATHER_BUILD_DIR) first if needed. Ends
# with the line `N passed, N failed`.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
filecheck=/usr/lib/llvm-22/bin/FileCheck
cd "$root"

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

# The main build (installs missing Debian packages, configures, builds).
if ! "$root/scripts/setup.sh" -j2 >/dev/null; then
  fail "build of gather-mlir"
  finish
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

if cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then
  pass "cmake --install into a fresh prefix"
else
  cat "$work/install.log"
  fail "cmake --install into a fresh prefix"
  finish
fi

# What the prefix must hold.
missing=()
for f in bin/gather-opt bin/gather-lsp-server bin/gather-reduce \
  lib/libgather_ascend_runtime.so lib/libGatherMLIRCAPI.so \
  lib/cmake/GatherMLIR/GatherMLIRConfig.cmake \
  lib/cmake/GatherMLIR/GatherMLIRConfigVersion.cmake \
  lib/cmake/GatherMLIR/GatherMLIRTargets.cmake \
  include/gather-mlir/InitGather.h \
  include/gather-mlir/Pipelines/Pipelines.h \
  include/gather-mlir/Dialect/Gather/IR/GatherOps.td \
  include/gather-mlir/Dialect/Gather/IR/GatherOps.h.inc \
  include/gather-mlir/Conversion/Passes.h.inc \
  include/gather-mlir-c/Dialects.h include/gather-mlir-c/Passes.h; do
  [ -e "$prefix/$f" ] || missing+=("$f")
done
if [ ${#missing[@]} -eq 0 ]; then
  pass "installed files"
else
  fail "installed files: missing ${missing[*]}"
fi

# The package must not point back into the source or build tree.
if grep -rqF -e "$root" -e "$build" "$prefix/lib/cmake"; then
  fail "the package refers to the source or build tree"
else
  pass "the package is independent of the source and build tree"
fi

# The installed tools run from the prefix.
if "$prefix/bin/gather-opt" --version | grep -q "^gather-mlir version [0-9]"; then
  pass "installed gather-opt --version"
else
  fail "installed gather-opt --version"
fi
# The bundled example, lowered by the installed gather-opt and run, prints
# what test/Examples/embedding_lookup.mlir expects.
llvm_lib=/usr/lib/llvm-22/lib
if "$prefix/bin/gather-opt" "$root/examples/embedding_lookup.mlir" \
  --gather-to-llvm 2>"$work/example.err" |
  /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
    -shared-libs=$llvm_lib/libmlir_runner_utils.so,$llvm_lib/libmlir_c_runner_utils.so \
    2>>"$work/example.err" |
  "$filecheck" "$root/test/Examples/embedding_lookup.mlir" 2>>"$work/example.err"; then
  pass "installed gather-opt lowers and runs the example"
else
  cat "$work/example.err"
  fail "installed gather-opt lowers and runs the example"
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  -DCMAKE_C_COMPILER_LAUNCHER=ccache)

# Configures, builds and runs one consumer with nothing but the prefix
# (no MLIR_DIR: the package finds MLIR itself), then checks its output.
consumer() {
  local name=$1 program=$2
  local src=$root/examples/consumers/$name bin=$work/$name
  if ! cmake -G Ninja -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" "${launcher[@]}" >"$work/$name.log" 2>&1 ||
    ! cmake --build "$bin" >>"$work/$name.log" 2>&1; then
    cat "$work/$name.log"
    fail "$name consumer builds against the installed package"
    return
  fi
  pass "$name consumer builds against the installed package"
  if "$bin/$program" >"$work/$name.out" 2>"$work/$name.err" &&
    "$filecheck" --input-file="$work/$name.out" "$src/output.check"; then
    pass "$name consumer lowers a gather with gather-to-llvm"
  else
    cat "$work/$name.err"
    fail "$name consumer lowers a gather with gather-to-llvm"
  fi
}
consumer cpp gather-embed-cpp
consumer c gather-embed-c

finish
