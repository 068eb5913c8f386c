#!/usr/bin/env bash
# Runs the fuzzers of gather-mlir for a bounded time (docs/Testing.md).
#
#   scripts/fuzz.sh fuzzer SECONDS      # libFuzzer target gather-fuzz
#   scripts/fuzz.sh generator SECONDS [gather-gen options...]
#
# fuzzer: builds build-sanitize/bin/gather-fuzz (clang-22, ASan + UBSan +
# libFuzzer, through scripts/ci/sanitize.sh), writes the seed corpus from the
# lit tests (scripts/fuzz-corpus.py) and fuzzes for SECONDS, continuing
# after crashes; the corpus grows in build-sanitize/fuzz/corpus, every
# crash, timeout or leak is saved in build-sanitize/fuzz/artifacts/ and its
# sanitizer report (with the stack) in build-sanitize/fuzz/reports/ (replay
# one with `build-sanitize/bin/gather-fuzz FILE` or, in the normal build,
# `build/bin/gather-fuzz-replay FILE`).
#
# generator: builds build/bin/gather-gen and runs generated programs under
# every configuration for SECONDS (default 20,000 programs at most); extra
# arguments go to gather-gen (--seed, --programs, --producer-percent, ...).
#
# Exit status 1 when something was found.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
seconds=${2:-}
if [[ ! $mode =~ ^(fuzzer|generator)$ ]] || [[ ! $seconds =~ ^[0-9]+$ ]]; then
  sed -n '2,20p' "$0"
  exit 2
fi
shift 2

if [ "$mode" = generator ]; then
  "$root/scripts/setup.sh" gather-gen >/dev/null || exit 1
  exec "$root/build/bin/gather-gen" --seconds "$seconds" --programs 20000 "$@"
fi

build=${GATHER_SANITIZE_BUILD_DIR:-$root/build-sanitize}
GATHER_SANITIZE_BUILD_ONLY=1 GATHER_SANITIZE_TARGETS=gather-fuzz \
  "$root/scripts/ci/sanitize.sh" >/dev/null || {
  echo "fuzz: building gather-fuzz failed (scripts/ci/sanitize.sh)"
  exit 1
}
fuzz=$build/fuzz
mkdir -p "$fuzz/corpus" "$fuzz/artifacts"
python3 "$root/scripts/fuzz-corpus.py" "$fuzz/seed" || exit 1
# The target links the shared sanitizer runtime after libstdc++ (libFuzzer's
# own C++ runtime), so the runtime is preloaded.
runtime=$(clang++-22 -print-runtime-dir)/libclang_rt.asan-x86_64.so
touch "$fuzz/.start"
# The sanitizer reports of the forked jobs go to files in $fuzz/reports
# (the job logs, with the stacks, are deleted when a job ends).
mkdir -p "$fuzz/reports"
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:allow_user_poisoning=0:log_path=$fuzz/reports/asan
export UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1:log_path=$fuzz/reports/ubsan
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
export LSAN_OPTIONS=suppressions=$root/cmake/lsan-suppressions.txt
LD_PRELOAD=$runtime "$build/bin/gather-fuzz" -fork=1 -ignore_crashes=1 \
  -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$seconds" -timeout=60 \
  -rss_limit_mb=3072 -max_len=4096 -artifact_prefix="$fuzz/artifacts/" \
  "$fuzz/corpus" "$fuzz/seed" 2>&1 | tail -20
found=$(find "$fuzz/artifacts" -type f -newer "$fuzz/.start" | wc -l)
reports=$(find "$fuzz/reports" -type f -newer "$fuzz/.start" | wc -l)
echo "fuzz: $found new artifacts in $fuzz/artifacts, $reports new" \
  "sanitizer reports in $fuzz/reports"
[ "$found" -eq 0 ] && [ "$reports" -eq 0 ]
