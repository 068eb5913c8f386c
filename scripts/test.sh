#!/usr/bin/env bash
# Builds gather-mlir (installing missing Debian packages first) and runs
# every test: the lit suite (dialect, conversion, pipeline and execution
# tests, and every gtest unit test, which lit runs one test case each), then
# every CI job `scripts/ci/*.sh`. Ends with the line
# `N passed, N failed, N skipped`; exits 1 when anything failed.
#
#   scripts/test.sh
#
# The counts come from lit's JSON report, never from its printed summary.
# A failure is a failed, unresolved or timed-out test, an unexpected pass, a
# CI job that fails (or ends without its `N passed, N failed` line), an
# expected gtest binary that is missing, or fewer tests than the floor in
# unittests/expected-tests.txt. Each lit test has a time limit.
#
# Environment (defaults in brackets):
#   GATHER_BUILD_DIR       build directory [build]
#   GATHER_LIT_TIMEOUT     seconds allowed per lit test (a gtest shard) [600]
#   GATHER_TEST_FLOOR      floor file [unittests/expected-tests.txt]
#   GATHER_CI_JOBS         directory of the CI jobs to run [scripts/ci]
#   GATHER_TEST_SKIP_BUILD 1: do not build (the build is up to date)
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
timeout=${GATHER_LIT_TIMEOUT:-600}
floor=${GATHER_TEST_FLOOR:-$root/unittests/expected-tests.txt}
jobs=${GATHER_CI_JOBS:-$root/scripts/ci}
lit=/usr/lib/llvm-22/bin/lit

fail() {
  echo "test.sh: $*"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
}

if [ "${GATHER_TEST_SKIP_BUILD:-0}" != 1 ]; then
  # Builds everything: gather-opt, the libraries, the unit tests.
  "$root/scripts/setup.sh" || fail "the build failed"
fi

# The lit tests of gather-to-mpi programs run them in one process with
# libmpich (the feature `mpich` of test/lit.cfg.py).
"$root/scripts/install-packages.sh" test.sh mpich libmpich-dev ||
  fail "cannot install mpich"

# lit's per-test timeout needs the psutil module of the Python lit runs on.
litPython=$(head -1 "$lit" | sed -e 's/^#! *//' -e 's/ .*//')
if ! "$litPython" -c 'import psutil' 2>/dev/null; then
  echo "test.sh: installing python3-psutil (lit --timeout needs it)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends python3-psutil >/dev/null ||
    fail "cannot install python3-psutil"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$lit" -v --no-progress-bar --timeout "$timeout" --output "$work/lit.json" \
  "$build/test" >"$work/lit.log" 2>&1
litStatus=$?
# Everything but the one line per passing test.
grep -vE '^(PASS|XFAIL): ' "$work/lit.log"

echo "== lit results (from the JSON report)"
python3 "$root/scripts/lit-summary.py" "$work/lit.json" "$build" "$floor" \
  >"$work/summary" 2>&1
summaryStatus=$?
cat "$work/summary"
counts=$(tail -1 "$work/summary")
if [[ $counts =~ ^passed=([0-9]+)\ failed=([0-9]+)\ skipped=([0-9]+)$ ]]; then
  passed=${BASH_REMATCH[1]}
  failed=${BASH_REMATCH[2]}
  skipped=${BASH_REMATCH[3]}
else
  passed=0
  failed=1
  skipped=0
fi
# lit failing with no failed test counted (it could not run, say) or the
# summary failing without a count is still a failure.
if { [ "$litStatus" -ne 0 ] || [ "$summaryStatus" -ne 0 ]; } &&
  [ "$failed" -eq 0 ]; then
  echo "test.sh: lit exited with $litStatus, the summary with $summaryStatus"
  failed=1
fi

# The CI jobs: each ends with `N passed, N failed` (optionally
# `, N skipped`) and exits non-zero on failure.
shopt -s nullglob
for job in "$jobs"/*.sh; do
  name=${job#"$root"/}
  echo "== $name"
  start=$SECONDS
  (cd "$root" && GATHER_IN_TEST_SH=1 bash "$job") 2>&1 | tee "$work/job.log"
  status=${PIPESTATUS[0]}
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$work/job.log" | tail -1)
  if [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]; then
    jobPassed=${BASH_REMATCH[1]}
    jobFailed=${BASH_REMATCH[2]}
    jobSkipped=${BASH_REMATCH[4]:-0}
  else
    echo "test.sh: $name ended without its 'N passed, N failed' line"
    jobPassed=0
    jobFailed=1
    jobSkipped=0
  fi
  if [ "$status" -ne 0 ] && [ "$jobFailed" -eq 0 ]; then
    echo "test.sh: $name exited with $status"
    jobFailed=1
  fi
  if [ "$status" -eq 0 ] && [ "$jobFailed" -ne 0 ]; then
    echo "test.sh: $name counts failures but exited with 0"
  fi
  echo "== $name: $jobPassed passed, $jobFailed failed, $jobSkipped skipped" \
    "($((SECONDS - start)) s)"
  passed=$((passed + jobPassed))
  failed=$((failed + jobFailed))
  skipped=$((skipped + jobSkipped))
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
