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
"$lit" -v --no-progress-bar "$build/test" >"$log" 2>&1
status=$?
# Everything but the one line per passing test.
grep -vE '^(PASS|XFAIL): ' "$log"

# lit's closing summary counts every test, each gtest case included
# ("  Passed: 118 (100.00%)").
count() {
  awk -v key="$1" '$0 ~ "^  " key ": " { n += $(NF - 1) } END { print n + 0 }' \
    FS='[: ]+' "$log"
}
passed=$(($(count Passed) + $(count "Expectedly Failed")))
failed=$(($(count Failed) + $(count Unresolved) + $(count "Timed Out") +
  $(count "Unexpectedly Passed")))
skipped=$(($(count Unsupported) + $(count Skipped) + $(count Excluded)))
rm -f "$log"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
