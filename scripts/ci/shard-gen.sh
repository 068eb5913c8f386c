#!/usr/bin/env bash
# CI job: a short slice of the sharding generator
# (tools/gather-shard-gen/gather-shard-gen.py): 100 random sharded gathers
# in batches of 25 (grids of 1 to 4 processes, the exchange, all-reduce and
# local forms, even, uneven and hand-written splits, both bounds checks that
# give a result, upstream's spellings of the shardings, rank-0 ids and
# checksums, partial annotations) run under mpirun against the unsharded run
# and a reference, plus invalid annotations that must give a diagnostic and
# out-of-range ids that must stop every process. Upstream mlir-opt judges
# each program's annotations: one it accepts must run or be "not supported
# by gather-to-mpi" (the generator prints `valid sharding rejected: N`, a
# failure unless 0). Ends with the generator's `N passed, N failed`.
#
#   scripts/ci/shard-gen.sh
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/scripts/setup.sh" gather-opt >/dev/null || {
  echo "0 passed, 1 failed"
  exit 1
}
"$root/scripts/install-packages.sh" shard-gen mpich libmpich-dev clang-22 ||
  {
    echo "0 passed, 1 failed"
    exit 1
  }
timeout 600 python3 "$root/tools/gather-shard-gen/gather-shard-gen.py" \
  --seed 11 --programs 100 --batch 25 --oob-percent 4
