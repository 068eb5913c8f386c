#!/usr/bin/env bash
# CI job: tests scripts/test.sh itself on small fake test suites, so that the
# counts it prints and its exit status cannot be wrong by accident. Needs a
# built tree (build/, or GATHER_BUILD_DIR): one real gtest binary of it is
# used. Ends with `N passed, N failed`.
#
#   scripts/ci/test-sh.sh
#
# Checks that test.sh
#   - counts passed / failed / skipped from lit's report when lit reports
#     failed, unresolved, timed-out, unsupported and expectedly failing tests,
#   - fails when an expected gtest binary is removed, or reports fewer tests
#     than the floor,
#   - adds the counts of the CI jobs, and fails on a job that fails or ends
#     without its summary line.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
gtest=$build/unittests/Conversion/ATBLegalityTests
if [ ! -x "$gtest" ]; then
  echo "test-sh: $gtest is missing; build first (scripts/setup.sh)"
  echo "0 passed, 1 failed"
  exit 1
fi
units=$("$gtest" --gtest_list_tests | grep -c '^  ')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fake build tree: a lit suite of shell tests under test/ and a gtest
# suite under test/Unit running unittests/Fake/FakeTests.
makeTree() {
  local tree=$1
  mkdir -p "$tree/test/Unit" "$tree/unittests/Fake"
  cat >"$tree/test/lit.cfg.py" <<'EOF'
import os
import lit.formats
config.name = "SELFTEST"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.test_source_root
EOF
  cat >"$tree/test/Unit/lit.cfg.py" <<EOF
import lit.formats
config.name = "SELFTEST-Unit"
config.suffixes = []
config.test_source_root = config.test_exec_root = "$tree/unittests"
config.test_format = lit.formats.GoogleTest(".", "Tests")
EOF
  cp "$gtest" "$tree/unittests/Fake/FakeTests"
  echo "# RUN: true" >"$tree/test/pass.test"
  printf '# XFAIL: *\n# RUN: false\n' >"$tree/test/xfail.test"
  printf '# REQUIRES: no-such-feature\n# RUN: true\n' >"$tree/test/unsupported.test"
}

# A CI job directory holding the given job scripts (name:body pairs).
makeJobs() {
  local dir=$1
  shift
  mkdir -p "$dir"
  while [ $# -gt 0 ]; do
    printf '%s\n' "${1#*:}" >"$dir/${1%%:*}.sh"
    shift
  done
}

passed=0
failed=0
# check NAME EXPECTED_STATUS EXPECTED_LAST_LINE [EXPECTED_TEXT] -- runs
# test.sh on $tree with $floorFile and $jobsDir.
check() {
  local name=$1 wantStatus=$2 wantLine=$3 wantText=${4:-}
  GATHER_BUILD_DIR=$tree GATHER_TEST_SKIP_BUILD=1 GATHER_LIT_TIMEOUT=5 \
    GATHER_TEST_FLOOR=$floorFile GATHER_CI_JOBS=$jobsDir \
    "$root/scripts/test.sh" >"$work/out" 2>&1
  local status=$? line
  line=$(tail -1 "$work/out")
  if [ "$status" -eq "$wantStatus" ] && [ "$line" = "$wantLine" ] &&
    { [ -z "$wantText" ] || grep -qF -- "$wantText" "$work/out"; }; then
    echo "PASS: $name"
    passed=$((passed + 1))
  else
    echo "FAIL: $name: exit $status, last line '$line'; expected exit" \
      "$wantStatus, '$wantLine'${wantText:+ and the text '$wantText'}"
    sed 's/^/  | /' "$work/out"
    failed=$((failed + 1))
  fi
}

# 1. A clean run: passes, an expected failure, an unsupported test, the
#    gtest cases and one CI job reporting 3 passed.
tree=$work/clean
makeTree "$tree"
floorFile=$work/floor-clean
printf 'total %d\nunittests/Fake/FakeTests %d\n' $((3 + units)) "$units" \
  >"$floorFile"
jobsDir=$work/jobs-ok
makeJobs "$jobsDir" 'ok:echo "3 passed, 0 failed"'
check "clean run" 0 "$((2 + units + 3)) passed, 0 failed, 1 skipped"

# 2. lit reports a failure, an unresolved test (no RUN line) and a timeout
#    (limit 5 s) besides the clean tests.
tree=$work/broken
makeTree "$tree"
echo "# RUN: false" >"$tree/test/fail.test"
echo "# This test has no RUN line." >"$tree/test/unresolved.test"
echo "# RUN: sleep 60" >"$tree/test/hang.test"
check "failed, unresolved and timed-out tests" 1 \
  "$((2 + units + 3)) passed, 3 failed, 1 skipped" "UNRESOLVED: SELFTEST :: unresolved.test"

# 3. An expected gtest binary removed: its tests vanish from lit's report
#    and the run fails although no test failed.
tree=$work/removed
makeTree "$tree"
rm "$tree/unittests/Fake/FakeTests"
check "a removed test binary" 1 "5 passed, 2 failed, 1 skipped" \
  "the test binary unittests/Fake/FakeTests is missing"

# 4. Fewer gtest cases than the floor (the binary is there).
tree=$work/clean
floorFile=$work/floor-high
printf 'unittests/Fake/FakeTests %d\n' $((units + 1)) >"$floorFile"
check "fewer tests than the floor" 1 \
  "$((2 + units + 3)) passed, 1 failed, 1 skipped" "fewer than the floor"

# 5. A CI job that fails, one that exits 1 without a summary line and one
#    that exits 0 without it: each is one failure; the counts add up.
floorFile=$work/floor-clean
jobsDir=$work/jobs-bad
makeJobs "$jobsDir" 'a-fails:echo "2 passed, 1 failed, 4 skipped"; exit 1' \
  'b-silent:exit 1' 'c-no-line:echo done' 'd-ok:echo "3 passed, 0 failed"'
check "failing CI jobs" 1 "$((2 + units + 5)) passed, 3 failed, 5 skipped" \
  "b-silent.sh ended without its 'N passed, N failed' line"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
