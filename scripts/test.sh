#!/usr/bin/env bash
# Builds gather-mlir (installing missing Debian packages first) and runs
# every test: the lit suite (dialect, conversion, pipeline and execution
# tests) and every gtest unit test, which lit runs one test case each.
# Ends with the line `N passed, N failed`.
#
#   scripts/test.sh
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
lit=/usr/lib/llvm-22/bin/lit

# Builds everything: gather-opt, the libraries, the unit tests.
"$root/scripts/setup.sh" || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
"$lit" -v --no-progress-bar "$build/test" 2>&1 | tee "$log" |
  grep -vE '^(PASS|XFAIL): ' || true
status=${PIPESTATUS[0]}

passed=$(grep -cE '^(PASS|XFAIL): ' "$log")
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$log")
skipped=$(grep -cE '^UNSUPPORTED: ' "$log")
grep -E '^Testing Time' "$log" || true
rm -f "$log"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
