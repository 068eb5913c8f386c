#!/usr/bin/env bash
# CI job: an AddressSanitizer run of malformed embedding-bag offsets
# (docs/Testing.md, "Sanitizers"). The execution tests run bags on
# constant data under mlir-runner, which ASan cannot watch; here the bag
# functions of test/Integration/Bags/Inputs/bags-asan.mlir (sum, mean, max,
# weighted sum; with and without include_last_offset; the vector form and
# the generic form) are lowered with `gather-opt --gather-to-llvm` under
# bounds-check=assert, clamp and none, translated to LLVM IR, marked
# `sanitize_address` (ASan instruments only functions with that attribute)
# and compiled with clang-22 -fsanitize=address, then linked with the C
# driver Inputs/bags-asan-driver.c, which passes heap buffers of exactly
# the inputs' sizes through the memref C interface. Each case of the
# driver's plan runs in its own process:
#   - `stop`: exit status 1 with the case's message (FileCheck against the
#     driver's source) and no ASan report;
#   - `finish`: exit status 0, no ASan report, and where the plan says so
#     the result's values (worked out by hand, in the driver's source);
#   - `asan` (the controls: an out-of-range id that bounds-check=none
#     trusts, one row past or before the table): an ASan
#     heap-buffer-overflow report of a read. This shows that the bag code
#     is instrumented; the objects must also call __asan_report_load.
# Ends with `N passed, N failed` (one per run, and two per bounds-check:
# every function marked, the object instrumented);
# skips itself (`0 passed, 0 failed, 1 skipped`) when clang-22 or its
# sanitizer runtimes (libclang-rt-22-dev) cannot be installed.
#
#   scripts/ci/bags-asan.sh
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
inputs=$root/test/Integration/Bags/Inputs

skip() {
  echo "bags-asan: skipped: $*"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
}
fail() {
  echo "bags-asan: $*"
  echo "0 passed, 1 failed"
  exit 1
}

"$root/scripts/install-packages.sh" bags-asan clang-22 libclang-rt-22-dev ||
  skip "clang-22 and libclang-rt-22-dev could not be installed"
command -v clang-22 >/dev/null || skip "clang-22 is missing"
runtime=$(clang-22 -print-runtime-dir 2>/dev/null)/libclang_rt.asan-x86_64.a
[ -f "$runtime" ] || skip "the ASan runtime ($runtime, libclang-rt-22-dev) is missing"

if [ ! -x "$build/bin/gather-opt" ]; then
  GATHER_BUILD_DIR=$build "$root/scripts/setup.sh" gather-opt >/dev/null ||
    fail "the build of gather-opt failed"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); }
failure() {
  echo "FAIL: $*"
  failed=$((failed + 1))
}

# One executable per bounds-check.
for check in assert clamp none; do
  ll=$work/bags-$check.ll
  "$build/bin/gather-opt" "$inputs/bags-asan.mlir" \
    --gather-to-llvm="bounds-check=$check" |
    "$llvm/bin/mlir-translate" --mlir-to-llvmir >"$ll" ||
    fail "lowering under bounds-check=$check failed"
  # Every function defined in the module (the bag functions, their C
  # interfaces and the report helpers) gets the attribute.
  sed -i -E 's/^(define .*) \{$/\1 sanitize_address {/' "$ll"
  defined=$(grep -c '^define ' "$ll")
  marked=$(grep -c '^define .* sanitize_address {$' "$ll")
  if [ "$defined" -gt 0 ] && [ "$defined" -eq "$marked" ]; then
    pass
  else
    failure "bounds-check=$check: $marked of $defined functions marked sanitize_address"
  fi
  clang-22 -O1 -fsanitize=address -Wno-override-module -c "$ll" \
    -o "$work/bags-$check.o" ||
    fail "clang-22 could not compile the bag functions ($check)"
  "$llvm/bin/llvm-nm" "$work/bags-$check.o" >"$work/symbols"
  if grep -q __asan_report_load "$work/symbols"; then
    pass
  else
    failure "bounds-check=$check: the bag functions were not instrumented"
  fi
  clang-22 -O1 -g -fsanitize=address "$inputs/bags-asan-driver.c" \
    "$work/bags-$check.o" -o "$work/run-$check" ||
    fail "the driver did not build ($check)"
done

# A report (leaks included) ends the process with exit status 86.
export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
export ASAN_SYMBOLIZER_PATH=$llvm/bin/llvm-symbolizer

runs=0
while read -r name function mode onAssert onClamp onNone values; do
  for check in assert clamp none; do
    case $check in
    assert) want=$onAssert ;;
    clamp) want=$onClamp ;;
    none) want=$onNone ;;
    esac
    runs=$((runs + 1))
    what="$name $function bounds-check=$check (must $want)"
    out=$work/out
    "$work/run-$check" "$name" "$function" >"$out" 2>&1
    status=$?
    asan=0
    grep -q "ERROR: AddressSanitizer" "$out" && asan=1
    ok=1
    case $want in
    stop)
      [ "$status" -eq 1 ] && [ "$asan" -eq 0 ] &&
        "$llvm/bin/FileCheck" --check-prefix="$name" "$inputs/bags-asan-driver.c" \
          --input-file="$out" >/dev/null 2>&1 || ok=0
      ;;
    finish)
      [ "$status" -eq 0 ] && [ "$asan" -eq 0 ] || ok=0
      if [ "$ok" -eq 1 ] && [ "$values" = 1 ]; then
        "$llvm/bin/FileCheck" --check-prefix="$name-$mode" \
          "$inputs/bags-asan-driver.c" --input-file="$out" >/dev/null 2>&1 ||
          ok=0
      fi
      ;;
    asan)
      [ "$status" -eq 86 ] && [ "$asan" -eq 1 ] &&
        grep -q "heap-buffer-overflow" "$out" &&
        grep -q "READ of size" "$out" || ok=0
      ;;
    esac
    if [ "$ok" -eq 1 ]; then
      pass
    else
      failure "$what: exit status $status"
      head -40 "$out"
    fi
  done
done < <("$work/run-assert" --plan)

[ "$runs" -gt 0 ] || failure "the driver's plan is empty"
echo "bags-asan: $runs runs of malformed offsets under AddressSanitizer"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
