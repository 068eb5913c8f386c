#!/usr/bin/env bash
# Runs every CPU execution test (test/Integration/{CPU,Checks,Parallel,
# Raise}) again with the project's lowering stopped at a public pass and
# continued by upstream `mlir-opt` alone: the output of
# `--convert-gather-to-linalg` (after `--raise-to-gather`) lowered by
# upstream's tensor-to-LLVM passes, and the output of `--gather-to-affine`
# lowered by upstream's affine-to-LLVM passes. Each run must print what the
# test's FileCheck expects of the project's own pipeline, and the IR that
# the public pass hands out must name nothing of the gather dialect.
# Ends with "N passed, N failed".
#
#   scripts/ci/upstream.sh [linalg|affine ...]
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
if [ ! -x "$build/bin/gather-opt" ]; then
  "$root/scripts/setup.sh" gather-opt >/dev/null || exit 1
fi
exec python3 "$root/scripts/upstream_routes.py" "$build" "$@"
