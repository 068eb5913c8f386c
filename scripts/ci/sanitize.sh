#!/usr/bin/env bash
# CI job: builds gather-mlir with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang-22, cmake -DGATHER_SANITIZE=address,undefined, see
# cmake/GatherSanitize.cmake) into build-sanitize/ and runs the whole lit and
# unit suite under it with scripts/test.sh (same counting, floor and time
# limit). Any sanitizer report aborts the process and fails its test. Ends
# with `N passed, N failed, N skipped`.
#
#   scripts/ci/sanitize.sh
#
# Run by scripts/test.sh (CI) only when GATHER_CI_SANITIZE=1: a sanitizer
# build and run of the suite takes longer than the CI budget on a 2-core
# machine (docs/Testing.md gives the measured time); otherwise it reports
# itself skipped.
#
# Environment: GATHER_SANITIZE_BUILD_DIR [build-sanitize],
# GATHER_SANITIZE_JOBS (ninja -j) [2], GATHER_SANITIZE_TARGETS (ninja
# targets) [all], GATHER_SANITIZE_BUILD_ONLY=1 (build, run nothing; used by
# scripts/fuzz.sh).
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
if [ "${GATHER_IN_TEST_SH:-0}" = 1 ] && [ "${GATHER_CI_SANITIZE:-0}" != 1 ]; then
  echo "sanitize: skipped in CI (set GATHER_CI_SANITIZE=1, or run" \
    "scripts/ci/sanitize.sh alone)"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
build=${GATHER_SANITIZE_BUILD_DIR:-$root/build-sanitize}
llvm=/usr/lib/llvm-22

fail() {
  echo "sanitize: $*"
  echo "0 passed, 1 failed"
  exit 1
}

# The normal prerequisites (scripts/setup.sh installs them) and the compiler
# with its sanitizer and libFuzzer runtimes.
"$root/scripts/install-packages.sh" sanitize cmake ninja-build ccache \
  python3 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools \
  libomp-22-dev libgtest-dev libgmock-dev clang-22 libclang-rt-22-dev ||
  fail "apt-get failed"

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  -DCMAKE_C_COMPILER_LAUNCHER=ccache)
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DGATHER_SANITIZE=address,undefined \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    "${launcher[@]}" >/dev/null || fail "cmake failed"
fi
# What the suite needs (not the benchmarks).
# gather-test-depends is every tool and unit test binary that lit runs
# (test/CMakeLists.txt).
targets=${GATHER_SANITIZE_TARGETS:-gather-test-depends gather-gen
gather-fuzz-replay}
# shellcheck disable=SC2086
cmake --build "$build" -- -j"${GATHER_SANITIZE_JOBS:-2}" $targets ||
  fail "the build failed"
if [ -f "$build/build.ninja" ] && grep -q "^build bin/gather-fuzz:" \
  "$build/build.ninja" && [ -z "${GATHER_SANITIZE_TARGETS:-}" ]; then
  cmake --build "$build" -- -j"${GATHER_SANITIZE_JOBS:-2}" gather-fuzz ||
    fail "the build of gather-fuzz failed"
fi
if [ "${GATHER_SANITIZE_BUILD_ONLY:-0}" = 1 ]; then
  exit 0
fi

# A report aborts (so that `not` in a RUN line cannot hide it); leaks are
# checked, with the suppressions for libMLIR/libLLVM internals only.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons the free part of
# each new slab only where it is compiled with ASan. The MLIR context's
# storage allocators are filled both by this project's instrumented code
# (its attributes) and by the uninstrumented Debian libMLIR (StringAttr,
# types), so libMLIR writes into a slab this code poisoned and ASan reports
# use-after-poison in memory that was correctly allocated (seen in
# parallel passes: 12 of 30 runs of Integration/Checks/declared_sizes.mlir
# under --gather-to-atb, none with one thread or without user poisoning).
# Heap and stack checks stay on; the project does no poisoning of its own.
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:symbolize=1:allow_user_poisoning=0
export UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$root/cmake/lsan-suppressions.txt:print_suppressions=0
export ASAN_SYMBOLIZER_PATH=$llvm/bin/llvm-symbolizer

empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT
# No CI jobs inside this one; the JIT tests are slower under ASan.
GATHER_IN_TEST_SH=0 GATHER_BUILD_DIR=$build GATHER_TEST_SKIP_BUILD=1 \
  GATHER_CI_JOBS=$empty \
  GATHER_LIT_TIMEOUT=${GATHER_LIT_TIMEOUT:-1500} "$root/scripts/test.sh"
